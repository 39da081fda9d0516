// main calls pthread_exit while its workers still run; the process ends (status 0) when the
// last thread exits. T1 joins T2 and the main thread itself, so T1 is always the last thread.
// Derivation: blocks on m: main's and T2's in either order, T1's after both (it joined
// them): 2 max-configs, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_t main_thread;
static pthread_t t2;
static int n; // protected by m

static void *worker2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *worker1(void *arg) {
  (void)arg;
  pthread_join(main_thread, NULL);
  pthread_join(t2, NULL);
  pthread_mutex_lock(&m);
  assert(n == 2);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1;
  main_thread = pthread_self();
  pthread_create(&t2, NULL, worker2, NULL);
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  pthread_exit(NULL);
}
