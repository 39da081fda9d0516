// Text report of a deadlock, every line, and its JSON twin (written in the same run with -o):
// the classic lock-order inversion. T1 locks a then b, T2 locks b then a, main joins both.
// Derivation: the first locks of T1 and T2 (on different mutexes) commute; a trace is the order
// of the events on a and on b: T1 takes both before T2 starts (1), T2 takes both first (2), or
// T1 holds a while T2 holds b: each then waits for the other, and main waits in its join of
// T1 (3): 3 max-configs, 1 deadlock.
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

static void *transfer_ab(void *arg) {
  (void)arg;
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return NULL;
}

static void *transfer_ba(void *arg) {
  (void)arg;
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  printf("start\n");
  pthread_create(&t1, NULL, transfer_ab, NULL);
  pthread_create(&t2, NULL, transfer_ba, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("done\n");
  return 0;
}

// The whole report. The stacks, in thread order (a deadlock has no faulting thread): each
// thread's innermost frame is the call it is blocked in, as listed in the header.
// CHECK: {{^}}dpu: defect 1: deadlock: 3 threads blocked: T0 in pthread_join at [[FILE]]:40, T1 in pthread_mutex_lock at [[FILE]]:20, T2 in pthread_mutex_lock at [[FILE]]:29{{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 7 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:38 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:39 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:38 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:39 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'b'                      [[FILE]]:28 transfer_ba{{$}}
// CHECK-NEXT: {{^}}  #7    T1   pthread_mutex_lock     'a'                      [[FILE]]:19 transfer_ab{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:40{{$}}
// CHECK-NEXT: {{^}}  stack of T1:{{$}}
// CHECK-NEXT: {{^}}    #0 transfer_ab at [[FILE]]:20{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 transfer_ba at [[FILE]]:29{{$}}
// CHECK-NEXT: {{^}}  waits: T0 for T1 to end, T1 for 'b' (held by T2), T2 for 'a' (held by T1){{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | start{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:2,1:1 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 3 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 3 max-configs, 0 SSBs, 3 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 19-line block: deadlock: 3 threads blocked: T0 in pthread_join at [[FILE]]:40, T1 in pthread_mutex_lock at [[FILE]]:20, T2 in pthread_mutex_lock at [[FILE]]:29

// The JSON document: the same defect, its steps, blocked threads, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 3 ssbs 0
// JSON-NEXT: defect 1 deadlock traces 1 thread null location deadlock.c:20 transfer_ab exact
// JSON-NEXT: defect 1 message 3 threads blocked: T0 in pthread_join at deadlock.c:40, T1 in pthread_mutex_lock at deadlock.c:20, T2 in pthread_mutex_lock at deadlock.c:29
// JSON-NEXT: defect 1 threads 3 steps 7 blocked 3 stacks 3 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - deadlock.c:38 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - deadlock.c:39 main
// JSON-NEXT: defect 1 step 4 T1 start - - deadlock.c:38 main
// JSON-NEXT: defect 1 step 5 T2 start - - deadlock.c:39 main
// JSON-NEXT: defect 1 step 6 T2 pthread_mutex_lock 0x#='b' - deadlock.c:28 transfer_ba
// JSON-NEXT: defect 1 step 7 T1 pthread_mutex_lock 0x#='a' - deadlock.c:19 transfer_ab
// JSON-NEXT: defect 1 blocked T0 pthread_join T1 deadlock.c:40 main
// JSON-NEXT: defect 1 blocked T1 pthread_mutex_lock 0x#='b' deadlock.c:20 transfer_ab
// JSON-NEXT: defect 1 blocked T2 pthread_mutex_lock 0x#='a' deadlock.c:29 transfer_ba
// JSON-NEXT: defect 1 stack T0 deadlock.c:40 main
// JSON-NEXT: defect 1 stack T1 deadlock.c:20 transfer_ab
// JSON-NEXT: defect 1 stack T2 deadlock.c:29 transfer_ba
// JSON-NEXT: defect 1 output "start\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:2,1:1 deadlock.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
