// pthread_once runs its routine exactly once: T1 and T2 both call pthread_once(&once, init)
// and then read what init set up. In the buggy variant (-DBUG) init asserts that it runs in
// T1 (it checks a thread-local id), which fails when T2 gets there first.
// Model: pthread_once is ONCE_ENTER (runs the routine if it has not run; blocked while
// another thread runs it) and, after the routine, ONCE_DONE, both events on the once object.
// Derivation: events on the once object: whoever enters first runs init (enter, done); the
// other's enter is blocked until done and then finds it done: 2 max-configs, init ran once
// in each. With -DTHREE (a third thread doing the same): the first to enter runs init (3
// choices), the other two enter after it is done, in either order: 6 max-configs. With -DBUG the trace where T2 enters first fails in init (T1 waits in its enter,
// main in its join: nothing else could move): 2 max-configs, 1 defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DTHREE %s > %t.three.none; test $? -eq 0
// RUN: FileCheck --check-prefix=THREE %s < %t.three.none
// RUN: %dpu -DTHREE %s > %t.three.qpor; test $? -eq 0
// RUN: FileCheck --check-prefix=THREE %s < %t.three.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// THREE-NOT: dpu: defect
// THREE: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int config, init_runs; // written by init only
static int seen[3];           // slot i written by thread i
static _Thread_local int my_id;

static void init(void) {
#ifdef BUG
  // BUG: dpu: defect 1: assertion failure: my_id == 1 (at {{.*}}once_init.c:[[@LINE+1]] in init)
  assert(my_id == 1);
#endif
  init_runs++;
  config = 42;
}

static void *worker(void *arg) {
  my_id = *(int *)arg;
  pthread_once(&once, init);
  seen[my_id - 1] = config;
  return NULL;
}

int main(void) {
  static int ids[3] = {1, 2, 3};
#ifdef THREE
  enum { N = 3 };
#else
  enum { N = 2 };
#endif
  pthread_t t[3];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  assert(init_runs == 1);
  for (int i = 0; i < N; i++)
    assert(seen[i] == 42);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
