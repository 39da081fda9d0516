// T1 calls exit(3) while main waits to join it: the process ends with status 3, and main
// waits in its join for ever (no deadlock after the exit). Derivation: T1's exit before or after main's join
// is pending makes no difference to the partial order: main's create, then its join waits
// for T1's exit-thread, which never comes. 1 max-config, 1 defect (non-zero exit).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: {{^}}dpu: defect 1: non-zero exit: exit(3) (at {{.*}}exit_from_thread.c:[[#@LINE+8]] in worker){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
  (void)arg;
  exit(3);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
