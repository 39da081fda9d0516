// Livelock: main holds m and joins T1; T1 retries trylock(m) for ever, counting (its count makes
// it no spin loop, trylock_retry_spin.c: each failed trylock is an event). One trace, cut at the
// step bound: 1 max-config, 1 defect (hang: run exceeded 200 steps).
// RUN: %dpu --max-steps=200 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: hang: run exceeded 200 steps
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  long tries = (long)arg;
  while (pthread_mutex_trylock(&m) != 0)
    tries++;
  pthread_mutex_unlock(&m);
  return (void *)tries;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL); // never returns: m is released only after the join
  pthread_mutex_unlock(&m);
  return 0;
}
// report/long_interleaving.c runs this program too and checks the lines of its steps.
