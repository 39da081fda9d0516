// --show-output on a clean program: the program's output appears in dpu's stdout, each line
// prefixed. Derivation: T1 and main never touch a common object other than T1 itself
// (create/start/exit/join): 1 max-config, no defect.
// RUN: %dpu --show-output %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK-DAG: {{^.+}}hello from the worker: 7{{$}}
// CHECK-DAG: {{^.+}}main is done: 42{{$}}
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static void *worker(void *arg) {
  printf("hello from the worker: %d\n", *(int *)arg);
  return NULL;
}

int main(void) {
  pthread_t t;
  int seven = 7;
  pthread_create(&t, NULL, worker, &seven);
  pthread_join(t, NULL);
  printf("main is done: %d\n", 42);
  return 0;
}
