// Misuse: main detaches itself twice (detaching the main thread is legal, doing it twice is
// not). Derivation: a single thread, so a single trace ending at the second detach:
// 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int main(void) {
  pthread_t self = pthread_self();
  pthread_detach(self);
  // CHECK: dpu: defect 1: pthread misuse: pthread_detach of a detached thread (at {{.*}}misuse_detach_twice.c:[[@LINE+1]] in main)
  pthread_detach(self);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
