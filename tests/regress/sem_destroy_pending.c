// sem_destroy while a thread is blocked in sem_wait on the semaphore: T1 runs a critical
// section on m, then blocks in sem_wait(&s) (value 0); main destroys s. The destroy is an
// event on s whose outcome depends only on s's state (it once looked at the other threads'
// pending operations, which made the same event end differently in runs QPOR considers
// equivalent, so that QPOR missed a trace the exhaustive explorer found); T1's sem_wait,
// enabled once s is destroyed, is the misuse.
// Derivation: events on s: main's init and destroy, then T1's sem_wait (disabled before the
// destroy: the value is 0); T1's critical section on m is independent of them: 1 max-config,
// 1 defect. Both explorers also print the same trace.
// RUN: %dpu --por=none --print-traces %s > %t.none; test $? -eq 1
// RUN: %dpu --print-traces %s > %t.qpor; test $? -eq 1
// RUN: grep -e '^dpu: trace' -e '^dpu: defect' %t.none | sed 's/^dpu: defect [0-9]*/dpu: defect/' | sort > %t.none.sorted
// RUN: grep -e '^dpu: trace' -e '^dpu: defect' %t.qpor | sed 's/^dpu: defect [0-9]*/dpu: defect/' | sort > %t.qpor.sorted
// RUN: diff %t.none.sorted %t.qpor.sorted
// RUN: FileCheck %s < %t.none
// RUN: FileCheck %s < %t.qpor
#include <pthread.h>
#include <semaphore.h>

static sem_t s;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  // CHECK: dpu: defect 1: pthread misuse: sem_wait of a destroyed semaphore (at {{.*}}sem_destroy_pending.c:[[@LINE+1]] in waiter)
  sem_wait(&s);
  return NULL;
}

int main(void) {
  pthread_t t;
  sem_init(&s, 0, 0);
  pthread_create(&t, NULL, waiter, NULL);
  sem_destroy(&s);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// CHECK-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
