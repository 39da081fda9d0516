// The hang of a spin loop nobody ends names the spinning thread and the line of the loop's
// read in its message. The program: T1 spins on a flag that nobody sets.
// Derivation: one event on flag (T1's first load), then T1 waits for a store that never
// comes: 1 max-config, 1 hang defect.
// RUN: %dpu --run-timeout=2 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag;

static void *spinner(void *arg) {
  (void)arg;
  // CHECK: dpu: defect 1: hang: T1 spins forever: it keeps reading the atomic variable 'flag', which no other thread will change (at {{.*}}atomic_spin_hang_line.c:[[@LINE+1]] in spinner)
  while (!atomic_load(&flag))
    ;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, spinner, NULL);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// CHECK-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
