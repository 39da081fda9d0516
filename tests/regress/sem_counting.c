// A counting semaphore hands items from a producer to a consumer: T1 posts twice, T2 waits
// twice (the buggy variant, -DBUG, waits three times: one more item than will ever come).
// Derivation: events on the semaphore s (initial value 0): T1's posts p1 p2, T2's waits w1
// w2 (w3), a wait enabled only when the value is positive. Orders with p1 < p2, w1 < w2 and
// never more waits than posts so far: p1 p2 w1 w2 and p1 w1 p2 w2: 2 max-configs, no defect.
// With -DBUG, the same two orders, then T2 blocks in its third sem_wait forever (main in its
// join of T2): 2 max-configs, both with the deadlock.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#ifdef BUG
#define TAKES 3
#else
#define TAKES 2
#endif

static sem_t items;
static int slot[3];  // slot i written by T1 before its i-th post
static int taken[3]; // written by T2 after its waits, read by main after the joins
static void *producer(void *arg);
static void *consumer(void *arg);

int main(void) {
  pthread_t t1, t2;
  sem_init(&items, 0, 0);
  pthread_create(&t1, NULL, producer, NULL);
  pthread_create(&t2, NULL, consumer, NULL);
  pthread_join(t1, NULL);
  // BUG: dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}sem_counting.c:[[@LINE+1]], T2 in sem_wait at {{.*}}sem_counting.c:[[@LINE+19]]{{$}}
  pthread_join(t2, NULL);
  assert(taken[0] == 10 && taken[1] == 20);
  sem_destroy(&items);
  return 0;
}

static void *producer(void *arg) {
  (void)arg;
  for (int i = 0; i < 2; i++) {
    slot[i] = 10 * (i + 1);
    sem_post(&items);
  }
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  for (int i = 0; i < TAKES; i++) {
    sem_wait(&items);
    taken[i] = slot[i];
  }
  return NULL;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 2 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
