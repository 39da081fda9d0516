// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Message passing through a RELAXED atomic flag: T1 writes data, then stores flag = 1
// (relaxed); T2 loads flag (relaxed) and, if it saw 1, reads data.
// Races: a relaxed store is not a release and a relaxed load not an acquire: the load reading
// 1 does not make T1's store synchronise with it (C11 5.1.2.4p11), so nothing orders T1's
// write of data before T2's read: a data race whenever T2 reads data.
// Traces: the two events on flag in either order: store then load (the load sees 1, T2 reads
// data: the race) or load then store (the load sees 0, T2 does not read data: no race):
// 2 max-configs, traces with defects 1 of 2. T1 writes data right after its start (run
// eagerly), before the store; T2 reads after its load: the write is named first.
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --memory-model=sc --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: defect 1: data race:
// RC11: dpu: summary: 1 defects, 3 max-configs, 0 SSBs
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_relaxed_flag.c:[[#@LINE+21]] in producer (T1) and read at {{.*}}race_relaxed_flag.c:[[#@LINE+29]] in consumer (T2){{$}}
// CHECK: {{^}}  #[[T1START:[0-9]+]] {{ *}}T1   start {{.*}}
// CHECK: {{^}}  #[[LOAD:[0-9]+]] {{ *}}T2   atomic-load {{ *}}'flag' {{ *}}{{.*}}race_relaxed_flag.c:[[#@LINE+26]] consumer{{$}}
// CHECK: {{^}}  stack of the write by T1 (after step #[[T1START]]):{{$}}
// CHECK-NEXT: {{^}}    #0 producer at {{.*}}race_relaxed_flag.c:[[#@LINE+17]]{{$}}
// CHECK-NEXT: {{^}}  stack of the read by T2 (after step #[[LOAD]]):{{$}}
// CHECK-NEXT: {{^}}    #0 consumer at {{.*}}race_relaxed_flag.c:[[#@LINE+23]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'data' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static int data;
static atomic_int flag;
static int seen = -1; // written by T2 only, read by main after the joins

static void *producer(void *arg) {
  (void)arg;
  data = 42;
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  if (atomic_load_explicit(&flag, memory_order_relaxed))
    seen = data;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, producer, NULL);
  pthread_create(&t2, NULL, consumer, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
