// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Message passing through a release/acquire flag: T1 writes data, then stores flag = 1 with
// memory_order_release; T2 loads flag with memory_order_acquire and, if it saw non-zero, reads
// data.
// Races: when T2's acquire load reads the value of T1's release store, the store synchronises
// with the load (C11 5.1.2.4p11): T1's write -> store -> load -> T2's read: no race. When the
// load reads 0, T2 does not read data.
// Traces: the store and the load in either order: 2 max-configs, no defect.
// -DFENCES: the same with relaxed atomics and fences: T1 runs a release fence before its
// relaxed store, T2 an acquire fence after its relaxed load (and before reading data); the
// release fence synchronises with the acquire fence when the load reads the store's value
// (C11 7.17.4p2): no race; 2 max-configs.
// -DRMW: a release sequence. T3 increments flag (relaxed fetch_add), T2 reads data if its
// acquire load sees non-zero. The three events on flag (S: T1's store, R: T3's RMW, L: T2's
// load) in 3! = 6 orders: S R L: L reads 2 from R, an RMW, which continues the release
// sequence headed by S (C11 5.1.2.4p10): S synchronises with L, no race; R S L and S L R: L
// reads 1 from S: no race; L S R and L R S: L reads 0, no read of data; R L S: L reads 1 from
// R, which is not in a release sequence of S (S comes after it) and is not a release itself:
// T1's write of data and T2's read race. 6 max-configs, the race in 1 of them. T1 writes data
// right after its start (run eagerly), before every event on flag: the write is named first.
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --memory-model=sc --races=report %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --memory-model=sc --races=report --por=none -DFENCES %s > %t.fences.none; test $? -eq 0
// RUN: FileCheck %s < %t.fences.none
// RUN: %dpu --memory-model=sc --races=report -DFENCES %s > %t.fences.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.fences.qpor
// RUN: %dpu --memory-model=sc --races=report --por=none -DRMW %s > %t.rmw.none; test $? -eq 1
// RUN: FileCheck --check-prefix=RMW %s < %t.rmw.none
// RUN: %dpu --memory-model=sc --races=report -DRMW %s > %t.rmw.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=RMW %s < %t.rmw.qpor
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// RMW: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_release_acquire.c:[[#@LINE+14]] in producer (T1) and read at {{.*}}race_release_acquire.c:[[#@LINE+33]] in consumer (T2){{$}}
// RMW-NOT: dpu: defect
// RMW: {{^}}dpu: traces with defects: 1 of 6 (defect 1 in 1){{$}}
// RMW-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static int data;
static atomic_int flag;
static int seen = -1; // written by T2 only, read by main after the joins

static void *producer(void *arg) {
  (void)arg;
  data = 42;
#ifdef FENCES
  atomic_thread_fence(memory_order_release);
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
#else
  atomic_store_explicit(&flag, 1, memory_order_release);
#endif
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
#ifdef FENCES
  if (atomic_load_explicit(&flag, memory_order_relaxed)) {
    atomic_thread_fence(memory_order_acquire);
    seen = data;
  }
#else
  if (atomic_load_explicit(&flag, memory_order_acquire))
    seen = data;
#endif
  return NULL;
}

#ifdef RMW
static void *incrementer(void *arg) {
  (void)arg;
  atomic_fetch_add_explicit(&flag, 1, memory_order_relaxed);
  return NULL;
}
#endif

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, producer, NULL);
  pthread_create(&t2, NULL, consumer, NULL);
#ifdef RMW
  pthread_t t3;
  pthread_create(&t3, NULL, incrementer, NULL);
  pthread_join(t3, NULL);
#endif
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
