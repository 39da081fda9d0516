// --stop-on-defect: the lost-update program (6 max-configs, 4 failing, see lost_update.c)
// stops at the first defect: exactly 1 defect is reported and dpu exits 1. How many
// max-configs were explored before it depends on the exploration order, so only the
// defect count is exact here.
// RUN: %dpu --stop-on-defect %s > %t; test $? -eq 1
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
  // CHECK: dpu: defect 1: assertion failure: x == 2 (at {{.*}}stop_on_defect.c:[[@LINE+1]] in main)
  assert(x == 2);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, {{[1-6]}} max-configs, 0 SSBs, {{[0-9]+}} runs
