// 257 threads, 64 pools of 4 workers and main, all alive at once, are explored (issue 37: a
// run of them was cut short, "more than 65536 sets of threads in one run", 0 traces, exit 3:
// each step of a run with thread ids of 64 or more kept a set of the enabled threads). Each
// worker increments its pool's counter under the pool's lock 140 times: over 72,000 steps a run.
// --max-runs bounds the traces (the pools' orders multiply); every run is a trace.
// RUN: %dpu --no-symmetry -j 1 --max-runs=3 %s > %t 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t
// CHECK-NOT: warning
// CHECK: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs, 3 runs,
#include <assert.h>
#include <pthread.h>

#define POOLS 64
#define WORKERS 4
#define ROUNDS 140

struct pool {
  pthread_mutex_t m;
  int done;
};

static void *worker(void *arg) {
  struct pool *p = arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&p->m);
    p->done++;
    pthread_mutex_unlock(&p->m);
  }
  return NULL;
}

int main(void) {
  static struct pool pools[POOLS];
  static pthread_t t[POOLS][WORKERS];
  for (int i = 0; i < POOLS; i++) {
    pthread_mutex_init(&pools[i].m, NULL);
    for (int k = 0; k < WORKERS; k++) pthread_create(&t[i][k], NULL, worker, &pools[i]);
  }
  for (int i = 0; i < POOLS; i++) {
    for (int k = 0; k < WORKERS; k++) pthread_join(t[i][k], NULL);
    assert(pools[i].done == WORKERS * ROUNDS);
  }
  return 0;
}
