// main returns 3 after joining its worker; T1 and main each run one block on m.
// Derivation: 2 orders of the two blocks on m, and every run ends with main returning 3:
// 2 max-configs, both with the same defect: reported once, found in 2 traces; dpu exits 1.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: non-zero exit: main returned 3
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  assert(n == 2);
  return 3;
}
