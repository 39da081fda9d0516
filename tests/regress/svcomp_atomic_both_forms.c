// Both forms of SV-COMP atomic sections in one program (they once made dpu fail to start:
// the pass bracketing __VERIFIER_atomic_* functions declared __dpu___VERIFIER_atomic_begin/end
// before the program's own declarations were renamed to the same names). T1 increments x in
// __VERIFIER_atomic_incr, T2 between __VERIFIER_atomic_begin() and __VERIFIER_atomic_end();
// both use the one atomic-section object.
// Derivation: the two sections come in 2 orders, the events on x follow: 2 max-configs, no
// defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>

extern void reach_error(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
static atomic_int x;

void __VERIFIER_atomic_incr(void) {
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
}

static void *t1(void *arg) {
  (void)arg;
  __VERIFIER_atomic_incr();
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
    reach_error();
  return 0;
}
