// Two threads, each locks and unlocks only its own mutex.
// Derivation: no two events of different threads share an object except create/start and
// exit/join of the same thread, which causality orders anyway: 1 max-config
// (but many interleavings, 251, that dpu must all fold into that one trace).
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static int counts[2];
static int ids[2] = {0, 1};

static void *worker(void *arg) {
  int i = *(int *)arg;
  pthread_mutex_lock(&locks[i]);
  counts[i]++;
  pthread_mutex_unlock(&locks[i]);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(counts[0] == 1 && counts[1] == 1);
  return 0;
}
