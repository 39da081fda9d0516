// pthread_mutex_timedlock never blocks in dpu's model: it acquires the mutex, or times out
// (ETIMEDOUT) if another thread holds it, and which one follows from the order of events.
// T1 holds m for one critical section (g = 1); T2 timedlocks m and, if it got it, sets g = 2.
// The buggy variant (-DBUG) asserts that the timedlock never times out.
// Derivation: events on m: T1's lock L and unlock U; T2's timedlock TL (and its unlock when
// it acquired). TL before L: acquired (T1's lock then waits for T2's unlock), g ends 1;
// TL between L and U: ETIMEDOUT, g ends 1; TL after U: acquired, g ends 2: 3 max-configs,
// one per printed outcome; with -DBUG the middle one fails: 3 max-configs, 1 defect.
// RUN: %dpu --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: grep '^  | ' %t.none | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=OUT %s
// RUN: %dpu --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: grep '^  | ' %t.qpor | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=OUT %s
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
// OUT: {{^ *}}1 | timedlock: ETIMEDOUT, g = 1{{$}}
// OUT-NEXT: {{^ *}}1 | timedlock: acquired, g = 1{{$}}
// OUT-NEXT: {{^ *}}1 | timedlock: acquired, g = 2{{$}}
// OUT-NOT: {{.}}
#define _POSIX_C_SOURCE 200809L // clock_gettime
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int g;  // protected by m
static int rc; // written by T2, read by main after the joins

static void *holder(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  g = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *waiter(void *arg) {
  struct timespec deadline;
  (void)arg;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  rc = pthread_mutex_timedlock(&m, &deadline);
  if (rc == 0) {
    g = 2;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, holder, NULL);
  pthread_create(&t2, NULL, waiter, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(rc == 0 || rc == ETIMEDOUT);
  printf("timedlock: %s, g = %d\n", rc == 0 ? "acquired" : "ETIMEDOUT", g);
  // BUG: dpu: defect 1: assertion failure: rc == 0 (at {{.*}}mutex_timedlock.c:[[@LINE+2]] in main)
#ifdef BUG
  assert(rc == 0);
#endif
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 3 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
