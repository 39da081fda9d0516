// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by pthread_create and pthread_join: main writes data, creates T1 (which
// adds 10), joins it, then creates T2 (which doubles data), joins it and reads data.
// Happens-before: main's `data = 1` -> create(T1) -> T1's start -> T1's `data += 10` ->
// T1's exit -> join(T1) -> create(T2) -> T2's start -> T2's `data *= 2` -> T2's exit ->
// join(T2) -> main's read: every pair of accesses to data is ordered: no race, data == 22.
// Traces: only thread events, none in conflict: 1 max-config, 1 run, no defect.
// With -DBUG main joins T1 only after creating T2: T1's body and T2's body are then ordered by
// nothing (T1's exit -> join(T1) now comes after create(T2)): T1's `data += 10` (load, store)
// and T2's `data *= 2` (load, store) race: one pair of sites (first's line, second's line),
// ONE defect, in the 1 trace (1 max-config). main's accesses stay ordered (before the creates,
// after the joins). dpu runs T1's body first (right after its start): of the racing pairs of
// the run (one digest), the report shows the first with the most writes: T1's store and
// T2's store.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report -DBUG %s > %t.bug; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// CHECK-NOT: data race
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | data = 22{{$}}
// CHECK-NOT: dpu: defect
// CHECK-NOT: data race
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
// BUG: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_create_join.c:[[#@LINE+12]] in first (T1) and write at {{.*}}race_create_join.c:[[#@LINE+18]] in second (T2){{$}}
// BUG: {{^}}  memory: 'data' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// BUG-NOT: dpu: defect
// BUG: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// BUG-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>
#include <stdio.h>

static int data;

static void *first(void *arg) {
  (void)arg;
  data += 10;
  return NULL;
}

static void *second(void *arg) {
  (void)arg;
  data *= 2;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  data = 1;
  pthread_create(&t1, NULL, first, NULL);
#ifndef BUG
  pthread_join(t1, NULL);
#endif
  pthread_create(&t2, NULL, second, NULL);
#ifdef BUG
  pthread_join(t1, NULL);
#endif
  pthread_join(t2, NULL);
  printf("data = %d\n", data);
  return 0;
}
