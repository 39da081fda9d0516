// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A counter shared through C11 atomics: T1 and T2 each run atomic_fetch_add(&count, 1) twice;
// main reads count after the joins, atomically and also through a plain int pointer.
// Races: two atomic accesses never race (C11 5.1.2.4p25 needs one of them non-atomic), so the
// four fetch_adds race with nothing; main's plain read comes after both threads' exits
// (exit -> join), so it is ordered after every fetch_add: no race. count == 4.
// Traces: the four RMWs on count, two per thread in program order: 4!/(2!2!) = 6 orders, 6
// max-configs, no defect.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | count = 4 4{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int count;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 2; i++)
    atomic_fetch_add(&count, 1);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int plain = *(int *)&count;
  printf("count = %d %d\n", atomic_load(&count), plain);
  return 0;
}
