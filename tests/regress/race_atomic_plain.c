// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// An atomic and a plain access to the same variable: T1 stores flag with a seq_cst atomic
// store (__atomic_store_n on a plain int), T2 reads flag with a plain load.
// Races: the two conflict (same 4 bytes, one writes), one of them is not atomic, and nothing
// orders them (a plain load synchronises with nothing; create/join order only main's
// accesses): a data race (C11 5.1.2.4p25), however strong the atomic store's ordering.
// Traces: the atomic store is the only event on flag (the plain load is not an event): 1
// max-config, 1 run, the race in it. The atomic store is a visible operation, which dpu
// schedules after the eager ones (starts, exits): T2's plain load, run right after T2's start,
// comes first in the run, and is named first; then T1's "atomic write" (the store's own step).
// RUN: %dpu --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// CHECK: {{^}}dpu: defect 1: data race: read of 4 bytes from 'flag' at {{.*}}race_atomic_plain.c:[[#@LINE+25]] in getter (T2) and atomic write at {{.*}}race_atomic_plain.c:[[#@LINE+19]] in setter (T1){{$}}
// CHECK: {{^}}  #[[T2START:[0-9]+]] {{ *}}T2   start {{.*}}
// CHECK: {{^}}  #[[STORE:[0-9]+]] {{ *}}T1   atomic-store {{ *}}'flag' {{ *}}{{.*}}race_atomic_plain.c:[[#@LINE+17]] setter{{$}}
// CHECK: {{^}}  stack of the read by T2 (after step #[[T2START]]):{{$}}
// CHECK-NEXT: {{^}}    #0 getter at {{.*}}race_atomic_plain.c:[[#@LINE+21]]{{$}}
// CHECK-NEXT: {{^}}  stack of the atomic write by T1 (step #[[STORE]]):{{$}}
// CHECK-NEXT: {{^}}    #0 setter at {{.*}}race_atomic_plain.c:[[#@LINE+13]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'flag' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static int flag;
static int seen; // written by T2 only, read by main after the joins

static void *setter(void *arg) {
  (void)arg;
  __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
  return NULL;
}

static void *getter(void *arg) {
  (void)arg;
  seen = flag;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, setter, NULL);
  pthread_create(&t2, NULL, getter, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
