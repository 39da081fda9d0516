// Misuse: main joins a pthread_t value that no pthread_create ever returned.
// Derivation: a single thread, so a single trace ending at the join: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_t bogus = (pthread_t)12345;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  // CHECK: dpu: defect 1: pthread misuse: pthread_join of an unknown thread (at {{.*}}misuse_join_unknown.c:[[@LINE+1]] in main)
  pthread_join(bogus, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
