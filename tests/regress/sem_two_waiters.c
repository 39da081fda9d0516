// Two waiters on one semaphore (initial value 0), a poster that posts twice: which waiter
// takes which post is explored.
// Derivation: events on the semaphore: the posts p1 < p2 (one thread), the waits w1, w2 (one
// each), a wait only when the value is positive: p1 p2 w1 w2, p1 p2 w2 w1, p1 w1 p2 w2,
// p1 w2 p2 w1: 4 max-configs, no defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <semaphore.h>

static sem_t s;

static void *waiter(void *arg) {
  (void)arg;
  sem_wait(&s);
  return NULL;
}

static void *poster(void *arg) {
  (void)arg;
  sem_post(&s);
  sem_post(&s);
  return NULL;
}

int main(void) {
  pthread_t t1, t2, t3;
  sem_init(&s, 0, 0);
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, waiter, NULL);
  pthread_create(&t3, NULL, poster, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  sem_destroy(&s);
  return 0;
}
