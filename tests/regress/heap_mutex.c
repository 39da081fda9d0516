// A heap-allocated mutex (malloc + pthread_mutex_init), passed to two workers; main also runs
// a block on it, then joins, destroys and frees it. Derivation: init precedes the creates and
// destroy follows the joins; the 3 blocks on the mutex (T1, T2, main) can go in any order:
// 3! = 6 max-configs, no defect.
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct shared {
  pthread_mutex_t lock;
  int n;
};

static void *worker(void *arg) {
  struct shared *s = arg;
  pthread_mutex_lock(&s->lock);
  s->n++;
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  struct shared *s = malloc(sizeof *s);
  assert(s != NULL);
  s->n = 0;
  pthread_mutex_init(&s->lock, NULL);
  pthread_create(&t1, NULL, worker, s);
  pthread_create(&t2, NULL, worker, s);
  pthread_mutex_lock(&s->lock);
  s->n++;
  pthread_mutex_unlock(&s->lock);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(s->n == 3);
  pthread_mutex_destroy(&s->lock);
  free(s);
  return 0;
}
