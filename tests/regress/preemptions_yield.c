// --preemptions=B: a switch at a yield is no preemption (CHESS's count; protocol.h:
// DPU_REC_YIELDED), for QPOR's bound (explorer/bound.c) and the exhaustive explorer's
// (explorer/dfs.c) alike. preemptions_bound.c's program with one change: T1 yields (by
// sched_yield, or by a sleep, or by C11's thrd_yield) between its two stores.
// Derivation: T3's load of a falls before a = 1, between the stores, or after a = 0, and so does
// its load of b: 9 traces. A load between T2's two stores needs T2 switched away from while its
// second store could run: 1 preemption. Between T1's stores the switch comes at T1's yield: none.
// So at most 0 preemptions: 3 (a anywhere) x 2 (b before or after) = 6 traces, 2 of them with
// va == 1 (the 'a-between' assertion); at most 1: all 9, 3 with va == 1 and 2 more with vb == 1
// alone ('b-only', reached only when va != 1).
// RUN: %dpu -j 1 --preemptions=0 %s > %t.q0; test $? -eq 1
// RUN: FileCheck --check-prefix=B0 %s < %t.q0
// RUN: %dpu --por=none --preemptions=0 %s > %t.n0; test $? -eq 1
// RUN: FileCheck --check-prefix=B0 %s < %t.n0
// RUN: %dpu -j 1 --preemptions=0 -DSLEEP %s > %t.s0; test $? -eq 1
// RUN: FileCheck --check-prefix=B0 %s < %t.s0
// RUN: %dpu --por=none --preemptions=0 -DTHRD %s > %t.t0; test $? -eq 1
// RUN: FileCheck --check-prefix=B0 %s < %t.t0
// B0: dpu: defect 1: assertion failure: va != 1 (at {{.*}}preemptions_yield.c:80 in main)
// B0-NOT: dpu: defect 2
// B0: dpu: traces with defects: 2 of 6
// B0: dpu: bound: complete for the executions with at most 0 preemptions;
// B0: dpu: summary: 1 defects, 6 max-configs,
// RUN: %dpu -j 1 --preemptions=1 %s > %t.q1; test $? -eq 1
// RUN: FileCheck --check-prefix=B1 %s < %t.q1
// RUN: %dpu --por=none --preemptions=1 %s > %t.n1; test $? -eq 1
// RUN: FileCheck --check-prefix=B1 %s < %t.n1
// RUN: %dpu -j 1 %s > %t.all; test $? -eq 1
// RUN: FileCheck --check-prefix=B1 %s < %t.all
// B1-DAG: assertion failure: va != 1 (at {{.*}}preemptions_yield.c:80 in main)
// B1-DAG: assertion failure: vb != 1 (at {{.*}}preemptions_yield.c:81 in main)
// B1: dpu: traces with defects: 5 of 9 (defect 1 in {{[23]}}, defect 2 in {{[23]}})
// B1: dpu: summary: 2 defects, 9 max-configs,
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <threads.h>
#include <unistd.h>

static atomic_int a, b;
static int va, vb;

static void *t1(void *arg) {
  (void)arg;
  atomic_store(&a, 1);
#if defined(SLEEP)
  usleep(10);
#elif defined(THRD)
  thrd_yield();
#else
  sched_yield();
#endif
  atomic_store(&a, 0);
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  atomic_store(&b, 1);
  atomic_store(&b, 0);
  return NULL;
}

static void *t3(void *arg) {
  (void)arg;
  va = atomic_load(&a);
  vb = atomic_load(&b);
  return NULL;
}

int main(void) {
  pthread_t x, y, z;
  pthread_create(&x, NULL, t1, NULL);
  pthread_create(&y, NULL, t2, NULL);
  pthread_create(&z, NULL, t3, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  pthread_join(z, NULL);
  assert(va != 1); // a-between
  assert(vb != 1); // b-only
  return 0;
}
