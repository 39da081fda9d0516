// --timeout stops a long exploration: exit 3, the incomplete note, then the summary.
// Eight threads on one mutex have 8! = 40320 traces, far more than 0.3 s allows.
// RUN: %dpu --no-symmetry --timeout=0.3 %s > %t; test $? -eq 3
// RUN: FileCheck %s < %t
// CHECK: dpu: exploration incomplete (--timeout reached)
// CHECK: dpu: summary: 0 defects, {{[0-9]+}} max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[8];
  for (int i = 0; i < 8; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 8; i++) pthread_join(t[i], 0);
  return 0;
}
