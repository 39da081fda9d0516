// A wakeup does not mean the predicate holds: T1 waits under m for `ready`; T2 broadcasts on
// the same condition variable for another reason (it sets `other`); T3 sets ready and
// broadcasts. T1 re-checks the predicate in a while loop; the buggy variant (-DBUG) uses
// `if`, and proceeds with ready still 0 when T2's broadcast woke it.
// Derivation (model as in cond_handoff.c; broadcasts with nobody waiting wake nobody), by the
// order of the first critical sections of T1 (W), T2 (X), T3 (S) on m:
// - S before W (X anywhere: X S W, S X W, S W X): W sees ready and never waits: 3 traces.
// - X W S: X's broadcast finds nobody, W waits, S wakes it: 1 trace.
// - W S X: W waits, S wakes it; then W's COND_RESUME and X's broadcast are ordered on c, and
//   W's relock and X's critical section on m; all orders but "X's broadcast before W's
//   resume and W's relock before X's section" (a cycle) are possible: 3 traces.
// - W X S: W waits, X's broadcast wakes it. Either W relocks before S's section: W finds
//   ready == 0 (with while: it waits again and S wakes it; with if: it leaves, and S's
//   broadcast finds nobody): 1 trace; or S's section comes first (W then sees ready), with
//   W's COND_RESUME before or after S's broadcast on c: 2 traces.
// 3 + 1 + 3 + 3 = 10 max-configs in both variants; with -DBUG T1 saw ready == 0 in the one
// trace where X woke it and it relocked before S: 1 defect, at main's assertion.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 10 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready, other; // protected by m
static int saw = -1;      // written by T1, read by main after the joins

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
#ifdef BUG
  if (!ready)
#else
  while (!ready)
#endif
    pthread_cond_wait(&c, &m);
  saw = ready;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *other_news(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  other = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *publisher(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, other_news, NULL);
  pthread_create(&t3, NULL, publisher, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  // BUG: dpu: defect 1: assertion failure: saw == 1 (at {{.*}}cond_if_not_while.c:[[@LINE+1]] in main)
  assert(saw == 1);
  assert(other == 1);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 10 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 10 max-configs, 0 SSBs, {{[0-9]+}} runs
