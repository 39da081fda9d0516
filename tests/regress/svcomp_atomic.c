// SV-COMP atomic sections: T1 increments x (an atomic int, load then store) in a function
// named __VERIFIER_atomic_incr, whose whole body dpu runs as one atomic section; T2 does the
// same between __VERIFIER_atomic_begin() and __VERIFIER_atomic_end(). Main calls reach_error()
// if an update was lost. The buggy variant (-DBUG) gives T1's function another name, so its
// load and store are no longer protected.
// Model: begin/end (and the entry/exit of a __VERIFIER_atomic_* function) lock/unlock one
// global "atomic section" object; the atomic load and store are events on x.
// Derivation: correct: the two sections come in 2 orders and the events on x follow: 2
// max-configs, x == 2. Buggy: only T2 uses the section object, which orders nothing; the 4
// events on x (load before store in each thread) come in 6 orders, and x ends 1 in the 4
// where both loads precede both stores: 6 max-configs, 4 defects (reach_error is an assertion
// failure).
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>

extern void reach_error(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

static atomic_int x;

#ifdef BUG
#define INCR incr_not_atomic
#else
#define INCR __VERIFIER_atomic_incr
#endif

void INCR(void) {
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
}

static void *t1(void *arg) {
  (void)arg;
  INCR();
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  __VERIFIER_atomic_begin();
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
  __VERIFIER_atomic_end();
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  if (atomic_load(&x) != 2)
    // BUG-COUNT-4: dpu: defect {{[1-4]}}: assertion failure: {{.*}}reach_error{{.*}} (at {{.*}}svcomp_atomic.c:[[@LINE+1]] in main)
    reach_error();
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: summary: 4 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
