// Waiting on one condition variable with two different mutexes at the same time is a misuse
// (POSIX: undefined). T1 waits on c with m1 until `go`; T2 holds m2, checks under m1 whether
// T1 is already waiting, and if so waits on c with m2; main, after joining T2, sets go under
// m1 and signals.
// Derivation: events on m1 in order of the first critical sections of T1 and T2.
// T2's first: T2 sees waiting == 0 and does not wait; then main's critical section (after
// its join of T2) and T1's come in either order (main first: the signal is lost and T1 sees
// go; T1 first: T1 waits and main's signal wakes it): 2 traces, no defect.
// T1's first: T1 sets waiting, waits (COND_WAIT on c with m1, unlock of m1); T2 then gets m1,
// sees waiting, and its COND_WAIT on c with m2 is the misuse (T1 waits to be woken, main
// waits in its join of T2: nothing else could move): 1 trace, 1 defect.
// 3 max-configs, 1 defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, go; // protected by m1

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m1);
  waiting = 1;
  while (!go)
    pthread_cond_wait(&c, &m1);
  pthread_mutex_unlock(&m1);
  return NULL;
}

static void *other_waiter(void *arg) {
  int w;
  (void)arg;
  pthread_mutex_lock(&m2);
  pthread_mutex_lock(&m1);
  w = waiting;
  pthread_mutex_unlock(&m1);
  if (w)
    // CHECK: dpu: defect 1: pthread misuse: pthread_cond_wait {{.*}}(at {{.*}}cond_two_mutexes.c:[[@LINE+1]] in other_waiter)
    pthread_cond_wait(&c, &m2);
  pthread_mutex_unlock(&m2);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, other_waiter, NULL);
  pthread_join(t2, NULL);
  pthread_mutex_lock(&m1);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m1);
  pthread_join(t1, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 1 of 3 (defect 1 in 1)
// CHECK-NEXT: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
