// pthread_exit from worker threads (called in a helper function), with a return value read
// by pthread_join. Derivation: two workers each run one block on m, then pthread_exit; 2
// orders of the blocks: 2 max-configs, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;
static int results[2];
static int after_exit; // must stay 0

static void finish(int *result) {
  pthread_exit(result);
}

static void *worker(void *arg) {
  int i = *(int *)arg;
  pthread_mutex_lock(&m);
  results[i] = ++n;
  pthread_mutex_unlock(&m);
  finish(&results[i]);
  after_exit = 1;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  int i0 = 0, i1 = 1;
  void *r1, *r2;
  pthread_create(&t1, NULL, worker, &i0);
  pthread_create(&t2, NULL, worker, &i1);
  pthread_join(t1, &r1);
  pthread_join(t2, &r2);
  assert(r1 == &results[0] && r2 == &results[1]);
  assert(results[0] + results[1] == 3);
  assert(after_exit == 0);
  return 0;
}
