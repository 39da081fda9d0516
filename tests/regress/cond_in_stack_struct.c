// A condition variable in a struct on main's stack, initialised with pthread_cond_init, that a
// worker waits on (issue #13): no model state survives into the next run at the same address,
// so the second run reports no misuse of a condvar "threads wait on" and follows its replay.
// Derivation: the consumer locks first (it waits, main's signal wakes it) or main does (its
// signal is lost, the consumer finds n = 1 and does not wait): 2 max-configs, no defect.
// RUN: %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs,
// ERR-NOT: warning
#include <pthread.h>

typedef struct {
  pthread_mutex_t m;
  pthread_cond_t a, b;
  int n;
} Q;

static void *consumer(void *p) {
  Q *q = p;
  pthread_mutex_lock(&q->m);
  while (q->n == 0) pthread_cond_wait(&q->b, &q->m);
  pthread_mutex_unlock(&q->m);
  return NULL;
}

int main(void) {
  Q q;
  q.n = 0;
  pthread_mutex_init(&q.m, NULL);
  pthread_cond_init(&q.a, NULL);
  pthread_cond_init(&q.b, NULL);
  pthread_t t;
  pthread_create(&t, NULL, consumer, &q);
  pthread_mutex_lock(&q.m);
  q.n++;
  pthread_cond_signal(&q.b);
  pthread_mutex_unlock(&q.m);
  pthread_join(t, NULL);
  return 0;
}
