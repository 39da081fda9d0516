// Writing under a read lock loses updates: T1 and T2 each increment x (an atomic int, read
// with atomic_load and written back with atomic_store) while holding rw. Correct: under the
// write lock; buggy variant (-DBUG): under the read lock, which both may hold at once.
// Model: every atomic load/store is an event on the object "that memory location" (two loads
// commute, the rest are dependent); rwlock operations are events on rw (all dependent); rdlock
// is enabled when no writer holds rw.
// Derivation: correct: each thread's wrlock, load, store, unlock form a block that excludes
// the other's, and the two blocks come in 2 orders: 2 max-configs, x == 2. Buggy: the four
// rwlock events (rdlock before unlock in each thread) come in 6 orders; when the two read
// sections are disjoint (2 orders) the events on x follow them (1 way each); when they overlap
// (4 orders: both rdlocks before both unlocks) the four events on x (load before store in each
// thread) make 4 traces (l1 s1 l2 s2, l2 s2 l1 s1, both loads first then either store).
// 2 + 4 x 4 = 18 max-configs; x ends 1 when both loads come before both stores: 2 of the 4
// traces on x, in each of the 4 overlapping orders: 8 traces with the defect at main's
// assertion.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --no-symmetry -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static pthread_rwlock_t rw;
static atomic_int x;

static void *incrementer(void *arg) {
  int tmp;
  (void)arg;
#ifdef BUG
  pthread_rwlock_rdlock(&rw);
#else
  pthread_rwlock_wrlock(&rw);
#endif
  tmp = atomic_load(&x);
  atomic_store(&x, tmp + 1);
  pthread_rwlock_unlock(&rw);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_rwlock_init(&rw, NULL);
  pthread_create(&t1, NULL, incrementer, NULL);
  pthread_create(&t2, NULL, incrementer, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_rwlock_destroy(&rw);
  int final_x = atomic_load(&x);
  // BUG: dpu: defect 1: assertion failure: final_x == 2 (at {{.*}}rwlock_lost_update.c:[[@LINE+1]] in main)
  assert(final_x == 2);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 8 of 18 (defect 1 in 8)
// BUG-NEXT: dpu: summary: 1 defects, 18 max-configs, 0 SSBs, {{[0-9]+}} runs
