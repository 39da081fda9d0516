// Misuse: main locks m, then T1 unlocks it (m is owned by T0).
// Derivation: main's lock precedes the create, T1's unlock follows its start, main then
// waits in join: one trace, ending at T1's unlock: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  // CHECK: dpu: defect 1: pthread misuse: pthread_mutex_unlock of a mutex owned by T0 (at {{.*}}misuse_unlock_other_owner.c:[[@LINE+1]] in worker)
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  pthread_mutex_unlock(&m);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
