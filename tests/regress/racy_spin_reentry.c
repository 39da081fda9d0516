// Spin regions are left and entered again (passes/spinloops.c): T2 waits twice in a row in
// the same do-while loop, `do r = x; while (r == 5);`, once per iteration of a counting loop.
// The two reads are at one site with no visible operation between them, but the second is the
// first read of a new activation of the spin region (the counting loop left it and came back,
// with k and sum changed), so it is no repeat and does not wait for a write: T1's `x = 1` can
// come before both reads (sum 2), between them (sum 1) or after both (sum 0: the assertion
// fails). 3 traces, with both explorers.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK-NOT: hang
// CHECK: {{^}}dpu: defect 2: assertion failure: s != 0 (at {{.*}}racy_spin_reentry.c:[[#@LINE+34]] in main){{$}}
// CHECK-NOT: hang
// CHECK: {{^}}dpu: traces with defects: 3 of 3 (defect 1 in 3, defect 2 in 1){{$}}
// CHECK: {{^}}dpu: summary: 2 defects, 3 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static _Alignas(8) int x;
static _Alignas(8) int s;

static void *t1(void *a) {
  (void)a;
  x = 1;
  return 0;
}

static void *t2(void *a) {
  (void)a;
  int sum = 0;
  for (int k = 0; k < 2; k++) {
    int r;
    do r = x; while (r == 5);
    sum += r;
  }
  s = sum;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  assert(s != 0);
  return 0;
}
