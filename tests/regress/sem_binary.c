// A semaphore initialised to 1 is a mutex: T1 and T2 each sem_wait, enter (inside++ under m,
// noting a collision if someone else is inside), leave (inside-- under m), sem_post. Main
// checks sem_getvalue and destroys the semaphore at the end. The buggy variant (-DBUG)
// initialises the semaphore to 2, so both threads can be inside at once.
// Model: sem_init, sem_wait (enabled when the value is positive), sem_post, sem_getvalue and
// sem_destroy are events on the semaphore, all dependent.
// Derivation: correct: each thread's wait .. post excludes the other's (the value is 0 in
// between), so the orders on the semaphore and on m follow from which thread waits first:
// 2 max-configs, no collision. Buggy: sem_wait never blocks; the four semaphore events (wait
// before post in each thread) come in 6 orders; when the two sections are disjoint (2 orders)
// the four critical sections on m follow (1 way each); when they overlap (4 orders: both waits
// first) the enter/leave sections on m (enter before leave in each thread) can come in any of
// their 6 orders, and a collision is noted in the 4 of them where both enter before either
// leaves: 2 + 4 x 6 = 26 max-configs, 4 x 4 = 16 traces with the defect at main's
// assertion.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --no-symmetry -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#ifdef BUG
#define INITIAL 2
#else
#define INITIAL 1
#endif

static sem_t s;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int inside, collision; // protected by m

static void *worker(void *arg) {
  (void)arg;
  sem_wait(&s);
  pthread_mutex_lock(&m);
  if (++inside > 1)
    collision = 1;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  inside--;
  pthread_mutex_unlock(&m);
  sem_post(&s);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  int value = -1;
  sem_init(&s, 0, INITIAL);
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  // BUG: dpu: defect 1: assertion failure: !collision (at {{.*}}sem_binary.c:[[@LINE+1]] in main)
  assert(!collision);
  sem_getvalue(&s, &value);
  assert(value == INITIAL);
  sem_destroy(&s);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 16 of 26 (defect 1 in 16)
// BUG-NEXT: dpu: summary: 1 defects, 26 max-configs, 0 SSBs, {{[0-9]+}} runs
