// Two heap defects in one run, each stopping only its thread: the first keeps its own heap
// block in the report (it was named with the second's block, "allocated by T1 at ...:5", the
// later defect having overwritten it), and a free or realloc of a global or of a stack
// address is heap misuse at its line (the C library's free aborted on it: "crash: SIGABRT",
// with no place). User tests.
// RUN: %dpu replay 0:4,1:3 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: memory error: use after free: read of 1 byte at offset 0 of a heap
// CHECK-SAME: block of 24 bytes (at {{.*}}heap_two_defects.c:49 in main); allocated by T0 at
// CHECK-SAME: {{.*}}heap_two_defects.c:43 in main, freed by T0 at {{.*}}_defects.c:48 in main
// CHECK: dpu: defect 2: memory error: heap out of bounds: write of 1 byte at offset 10 of a
// CHECK-SAME: heap block of 10 bytes (at {{.*}}heap_two_defects.c:31 in worker){{$}}
// RUN: %dpu -j 1 -DFREE_GLOBAL %s > %t.g; test $? -eq 1
// RUN: FileCheck --check-prefix=GLOBAL %s < %t.g
// GLOBAL: dpu: defect 1: heap misuse: free of 0x{{[0-9a-f]+}}, which malloc did not return:
// GLOBAL-SAME: it is in a global variable (at {{.*}}heap_two_defects.c:37 in main)
// RUN: %dpu -j 1 -DREALLOC_LOCAL %s > %t.l; test $? -eq 1
// RUN: FileCheck --check-prefix=LOCAL %s < %t.l
// LOCAL: dpu: defect 1: heap misuse: realloc of 0x{{[0-9a-f]+}}, which malloc did not return:
// LOCAL-SAME: it is in a thread's stack (at {{.*}}heap_two_defects.c:41 in main)
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static char global[16];

static void *worker(void *arg) {
  char *q = malloc(10);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  q[10] = (char)(long)arg;
  return NULL;
}

int main(void) {
#ifdef FREE_GLOBAL
  free(global);
#endif
#ifdef REALLOC_LOCAL
  char local[8];
  global[1] = *(char *)realloc(local, 64);
#endif
  char *p = malloc(24);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  free(p);
  int v = p[0];
  return v + global[0];
}
