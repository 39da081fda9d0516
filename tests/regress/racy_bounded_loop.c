// A bounded loop that reads a racing plain variable twice at one place,
// `for (i = 0; i < 2; i++) v = v + x;`, is no spin loop (i and v change): both its reads are
// explored against T1's `x = 1` at each of the 3 places the write can take, including before
// neither read (v == 0: the assertion fails). Before passes/spinloops.c the spin-loop rule
// applied to every repeated read at one site: the second read waited for the write, that order
// was lost and the runs where both reads came after the write ended as a false `hang`.
// Found by tests/gen/genracy.py (a helper's reproducer, minimised).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK-NOT: hang
// CHECK: assertion failure: r2 != 0
// CHECK: traces with defects: 3 of 3
// CHECK: summary: 2 defects, 3 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>

static _Alignas(8) int x;
static _Alignas(8) int r2;

static void *t1(void *arg) {
  (void)arg;
  x = 1;
  return 0;
}

static void *t2(void *arg) {
  (void)arg;
  int v = 0;
  for (int i = 0; i < 2; i++)
    v = v + x;
  r2 = v;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  assert(r2 != 0);
  return 0;
}
