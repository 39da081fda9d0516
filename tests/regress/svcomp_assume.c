// __VERIFIER_assume(cond) with a false cond ends the run silently: not a defect, but the run
// still counts as a maximal configuration. The lost update of lost_update.c, where main
// assumes x == 2 before asserting it.
// Derivation: as lost_update.c: 6 orders of the four blocks on m; the 4 where x ends 1 stop at
// the assume, the other 2 pass the assertion: 6 max-configs, no defect, exit 0.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_assume(int cond);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  int tmp;
  (void)arg;
  pthread_mutex_lock(&m);
  tmp = x;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x = tmp + 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  __VERIFIER_assume(x == 2);
  assert(x == 2);
  return 0;
}
