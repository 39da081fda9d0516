// -j's split stops once its runs prove expensive (explorer/split.h,
// DPU_SPLIT_JOBS_RUN_SECONDS): it runs on one core before the workers start, and this
// program's 2 traces, each a run of two long computations, took 16 runs of split with -j 2
// (5.9 s, against 0.75 s with -j 1, at 3 x 10^8 steps a thread). Each run here computes 2 x
// 5 x 10^7 steps, far over 10 ms on any machine; the split stops at its first check past the
// first run, after at most 3 runs.
// Derivation: the two critical sections in either order: 2 max-configs, no defect.
// RUN: %dpu --no-symmetry -j 2 --stats %s > %t 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK: dpu: stats: the split: {{[1-3]}} runs (not in the runs above)
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static unsigned long total;

static void *compute(void *arg) {
  (void)arg;
  unsigned long w = 0;
  for (unsigned long i = 0; i < 50000000ul; i++) w = w * 3 + i;
  pthread_mutex_lock(&m);
  total += w;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, compute, NULL);
  pthread_create(&b, NULL, compute, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%lu\n", total);
  return 0;
}
