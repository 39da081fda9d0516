// pthread_rwlock_tryrdlock and pthread_rwlock_trywrlock by the thread that holds the rwlock
// for writing return EBUSY, as POSIX says and glibc does (the blocking and timed variants
// return EDEADLK: misuse_rwlock.c).
// Derivation: main alone: 1 max-config, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

int main(void) {
  pthread_rwlock_wrlock(&rw);
  assert(pthread_rwlock_tryrdlock(&rw) == EBUSY);
  assert(pthread_rwlock_trywrlock(&rw) == EBUSY);
  pthread_rwlock_unlock(&rw);
  return 0;
}
