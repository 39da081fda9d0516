// The assertion in T3 fails only when T3 runs after T1 and T2 and before main returns, which
// does not join them. When the exit was independent of the other threads, QPOR explored 3
// traces and missed it (issue #13); the exit is now dependent with every other thread's
// pending operation, and both explorers find it with the same count of traces. Derivation:
// each worker is killed in its lock, holding m, or has exited (its exit-thread is run at once
// after its unlock); at most one holds m, and those that locked did so in some order. None
// holding: sum over the set of exited workers of its orders, 1 + 3 + 6 + 6 = 16; one holding
// (3 choices, after the exited ones): 3 * (1 + 2 + 2) = 15. 31 max-configs; the failure in
// the 2 where T3 locked after both others (it then stops, and is not killed).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect 1: assertion failure: !ok (at {{.*}}exit_before_third.c:[[#@LINE+14]] in t3){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 2 of 31 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 31 max-configs, 0 SSBs,
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
