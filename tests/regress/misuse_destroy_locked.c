// Misuse: a thread destroys a mutex it holds locked.
// Derivation: main inits m before creating T1; only T1 uses m afterwards: one trace ending
// at the destroy: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  // CHECK: dpu: defect 1: pthread misuse: pthread_mutex_destroy of a locked mutex (at {{.*}}misuse_destroy_locked.c:[[@LINE+1]] in worker)
  pthread_mutex_destroy(&m);
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
