// 16-byte atomics (an _Atomic struct of two longs, the usual "pointer + ABA counter" of
// lock-free stacks), which x86-64 compiles to libatomic calls (__atomic_load_16, ...: they
// once made dpu fail to start). T1 and T2 each update a {value, version} pair with a
// compare-and-swap loop.
// Derivation: events on the pair: each thread's load l and CAS c (a failed CAS stores the pair
// it read into `old`, so its retry succeeds: not a spin, see atomic_cas_increment.c).
// l1 c1 l2 c2 and l2 c2 l1 c1: 2 traces; both loads first (they commute: one trace for both
// orders), then the first CAS succeeds, the second fails and its retry succeeds (2 orders of
// the first CASes): 2 traces. 4 max-configs; the value ends 2 and the version 2 in all.
// With symmetry (on by default) the two threads, created alike, begin by reading the pair,
// and their CASes are ordered (explorer/symmetry.h): of each trace and its renaming one is
// kept, 2.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu %s > %t.sym; test $? -eq 0
// RUN: FileCheck --check-prefix=SYM %s < %t.sym
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// SYM: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

struct versioned {
  long value, version;
};
static _Atomic struct versioned cell;

static void *bump(void *arg) {
  (void)arg;
  struct versioned old = atomic_load(&cell), new;
  do {
    new.value = old.value + 1;
    new.version = old.version + 1;
  } while (!atomic_compare_exchange_strong(&cell, &old, new));
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, bump, NULL);
  pthread_create(&t2, NULL, bump, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  struct versioned end = atomic_load(&cell);
  assert(end.value == 2 && end.version == 2);
  return 0;
}
