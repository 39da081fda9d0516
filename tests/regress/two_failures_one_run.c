// Two threads fail in the same trace, and both failures are reported: a failed assertion stops
// only its thread and the others run on, so another thread may fail after it. T1 and T2 each
// take a mutex of their own and then fail an assertion.
// Derivation: T1's and T2's events are on different objects: 1 max-config, in which both
// assertions fail: 2 defects, both in that trace. (Before, a run kept only its first defect:
// T1's failure was never reported, by either explorer.)
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK-DAG: dpu: defect {{[12]}}: assertion failure: !"t1 fails" (at {{.*}}two_failures_one_run.c:25 in t1)
// CHECK-DAG: dpu: defect {{[12]}}: assertion failure: !"t2 fails" (at {{.*}}two_failures_one_run.c:33 in t2)
// CHECK: {{^}}  (the failing thread's stack only: a defect after another one in its run, where the threads' stacks were taken){{$}}
// CHECK: dpu: traces with defects: 1 of 1 (defect 1 in 1, defect 2 in 1)
// CHECK: dpu: summary: 2 defects, 1 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m1);
  pthread_mutex_unlock(&m1);
  assert(!"t1 fails");
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m2);
  pthread_mutex_unlock(&m2);
  assert(!"t2 fails");
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
