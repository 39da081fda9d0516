// An unsupported pthread function (pthread_cond_wait, called in main; natively it would
// block forever here) makes dpu stop with exit code 2 and name it on stderr.
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

int main(void) {
  pthread_mutex_lock(&m);
  while (!ready) {
    // CHECK: dpu: error: unsupported function 'pthread_cond_wait' (first called at {{.*}}unsupported_cond_wait.c:[[@LINE+1]] in main)
    pthread_cond_wait(&c, &m);
  }
  pthread_mutex_unlock(&m);
  return 0;
}
