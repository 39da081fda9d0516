// Misuse of spinlocks, one case per -DCASE (main alone unless said otherwise: 1 max-config,
// 1 defect that ends the run):
// 1. pthread_spin_lock by the holder (it would spin forever).
// 2. pthread_spin_unlock of a spinlock that is not locked.
// 3. T1 unlocks the spinlock main holds (main then waits in its join: 1 max-config).
// 4. pthread_spin_lock of a destroyed spinlock.
// 5. pthread_spin_destroy of a locked spinlock.
// RUN: %dpu --por=none -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1
// RUN: %dpu -DCASE=1 %s > %t.1q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1q
// RUN: %dpu -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2
// RUN: %dpu --por=none -DCASE=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3
// RUN: %dpu -DCASE=3 %s > %t.3q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3q
// RUN: %dpu -DCASE=4 %s > %t.4; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C4 %s < %t.4
// RUN: %dpu -DCASE=5 %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C5 %s < %t.5
#define _POSIX_C_SOURCE 200809L // spinlocks with -std=c17
#include <pthread.h>

static pthread_spinlock_t sl;

static void *intruder(void *arg) {
  (void)arg;
  // C3: dpu: defect 1: pthread misuse: pthread_spin_unlock of a spinlock held by T0 (at {{.*}}misuse_spin.c:[[@LINE+1]] in intruder)
  pthread_spin_unlock(&sl);
  return NULL;
}

int main(void) {
  pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE);
#if CASE == 1
  pthread_spin_lock(&sl);
  // C1: dpu: defect 1: pthread misuse: pthread_spin_lock of a spinlock the caller holds (it would spin forever) (at {{.*}}misuse_spin.c:[[@LINE+1]] in main)
  pthread_spin_lock(&sl);
#elif CASE == 2
  // C2: dpu: defect 1: pthread misuse: pthread_spin_unlock of a spinlock that is not locked (at {{.*}}misuse_spin.c:[[@LINE+1]] in main)
  pthread_spin_unlock(&sl);
#elif CASE == 3
  pthread_t t;
  pthread_spin_lock(&sl);
  pthread_create(&t, NULL, intruder, NULL);
  pthread_join(t, NULL);
#elif CASE == 4
  pthread_spin_destroy(&sl);
  // C4: dpu: defect 1: pthread misuse: pthread_spin_lock of a destroyed spinlock (at {{.*}}misuse_spin.c:[[@LINE+1]] in main)
  pthread_spin_lock(&sl);
#else
  pthread_spin_lock(&sl);
  // C5: dpu: defect 1: pthread misuse: pthread_spin_destroy of a locked spinlock (at {{.*}}misuse_spin.c:[[@LINE+1]] in main)
  pthread_spin_destroy(&sl);
#endif
  return 0;
}
// ALL-NOT: dpu: defect
// ALL: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// ALL-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
