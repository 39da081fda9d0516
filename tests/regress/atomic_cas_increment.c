// The standard lock-free update loop
//   old = atomic_load(&x); while (!atomic_compare_exchange_weak(&x, &old, old + 1));
// is not a spin loop: a failed CAS stores the value it read into `old`, so the retry expects
// the current value and succeeds. (dpu once blocked every CAS that followed a failed one at
// the same site on an unchanged location, and reported this loop as a hang.) Only a CAS that
// would fail again is a spin (atomic_cas_spinlock.c).
// Derivation: events on x: each thread's load l and CAS c (two loads commute: they are
// reads). l1 c1 l2 c2 and l2 c2 l1 c1 (the second thread loads the first one's result): 2
// traces; both loads first (one trace for both orders), then the first CAS succeeds, the
// second fails (reading the new value) and its retry succeeds (2 orders of the first CASes): 2
// traces. 4 max-configs, x == 2 in all: no defect.
// With symmetry (on by default) the two threads, created alike, begin by reading x, and their
// CASes are ordered (explorer/symmetry.h): of each trace and its renaming one is kept, 2.
// RUN: %dpu --por=none --run-timeout=2 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --run-timeout=2 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu %s > %t.sym; test $? -eq 0
// RUN: FileCheck --check-prefix=SYM %s < %t.sym
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// SYM: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int x;

static void *increment(void *arg) {
  (void)arg;
  int old = atomic_load(&x);
  while (!atomic_compare_exchange_weak(&x, &old, old + 1))
    ;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, increment, NULL);
  pthread_create(&t2, NULL, increment, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(atomic_load(&x) == 2);
  return 0;
}
