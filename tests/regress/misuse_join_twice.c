// Misuse: main joins the same thread twice.
// Derivation: T1 alone uses m; main's first join follows T1's exit: one trace, ending at the
// second join: 1 max-config, 1 defect.
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
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  // CHECK: dpu: defect 1: pthread misuse: pthread_join of an already joined thread (at {{.*}}misuse_join_twice.c:[[@LINE+1]] in main)
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
