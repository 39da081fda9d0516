// Lock-order inversion: T1 locks a then b, T2 locks b then a.
// Derivation: T1 gets both first (a: T1,T2; b: T1,T2), T2 gets both first (a: T2,T1;
// b: T2,T1), or T1 holds a while T2 holds b -> deadlock (one trace: main is blocked in its
// first join, T1 in lock(b), T2 in lock(a)): 3 max-configs, 1 defect.
// main is written first so the CHECK lines below appear in the order of the message.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static void *worker1(void *arg);
static void *worker2(void *arg);

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_create(&t2, NULL, worker2, NULL);
  // CHECK: dpu: defect 1: deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}lock_order_inversion.c:[[@LINE+1]],
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

static void *worker1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&a);
  // CHECK-SAME: T1 in pthread_mutex_lock at {{.*}}lock_order_inversion.c:[[@LINE+1]],
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return NULL;
}

static void *worker2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&b);
  // CHECK-SAME: T2 in pthread_mutex_lock at {{.*}}lock_order_inversion.c:[[@LINE+1]]{{$}}
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return NULL;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
