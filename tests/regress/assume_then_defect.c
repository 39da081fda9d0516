// __VERIFIER_assume(0) stops its thread silently, and a defect of another thread after it is
// the run's result (runtime/ending.c: result_stands): up to that defect the run is feasible,
// the assuming thread being only paused before its assume. T1 posts s and assumes false; T2
// waits for s and fails an assertion. Derivation: 1 trace, in which T2 fails. T2 can only go
// on after T1's post, right after which T1 reaches its assume: when an assume(0) ended the
// whole run, every run ended silently there and the defect was never found.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect 1: assertion failure: 0 && "T2 fails" (at {{.*}}assume_then_defect.c:[[#@LINE+21]] in t2){{$}}
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs,
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

extern void __VERIFIER_assume(int);

static sem_t s;

static void *t1(void *arg) {
  (void)arg;
  sem_post(&s);
  __VERIFIER_assume(0);
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  sem_wait(&s);
  assert(0 && "T2 fails");
  return NULL;
}

int main(void) {
  sem_init(&s, 0, 0);
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
