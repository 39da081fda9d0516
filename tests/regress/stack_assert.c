// Call stacks at an assertion failure three calls deep in a thread: the failing thread's stack
// comes first, innermost frame first, each frame with its function and the line of the call it
// is in (the innermost: the assert itself); then main's, blocked in pthread_join.
// Derivation: one thread, no choice: 1 max-config, 1 defect.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: assertion failure: depth == 0
// CHECK: {{^}}  stack of T1:{{$}}
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static void check_depth(int depth) {
  // CHECK-NEXT: {{^}}    #0 check_depth at {{.*}}stack_assert.c:[[@LINE+1]]{{$}}
  assert(depth == 0);
}

static void descend(int depth) {
  // CHECK-NEXT: {{^}}    #1 descend at {{.*}}stack_assert.c:[[@LINE+1]]{{$}}
  check_depth(depth + 1);
}

static void *worker(void *arg) {
  (void)arg;
  // CHECK-NEXT: {{^}}    #2 worker at {{.*}}stack_assert.c:[[@LINE+1]]{{$}}
  descend(0);
  return NULL;
}

// CHECK-NEXT: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // CHECK-NEXT: {{^}}    #0 main at {{.*}}stack_assert.c:[[@LINE+1]]{{$}}
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NEXT: {{^}}  output: (none)
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
