// Cutoffs (issue 41) are for sequentially consistent executions: a program with atomics weaker
// than seq_cst is explored under rc11 (docs/memory-models.md), and --cutoffs=on then says it
// goes without them, and the report does not claim them (no `dpu: cutoffs:` line, JSON
// "cutoffs": false). Message passing with release/acquire: 3 traces (the flag read before the
// store, after it: then the data is 1) and no defect.
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --cutoffs=on --format=json %s 2>/dev/null | FileCheck --check-prefix=JSON %s
// CHECK: dpu: warning: --cutoffs=on is for sequentially consistent executions: the program's atomics weaker than seq_cst are explored under rc11, without cutoffs
// CHECK-NOT: dpu: cutoffs:
// CHECK: dpu: summary: 0 defects,
// JSON: "cutoffs": false,
// DIFFTEST: skip
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int data, flag;

static void *writer(void *arg) {
  atomic_store_explicit(&data, 1, memory_order_relaxed);
  atomic_store_explicit(&flag, 1, memory_order_release);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  if (atomic_load_explicit(&flag, memory_order_acquire))
    assert(atomic_load_explicit(&data, memory_order_relaxed) == 1);
  pthread_join(t, 0);
  return 0;
}
