// Program arguments after "--": argv[1] is the number of threads (a creation chain, worker k
// creates worker k+1 before its critical section), each running one block on m.
// Derivation: as in mutex_n_threads.c, a trace = an order of the blocks: n! max-configs;
// "-- 3" -> 6, "-- 1" -> 1.
// RUN: %dpu %s -- 3 > %t.3; test $? -eq 0
// RUN: FileCheck --check-prefix=A3 %s < %t.3
// RUN: %dpu %s -- 1 > %t.1; test $? -eq 0
// RUN: FileCheck --check-prefix=A1 %s < %t.1
// A3-NOT: dpu: defect
// A3: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
// A1-NOT: dpu: defect
// A1: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;
static int ids[8];
static int total; // protected by m

static void *worker(void *arg) {
  int k = *(int *)arg;
  int has_child = k + 1 < n;
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

int main(int argc, char **argv) {
  pthread_t t;
  assert(argc == 2);
  n = atoi(argv[1]);
  assert(n >= 1 && n <= 8);
  ids[0] = 0;
  pthread_create(&t, NULL, worker, &ids[0]);
  pthread_join(t, NULL);
  assert(total == n);
  return 0;
}
