// main returns while T1 may still run: the end of the process is dependent with T1's pending
// operation (issue #13), so both explorers count T1's progress at the exit. Derivation: T1's
// events are start, lock, unlock, exit-thread; main's create, lock, unlock, exit. A thread is
// killed only before an operation that is not run at once (start, exit-thread and create
// are: protocol.h), so by how far T1 got: killed in its lock (1), holding m (1: its lock after
// main's unlock, or main could not lock and exit), exited (2: either order on m).
// 4 max-configs, no defect, and no deadlock where T1 is cut.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
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
