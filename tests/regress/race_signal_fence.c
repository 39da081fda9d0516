// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// C11 7.17.4.2p2: atomic_signal_fence orders a thread only against a signal handler in the
// same thread, never two threads (clang: `fence syncscope("singlethread")`).
//
// The program: T1 writes data and stores flag = 1 with memory_order_release; T2 loads flag
// (relaxed) and, if it saw 1, runs atomic_signal_fence(memory_order_acquire) and reads data.
// Races: a release store synchronises with an acquire LOAD that reads it, or with an acquire
// THREAD fence after the relaxed load that reads it (C11 7.17.4p4); a signal fence is neither:
// T1's write and T2's read are unordered when T2 reads data: a race.
// Traces: the store and the load in either order: store first (the load sees 1, T2 reads
// data: the race), load first (it sees 0, no read): 2 max-configs, 1 of 2 with the race. T1
// writes data right after its start, before its store: the write is named first.
// (With atomic_thread_fence instead, as in race_release_acquire.c -DFENCES, there is no race.)
// RUN: %dpu --memory-model=sc --races=report %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: defect 1: data race:
// RC11: dpu: summary: 1 defects, 3 max-configs, 0 SSBs
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_signal_fence.c:[[#@LINE+14]] in producer (T1) and read at {{.*}}race_signal_fence.c:[[#@LINE+23]] in consumer (T2){{$}}
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
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  if (atomic_load_explicit(&flag, memory_order_relaxed)) {
    atomic_signal_fence(memory_order_acquire);
    seen = data;
  }
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
