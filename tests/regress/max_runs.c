// --max-runs=2 on a program with more runs (3 threads in a creation chain, one block on m
// each: 3! = 6 max-configs, so at least 6 runs) -> exploration incomplete, exit 3.
// RUN: %dpu --max-runs=2 %s > %t; test $? -eq 3
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, {{[0-2]}} max-configs, 0 SSBs, {{[12]}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ids[3];
static int total; // protected by m

static void *worker(void *arg) {
  int k = *(int *)arg;
  int has_child = k + 1 < 3;
  pthread_t child;
  if (has_child) {
    ids[k + 1] = k + 1;
    pthread_create(&child, NULL, worker, &ids[k + 1]);
  }
  pthread_mutex_lock(&m);
  total++;
  pthread_mutex_unlock(&m);
  if (has_child)
    pthread_join(child, NULL);
  return NULL;
}

int main(void) {
  pthread_t t;
  ids[0] = 0;
  pthread_create(&t, NULL, worker, &ids[0]);
  pthread_join(t, NULL);
  assert(total == 3);
  return 0;
}
