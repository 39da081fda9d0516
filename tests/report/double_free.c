// Text report of a heap misuse (double free), every line, and its JSON twin. Two cleanup
// threads read the shared buffer under m, free it if it was set, then clear it under m.
// Derivation: each thread has a read block R and, if it read a buffer, a write block W on m.
// R1 W1 R2 and R2 W2 R1 are clean (the second reads NULL); R1 R2 ... and R2 R1 ... both free
// the buffer: 4 max-configs, 2 of them double frees, by T1 in one and by T2 in the other:
// the same defect (thread numbers and addresses are not part of it), reported once.
// RUN: %dpu --no-symmetry -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static char *buffer;

static void *cleanup(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  char *b = buffer;
  pthread_mutex_unlock(&m);
  if (b) {
    free(b);
    pthread_mutex_lock(&m);
    buffer = NULL;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  buffer = malloc(16);
  pthread_create(&t1, NULL, cleanup, NULL);
  pthread_create(&t2, NULL, cleanup, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

// The whole report. The stacks, the faulting thread first: T1 at its free of line 24, T0 about
// to join t1 at line 37, and T2, which freed the buffer first, about to take m at line 25. In
// the other double-free trace T1 and T2 swap roles: the stacks are the same frames in the same
// order (the faulting thread, T0, the other cleanup thread), only the thread numbers differ,
// and those are not part of the defect, so it is still one defect, in 2 traces.
// CHECK: {{^}}dpu: defect 1: heap misuse: double free of a heap block of 16 bytes (at [[FILE]]:24 in cleanup); allocated by T0 at [[FILE]]:34 in main, freed by T{{[12]}} at [[FILE]]:24 in cleanup{{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 9 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:35 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:36 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:35 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:36 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'm'                      [[FILE]]:20 cleanup{{$}}
// CHECK-NEXT: {{^}}  #7    T2   pthread_mutex_unlock   'm'                      [[FILE]]:22 cleanup{{$}}
// CHECK-NEXT: {{^}}  #8    T1   pthread_mutex_lock     'm'                      [[FILE]]:20 cleanup{{$}}
// CHECK-NEXT: {{^}}  #9    T1   pthread_mutex_unlock   'm'                      [[FILE]]:22 cleanup{{$}}
// CHECK-NEXT: {{^}}  stack of T1:{{$}}
// CHECK-NEXT: {{^}}    #0 cleanup at [[FILE]]:24{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:37{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 cleanup at [[FILE]]:25{{$}}
// CHECK-NEXT: {{^}}  output: (none){{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:3,1:2 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 2 of 4 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 4 max-configs, 0 SSBs, 4 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 19-line block: heap misuse: double free of a heap block of 16 bytes (at [[FILE]]:24 in cleanup); allocated by T0 at [[FILE]]:34 in main, freed by T{{[12]}} at [[FILE]]:24 in cleanup

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 2 max_configs 4 ssbs 0
// JSON-NEXT: defect 1 heap-misuse traces 2 thread 1 location double_free.c:24 cleanup exact
// JSON-NEXT: defect 1 message double free of a heap block of 16 bytes (at double_free.c:24 in cleanup); allocated by T0 at double_free.c:34 in main, freed by T{{[12]}} at double_free.c:24 in cleanup
// JSON-NEXT: defect 1 threads 3 steps 9 blocked 0 stacks 3 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - double_free.c:35 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - double_free.c:36 main
// JSON-NEXT: defect 1 step 4 T1 start - - double_free.c:35 main
// JSON-NEXT: defect 1 step 5 T2 start - - double_free.c:36 main
// JSON-NEXT: defect 1 step 6 T2 pthread_mutex_lock 0x#='m' - double_free.c:20 cleanup
// JSON-NEXT: defect 1 step 7 T2 pthread_mutex_unlock 0x#='m' - double_free.c:22 cleanup
// JSON-NEXT: defect 1 step 8 T1 pthread_mutex_lock 0x#='m' - double_free.c:20 cleanup
// JSON-NEXT: defect 1 step 9 T1 pthread_mutex_unlock 0x#='m' - double_free.c:22 cleanup
// JSON-NEXT: defect 1 stack T1 double_free.c:24 cleanup
// JSON-NEXT: defect 1 stack T0 double_free.c:37 main
// JSON-NEXT: defect 1 stack T2 double_free.c:25 cleanup
// JSON-NEXT: defect 1 output ""
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:3,1:2 double_free.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
