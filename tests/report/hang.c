// Text report of a hang, every line, and its JSON twin. The waiter reads go under m and spins
// forever if it was not set yet. The replay line repeats --run-timeout, which changes what a
// run does.
// Derivation: 2 orders of the two blocks on m; when the waiter goes first it spins: 2
// max-configs, 1 defect.
// RUN: %dpu -j 1 --run-timeout=0.2 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int go;

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int started = go;
  pthread_mutex_unlock(&m);
  while (!started) {
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, waiter, NULL);
  pthread_mutex_lock(&m);
  go = 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}

// The whole report. The stacks, the hanging thread first: T1 in its spin loop at line 20, T0
// about to take m at line 28. The defect is located exactly at the loop (the innermost frame of
// T1's stack), not approximately at T1's last visible operation (the unlock of line 19).
// CHECK: {{^}}dpu: defect 1: hang: T1 ran for more than 0.2 s without a visible operation{{$}}
// CHECK-NEXT: {{^}}  interleaving (2 threads, 5 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:27 main{{$}}
// CHECK-NEXT: {{^}}  #3    T1   start                                           [[FILE]]:27 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   pthread_mutex_lock     'm'                      [[FILE]]:17 waiter{{$}}
// CHECK-NEXT: {{^}}  #5    T1   pthread_mutex_unlock   'm'                      [[FILE]]:19 waiter{{$}}
// CHECK-NEXT: {{^}}  stack of T1:{{$}}
// CHECK-NEXT: {{^}}    #0 waiter at [[FILE]]:20{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:28{{$}}
// CHECK-NEXT: {{^}}  output: (none){{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:2,1:3 --run-timeout=0.2 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 13-line block: hang: T1 ran for more than 0.2 s without a visible operation

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
// JSON-NEXT: defect 1 hang traces 1 thread 1 location hang.c:20 waiter exact
// JSON-NEXT: defect 1 message T1 ran for more than 0.2 s without a visible operation
// JSON-NEXT: defect 1 threads 2 steps 5 blocked 0 stacks 2 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - hang.c:27 main
// JSON-NEXT: defect 1 step 3 T1 start - - hang.c:27 main
// JSON-NEXT: defect 1 step 4 T1 pthread_mutex_lock 0x#='m' - hang.c:17 waiter
// JSON-NEXT: defect 1 step 5 T1 pthread_mutex_unlock 0x#='m' - hang.c:19 waiter
// JSON-NEXT: defect 1 stack T1 hang.c:20 waiter
// JSON-NEXT: defect 1 stack T0 hang.c:28 main
// JSON-NEXT: defect 1 output ""
// JSON-NEXT: defect 1 replay dpu replay 0:2,1:3 --run-timeout=0.2 hang.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
