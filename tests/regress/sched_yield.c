// sched_yield is not a visible operation: it neither adds interleavings nor is rejected. T1
// and T2 each run two critical sections on m, calling sched_yield before, between and after
// them.
// Derivation: the four critical sections on m (each thread's first before its second):
// 4!/(2!2!) = 6 max-configs, the same as without sched_yield; x == 4 in all.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x; // protected by m

static void *worker(void *arg) {
  (void)arg;
  sched_yield();
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  for (int i = 0; i < 3; i++)
    sched_yield();
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  sched_yield();
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(x == 4);
  return 0;
}
