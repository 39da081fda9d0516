// --show-output prints the output of every trace once: a trace whose defect is new shows it in
// the defect's block, every other one (clean, or with a defect already reported) after its
// run. Derivation: three threads each store their number in x under one mutex; main prints x
// and asserts it is 3: 3! = 6 orders of the three critical sections (6 max-configs); x is 3
// in the 2 where T3 is last, so the assertion fails in 4 (one defect). Outputs: 6, 4 of them
// "x = 1" or "x = 2".
// RUN: %dpu -j 1 --show-output %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK-COUNT-6: {{^}}  | x = {{[123]}}{{$}}
// CHECK-NOT: {{^}}  | x =
// CHECK: {{^}}dpu: traces with defects: 4 of 6 (defect 1 in 4){{$}}
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *set(void *arg) {
  pthread_mutex_lock(&m);
  x = (int)(intptr_t)arg;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (intptr_t i = 0; i < 3; i++) pthread_create(&t[i], NULL, set, (void *)(i + 1));
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  printf("x = %d\n", x);
  assert(x == 3);
  return 0;
}
