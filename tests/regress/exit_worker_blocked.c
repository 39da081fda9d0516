// main returns holding m while T1 waits for m: the exit kills T1, which is no deadlock.
// Derivation: T1's lock can only come after main's lock, which is never released; T1 starts
// when it is created (start is run at once) and is killed in its lock: 1 max-config, no
// defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, NULL, worker, NULL);
  return 0;
}
