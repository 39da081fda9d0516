// trylock's result decides whether the caller may unlock. T1 (the trier) trylocks m and
// unlocks it only if it got it; T2 (the owner) locks m, joins T1 while holding m, unlocks.
// The buggy variant (-DBUG) ignores trylock's result and always unlocks.
// Derivation: events on m: T2's lock L and unlock U (U after T2's join of T1, so after all
// of T1's events), T1's trylock TL (and its unlock when it got m). TL before L: acquired, T1
// unlocks, then T2 locks; L before TL: T1 finds m taken and leaves it alone: 2 max-configs,
// no defect. With -DBUG the second order ends at T1's unlock of a mutex owned by T2 (T2 waits
// in join, main in join: nothing else can move): 2 max-configs, 1 defect. The outcome of
// each trylock is printed: one trace each.
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
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// OUT: {{^ *}}1 | trylock: acquired{{$}}
// OUT-NEXT: {{^ *}}1 | trylock: busy{{$}}
// OUT-NOT: {{.}}
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_t trier_thread;
static int got; // written by T1, read by main after the joins

static void *trier(void *arg) {
  (void)arg;
  got = pthread_mutex_trylock(&m) == 0;
#ifdef BUG
  // BUG: dpu: defect 1: pthread misuse: pthread_mutex_unlock of a mutex owned by T2 (at {{.*}}trylock_result.c:[[@LINE+1]] in trier)
  pthread_mutex_unlock(&m);
#else
  if (got)
    pthread_mutex_unlock(&m);
#endif
  return NULL;
}

static void *owner(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_join(trier_thread, NULL);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t2;
  pthread_create(&trier_thread, NULL, trier, NULL);
  pthread_create(&t2, NULL, owner, NULL);
  pthread_join(t2, NULL);
  printf("trylock: %s\n", got ? "acquired" : "busy");
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
