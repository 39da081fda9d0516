// Misuse: a thread unlocks a mutex twice (the second unlock finds it not locked).
// Derivation: only T1 touches m and main just creates and joins T1, so there is one trace,
// ending at the bad unlock: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  // CHECK: dpu: defect 1: pthread misuse: pthread_mutex_unlock of a mutex that is not locked (at {{.*}}misuse_unlock_not_locked.c:[[@LINE+1]] in worker)
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
