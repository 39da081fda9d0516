// main returns while T1 may still run: T1 runs on after the exit until it has exited
// (protocol/ops.def: PROCESS_EXIT), and the exit is independent of it, so T1's progress at the
// exit is no trace of its own (it was, when the exit killed T1: 4 max-configs, issue 42).
// Derivation: T1's events are start, lock, unlock, exit-thread; main's create, lock, unlock,
// exit; the two critical sections on m in either order: 2 max-configs, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0; /* without joining T1 */
}
