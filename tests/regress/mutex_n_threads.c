// N threads, one critical section each on one mutex m (-DN=2,3,4).
// Worker k creates worker k+1 *before* its critical section (a creation chain keeps the
// number of interleavings small: 6 / 114 / 3904), so any order of the N sections is possible.
// Derivation: all events on m are dependent and each lock..unlock pair is one block, so a
// trace is an order of the N blocks; create/start/exit/join are ordered by causality alone:
// N! max-configs = 2, 6, 24.
// RUN: %dpu -DN=2 %s > %t.2; test $? -eq 0
// RUN: FileCheck --check-prefix=N2 %s < %t.2
// RUN: %dpu -DN=3 %s > %t.3; test $? -eq 0
// RUN: FileCheck --check-prefix=N3 %s < %t.3
// RUN: %dpu -DN=4 %s > %t.4; test $? -eq 0
// RUN: FileCheck --check-prefix=N4 %s < %t.4
// N2-NOT: dpu: defect
// N2: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// N3-NOT: dpu: defect
// N3: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
// N4-NOT: dpu: defect
// N4: dpu: summary: 0 defects, 24 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 2
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ids[N];
static int total; // protected by m

static void *worker(void *arg) {
  int k = *(int *)arg;
  int has_child = k + 1 < N;
  pthread_t child;
  if (has_child) {
    ids[k + 1] = k + 1;
    pthread_create(&child, NULL, worker, &ids[k + 1]);
  }
  pthread_mutex_lock(&m);
  total++;
  pthread_mutex_unlock(&m);
  if (has_child)
    pthread_join(child, NULL);
  return NULL;
}

int main(void) {
  pthread_t t;
  ids[0] = 0;
  pthread_create(&t, NULL, worker, &ids[0]);
  pthread_join(t, NULL);
  assert(total == N);
  return 0;
}
