// A spinlock made of a test-and-set (atomic_flag_test_and_set; with -DXCHG, atomic_exchange of
// 1) protects a plain counter: T1 and T2 each take it, increment the counter and release it
// (clear, or store 0). In the buggy variant (-DBUG) T2 forgets to release it.
// Model: a read-modify-write that leaves the value as it was (a test-and-set of a set flag)
// is a failed update, as a failed CAS: a thread that repeats it at the same call site in the
// same activation of a spin loop, with no modification of the location since, waits until
// another thread modifies it; if nobody ever does, the run ends with a hang defect. (Before,
// every failed test-and-set was a new write and a new trace: the exploration never ended.)
// Derivation: events on the flag. T1's test-and-set first: T2's first one comes after T1's
// release (it takes the lock: 1 trace) or before it (it finds the flag set, "unchanged", waits
// for the release and then takes it: 1 trace); symmetrically with T2's first: 4 max-configs,
// counter == 2 in all. With -DBUG: T1 first: the same 2 traces; T2 first: T1 finds the flag
// set and nobody will ever clear it: a hang in T1's loop: 3 max-configs, 1 defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu -DXCHG %s > %t.xchg; test $? -eq 0
// RUN: FileCheck %s < %t.xchg
// RUN: %dpu --por=none --run-timeout=2 -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --run-timeout=2 -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// RUN: %dpu --run-timeout=2 -DBUG -DXCHG %s > %t.bug.xchg; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.xchg
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#ifdef XCHG
static atomic_int lk;
#define TEST_AND_SET() atomic_exchange(&lk, 1)
#define CLEAR() atomic_store(&lk, 0)
#else
static atomic_flag lk = ATOMIC_FLAG_INIT;
#define TEST_AND_SET() atomic_flag_test_and_set(&lk)
#define CLEAR() atomic_flag_clear(&lk)
#endif
static int counter; // protected by lk

static void take(void) {
  // BUG: dpu: defect 1: hang: T1 spins forever: it keeps reading the atomic variable 'lk', which no other thread will change (at {{.*}}atomic_tas_spinlock.c:[[@LINE+2]] in take)
  // BUG: #{{[0-9]+}} T1 atomic-rmw 'lk' read 1 (unchanged) {{.*}}atomic_tas_spinlock.c:[[@LINE+1]] take
  while (TEST_AND_SET())
    ;
}

static void *worker(void *arg) {
  take();
  counter++;
#ifdef BUG
  if (arg) return NULL; // T2 keeps the lock
#endif
  CLEAR();
  return arg;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, (void *)1);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(counter == 2);
  printf("counter %d\n", counter);
  return 0;
}
// BUG: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
