// pthread_cond_timedwait: T1 waits under m for `ready` with a timeout and gives up after the
// first ETIMEDOUT; T2 sets ready and signals. The buggy variant (-DBUG) asserts that T1 always
// saw ready, forgetting the timeout.
// Model: timedwait is COND_WAIT on c, unlock of m, a resume on c that never blocks (woken if a
// signal chose the thread before it, else ETIMEDOUT, leaving the wait set), lock of m.
// Derivation: T2's critical section first: T1 does not wait (1 trace). T1 first: T1 enters
// the wait set and unlocks m; then on c, either T2's signal comes before T1's resume (T1 is
// woken; it relocks after T2's unlock and sees ready: 1 trace), or T1's resume comes first:
// it times out and T2's signal is lost; T1's relock then comes before T2's critical section
// (T1 saw ready == 0) or after it (T1 saw 1): 2 traces. 4 max-configs, one per printed
// outcome; with -DBUG the trace where T1 timed out and saw 0 fails: 4 max-configs, 1 defect.
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
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// OUT: {{^ *}}1 | T1: did not wait, saw ready = 1{{$}}
// OUT-NEXT: {{^ *}}1 | T1: timed out, saw ready = 0{{$}}
// OUT-NEXT: {{^ *}}1 | T1: timed out, saw ready = 1{{$}}
// OUT-NEXT: {{^ *}}1 | T1: woken, saw ready = 1{{$}}
// OUT-NOT: {{.}}
#define _POSIX_C_SOURCE 200809L // clock_gettime
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready; // protected by m
static int waited, rc, saw; // written by T1, read by main after the joins

static void *waiter(void *arg) {
  struct timespec deadline;
  (void)arg;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  pthread_mutex_lock(&m);
  while (!ready && rc != ETIMEDOUT) {
    waited = 1;
    rc = pthread_cond_timedwait(&c, &m, &deadline);
  }
  saw = ready;
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

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, signaller, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(rc == 0 || rc == ETIMEDOUT);
  printf("T1: %s, saw ready = %d\n",
         !waited ? "did not wait" : rc == ETIMEDOUT ? "timed out" : "woken", saw);
  // BUG: dpu: defect 1: assertion failure: saw == 1 (at {{.*}}cond_timedwait.c:[[@LINE+5]] in main)
  // The interleaving names both events of the timed wait after it (not pthread_cond_wait):
  // BUG: {{^ *}}#{{[0-9]+}} T1 pthread_cond_timedwait 'c' {{.*}}cond_timedwait.c:49 waiter
  // BUG: {{^ *}}#{{[0-9]+}} T1 pthread_cond_timedwait:wake 'c' (timed out) {{.*}}cond_timedwait.c:49 waiter
#ifdef BUG
  assert(saw == 1);
#endif
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 4 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
