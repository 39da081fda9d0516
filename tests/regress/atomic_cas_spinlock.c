// A spinlock made of a C11 compare-and-swap protects a plain counter: T1 and T2 each take
// it (CAS 0 -> 1, retried until it succeeds), increment the counter, release it (store 0).
// In the buggy variant (-DBUG) T2 forgets to release it.
// Model: every atomic operation is an event on its location; a thread that retries the same
// atomic read (here the CAS that failed) at the same call site, with no modification of the
// location since its last read, waits until another thread modifies it (the spin loop waits
// instead of looping); if nobody ever does, the run ends with a hang defect.
// Derivation: events on the lock word. T1's CAS first: T2's first CAS comes after T1's
// release (it succeeds: 1 trace) or before it (it fails, T2 waits for the release and then
// succeeds: 1 trace); symmetrically with T2's CAS first: 4 max-configs, counter == 2 in all.
// With -DBUG: T1 first: the same 2 traces (T2 never releases, nobody needs it); T2 first:
// T1's CAS fails, and nobody will ever modify the lock word: a hang in T1's loop (main waits
// in its join of T1): 3 max-configs, 1 defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none --run-timeout=2 -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --run-timeout=2 -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int lock_word;
static int counter; // protected by lock_word

static void spin_acquire(void) {
  int expected = 0;
  // BUG: dpu: defect 1: hang: T1 spins forever: it keeps reading the atomic variable 'lock_word', which no other thread will change (at {{.*}}atomic_cas_spinlock.c:[[@LINE+3]] in spin_acquire)
  // The last step of the hang's interleaving is T1's failed CAS here.
  // BUG: T1 atomic-cas 'lock_word' read 1 (failed) {{.*}}atomic_cas_spinlock.c:[[@LINE+1]] spin_acquire
  while (!atomic_compare_exchange_strong(&lock_word, &expected, 1))
    expected = 0;
}

static void spin_release(void) { atomic_store(&lock_word, 0); }

static void *worker(void *arg) {
  int id = *(int *)arg;
  spin_acquire();
  counter++;
#ifdef BUG
  if (id == 2)
    return NULL; // forgets to release
#endif
  (void)id;
  spin_release();
  return NULL;
}

int main(void) {
  static int ids[2] = {1, 2};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(counter == 2);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 3 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
