// Misuse of condition variables, one case per -DCASE:
// 1. pthread_cond_signal of a destroyed condition variable (main alone: 1 max-config).
// 2. pthread_cond_wait with a mutex the caller does not hold (main alone: 1 max-config).
// 3. pthread_cond_timedwait of a destroyed condition variable (main alone: 1 max-config).
// 4. pthread_cond_destroy while T1 waits on it. T1 sets `waiting` and waits under m until go;
//    main locks m after creating T1 and destroys c if T1 waits, else sets go. Derivation: 2
//    orders of the first critical sections on m: T1 first (it waits; main then destroys c
//    while T1 waits to be woken: nothing else could move): misuse; main first (go is set,
//    T1 never waits, main joins it): clean. 2 max-configs, 1 defect.
// 5. pthread_cond_init of a condition variable T1 waits on: as 4 with init for destroy.
// Each misuse ends its run: 1 defect.
// RUN: %dpu --por=none -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1
// RUN: %dpu -DCASE=1 %s > %t.1q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1q
// RUN: %dpu --por=none -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2
// RUN: %dpu -DCASE=2 %s > %t.2q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2q
// RUN: %dpu --por=none -DCASE=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3
// RUN: %dpu -DCASE=3 %s > %t.3q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3q
// RUN: %dpu --por=none -DCASE=4 %s > %t.4; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C4 %s < %t.4
// RUN: %dpu -DCASE=4 %s > %t.4q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C4 %s < %t.4q
// RUN: %dpu --por=none -DCASE=5 %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C5 %s < %t.5
// RUN: %dpu -DCASE=5 %s > %t.5q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C5 %s < %t.5q
#define _POSIX_C_SOURCE 200809L // clock_gettime
#include <pthread.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int waiting, go; // protected by m

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  waiting = 1;
  while (!go)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_cond_init(&c, NULL);
#if CASE == 1
  pthread_cond_destroy(&c);
  // C1: dpu: defect 1: pthread misuse: pthread_cond_signal of a destroyed condition variable (at {{.*}}misuse_cond.c:[[@LINE+1]] in main)
  pthread_cond_signal(&c);
#elif CASE == 2
  // C2: dpu: defect 1: pthread misuse: pthread_cond_wait with a mutex the caller does not hold (at {{.*}}misuse_cond.c:[[@LINE+1]] in main)
  pthread_cond_wait(&c, &m);
#elif CASE == 3
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  pthread_mutex_lock(&m);
  pthread_cond_destroy(&c);
  // C3: dpu: defect 1: pthread misuse: pthread_cond_timedwait of a destroyed condition variable (at {{.*}}misuse_cond.c:[[@LINE+1]] in main)
  pthread_cond_timedwait(&c, &m, &deadline);
#else
  pthread_t t;
  int w;
  pthread_create(&t, NULL, waiter, NULL);
  pthread_mutex_lock(&m);
  w = waiting;
  if (w) {
#if CASE == 4
    // C4: dpu: defect 1: pthread misuse: pthread_cond_destroy of a condition variable threads wait on (at {{.*}}misuse_cond.c:[[@LINE+1]] in main)
    pthread_cond_destroy(&c);
#else
    // C5: dpu: defect 1: pthread misuse: pthread_cond_init of a condition variable threads wait on (at {{.*}}misuse_cond.c:[[@LINE+1]] in main)
    pthread_cond_init(&c, NULL);
#endif
  }
  go = 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
#endif
  return 0;
}
// ALL-NOT: dpu: defect
// C1: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C1-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C2: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C2-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C3: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C3-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C4: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// C4-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// C5: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// C5-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
