// Text report of a misuse of the pthread API, every line, and its JSON twin. The producer
// returns holding m; the consumer, finding m busy with trylock, unlocks it anyway.
// Derivation: the lock and the trylock on m are ordered either way: consumer first (it gets m,
// unlocks it, no defect) or producer first (the trylock is busy and the unlock is of a mutex
// owned by T1): 2 max-configs, 1 defect.
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ready;

static void *producer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  return NULL; /* forgets to unlock: the consumer "helps" */
}

static void *consumer(void *arg) {
  (void)arg;
  if (pthread_mutex_trylock(&m) != 0) {
    printf("busy, unlocking it\n");
    pthread_mutex_unlock(&m);
    return NULL;
  }
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, producer, NULL);
  pthread_create(&t2, NULL, consumer, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

// The whole report. The stacks, the misusing thread first: T2 in its pthread_mutex_unlock of
// line 27, T0 blocked in pthread_join(t2) at line 39 (T1 has exited).
// CHECK: {{^}}dpu: defect 1: pthread misuse: pthread_mutex_unlock of a mutex owned by T1 (at [[FILE]]:27 in consumer){{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 10 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:36 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:37 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:36 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:37 main{{$}}
// CHECK-NEXT: {{^}}  #6    T1   pthread_mutex_lock     'm'                      [[FILE]]:18 producer{{$}}
// CHECK-NEXT: {{^}}  #7    T1   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #8    T0   pthread_join           T1                       [[FILE]]:38 main{{$}}
// CHECK-NEXT: {{^}}  #9    T2   pthread_mutex_trylock  'm' (busy)               [[FILE]]:25 consumer{{$}}
// CHECK-NEXT: {{^}}  #10   T2   pthread_mutex_unlock   'm'                      [[FILE]]:27 consumer{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 consumer at [[FILE]]:27{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:39{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | busy, unlocking it{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:1,1:2,0:1,2:2 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 19-line block: pthread misuse: pthread_mutex_unlock of a mutex owned by T1 (at [[FILE]]:27 in consumer)

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
// JSON-NEXT: defect 1 pthread-misuse traces 1 thread 2 location misuse.c:27 consumer exact
// JSON-NEXT: defect 1 message pthread_mutex_unlock of a mutex owned by T1 (at misuse.c:27 in consumer)
// JSON-NEXT: defect 1 threads 3 steps 10 blocked 0 stacks 2 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - misuse.c:36 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - misuse.c:37 main
// JSON-NEXT: defect 1 step 4 T1 start - - misuse.c:36 main
// JSON-NEXT: defect 1 step 5 T2 start - - misuse.c:37 main
// JSON-NEXT: defect 1 step 6 T1 pthread_mutex_lock 0x#='m' - misuse.c:18 producer
// JSON-NEXT: defect 1 step 7 T1 exit-thread - - -
// JSON-NEXT: defect 1 step 8 T0 pthread_join T1 - misuse.c:38 main
// JSON-NEXT: defect 1 step 9 T2 pthread_mutex_trylock 0x#='m' busy misuse.c:25 consumer
// JSON-NEXT: defect 1 step 10 T2 pthread_mutex_unlock 0x#='m' - misuse.c:27 consumer
// JSON-NEXT: defect 1 stack T2 misuse.c:27 consumer
// JSON-NEXT: defect 1 stack T0 misuse.c:39 main
// JSON-NEXT: defect 1 output "busy, unlocking it\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:1,1:2,0:1,2:2 misuse.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
