// A failed assertion stops only its thread (runtime/ending.c: stops_thread): the thread stays
// where it is, holding what it holds, and the others run on. T1 takes the lock and fails while
// holding it; T2 takes the lock too. Derivation: 2 traces, both with the failure. T1 first: it
// fails holding m, T2 waits for m for ever, which is no deadlock defect (the run's result is
// the failure). T2 first: it locks, unlocks, prints and exits, then T1 fails. The report shows
// the run up to the failure: the trace where T2 went first has T2's steps and output, the
// other has neither. The same with --por=none.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=SUM %s < %t.none
// CHECK-NOT: deadlock
// CHECK: {{^}}dpu: defect 1: assertion failure: x == 0 (at {{.*}}assert_stops_thread.c:[[#@LINE+17]] in t1){{$}}
// CHECK-NOT: deadlock
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs,
// SUM: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// SUM-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs,
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x = 1;
  assert(x == 0);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x = 2;
  pthread_mutex_unlock(&m);
  printf("t2 done\n");
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
