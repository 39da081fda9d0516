// A counter shared through C11 atomics: T1 and T2 each add 1 to x N times with
// atomic_fetch_add (-DN=2). The buggy variant (-DBUG, N = 1) increments with an atomic_load
// and then an atomic_store: two atomic operations, so another thread can come in between.
// Model: every atomic load, store and read-modify-write is an event on the object "that
// memory location"; all of them are dependent but two loads (reads commute).
// Derivation: correct: the 4 fetch_adds on x, 2 per thread in program order: 4!/(2!2!) = 6
// orders = 6 max-configs, x == 4 in all. Buggy: the 4 events on x (load before store in each
// thread): l1 s1 l2 s2 and l2 s2 l1 s1, and both loads first (one trace for their 2 orders)
// then either store first: 4 max-configs; x ends 1 in the last 2, with the defect.
// RUN: %dpu --por=none -DN=2 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry -DN=2 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DN=1 -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --no-symmetry -DN=1 -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int x;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < N; i++) {
#ifdef BUG
    int v = atomic_load(&x);
    atomic_store(&x, v + 1);
#else
    atomic_fetch_add(&x, 1);
#endif
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int total = atomic_load(&x);
  // BUG: dpu: defect 1: assertion failure: total == 2 * N (at {{.*}}atomic_counter.c:[[@LINE+1]] in main)
  assert(total == 2 * N);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 4 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
