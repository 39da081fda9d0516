// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by a barrier: T1 and T2 each write their slot, wait at the barrier (count
// 2), then read the other's slot.
// Happens-before: every arrival of a round -> every thread leaving it, the last to arrive
// (which returns at once, with PTHREAD_BARRIER_SERIAL_THREAD) included (POSIX XBD 4.12:
// pthread_barrier_wait synchronizes memory). Each write comes before its thread's arrival,
// each read after its thread's return from the wait: no race, whichever arrives last.
// Traces: T1 or T2 arrives first; the other's arrival completes the round and the first one
// leaves: 2 max-configs, no defect.
// With -DBUG each thread reads the other's slot BEFORE the barrier: T1's write of slot[0] and
// T2's read of it, T2's write of slot[1] and T1's read of it are unordered: races, both
// between the write site and the read site of worker: ONE defect, in both traces (2 of 2).
// Each thread runs its code before the barrier right after its start (run eagerly, T1's
// first): T1 writes slot[0] and reads slot[1], then T2 writes slot[1] (racing with T1's read:
// the first race of the run, named with T1's read first) and reads slot[0]. Memory: 'slot[1]'.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --races=report -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | seen = 2 1{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUG: {{^}}dpu: defect 1: data race: read of 4 bytes from 'slot[1]' at {{.*}}race_barrier.c:[[#@LINE+16]] in worker (T1) and write at {{.*}}race_barrier.c:[[#@LINE+14]] in worker (T2){{$}}
// BUG: {{^}}  memory: 'slot[1]' (in a global of 8 bytes) at {{0x[0-9a-f]+}}{{$}}
// BUG-NOT: dpu: defect
// BUG: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// BUG-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_barrier_t bar;
static int slot[2]; // slot[i] written by thread i
static int seen[2]; // seen[i] written by thread i, read by main after the joins

static void *worker(void *arg) {
  int i = *(int *)arg;
  slot[i] = i + 1;
#ifdef BUG
  seen[i] = slot[1 - i];
  pthread_barrier_wait(&bar);
#else
  pthread_barrier_wait(&bar);
  seen[i] = slot[1 - i];
#endif
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  pthread_barrier_init(&bar, NULL, 2);
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d %d\n", seen[0], seen[1]);
  pthread_barrier_destroy(&bar);
  return 0;
}
