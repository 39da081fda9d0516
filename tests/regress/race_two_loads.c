// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A write before one atomic load and a read after another load of the same flag: T1 writes
// data and then loads flag (seq_cst); T2 loads flag (seq_cst) and then reads data. flag is
// never written after its initialisation.
// Races: a load is not a release: no synchronises-with edge can start at T1's load (C11
// 5.1.2.4p11 needs a release store or RMW, read by an acquire), even when it comes before
// T2's load in the total order of seq_cst operations (that order constrains the values read,
// it does not create happens-before). T1's write and T2's read are unordered: a race, in
// every trace.
// Traces: the two loads on flag commute (two reads of one location are independent): 1
// max-config, with the race. T1 writes data right after its start (run eagerly), T2 reads
// after its load: the write is named first.
// -DXCHG: T1's access is an atomic_exchange(&flag, 1) with memory_order_acquire and T2 reads
// data only if its acquire load sees 1. An acquire RMW is not a release: T2's load reading the
// exchange's 1 does not synchronise with it. Traces: exchange then load (the load sees 1, T2
// reads data: race), load then exchange (sees 0, no read): 2 max-configs, 1 of 2 with the race.
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --memory-model=sc --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --memory-model=sc --races=report --por=none -DXCHG %s > %t.xchg.none; test $? -eq 1
// RUN: FileCheck --check-prefix=XCHG %s < %t.xchg.none
// RUN: %dpu --memory-model=sc --races=report -DXCHG %s > %t.xchg.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=XCHG %s < %t.xchg.qpor
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: defect 1: data race:
// RC11: dpu: summary: 1 defects, 1 max-configs, 0 SSBs
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_two_loads.c:[[#@LINE+18]] in first (T1) and read at {{.*}}race_two_loads.c:[[#@LINE+34]] in second (T2){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// XCHG: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_two_loads.c:[[#@LINE+14]] in first (T1) and read at {{.*}}race_two_loads.c:[[#@LINE+30]] in second (T2){{$}}
// XCHG-NOT: dpu: defect
// XCHG: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// XCHG-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static int data;
static atomic_int flag;
static int seen = -1; // written by T2 only, read by main after the joins

static void *first(void *arg) {
  (void)arg;
  data = 1;
#ifdef XCHG
  atomic_exchange_explicit(&flag, 1, memory_order_acquire);
#else
  (void)atomic_load(&flag);
#endif
  return NULL;
}

static void *second(void *arg) {
  (void)arg;
#ifdef XCHG
  if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
#else
  (void)atomic_load(&flag);
#endif
    seen = data;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, first, NULL);
  pthread_create(&t2, NULL, second, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
