// A pthread_t passed through a global and joined by another thread; pthread_self and
// pthread_equal (not visible). T2 joins T1 (handle in global t1), then checks under m what
// T1 stored under m. Derivation: blocks on m: T1's, T2's (after its join of T1, so T1 < T2),
// and main's, which can go before, between or after them: 3 max-configs, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_t main_self;
static pthread_t t1;      // written by main before worker2 is created
static pthread_t t1_self; // written by worker1 under m
static int t1_done;       // protected by m
static int marker;

static void *worker1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  t1_self = pthread_self();
  t1_done = 1;
  pthread_mutex_unlock(&m);
  return &marker;
}

static void *worker2(void *arg) {
  void *ret = NULL;
  (void)arg;
  pthread_join(t1, &ret);
  assert(ret == &marker);
  pthread_mutex_lock(&m);
  assert(t1_done == 1);
  assert(pthread_equal(t1_self, t1));
  assert(!pthread_equal(pthread_self(), t1));
  assert(!pthread_equal(pthread_self(), main_self));
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t2;
  main_self = pthread_self();
  pthread_create(&t1, NULL, worker1, NULL);
  pthread_create(&t2, NULL, worker2, NULL);
  pthread_mutex_lock(&m);
  assert(pthread_equal(pthread_self(), main_self));
  assert(!pthread_equal(t1, t2));
  pthread_mutex_unlock(&m);
  pthread_join(t2, NULL);
  return 0;
}
