// One crash is one defect, however the thread got there: its report names the faulting line
// (the innermost frame of the thread's stack), and its identity does not include the thread's
// last visible operation, which differs between the traces of one bug. T1 takes m with a
// trylock (and releases it) or finds it busy, then writes through a NULL pointer; T2 locks
// and unlocks m.
// Derivation: events on m: T1's trylock comes before T2's lock (acquired; T2's lock after
// T1's unlock), between T2's lock and unlock (busy), or after T2's unlock (acquired): 3
// max-configs. T1 crashes at line 25 in all three, after its unlock in two and after its
// failed trylock in one: 1 defect, found in 3 traces (it was 2 defects, one per last step).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: dpu: defect 1: crash: SIGSEGV in T1 at {{.*}}crash_one_defect.c:25 in t1 (fault address 0x0000000000000000)
// CHECK-NOT: dpu: defect 2
// CHECK: dpu: traces with defects: 3 of 3 (defect 1 in 3)
// CHECK: dpu: summary: 1 defects, 3 max-configs, 0 SSBs,
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int *volatile p;
static void *t1(void *arg) {
  (void)arg;
  if (pthread_mutex_trylock(&m) == 0)
    pthread_mutex_unlock(&m);
  *p = 1;
  return NULL;
}
static void *t2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return NULL;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
