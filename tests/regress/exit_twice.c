// Two exits: T1 calls exit(3) while main returns 0 without joining it. The first exit decides
// the process's status; the second waits for ever (a program calls exit once, C17 7.22.4.4),
// which is no deadlock after the first. Derivation: the two exits are the only operations on
// the process object, in either order: 2 max-configs, the non-zero exit in the 1 where T1's
// comes first; exit 1 in both explorers.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect 1: non-zero exit: exit(3) (at {{.*}}exit_twice.c:[[#@LINE+9]] in worker){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
  (void)arg;
  exit(3);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  return 0;
}
