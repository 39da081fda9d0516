// An unsupported pthread function (pthread_rwlock_rdlock, the first rwlock call, in a
// helper called from main) makes dpu stop with exit code 2 and name it on stderr.
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
#define _POSIX_C_SOURCE 200809L // pthread_rwlock_t under -std=c17
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int value = 7;

static int read_value(void) {
  int v;
  // CHECK: dpu: error: unsupported function 'pthread_rwlock_rdlock' (first called at {{.*}}unsupported_rwlock.c:[[@LINE+1]] in read_value)
  pthread_rwlock_rdlock(&rw);
  v = value;
  pthread_rwlock_unlock(&rw);
  return v;
}

int main(void) {
  assert(read_value() == 7);
  return 0;
}
