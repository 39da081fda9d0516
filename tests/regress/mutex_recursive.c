// Recursive mutex: each of two workers locks m twice, bumps a counter, unlocks twice. With
// -DBUG the mutex is a default (normal) one and the relock is a misuse.
// Derivation: main's pthread_mutex_init precedes the creates. Each worker's four events on m
// (lock, relock, unlock, unlock) form a block no other lock can enter (m stays held until the
// second unlock), so a trace is the order of the two blocks: 2 max-configs; count == 2 after
// the joins in both. Buggy variant: whichever worker locks first relocks a normal mutex it holds: a
// misuse ending the run, while the other worker waits in lock and main in join (nothing else
// can move): 2 max-configs, both with the defect at the second lock.
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
#define _XOPEN_SOURCE 700 // PTHREAD_MUTEX_RECURSIVE with -std=c17
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m;
static int count; // protected by m

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  // BUG: dpu: defect 1: pthread misuse: pthread_mutex_lock of a normal mutex already held by the caller (at {{.*}}mutex_recursive.c:[[@LINE+1]] in worker)
  pthread_mutex_lock(&m);
  count++;
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_mutexattr_t attr;
  pthread_t t1, t2;
  pthread_mutexattr_init(&attr);
#ifndef BUG
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
#endif
  pthread_mutex_init(&m, &attr);
  pthread_mutexattr_destroy(&attr);
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(count == 2);
  pthread_mutex_destroy(&m);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 2 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
