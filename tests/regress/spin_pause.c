// A waiting loop with the CPU's spin-wait hint in its body (x86's pause, as _mm_pause() or
// __builtin_ia32_pause(): the cpu_relax() of lock-free code such as an MCS lock) is a spin
// loop: the pause intrinsic has no effect the program can observe (passes/spinloops.c). It
// was not one, so every number of iterations of the wait was another execution: the loop
// warned "no spin loop", and 60 s explored 1,447 traces without an end. Derivation: T1's
// first load of flag reads 0 (before main's store; it then waits for the store and reads 1)
// or 1 (after it): 2 max-configs, no defect, no warning, in both explorers.
// RUN: %dpu --memory-model=sc %s > %t 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --memory-model=sc -DMM %s > %t.mm 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t.mm
// RUN: %dpu --memory-model=sc --por=none %s > %t.none 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t.none
// CHECK-NOT: warning
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
#include <assert.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag;
static int data;

static void *worker(void *arg) {
  while (!atomic_load_explicit(&flag, memory_order_acquire))
#ifdef MM
    _mm_pause();
#else
    __builtin_ia32_pause();
#endif
  assert(data == 1);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  data = 1;
  atomic_store_explicit(&flag, 1, memory_order_release);
  pthread_join(t, NULL);
  return 0;
}
