// XFAIL: *
// Known bug (reported to the lead): the standard lock-free update loop
//   old = atomic_load(&x); while (!atomic_compare_exchange_weak(&x, &old, old + 1));
// is reported as a hang ("T2 spins forever: it keeps reading the atomic location ...") in
// every trace where its first CAS fails. The spin rule (runtime/atomic.c, explorer/model.c)
// blocks a CAS that follows a failed CAS at the same call site while the location is
// unchanged, on the grounds that it "would read the same value"; but a failed CAS stores the
// value it read into `old`, so the retry expects the current value and succeeds. Only a CAS
// that would fail again (its expected value differs from the location's current value, as in
// a spinlock that resets expected to 0: atomic_cas_spinlock.c) is a spin. Fix: pass the
// expected value to __dpu_atomic_op and block a CAS only when the location is unchanged
// since the thread's last read and the CAS's expected value differs from its current value
// (recording the expected value in the event's aux so that explorer/model.c applies the same
// rule).
// Derivation: events on x: each thread's load l and CAS c. l1 c1 l2 c2 and l2 c2 l1 c1 (the
// second thread loads the first one's result): 2 traces; both loads first (2 orders), then
// the first CAS succeeds, the second fails (reading the new value) and its retry succeeds
// (2 orders of the first CASes): 4 traces. 6 max-configs, x == 2 in all: no defect.
// RUN: %dpu --por=none --run-timeout=2 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --run-timeout=2 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
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
