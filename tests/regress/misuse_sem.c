// Misuse of semaphores, one case per -DCASE (main alone: 1 max-config, 1 defect that ends the
// run):
// 1. sem_wait of a semaphore never initialised (sem_t has no static initialiser).
// 2. sem_trywait of a semaphore never initialised.
// 3. sem_post of a destroyed semaphore.
// 4. sem_getvalue of a destroyed semaphore.
// 5. sem_destroy of a destroyed semaphore.
// RUN: %dpu --por=none -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1
// RUN: %dpu -DCASE=1 %s > %t.1q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1q
// RUN: %dpu -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2
// RUN: %dpu -DCASE=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3
// RUN: %dpu -DCASE=4 %s > %t.4; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C4 %s < %t.4
// RUN: %dpu --por=none -DCASE=5 %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C5 %s < %t.5
// RUN: %dpu -DCASE=5 %s > %t.5q; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C5 %s < %t.5q
#include <semaphore.h>

static sem_t s;

int main(void) {
  int v;
#if CASE == 1
  // C1: dpu: defect 1: pthread misuse: sem_wait of a semaphore that was never initialised (at {{.*}}misuse_sem.c:[[@LINE+1]] in main)
  sem_wait(&s);
#elif CASE == 2
  // C2: dpu: defect 1: pthread misuse: sem_trywait of a semaphore that was never initialised (at {{.*}}misuse_sem.c:[[@LINE+1]] in main)
  sem_trywait(&s);
#else
  sem_init(&s, 0, 1);
  sem_destroy(&s);
#if CASE == 3
  // C3: dpu: defect 1: pthread misuse: sem_post of a destroyed semaphore (at {{.*}}misuse_sem.c:[[@LINE+1]] in main)
  sem_post(&s);
#elif CASE == 4
  // C4: dpu: defect 1: pthread misuse: sem_getvalue of a destroyed semaphore (at {{.*}}misuse_sem.c:[[@LINE+1]] in main)
  sem_getvalue(&s, &v);
#else
  // C5: dpu: defect 1: pthread misuse: sem_destroy of a destroyed semaphore (at {{.*}}misuse_sem.c:[[@LINE+1]] in main)
  sem_destroy(&s);
#endif
#endif
  (void)v;
  return 0;
}
// ALL-NOT: dpu: defect
// ALL: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// ALL-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
