// A loop of read-modify-writes that change the value runs as written: the spin-loop rule
// blocks only an update that would leave the location as it was (atomic_tas_spinlock.c).
// T1 counts with `while (atomic_fetch_add(&n, 1) < 2);`, T2 stores 0 once.
// Derivation: events on n: T1's increments (each changes n) and T2's store s, which can come
// before T1's first increment, after its first, after its second, or after its third and last
// (n = 0, 1, 2 then 3: T1 stops once it read 2); the store resets n, so T1 needs three more
// increments from there: 4 max-configs, and n is 3 at the end unless the store came last.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int n;

static void *counter(void *arg) {
  (void)arg;
  while (atomic_fetch_add(&n, 1) < 2)
    ;
  return NULL;
}

static void *resetter(void *arg) {
  (void)arg;
  atomic_store(&n, 0);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, counter, NULL);
  pthread_create(&t2, NULL, resetter, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int v = atomic_load(&n);
  assert(v == 3 || v == 0);
  return 0;
}
