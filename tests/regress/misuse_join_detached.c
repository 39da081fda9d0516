// Misuse: main joins a thread that detached itself.
// Derivation: T1's detach precedes its exit (program order) and a join is enabled only once
// its target has exited, so main's join always comes after T1's detach and exit: one trace,
// ending at the join: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static void *worker(void *arg) {
  (void)arg;
  pthread_detach(pthread_self());
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // CHECK: dpu: defect 1: pthread misuse: pthread_join of a detached thread (at {{.*}}misuse_join_detached.c:[[@LINE+1]] in main)
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
