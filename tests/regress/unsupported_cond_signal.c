// An unsupported pthread function (pthread_cond_signal, called in a worker) makes dpu stop
// with exit code 2 and name the function and its first call site on stderr.
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  // CHECK: dpu: error: unsupported function 'pthread_cond_signal' (first called at {{.*}}unsupported_cond_signal.c:[[@LINE+1]] in worker)
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  assert(ready == 1);
  return 0;
}
