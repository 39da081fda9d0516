// A spin loop over two atomic locations, `while (!atomic_load(&a) && !atomic_load(&b));`: the
// spin-loop rule over several locations (runtime/models/atomic.c): a thread whose reads since its
// last other operation end with two equal iterations (the same loads at the same versions) takes no
// further step in that run; when something it read changed afterwards, the run only repeats what
// another order explores and ends silently, else it is a hang.
// Derivation: T1 loads a (0) and b, T2 stores b = 1 once. The store before T1's first load of
// b: T1 sees 1, leaves; between its first and second load of b: the second sees 1, leaves;
// after the second: T1's second iteration read what the first did, it stops, T2's store comes
// after it (the run ends silently, not a defect). 3 max-configs, no defect, with both explorers.
// RUN: %dpu --por=none --max-steps=1000 %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --max-steps=1000 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>

static atomic_int a, b;

static void *spinner(void *arg) {
  (void)arg;
  while (!atomic_load(&a) && !atomic_load(&b))
    ;
  return NULL;
}

static void *setter(void *arg) {
  (void)arg;
  atomic_store(&b, 1);
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
