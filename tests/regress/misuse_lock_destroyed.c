// Misuse: lock of a destroyed mutex (init, lock, unlock, destroy, lock).
// Derivation: main inits m before creating T1; only T1 uses m afterwards: one trace ending
// at the last lock: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_mutex_destroy(&m);
  // CHECK: dpu: defect 1: pthread misuse: pthread_mutex_lock of a destroyed mutex (at {{.*}}misuse_lock_destroyed.c:[[@LINE+1]] in worker)
  pthread_mutex_lock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_mutex_init(&m, NULL);
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
