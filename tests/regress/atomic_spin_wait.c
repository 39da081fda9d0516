// A spin loop on an atomic flag: T1 writes data, then sets flag (atomic_store); T2 spins with
// `while (!atomic_load(&flag));` and then reads data. dpu must neither hang nor loop: a load
// that re-reads the same location at the same call site with no store in between waits for
// another thread's modification. The buggy variant (-DBUG) has T1 set another flag, so T2
// spins forever: a hang defect naming T2's loop, found without waiting for --run-timeout.
// Derivation: events on flag: T1's store S, T2's loads. S first: T2 loads 1 and goes on
// (1 trace); T2's load first: it reads 0, its next load waits for S, then reads 1 (1 trace):
// 2 max-configs, T2 always reads 42. With -DBUG: T2 loads 0, then waits for a store to flag
// that never comes (T1's store is to another location, main waits in its join of T1 or T2):
// 1 max-config, 1 hang.
// RUN: %dpu --por=none --run-timeout=2 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --run-timeout=2 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none --run-timeout=2 -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --run-timeout=2 -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int flag, other_flag;
static int data;

static void *publisher(void *arg) {
  (void)arg;
  data = 42;
#ifdef BUG
  atomic_store(&other_flag, 1);
#else
  atomic_store(&flag, 1);
#endif
  return NULL;
}

static void *spinner(void *arg) {
  (void)arg;
  // BUG: dpu: defect 1: hang: T2 spins forever: it keeps reading the atomic variable 'flag', which no other thread will change (at {{.*}}atomic_spin_wait.c:[[@LINE+2]] in spinner)
  // BUG: T2 atomic-load 'flag' {{.*}}atomic_spin_wait.c:[[@LINE+1]] spinner
  while (!atomic_load(&flag))
    ;
  assert(data == 42);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, publisher, NULL);
  pthread_create(&t2, NULL, spinner, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
