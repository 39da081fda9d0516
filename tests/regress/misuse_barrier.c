// Misuse of barriers, one case per -DCASE:
// 1. pthread_barrier_wait of a barrier never initialised (main alone: 1 max-config).
// 2. pthread_barrier_wait of a destroyed barrier (main alone: 1 max-config).
// 3. pthread_barrier_destroy while T1 waits at it (count 2: T1 arrives and waits for a
//    second thread that never comes). Derivation: events on the barrier: T1's arrival A and
//    main's destroy D (main's init precedes the create). A before D: D finds T1 waiting;
//    D before A: T1's wait is on a destroyed barrier. Either ends the run with main waiting in
//    its join (and T1 waiting to leave, in the first): 2 max-configs, 2 distinct defects.
// 4. No misuse: pthread_barrier_init with count 0 returns EINVAL; a barrier for 1 thread
//    returns PTHREAD_BARRIER_SERIAL_THREAD at once (main alone: 1 max-config, no defect).
// RUN: %dpu --por=none -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefix=C1 %s < %t.1
// RUN: %dpu -DCASE=1 %s > %t.1q; test $? -eq 1
// RUN: FileCheck --check-prefix=C1 %s < %t.1q
// RUN: %dpu -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefix=C2 %s < %t.2
// RUN: %dpu --por=none -DCASE=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefix=C3 %s < %t.3
// RUN: %dpu -DCASE=3 %s > %t.3q; test $? -eq 1
// RUN: FileCheck --check-prefix=C3 %s < %t.3q
// RUN: %dpu --por=none -DCASE=4 %s > %t.4; test $? -eq 0
// RUN: FileCheck --check-prefix=C4 %s < %t.4
// RUN: %dpu -DCASE=4 %s > %t.4q; test $? -eq 0
// RUN: FileCheck --check-prefix=C4 %s < %t.4q
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_barrier_t b;

static void *arriver(void *arg) {
  (void)arg;
  // C3-DAG: pthread misuse: pthread_barrier_wait of a destroyed barrier (at {{.*}}misuse_barrier.c:[[@LINE+1]] in arriver)
  pthread_barrier_wait(&b);
  return NULL;
}

int main(void) {
#if CASE == 1
  // C1: dpu: defect 1: pthread misuse: pthread_barrier_wait of a barrier that was never initialised (at {{.*}}misuse_barrier.c:[[@LINE+1]] in main)
  pthread_barrier_wait(&b);
#elif CASE == 2
  pthread_barrier_init(&b, NULL, 1);
  pthread_barrier_destroy(&b);
  // C2: dpu: defect 1: pthread misuse: pthread_barrier_wait of a destroyed barrier (at {{.*}}misuse_barrier.c:[[@LINE+1]] in main)
  pthread_barrier_wait(&b);
#elif CASE == 3
  pthread_t t;
  pthread_barrier_init(&b, NULL, 2);
  pthread_create(&t, NULL, arriver, NULL);
  // C3-DAG: pthread misuse: pthread_barrier_destroy of a barrier threads wait at (at {{.*}}misuse_barrier.c:[[@LINE+1]] in main)
  pthread_barrier_destroy(&b);
  pthread_join(t, NULL);
#else
  assert(pthread_barrier_init(&b, NULL, 0) == EINVAL);
  assert(pthread_barrier_init(&b, NULL, 1) == 0);
  assert(pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD);
  assert(pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD);
  assert(pthread_barrier_destroy(&b) == 0);
#endif
  return 0;
}
// C1-NOT: dpu: defect
// C2-NOT: dpu: defect
// C3-NOT: dpu: defect
// C4-NOT: dpu: defect
// C1: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C1-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C2: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C2-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C3: dpu: traces with defects: 2 of 2 (defect 1 in 1, defect 2 in 1)
// C3-NEXT: dpu: summary: 2 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// C4: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
