// Spinlocks: T1 and T2 each increment a counter under a pthread spinlock; T3 increments it
// only if pthread_spin_trylock gets the lock. In the buggy variant (-DBUG) T2 never unlocks.
// Model: like a normal mutex: pthread_spin_lock is enabled when the lock is free, trylock never
// blocks and fails while another thread holds it; all are events on the spinlock.
// Derivation: T1's and T2's lock..unlock are blocks no other lock enters. T3's trylock either
// succeeds (a third block: 3! = 6 orders of the blocks, count == 3) or fails inside one of the
// two blocks (2 orders of the blocks x 2 blocks to fail in: 4 traces, count == 2): 10
// max-configs, no defect. With -DBUG: T2 locks forever (its lock L2 is its last event). T3's
// trylock succeeds before L2 (T3's block, then T1's block before L2, or after L2 where T1 waits
// forever: 3 traces with T1's block B1, T3's block B3, L2 in the orders B3 B1 L2, B1 B3 L2,
// B3 L2) or fails inside B1 or after L2 (B1 with the failure inside then L2; B1 L2 then the
// failure; L2 then the failure, T1 waiting forever): 3 traces. 6 max-configs, 2 with the deadlock
// (T1 in pthread_spin_lock, main in its join of T1).
// RUN: %dpu --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: grep '^  | ' %t.none | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=OUT %s
// RUN: %dpu --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: grep '^  | ' %t.qpor | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=OUT %s
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 10 max-configs, 0 SSBs, {{[0-9]+}} runs
// OUT: {{^ *}}4 | count = 2{{$}}
// OUT-NEXT: {{^ *}}6 | count = 3{{$}}
// OUT-NOT: {{.}}
#define _POSIX_C_SOURCE 200809L // spinlocks with -std=c17
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_spinlock_t sl;
static int count; // protected by sl
static void *locker(void *arg);
static void *trier(void *arg);

int main(void) {
  static int ids[2] = {1, 2};
  pthread_t t1, t2, t3;
  pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE);
  pthread_create(&t1, NULL, locker, &ids[0]);
  pthread_create(&t2, NULL, locker, &ids[1]);
  pthread_create(&t3, NULL, trier, NULL);
  // BUG: dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}spin_counter.c:[[@LINE+1]], T1 in pthread_spin_lock at {{.*}}spin_counter.c:[[@LINE+14]]{{$}}
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  printf("count = %d\n", count);
  assert(count == 2 || count == 3);
#ifndef BUG
  pthread_spin_destroy(&sl);
#endif
  return 0;
}

static void *locker(void *arg) {
  int id = *(int *)arg;
  pthread_spin_lock(&sl);
  count++;
#ifdef BUG
  if (id == 2)
    return NULL; // forgets to unlock
#endif
  (void)id;
  pthread_spin_unlock(&sl);
  return NULL;
}

static void *trier(void *arg) {
  (void)arg;
  if (pthread_spin_trylock(&sl) == 0) {
    count++;
    pthread_spin_unlock(&sl);
  }
  return NULL;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 6 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
