// A bounded wait on a plain flag that nobody sets (`for (i = 0; i < 200000 && !flag; i++);`)
// ends by itself: the plain-spin watch (runtime/plainspin.c) must not take it for a spin. It
// sees 200,000 identical reads of flag (the counter lives in a register), fewer than its
// threshold of 2^22 accesses, so the loop runs to its end. The program is race-free (flag is
// only read): 1 trace, no defect, no access made visible.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: hang
// CHECK-NOT: racing accesses explored
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>

static _Alignas(8) int flag;

static void *waiter(void *arg) {
  (void)arg;
  for (int i = 0; i < 200000 && !flag; i++) {
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_join(t, 0);
  return 0;
}
