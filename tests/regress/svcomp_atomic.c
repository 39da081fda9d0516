// SV-COMP atomic sections: T1 and T2 each increment x (an atomic int: a load, then a store)
// inside an atomic section, written either as a function named __VERIFIER_atomic_incr, whose
// whole body dpu runs as one section (-DFORM=1), or between __VERIFIER_atomic_begin() and
// __VERIFIER_atomic_end() (-DFORM=2). Main calls reach_error() if an update was lost. In the
// buggy variant (-DBUG) T1 increments outside any section (FORM=1: its function has another
// name; FORM=2: it does not call begin/end).
// Model: begin/end (and the entry/exit of a __VERIFIER_atomic_* function) lock/unlock one
// global "atomic section" object; the atomic load and store are events on x.
// Derivation: correct: the two sections come in 2 orders and the events on x follow: 2
// max-configs, x == 2. Buggy: only T2 uses the section object, which orders nothing; of the 4
// events on x (load before store in each thread) the two loads commute: l1 s1 l2 s2,
// l2 s2 l1 s1, and both loads first then either store, where x ends 1: 4 max-configs, 2 with
// the defect (reach_error is an assertion failure).
// (Both forms in one program: svcomp_atomic_both_forms.c.)
// RUN: %dpu --por=none -DFORM=1 %s > %t.1; test $? -eq 0
// RUN: FileCheck %s < %t.1
// RUN: %dpu -DFORM=1 %s > %t.2; test $? -eq 0
// RUN: FileCheck %s < %t.2
// RUN: %dpu --por=none -DFORM=2 %s > %t.3; test $? -eq 0
// RUN: FileCheck %s < %t.3
// RUN: %dpu -DFORM=2 %s > %t.4; test $? -eq 0
// RUN: FileCheck %s < %t.4
// RUN: %dpu --por=none -DFORM=1 -DBUG %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.5
// RUN: %dpu -DFORM=1 -DBUG %s > %t.6; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.6
// RUN: %dpu --por=none -DFORM=2 -DBUG %s > %t.7; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.7
// RUN: %dpu -DFORM=2 -DBUG %s > %t.8; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.8
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>

extern void reach_error(void);
static atomic_int x;

#if FORM == 1
void __VERIFIER_atomic_incr(void) {
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
}

void incr_not_atomic(void) {
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
}

static void *t1(void *arg) {
  (void)arg;
#ifdef BUG
  incr_not_atomic();
#else
  __VERIFIER_atomic_incr();
#endif
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  __VERIFIER_atomic_incr();
  return NULL;
}
#else
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

static void *t1(void *arg) {
  (void)arg;
#ifndef BUG
  __VERIFIER_atomic_begin();
#endif
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
#ifndef BUG
  __VERIFIER_atomic_end();
#endif
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
#endif

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  if (atomic_load(&x) != 2)
    // BUG: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}svcomp_atomic.c:[[@LINE+1]] in main)
    reach_error();
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 4 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
