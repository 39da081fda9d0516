// Two C files linked into one program; the assertion in this file fails when the count is not
// 3. Three critical sections (main's and two workers') on the mutex of the other file: 3! = 6
// traces; the assertion checks the linked state and never fails.
// RUN: %dpu --no-symmetry %s %S/Inputs/worker_lib.c > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
// The same program from textual IR and bitcode (clang output) gives the same verdict.
// RUN: %clang -S -emit-llvm -g -o %t.ll %s
// RUN: %clang -c -emit-llvm -g -o %t.bc %S/Inputs/worker_lib.c
// RUN: %dpu --no-symmetry %t.ll %t.bc | FileCheck %s
// Textual IR after a C file: the C file's compile in dpu's process must leave the context
// able to read it (it kept clang's discarding of value names, and the IR parser refused it).
// RUN: %clang -S -emit-llvm -g -o %t.lib.ll %S/Inputs/worker_lib.c
// RUN: %dpu --no-symmetry %s %t.lib.ll | FileCheck %s
#include <assert.h>
#include <pthread.h>

extern pthread_mutex_t shared_lock;
extern int shared_count;
void *worker(void *arg);

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_mutex_lock(&shared_lock);
  shared_count++;
  pthread_mutex_unlock(&shared_lock);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(shared_count == 3);
  return 0;
}
