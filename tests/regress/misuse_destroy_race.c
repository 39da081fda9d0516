// Misuse in two of three orders: main destroys m while T1 may be using it.
// Derivation: events on m are T1's lock L, T1's unlock U and main's destroy D (main's init
// precedes the create). D can come before L (T1's lock then hits a destroyed mutex), between
// L and U (destroy of a locked mutex), or after U (clean, main then joins T1):
// 3 max-configs, 2 defects (one of each kind, in either report order).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m;

static void *worker(void *arg) {
  (void)arg;
  // CHECK-DAG: dpu: defect {{[12]}}: pthread misuse: pthread_mutex_lock of a destroyed mutex (at {{.*}}misuse_destroy_race.c:[[@LINE+1]] in worker)
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_mutex_init(&m, NULL);
  pthread_create(&t, NULL, worker, NULL);
  // CHECK-DAG: dpu: defect {{[12]}}: pthread misuse: pthread_mutex_destroy of a locked mutex (at {{.*}}misuse_destroy_race.c:[[@LINE+1]] in main)
  pthread_mutex_destroy(&m);
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 2 of 3 (defect 1 in 1, defect 2 in 1){{$}}
// CHECK-NEXT: dpu: summary: 2 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
