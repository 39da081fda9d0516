// A run with thread ids of 64 or more keeps the set of enabled threads of each step apart (a
// record's first 64 threads fit in the record, the rest does not): those sets were limited to
// 65,536 per run, far below the trace's own limit, so a long run of a program that had created
// 64 threads cut short with a warning, 0 traces, exit 3 (issue 37: 257 threads in 64 pools of 4,
// 0 traces in 0.7 s). Now a set equal to the last one takes no slot, and there is a slot for
// every record the trace can hold. Here 70 threads are created and joined one at a time, then
// main alone locks and unlocks 40,000 times (80,000 steps): 1 trace, exit 0.
// RUN: %dpu -j 1 %s > %t 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: warning
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) { return arg; }

int main(void) {
  for (int i = 0; i < 70; i++) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
  }
  for (int i = 0; i < 40000; i++) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
  }
  return 0;
}
