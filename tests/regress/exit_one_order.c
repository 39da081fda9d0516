// exit(3) in one order only: T1 sets flag under m; T2 reads flag under m, joins T1 (so
// nothing else can move: main is blocked joining T2), then calls exit(3) if it saw the flag.
// Derivation: 2 orders of the two blocks on m: T1 first -> exit(3) in worker2 (a non-zero
// exit defect); T2 first -> clean, main returns 0: 2 max-configs, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int flag; // protected by m
static pthread_t t1;

static void *worker1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *worker2(void *arg) {
  int seen;
  (void)arg;
  pthread_mutex_lock(&m);
  seen = flag;
  pthread_mutex_unlock(&m);
  pthread_join(t1, NULL);
  if (seen) {
    // CHECK: dpu: defect 1: non-zero exit: exit(3) (at {{.*}}exit_one_order.c:[[@LINE+1]] in worker2)
    exit(3);
  }
  return NULL;
}

int main(void) {
  pthread_t t2;
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_create(&t2, NULL, worker2, NULL);
  pthread_join(t2, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
