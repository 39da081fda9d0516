// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by a mutex: T1, T2 and T3 each increment counter inside m's critical
// section; main reads it after the joins.
// Happens-before: each unlock of m -> the next lock of m, so of any two critical sections the
// first one's accesses happen before the second one's: no two increments race; main's read
// comes after every exit (join). No race, counter == 3.
// Traces: the three lock/unlock pairs on m follow each other in one of 3! = 6 orders (a
// section has no other event of m inside): 6 max-configs, no defect.
// With -DBUG T3 increments without the lock: its `counter++` is ordered with nobody's (T3
// never acquires m, and nothing else links it to T1 or T2): it races with T1's and T2's
// increments, all at the one site `counter++` in worker: ONE defect. Traces: the sections of
// T1 and T2 on m in 2 orders: 2 max-configs, the race in both (2 of 2). In dpu's runs T3
// increments first (a thread's code runs up to its next visible operation, and T3's next one,
// its exit, is run eagerly, before the locks): the first access named is T3's store; of the
// racing pairs (one digest) the report shows the first with the most writes: the second
// access is the store of the first locked increment (T1's or T2's, whichever trace dpu
// explores first).
// RUN: %dpu -j 1 --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu -j 1 --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu -j 1 --races=report --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -j 1 --races=report -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | counter = 3{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUG: {{^}}dpu: defect 1: data race: write of 4 bytes to 'counter' at {{.*}}race_mutex.c:[[#@LINE+14]] in worker (T3) and write at {{.*}}race_mutex.c:[[#@LINE+14]] in worker (T{{[12]}}){{$}}
// BUG-NOT: dpu: defect
// BUG: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// BUG-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg) {
  int locked = *(int *)arg;
  if (locked)
    pthread_mutex_lock(&m);
  counter++;
  if (locked)
    pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
#ifdef BUG
  static int locked[3] = {1, 1, 0};
#else
  static int locked[3] = {1, 1, 1};
#endif
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, worker, &locked[i]);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  printf("counter = %d\n", counter);
  return 0;
}
