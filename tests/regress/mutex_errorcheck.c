// Errorcheck mutex: T1 locks m, relocks it (EDEADLK, T1 keeps it) and unlocks it (0); T2
// unlocks m without holding it (EPERM, whether T1 holds m at that moment or not, and m stays
// T1's). These are the errors the type exists to return: no defect. The buggy variant
// (-DBUG) is a program that expects the relock to succeed, as with a recursive mutex.
// Derivation: events on m: T1's lock, relock, unlock (in program order; the relock is enabled
// because T1 owns m) and T2's unlock, which never blocks: T2's unlock falls before, between or
// after T1's three events: 4 max-configs. The return codes are the same in all four, so no
// assertion fails; with -DBUG the assertion on the relock's result fails in all four:
// 4 max-configs, all 4 with the defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#define _XOPEN_SOURCE 700 // PTHREAD_MUTEX_ERRORCHECK with -std=c17
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m;
static int relock_rc = -1, unlock_rc = -1, foreign_unlock_rc = -1;

static void *owner(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  relock_rc = pthread_mutex_lock(&m);
  unlock_rc = pthread_mutex_unlock(&m);
  return NULL;
}

static void *intruder(void *arg) {
  (void)arg;
  foreign_unlock_rc = pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_mutexattr_t attr;
  pthread_t t1, t2;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &attr);
  pthread_mutexattr_destroy(&attr);
  pthread_create(&t1, NULL, owner, NULL);
  pthread_create(&t2, NULL, intruder, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(unlock_rc == 0 && foreign_unlock_rc == EPERM);
#ifdef BUG
  // BUG: dpu: defect 1: assertion failure: relock_rc == 0 (at {{.*}}mutex_errorcheck.c:[[@LINE+1]] in main)
  assert(relock_rc == 0);
#else
  assert(relock_rc == EDEADLK);
#endif
  assert(pthread_mutex_destroy(&m) == 0);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 4 of 4 (defect 1 in 4)
// BUG-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
