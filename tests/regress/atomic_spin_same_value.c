// A store of the value a spinner already read still modifies the location: T1 spins with
// `while (!atomic_load(&f));`, T2 stores 0 and then 1. T1's blocked re-read is enabled again
// by the store of 0, reads 0 and waits again, for the store of 1.
// Derivation: events on f: T2's stores s0 < s1 and T1's loads, a load right after T1's
// previous load only once a store came in between, T1 stopping at the first load that reads
// 1: s0 s1 l; s0 l s1 l; l s0 s1 l; l s0 l s1 l: 4 max-configs, no defect.
// RUN: %dpu --por=none --run-timeout=2 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --run-timeout=2 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>

static atomic_int f;

static void *spinner(void *arg) {
  (void)arg;
  while (!atomic_load(&f))
    ;
  return NULL;
}

static void *setter(void *arg) {
  (void)arg;
  atomic_store(&f, 0);
  atomic_store(&f, 1);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, spinner, NULL);
  pthread_create(&t2, NULL, setter, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
