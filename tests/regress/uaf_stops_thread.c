// A use after free stops the thread at fault, as a failed assertion does, and the others go
// on: the run's trace then does not depend on how far the others happened to get before it,
// so every explorer counts the same traces. It ended the whole run once, and -j 2 counted 4
// traces where -j 1 counted 5 and --por=none 7 (a user test). Derivation: main's critical
// section (the free) before both of T1's, between them or after them; T1 runs on after main's
// exit (protocol/ops.def: PROCESS_EXIT). 3 max-configs; the use after free in the first two.
// RUN: %dpu -j 1 --print-traces %s > %t.j1 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.j1
// RUN: %dpu -j 2 --print-traces %s > %t.j2 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.j2
// RUN: %dpu --por=none --print-traces %s > %t.none 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: grep '^dpu: trace ' %t.j1 | sort > %t.f1
// RUN: grep '^dpu: trace ' %t.j2 | sort | diff - %t.f1
// RUN: grep '^dpu: trace ' %t.none | sort | diff - %t.f1
// CHECK: dpu: defect 1: memory error: use after free: read of 4 bytes at offset 0 of a heap block of 4 bytes (at {{.*}}uaf_stops_thread.c:[[@LINE+13]] in worker)
// CHECK: dpu: traces with defects: 2 of 3 (defect 1 in 2)
// CHECK: dpu: summary: 1 defects, 3 max-configs, 0 SSBs
#include <pthread.h>
#include <stdlib.h>

static int *p;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&m);
    int v = *p;
    pthread_mutex_unlock(&m);
    (void)v;
  }
  return NULL;
}

int main(void) {
  p = malloc(sizeof *p);
  *p = 1;
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  free(p);
  pthread_mutex_unlock(&m);
  return 0;
}
