// Misuse of rwlocks, one case per -DCASE (main alone unless said otherwise: 1 max-config,
// 1 defect that ends the run):
// 1. pthread_rwlock_unlock of an rwlock nobody holds.
// 2. pthread_rwlock_rdlock of a destroyed rwlock.
// 3. pthread_rwlock_destroy of an rwlock main holds for reading.
// 4. pthread_rwlock_wrlock by the thread that holds it for writing (it would wait forever).
// 5. T1 unlocks the rwlock main holds for writing (main then waits in its join: 1 max-config).
// 6. No misuse: a read lock by the writer returns EDEADLK (glibc), as does timedrdlock:
//    no defect. (The try variants: rwlock_try_by_writer.c.)
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
// RUN: %dpu --por=none -DCASE=6 %s > %t.6; test $? -eq 0
// RUN: FileCheck --check-prefixes=ALL,C6 %s < %t.6
// RUN: %dpu -DCASE=6 %s > %t.6q; test $? -eq 0
// RUN: FileCheck --check-prefixes=ALL,C6 %s < %t.6q
#define _POSIX_C_SOURCE 200809L // rwlocks, clock_gettime
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void *intruder(void *arg) {
  (void)arg;
  // C5: dpu: defect 1: pthread misuse: pthread_rwlock_unlock of an rwlock the caller does not hold (at {{.*}}misuse_rwlock.c:[[@LINE+1]] in intruder)
  pthread_rwlock_unlock(&rw);
  return NULL;
}

int main(void) {
#if CASE == 1
  // C1: dpu: defect 1: pthread misuse: pthread_rwlock_unlock of an rwlock the caller does not hold (at {{.*}}misuse_rwlock.c:[[@LINE+1]] in main)
  pthread_rwlock_unlock(&rw);
#elif CASE == 2
  pthread_rwlock_destroy(&rw);
  // C2: dpu: defect 1: pthread misuse: pthread_rwlock_rdlock of a destroyed rwlock (at {{.*}}misuse_rwlock.c:[[@LINE+1]] in main)
  pthread_rwlock_rdlock(&rw);
#elif CASE == 3
  pthread_rwlock_rdlock(&rw);
  // C3: dpu: defect 1: pthread misuse: pthread_rwlock_destroy of a locked rwlock (at {{.*}}misuse_rwlock.c:[[@LINE+1]] in main)
  pthread_rwlock_destroy(&rw);
#elif CASE == 4
  pthread_rwlock_wrlock(&rw);
  // C4: dpu: defect 1: pthread misuse: pthread_rwlock_wrlock of an rwlock the caller holds for writing (at {{.*}}misuse_rwlock.c:[[@LINE+1]] in main)
  pthread_rwlock_wrlock(&rw);
#elif CASE == 5
  pthread_t t;
  pthread_rwlock_wrlock(&rw);
  pthread_create(&t, NULL, intruder, NULL);
  pthread_join(t, NULL);
#else
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  pthread_rwlock_wrlock(&rw);
  assert(pthread_rwlock_rdlock(&rw) == EDEADLK);
  assert(pthread_rwlock_timedrdlock(&rw, &deadline) == EDEADLK);
  assert(pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_destroy(&rw) == 0);
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
// C4: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C4-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C5: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// C5-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// C6: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
