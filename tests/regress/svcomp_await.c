// SV-COMP's await: an abort() (assume false) inside a __VERIFIER_atomic_* function, as in
// SV-COMP's read_write_lock tasks. A thread whose assume fails is paused before it, holding the
// atomic section; the threads that then wait for the section are not in a deadlock (the
// paused thread could still move, to its assume: the run is infeasible, not a defect).
// Derivation: each of two threads runs acquire (awaits w == 0, sets w) then release (clears w),
// each an atomic section; the sections of one global object give C(4,2) = 6 orders of the 4
// sections, of which 2 run one thread's pair before the other's. In the 4 others the second
// acquire fails while w is 1: that thread pauses holding the section, the first thread's release
// waits for it, and the run stops. Cut at the failed acquire, those are 2 configurations
// (which thread acquired first): 4 max-configs, no defect (cs is 2 in the 2 complete ones).
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
#include <pthread.h>

extern void abort(void);
void reach_error() {}

static int w, cs;

void __VERIFIER_atomic_acquire(void) {
  if (w != 0) abort();
  w = 1;
}

void __VERIFIER_atomic_release(void) { w = 0; }

static void *worker(void *arg) {
  __VERIFIER_atomic_acquire();
  cs++;
  __VERIFIER_atomic_release();
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (cs != 2) {
    reach_error();
    abort();
  }
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
