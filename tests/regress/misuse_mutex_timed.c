// pthread_mutex_timedlock and trylock of a destroyed mutex are misuse (-DCASE=1, 2); on an
// errorcheck mutex the holder's timedlock returns EDEADLK and its trylock EBUSY (-DCASE=3, no
// defect). Main alone: 1 max-config.
// RUN: %dpu -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1
// RUN: %dpu -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2
// RUN: %dpu --por=none -DCASE=3 %s > %t.3; test $? -eq 0
// RUN: FileCheck --check-prefix=C3 %s < %t.3
#define _XOPEN_SOURCE 700 // PTHREAD_MUTEX_ERRORCHECK with -std=c17
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t m;

int main(void) {
  struct timespec deadline = {0, 0};
#if CASE == 3
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &attr);
  pthread_mutex_lock(&m);
  assert(pthread_mutex_timedlock(&m, &deadline) == EDEADLK);
  assert(pthread_mutex_trylock(&m) == EBUSY);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == EPERM);
#else
  pthread_mutex_init(&m, NULL);
  pthread_mutex_destroy(&m);
#if CASE == 1
  // C1: dpu: defect 1: pthread misuse: pthread_mutex_timedlock of a destroyed mutex (at {{.*}}misuse_mutex_timed.c:[[@LINE+1]] in main)
  pthread_mutex_timedlock(&m, &deadline);
#else
  // C2: dpu: defect 1: pthread misuse: pthread_mutex_trylock of a destroyed mutex (at {{.*}}misuse_mutex_timed.c:[[@LINE+1]] in main)
  pthread_mutex_trylock(&m);
#endif
#endif
  return 0;
}
// ALL-NOT: dpu: defect
// ALL: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// ALL-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C3-NOT: dpu: defect
// C3: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
