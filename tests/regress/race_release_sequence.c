// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Release sequences as C11/C17 define them (5.1.2.4p10): "a maximal contiguous sub-sequence of
// side effects in the modification order of M, where the first operation is A, and every
// subsequent operation either is performed by the same thread that performed A, or is an
// atomic read-modify-write operation" (C++20 dropped the same-thread stores; dpu compiles C).
//
// The program: T1 writes data, stores flag = 1 (release), then flag = 2 (relaxed); T2 loads
// flag (acquire) and reads data if it saw 2.
// Races: T2 reads data only when its load reads 2, from T1's relaxed store, which is in the
// release sequence headed by T1's release store (same thread, nothing in between in flag's
// modification order): the release store synchronises with the load, T1's write of data
// happens before T2's read: no race, in every trace.
// Traces: T2's load before, between or after T1's two stores: 3 max-configs, no defect.
// RUN: %dpu --memory-model=sc --races=report %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: summary: 0 defects, 6 max-configs, 0 SSBs
// CHECK-NOT: data race
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
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
  atomic_store_explicit(&flag, 2, memory_order_relaxed);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  if (atomic_load_explicit(&flag, memory_order_acquire) == 2)
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
