// A thread exits while holding m; main locks m after creating it.
// Derivation: 2 orders on m: main's block first -> T1 then locks m and exits, main joins:
// clean; T1's lock first -> main blocks forever in lock (T1 has exited): deadlock with only
// main blocked. 2 max-configs, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  return NULL; // still holding m
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // CHECK: dpu: defect 1: deadlock: 1 {{threads?}} blocked: T0 in pthread_mutex_lock at {{.*}}deadlock_exit_holding.c:[[@LINE+1]]{{$}}
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
