// Hang in one order only: T1 sets flag under m; T2 reads flag under m, joins T1 (so nothing
// else can move: main is blocked joining T2), and spins forever on a volatile if it saw the
// flag. Derivation: 2 orders of the two blocks on m: T1 first -> T2 spins without a visible
// operation -> hang after 0.2 s; T2 first -> clean: 2 max-configs, 1 defect.
// RUN: %dpu --run-timeout=0.2 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: hang: T2 ran for more than 0.2 s without a visible operation
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int flag; // protected by m
static volatile int spin = 1; static volatile unsigned long ticks; /* not a spin: see plainspin.c */
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
  if (seen)
    while (spin) { ticks++;
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
