// Condition variable handoff: T1 waits under m until `ready`, T2 sets it and signals. The
// buggy variant (-DBUG) waits without checking the predicate: a lost wakeup.
// Model: pthread_cond_wait(c, m) is four events: COND_WAIT on c (enter the wait set), unlock
// of m, COND_RESUME on c (enabled once a signal chose this thread), lock of m. A signal is an
// event on c that wakes one waiter, or nobody (lost) when the wait set is empty.
// Derivation: the order of the two first critical sections on m decides everything.
// T2 first: it sets ready, its signal is lost, T1 then finds ready set and does not wait.
// T1 first: T1 waits (COND_WAIT, unlock), T2 locks, signals (waking T1), unlocks, T1 resumes
// and relocks: the events on c (wait, signal, resume) and on m are then in a fixed order.
// 2 max-configs, no defect. With -DBUG, T2 first: the signal is lost and T1 waits forever,
// with main in its join of T1: deadlock; T1 first: as before: 2 max-configs, 1 defect.
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
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready; // protected by m
static void *waiter(void *arg);
static void *signaller(void *arg);

// main comes first so that the lines of the deadlock message are checked in their order.
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, signaller, NULL);
  // BUG: dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}cond_handoff.c:[[@LINE+1]],
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
#ifdef BUG
  // BUG-SAME: T1 in pthread_cond_wait at {{.*}}cond_handoff.c:[[@LINE+1]]{{$}}
  pthread_cond_wait(&c, &m);
#else
  while (!ready)
    pthread_cond_wait(&c, &m);
#endif
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *signaller(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
