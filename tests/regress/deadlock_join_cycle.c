// Join cycle: T1 joins T2 and T2 joins T1 (handles passed through globals, published under
// m, which main holds while creating both threads); main joins T1.
// Derivation: main's block on m comes first; T1's and T2's blocks follow in either order; then
// every thread is blocked in pthread_join: 2 max-configs, both with the same deadlock:
// reported once, found in 2 traces.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_t t1, t2; // written by main while holding m
static void *worker1(void *arg);
static void *worker2(void *arg);

int main(void) {
  pthread_mutex_lock(&m);
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_create(&t2, NULL, worker2, NULL);
  pthread_mutex_unlock(&m);
  // CHECK: dpu: defect 1: deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}deadlock_join_cycle.c:[[@LINE+2]], T1 in pthread_join at {{.*}}deadlock_join_cycle.c:[[@LINE+12]], T2 in pthread_join at {{.*}}deadlock_join_cycle.c:[[@LINE+22]]{{$}}
  // (the three offsets point at the lines marked "join of main/worker1/worker2" below)
  pthread_join(t1, NULL); // join of main
  return 0;
}

static void *worker1(void *arg) {
  pthread_t other;
  (void)arg;
  pthread_mutex_lock(&m);
  other = t2;
  pthread_mutex_unlock(&m);
  pthread_join(other, NULL); // join of worker1
  return NULL;
}

static void *worker2(void *arg) {
  pthread_t other;
  (void)arg;
  pthread_mutex_lock(&m);
  other = t1;
  pthread_mutex_unlock(&m);
  pthread_join(other, NULL); // join of worker2
  return NULL;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
