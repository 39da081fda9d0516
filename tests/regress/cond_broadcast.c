// Broadcast wakes every waiter: two waiters (T1, T2) wait under m until `go`; T3 sets go and
// broadcasts. The buggy variant (-DBUG) signals instead: when both already wait, one of them
// is never woken.
// Model: see cond_handoff.c; a signal with several waiters wakes one, and which one is
// explored (each choice is another event).
// Derivation: classify by the order of the first critical sections of T1, T2, T3 on m.
// - T3 first (2 orders of the waiters after it): nobody waits, the broadcast wakes nobody:
//   2 traces.
// - T3 between (Ti, T3, Tj; 2 choices of i): Ti waits, T3 wakes it, then Ti's relock and
//   Tj's critical section (Tj sees go and does not wait) come in either order on m: 2 x 2 = 4.
// - T3 last (2 orders of the waiters): both wait, the broadcast wakes both; their COND_RESUME
//   events on c come in either order, and independently so do their relocks on m: 2 x 2 x 2 =
//   8.
// 2 + 4 + 8 = 14 max-configs, no defect. With -DBUG the first two cases are the same (6
// traces; a signal with one waiter wakes it); in the last case the signal wakes one of the
// two (2 choices) and the other waits forever: 2 x 2 = 4 traces that end in a deadlock, each
// with main in its join of the forgotten waiter. 10 max-configs, 4 with a deadlock, one
// distinct deadlock: a waiter blocked in its wait, whichever waiter it is (the join that waits
// for it is no part of the defect's identity, report/defects.c); the report shows the first.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: grep '^dpu: defect' %t.bug.none | sed 's/^dpu: defect [0-9]*: //' | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=BUGDEF %s
// RUN: %dpu --no-symmetry -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// RUN: grep '^dpu: defect' %t.bug.qpor | sed 's/^dpu: defect [0-9]*: //' | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=BUGDEF %s
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 14 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUG: {{^}}  waits: T0 for T{{[12]}} to end, T{{[12]}} for a signal on 'c'{{$}}
// BUG: dpu: traces with defects: 4 of 10 (defect 1 in 4)
// BUG-NEXT: dpu: summary: 1 defects, 10 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go; // protected by m
static void *waiter(void *arg);
static void *starter(void *arg);

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, waiter, NULL);
  pthread_create(&t3, NULL, starter, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  return 0;
}

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (!go)
    // BUGDEF: {{^ *}}1 deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}cond_broadcast.c:{{[0-9]+}}, T{{[12]}} in pthread_cond_wait at {{.*}}cond_broadcast.c:[[@LINE+1]]{{$}}
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *starter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  go = 1;
#ifdef BUG
  pthread_cond_signal(&c);
#else
  pthread_cond_broadcast(&c);
#endif
  pthread_mutex_unlock(&m);
  return NULL;
}
// BUGDEF-NOT: {{.}}
