// XFAIL: *
// Known bug (reported to the lead): sem_destroy decides "a thread waits on it" from the other
// threads' pending operations (runtime/sem.c), which are not part of the destroy event's
// history, so the same event has different outcomes in runs QPOR considers equivalent, and
// QPOR misses what the exhaustive explorer finds. Here T1 runs a critical section on m, then
// blocks in sem_wait(&s) (value 0); main destroys s. --por=none explores main's destroy before
// T1's critical section (T1's sem_wait then reports "sem_wait of a destroyed semaphore") and
// after it (the destroy reports "sem_destroy of a semaphore T1 waits on"): 2 max-configs,
// 2 defects; QPOR (the destroy is independent of T1's events on m) runs one of them: 1
// max-config, 1 defect. Fix: let sem_destroy not look at pending operations (the waiter's
// sem_wait, enabled once s is destroyed, reports the misuse as an event ordered after the
// destroy), or make "in use" part of the semaphore's state.
// This test checks that both explorers find the same traces and defects, whatever they are.
// RUN: %dpu --por=none --print-traces %s > %t.none; test $? -eq 1
// RUN: %dpu --print-traces %s > %t.qpor; test $? -eq 1
// RUN: grep -e '^dpu: trace' -e '^dpu: defect' %t.none | sed 's/^dpu: defect [0-9]*/dpu: defect/' | sort > %t.none.sorted
// RUN: grep -e '^dpu: trace' -e '^dpu: defect' %t.qpor | sed 's/^dpu: defect [0-9]*/dpu: defect/' | sort > %t.qpor.sorted
// RUN: diff %t.none.sorted %t.qpor.sorted
#include <pthread.h>
#include <semaphore.h>

static sem_t s;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
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
