// Crash in one order only: T1 sets ptr = NULL under m; T2 reads ptr under m, joins T1 (so
// that when it crashes no other thread can move: main is blocked joining T2), then writes
// through the pointer it read. Derivation: 2 orders of the two blocks on m: T1 first ->
// T2 writes through NULL -> SIGSEGV in T2; T2 first -> clean: 2 max-configs, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: crash: SIGSEGV in T2
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int target;
static int *ptr = &target; // protected by m
static pthread_t t1;

static void *worker1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ptr = NULL;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *worker2(void *arg) {
  int *volatile p;
  (void)arg;
  pthread_mutex_lock(&m);
  p = ptr;
  pthread_mutex_unlock(&m);
  pthread_join(t1, NULL);
  *p = 42; // SIGSEGV when worker1 went first
  return NULL;
}

int main(void) {
  pthread_t t2;
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_create(&t2, NULL, worker2, NULL);
  pthread_join(t2, NULL);
  assert(target == 42);
  return 0;
}
