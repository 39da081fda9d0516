// pthread_self and pthread_equal: each thread stores its pthread_self(); main checks that it
// equals the handle pthread_create returned for it, differs from main's own and from the
// other thread's. The buggy variant (-DBUG) asserts that the two threads are equal.
// Model: pthread_self/pthread_equal are not visible operations.
// Derivation: the threads share no object: 1 max-config; no defect, or 1 with -DBUG.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu -DBUG %s > %t.bug; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_t self_of[2]; // slot i written by thread i

static void *worker(void *arg) {
  int i = *(int *)arg;
  self_of[i] = pthread_self();
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t[2];
  pthread_t me = pthread_self();
  assert(pthread_equal(me, pthread_self()));
  pthread_create(&t[0], NULL, worker, &ids[0]);
  pthread_create(&t[1], NULL, worker, &ids[1]);
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  assert(pthread_equal(self_of[0], t[0]) && pthread_equal(self_of[1], t[1]));
  assert(!pthread_equal(self_of[0], me) && !pthread_equal(self_of[1], me));
#ifdef BUG
  // BUG: dpu: defect 1: assertion failure: pthread_equal(t[0], t[1]) (at {{.*}}self_equal.c:[[@LINE+1]] in main)
  assert(pthread_equal(t[0], t[1]));
#else
  assert(!pthread_equal(t[0], t[1]));
#endif
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
