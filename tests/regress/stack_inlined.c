// Functions inlined into their callers still get a frame each, from the debug info's record of
// the inlining: the same stack as if they had not been inlined (always_inline inlines even at
// dpu's -O0). Then the same program without debug info: the frames keep their functions' names,
// without lines.
// Derivation: one thread, no choice: 1 max-config, 1 defect.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %clang -S -emit-llvm -O0 -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %dpu %t.ll > %t.nodebug; test $? -eq 1
// RUN: FileCheck --check-prefix=NODEBUG %s < %t.nodebug
// CHECK: dpu: defect 1: assertion failure: depth == 0
// CHECK: {{^}}  stack of T1:{{$}}
// NODEBUG: dpu: defect 1: assertion failure: depth == 0
// NODEBUG: {{^}}  stack of T1:{{$}}
// NODEBUG-NEXT: {{^}}    #0 worker (no line information){{$}}
// NODEBUG-NEXT: {{^}}  stack of T0:{{$}}
// NODEBUG-NEXT: {{^}}    #0 main (no line information){{$}}
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static inline __attribute__((always_inline)) void check_depth(int depth) {
  // CHECK-NEXT: {{^}}    #0 check_depth at {{.*}}stack_inlined.c:[[@LINE+1]]{{$}}
  assert(depth == 0);
}

static inline __attribute__((always_inline)) void descend(int depth) {
  // CHECK-NEXT: {{^}}    #1 descend at {{.*}}stack_inlined.c:[[@LINE+1]]{{$}}
  check_depth(depth + 1);
}

static void *worker(void *arg) {
  (void)arg;
  // CHECK-NEXT: {{^}}    #2 worker at {{.*}}stack_inlined.c:[[@LINE+1]]{{$}}
  descend(0);
  return NULL;
}

// CHECK-NEXT: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // CHECK-NEXT: {{^}}    #0 main at {{.*}}stack_inlined.c:[[@LINE+1]]{{$}}
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NEXT: {{^}}  output: (none)
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
// NODEBUG: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
