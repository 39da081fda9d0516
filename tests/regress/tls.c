// Thread-local storage: `__thread int counter = 5` and `_Thread_local char tag[8] = "init"`.
// T1 and T2 each, in one critical section on m, record the counter they start with, add to it
// and overwrite tag; in a second critical section (where the other thread may have run its
// own first one) they record counter and tag again. Main checks its own copies last. In the
// buggy variant (-DBUG) the two variables are ordinary globals, shared by all threads.
// Derivation: the four critical sections on m (each thread's first before its second):
// 4!/(2!2!) = 6 max-configs. With thread-local copies every thread starts from the
// initialisers and sees only its own writes: no defect. With -DBUG main's counter is no
// longer 5 in any trace: all 6 with the defect at main's first check.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#ifdef BUG
static int counter = 5;
static char tag[8] = "init";
#else
static __thread int counter = 5;
static _Thread_local char tag[8] = "init";
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int first[2], second[2]; // slot i written by thread i
static char tag_first[2], tag_seen[2];

static void *worker(void *arg) {
  int i = *(int *)arg;
  pthread_mutex_lock(&m);
  first[i] = counter;
  counter += 10 * (i + 1);
  tag_first[i] = tag[0];
  tag[0] = (char)('A' + i);
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  second[i] = counter;
  tag_seen[i] = tag[0];
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  // BUG: dpu: defect 1: assertion failure: counter == 5 (at {{.*}}tls.c:[[@LINE+1]] in main)
  assert(counter == 5);
  assert(strcmp(tag, "init") == 0);
  assert(first[0] == 5 && first[1] == 5);
  assert(second[0] == 15 && second[1] == 25);
  assert(tag_first[0] == 'i' && tag_first[1] == 'i');
  assert(tag_seen[0] == 'A' && tag_seen[1] == 'B');
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 6 of 6 (defect 1 in 6)
// BUG-NEXT: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
