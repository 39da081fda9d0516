// The assertion in T3 fails only when T3 takes m after T1 and T2, and main returns without
// joining them. When the exit was independent of the other threads and ended the run, QPOR
// explored 3 traces and missed it (issue #13); then the exit killed the others, each one's
// progress at the exit a trace of its own (31). Now the others run on after the exit until
// they have exited (protocol/ops.def: PROCESS_EXIT), and the exit is independent of them.
// Derivation: the workers' three critical sections on m in any order, 3! = 6 max-configs;
// the failure in the 2 where T3 locked after both others.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect 1: assertion failure: !ok (at {{.*}}exit_before_third.c:[[#@LINE+14]] in t3){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 2 of 6 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static int a, b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *t1(void *x) { pthread_mutex_lock(&m); a = 1; pthread_mutex_unlock(&m); return x; }
static void *t2(void *x) { pthread_mutex_lock(&m); b = 1; pthread_mutex_unlock(&m); return x; }
static void *t3(void *x) {
  pthread_mutex_lock(&m); int ok = a && b; pthread_mutex_unlock(&m);
  assert(!ok);
  return x;
}

int main(void) {
  pthread_t x, y, z;
  pthread_create(&x, NULL, t1, NULL);
  pthread_create(&y, NULL, t2, NULL);
  pthread_create(&z, NULL, t3, NULL);
  return 0;
}
