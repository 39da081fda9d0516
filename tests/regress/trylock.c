// N threads (-DN=2,3; creation chain, worker k creates worker k+1 first) each trylock m once
// and unlock it on success. A failed trylock is an event on m that does not take it.
// Derivation: a trace = the order in which the successful threads hold m, plus, for each
// failing thread, the holding interval its failed trylock falls in (order within an interval
// matters). N=2: 2 (both succeed) + 2x1 (one succeeds, the other fails inside) = 4.
// N=3: 3! + (3x2 ordered pairs)x(2 intervals) + 3x(2 orders of the two failures) = 6+12+6 = 24.
// RUN: %dpu -DN=2 %s > %t.2; test $? -eq 0
// RUN: FileCheck --check-prefix=N2 %s < %t.2
// RUN: %dpu -DN=3 %s > %t.3; test $? -eq 0
// RUN: FileCheck --check-prefix=N3 %s < %t.3
// N2-NOT: dpu: defect
// N2: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// N3-NOT: dpu: defect
// N3: dpu: summary: 0 defects, 24 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 2
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ids[N];
static int successes; // written only while holding m

static void *worker(void *arg) {
  int k = *(int *)arg;
  int has_child = k + 1 < N;
  pthread_t child;
  if (has_child) {
    ids[k + 1] = k + 1;
    pthread_create(&child, NULL, worker, &ids[k + 1]);
  }
  if (pthread_mutex_trylock(&m) == 0) {
    successes++;
    pthread_mutex_unlock(&m);
  }
  if (has_child)
    pthread_join(child, NULL);
  return NULL;
}

int main(void) {
  pthread_t t;
  ids[0] = 0;
  pthread_create(&t, NULL, worker, &ids[0]);
  pthread_join(t, NULL);
  assert(successes >= 1 && successes <= N);
  return 0;
}
