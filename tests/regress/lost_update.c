// Lost update: each of 2 threads reads x under m (block R), then writes x = tmp + 1 under m
// (block W). Derivation: a trace = an interleaving of R1 W1 with R2 W2 on m = C(4,2) = 6.
// x == 2 holds only when one thread's W precedes the other's R (R1 W1 R2 W2, R2 W2 R1 W1);
// the other 4 orders (both reads before both writes) lose an update:
// 6 max-configs, 4 of them fail the same assert in main: one defect, found in 4 traces.
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  int tmp;
  (void)arg;
  pthread_mutex_lock(&m);
  tmp = x;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x = tmp + 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  // CHECK: dpu: defect 1: assertion failure: x == 2 (at {{.*}}lost_update.c:[[@LINE+1]] in main)
  assert(x == 2);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 4 of 6 (defect 1 in 4){{$}}
// CHECK-NEXT: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
