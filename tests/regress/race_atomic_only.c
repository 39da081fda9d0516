// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Two threads access one variable with atomics only: T1 stores v (relaxed), T2 loads it
// (relaxed) and then adds to it (relaxed fetch_add). No ordering is requested anywhere.
// Races: every access to v is atomic, and two atomic accesses never race (C11 5.1.2.4p25),
// whatever their memory orders: no race. main's plain read of `seen` (written by T2 only)
// comes after the joins.
// Traces: T1's store goes before, between or after T2's two events on v (the load before the
// RMW): 3 max-configs, no defect.
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --memory-model=sc --races=report %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: summary: 0 defects, 4 max-configs, 0 SSBs
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int v;
static int seen;

static void *storer(void *arg) {
  (void)arg;
  atomic_store_explicit(&v, 5, memory_order_relaxed);
  return NULL;
}

static void *updater(void *arg) {
  (void)arg;
  seen = atomic_load_explicit(&v, memory_order_relaxed);
  atomic_fetch_add_explicit(&v, 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, storer, NULL);
  pthread_create(&t2, NULL, updater, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d, v = %d\n", seen, atomic_load(&v));
  return 0;
}
