// The same defect in several traces is reported once, with the number of traces that showed
// it; distinct defects are reported separately (text and JSON). Three workers append their
// number to `order` under m; after joining them, main aborts if worker 1 came first and asserts
// that worker 1 did not come last.
// Derivation: a trace is an order of the three critical sections: 3! = 6 max-configs. 1 2 3
// and 1 3 2 abort (one defect, 2 traces); 2 3 1 and 3 2 1 fail the assertion (another defect,
// 2 traces); 2 1 3 and 3 1 2 are clean. Every defect happens in main after all joins, so its
// site and stacks are the same in both of its traces, whatever the order of the others.
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// The exhaustive explorer finds the same defects in the same traces.
// RUN: %dpu -j 1 --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck -DFILE=%s --check-prefix=NONE %s < %t.none
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int order[3], n; // protected by m

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  order[n++] = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  printf("order %d %d %d\n", order[0], order[1], order[2]);
  if (order[0] == 1) abort();
  assert(order[2] != 1);
  return 0;
}

// Each defect once, with the interleaving, stacks, output and replay of the first trace that
// showed it; then the count of traces per defect. Only T0 is alive at either defect (the workers
// have exited and been joined), so each defect's one stack is main at its own line: 36 for the
// assertion, 35 for the abort.
// CHECK: {{^}}dpu: defect 1: assertion failure: order[2] != 1 (at [[FILE]]:36 in main){{$}}
// CHECK-NEXT: {{^}}  interleaving (4 threads, 19 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #4    T0   pthread_create         T3                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #5    T1   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #7    T3   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #8    T3   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #9    T3   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #10   T3   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #11   T2   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #12   T2   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #13   T2   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #14   T1   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #15   T1   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #16   T1   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #17   T0   pthread_join           T1                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  #18   T0   pthread_join           T2                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  #19   T0   pthread_join           T3                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:36{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | order 3 2 1{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:4,1:1,2:1,3:4,2:3,1:3,0:3 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: defect 2: abort: abort() called (at [[FILE]]:35 in main){{$}}
// CHECK-NEXT: {{^}}  interleaving (4 threads, 19 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #4    T0   pthread_create         T3                       [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #5    T1   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #7    T3   start                                           [[FILE]]:32 main{{$}}
// CHECK-NEXT: {{^}}  #8    T1   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #9    T1   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #10   T1   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #11   T0   pthread_join           T1                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  #12   T2   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #13   T2   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #14   T2   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #15   T0   pthread_join           T2                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  #16   T3   pthread_mutex_lock     'm'                      [[FILE]]:24 worker{{$}}
// CHECK-NEXT: {{^}}  #17   T3   pthread_mutex_unlock   'm'                      [[FILE]]:26 worker{{$}}
// CHECK-NEXT: {{^}}  #18   T3   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #19   T0   pthread_join           T3                       [[FILE]]:33 main{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:35{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | order 1 2 3{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:4,1:1,2:1,3:1,1:3,0:1,2:3,0:1,3:3,0:1 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 4 of 6 (defect 1 in 2, defect 2 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 2 defects, 6 max-configs, 0 SSBs, 6 runs, {{[0-9.]+}} s{{$}}
// CHECK-NOT: {{.}}

// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 2 traces_with_defects 4 max_configs 6 ssbs 0
// JSON-NEXT: defect 1 assertion-failure traces 2 thread 0 location dedupe.c:36 main exact
// JSON-NEXT: defect 1 message order[2] != 1 (at dedupe.c:36 in main)
// JSON-NEXT: defect 1 threads 4 steps 19 blocked 0 stacks 1 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - dedupe.c:32 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - dedupe.c:32 main
// JSON-NEXT: defect 1 step 4 T0 pthread_create T3 - dedupe.c:32 main
// JSON-NEXT: defect 1 step 5 T1 start - - dedupe.c:32 main
// JSON-NEXT: defect 1 step 6 T2 start - - dedupe.c:32 main
// JSON-NEXT: defect 1 step 7 T3 start - - dedupe.c:32 main
// JSON-NEXT: defect 1 step 8 T3 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 1 step 9 T3 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 1 step 10 T3 exit-thread - - -
// JSON-NEXT: defect 1 step 11 T2 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 1 step 12 T2 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 1 step 13 T2 exit-thread - - -
// JSON-NEXT: defect 1 step 14 T1 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 1 step 15 T1 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 1 step 16 T1 exit-thread - - -
// JSON-NEXT: defect 1 step 17 T0 pthread_join T1 - dedupe.c:33 main
// JSON-NEXT: defect 1 step 18 T0 pthread_join T2 - dedupe.c:33 main
// JSON-NEXT: defect 1 step 19 T0 pthread_join T3 - dedupe.c:33 main
// JSON-NEXT: defect 1 stack T0 dedupe.c:36 main
// JSON-NEXT: defect 1 output "order 3 2 1\n"
// JSON-NEXT: defect 1 replay dpu replay 0:4,1:1,2:1,3:4,2:3,1:3,0:3 dedupe.c
// JSON-NEXT: defect 2 abort traces 2 thread 0 location dedupe.c:35 main exact
// JSON-NEXT: defect 2 message abort() called (at dedupe.c:35 in main)
// JSON-NEXT: defect 2 threads 4 steps 19 blocked 0 stacks 1 output_truncated false
// JSON-NEXT: defect 2 step 1 T0 start - - -
// JSON-NEXT: defect 2 step 2 T0 pthread_create T1 - dedupe.c:32 main
// JSON-NEXT: defect 2 step 3 T0 pthread_create T2 - dedupe.c:32 main
// JSON-NEXT: defect 2 step 4 T0 pthread_create T3 - dedupe.c:32 main
// JSON-NEXT: defect 2 step 5 T1 start - - dedupe.c:32 main
// JSON-NEXT: defect 2 step 6 T2 start - - dedupe.c:32 main
// JSON-NEXT: defect 2 step 7 T3 start - - dedupe.c:32 main
// JSON-NEXT: defect 2 step 8 T1 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 2 step 9 T1 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 2 step 10 T1 exit-thread - - -
// JSON-NEXT: defect 2 step 11 T0 pthread_join T1 - dedupe.c:33 main
// JSON-NEXT: defect 2 step 12 T2 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 2 step 13 T2 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 2 step 14 T2 exit-thread - - -
// JSON-NEXT: defect 2 step 15 T0 pthread_join T2 - dedupe.c:33 main
// JSON-NEXT: defect 2 step 16 T3 pthread_mutex_lock 0x#='m' - dedupe.c:24 worker
// JSON-NEXT: defect 2 step 17 T3 pthread_mutex_unlock 0x#='m' - dedupe.c:26 worker
// JSON-NEXT: defect 2 step 18 T3 exit-thread - - -
// JSON-NEXT: defect 2 step 19 T0 pthread_join T3 - dedupe.c:33 main
// JSON-NEXT: defect 2 stack T0 dedupe.c:35 main
// JSON-NEXT: defect 2 output "order 1 2 3\n"
// JSON-NEXT: defect 2 replay dpu replay 0:4,1:1,2:1,3:1,1:3,0:1,2:3,0:1,3:3,0:1 dedupe.c
// JSON-NOT: {{.}}

// NONE: {{^}}dpu: defect 1: assertion failure: order[2] != 1 (at [[FILE]]:36 in main){{$}}
// NONE-NOT: dpu: defect
// NONE: {{^}}dpu: defect 2: abort: abort() called (at [[FILE]]:35 in main){{$}}
// NONE-NOT: dpu: defect
// NONE: {{^}}dpu: traces with defects: 4 of 6 (defect 1 in 2, defect 2 in 2){{$}}
// NONE-NEXT: {{^}}dpu: summary: 2 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
