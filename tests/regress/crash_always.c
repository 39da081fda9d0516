// Every run crashes: two workers each run one block on m, main joins both and then writes
// through a null pointer. A crash of the program is a defect, not a dpu failure (exit 1).
// Derivation: 2 orders of the two blocks on m; each trace ends in SIGSEGV in main (T0):
// 2 max-configs, both with the same defect: reported once, found in 2 traces.
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: crash: SIGSEGV in T0
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;
static int *volatile null_ptr;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  *null_ptr = n;
  return 0;
}
