// Text report of an abort, every line, and its JSON twin. Step 2 must run after step 1; it
// aborts when it takes m first.
// Derivation: 2 orders of the two blocks on m: 2 max-configs, 1 defect.
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int stage;

static void *step(void *arg) {
  int want = (int)(long)arg;
  pthread_mutex_lock(&m);
  if (stage != want - 1) {
    printf("step %d ran at stage %d\n", want, stage);
    abort();
  }
  stage = want;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, step, (void *)1L);
  pthread_create(&t2, NULL, step, (void *)2L);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

// The whole report. The stacks, the aborting thread first: T2 at the abort() of line 20, T0
// about to join t1 at line 31, T1 about to take m (held by T2) at line 17.
// CHECK: {{^}}dpu: defect 1: abort: abort() called (at [[FILE]]:20 in step){{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 6 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:29 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:30 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:29 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:30 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'm'                      [[FILE]]:17 step{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 step at [[FILE]]:20{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:31{{$}}
// CHECK-NEXT: {{^}}  stack of T1:{{$}}
// CHECK-NEXT: {{^}}    #0 step at [[FILE]]:17{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | step 2 ran at stage 0{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:2 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 17-line block: abort: abort() called (at [[FILE]]:20 in step)

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
// JSON-NEXT: defect 1 abort traces 1 thread 2 location abort.c:20 step exact
// JSON-NEXT: defect 1 message abort() called (at abort.c:20 in step)
// JSON-NEXT: defect 1 threads 3 steps 6 blocked 0 stacks 3 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - abort.c:29 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - abort.c:30 main
// JSON-NEXT: defect 1 step 4 T1 start - - abort.c:29 main
// JSON-NEXT: defect 1 step 5 T2 start - - abort.c:30 main
// JSON-NEXT: defect 1 step 6 T2 pthread_mutex_lock 0x#='m' - abort.c:17 step
// JSON-NEXT: defect 1 stack T2 abort.c:20 step
// JSON-NEXT: defect 1 stack T0 abort.c:31 main
// JSON-NEXT: defect 1 stack T1 abort.c:17 step
// JSON-NEXT: defect 1 output "step 2 ran at stage 0\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:2 abort.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
