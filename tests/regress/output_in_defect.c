// The defect block shows the output of the failing run, each line prefixed by "  | ".
// T1 sets x = 1 under m and prints; main reads x under m, joins T1, prints what it read and
// asserts it read 0. Derivation: 2 orders of the two blocks on m: T1 first -> main read 1 ->
// assertion fails; main first -> clean: 2 max-configs, 1 defect. In the failing run T1
// printed before exiting and main printed after joining T1, so the output order is fixed.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x; // protected by m

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  printf("worker wrote 1\n");
  return NULL;
}

int main(void) {
  pthread_t t;
  int r;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  r = x;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  printf("main read %d\n", r);
  // CHECK: dpu: defect 1: assertion failure: r == 0 (at {{.*}}output_in_defect.c:[[@LINE+1]] in main)
  assert(r == 0);
  return 0;
}
// CHECK: {{^}}  output:
// CHECK-NEXT: {{^}}  | worker wrote 1{{$}}
// CHECK-NEXT: {{^}}  | main read 1{{$}}
// CHECK-NEXT: replay:
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
