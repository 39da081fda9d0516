// A spin loop that reads through a helper function, `while (!ready());` with
// `static int ready(void) { return flag; }`: the helper has no loop and no effect, so the loop
// is a spin region (passes/spinloops.c) and the helper's load of 'flag' a read of it. The
// reader's first read of flag comes before the writer's `flag = 1` (it reads 0 and then waits
// for a write to flag instead of looping) or after it: 2 traces, no hang, and the assertion
// holds in both (data is written before flag).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK-NOT: hang
// CHECK-NOT: assertion
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2, defect 2 in 2){{$}}
// CHECK: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static _Alignas(8) int flag;
static _Alignas(8) int data;

static int ready(void) { return flag; }

static void *writer(void *a) {
  (void)a;
  data = 42;
  flag = 1;
  return 0;
}

static void *reader(void *a) {
  (void)a;
  while (!ready()) {
  }
  assert(data == 42);
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, writer, 0);
  pthread_create(&h2, 0, reader, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
