// Withdrawing from a balance kept in an atomic int: T1 and T2 each withdraw 10 from a
// balance of 10 if it is enough. Correct: a compare-and-swap loop (a failed CAS reloads the
// balance and re-checks it). Buggy variant (-DBUG): check with atomic_load, then act with
// atomic_store: both may see 10 and both withdraw.
// Derivation: events on the balance; two loads commute (they are reads: explorer/pes.h), every
// other pair of operations on it is dependent.
// Correct: T1's load l1 and CAS c1, T2's l2 and c2. l1 c1 l2 (T2 sees 0, stops) and l2 c2 l1:
// 2 traces; both loads first (one trace for both orders), then the first CAS succeeds and the
// second fails, reloading 0, and stops (2 orders): 2 traces. 4 max-configs, 10 withdrawn in all.
// Buggy: l1 s1 l2 and l2 s2 l1 (the second sees 0): 2 traces; both loads first, then both
// stores (2 orders): 2 traces where both withdrew. 4 max-configs, 2 with the defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int balance = 10;
static int withdrawn[2]; // slot i written by thread i, read by main after the joins

static void *withdraw(void *arg) {
  int i = *(int *)arg;
  int v = atomic_load(&balance);
#ifdef BUG
  if (v >= 10) {
    atomic_store(&balance, v - 10);
    withdrawn[i] = 10;
  }
#else
  while (v >= 10) {
    if (atomic_compare_exchange_strong(&balance, &v, v - 10)) {
      withdrawn[i] = 10;
      break;
    }
  }
#endif
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, withdraw, &ids[0]);
  pthread_create(&t2, NULL, withdraw, &ids[1]);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int total = withdrawn[0] + withdrawn[1];
  // BUG: dpu: defect 1: assertion failure: total == 10 (at {{.*}}atomic_check_then_act.c:[[@LINE+1]] in main)
  assert(total == 10);
  assert(atomic_load(&balance) == 0);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 4 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
