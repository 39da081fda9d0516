// Two threads, each: lock m1; unlock m1; lock m2; unlock m2.
// Derivation: a trace = (order of the two m1 blocks) x (order of the two m2 blocks) = 2 x 2;
// all four combinations are feasible (e.g. T1 first on m1 but T2 first on m2: T1 m1, T2 m1,
// T2 m2, T1 m2): 4 max-configs.
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
static int a, b;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m1);
  a++;
  pthread_mutex_unlock(&m1);
  pthread_mutex_lock(&m2);
  b++;
  pthread_mutex_unlock(&m2);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(a == 2 && b == 2);
  return 0;
}
