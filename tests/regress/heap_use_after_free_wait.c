// Atomic accesses are checked against the heap once scheduled (runtime/memcheck.h,
// dpu_mem_check_op). The worker frees o, then waits for m, where main may run first, then
// makes an atomic access to o: a use after free of its own free, at line 37, in both orders
// of m: 2 max-configs, 1 defect in both (the run ends there, m still held). With -DOTHER,
// main frees o while the worker may still use it: the free and the access are unordered, a
// data race, and whether o is freed when the access runs depends on where the free (no
// visible operation) falls: the check leaves it to the race detector, so that every explorer
// and -j count the same traces: 1 max-config, the race only.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck --check-prefix=OWN %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=OWN %s < %t.none
// RUN: %dpu -DOTHER -j 1 %s > %t.o1; test $? -eq 1
// RUN: FileCheck --check-prefix=OTHER %s < %t.o1
// RUN: %dpu -DOTHER -j 4 %s > %t.o4; test $? -eq 1
// RUN: FileCheck --check-prefix=OTHER %s < %t.o4
// RUN: %dpu -DOTHER --por=none %s > %t.onone; test $? -eq 1
// RUN: FileCheck --check-prefix=OTHER %s < %t.onone
// OWN: memory error: use after free: atomic-rmw of 4 bytes at offset 0 of a heap block of 4 bytes (at {{.*}}heap_use_after_free_wait.c:37 in worker); allocated by T0 at {{.*}}heap_use_after_free_wait.c:43 in main, freed by T1 at {{.*}}heap_use_after_free_wait.c:34 in worker
// OWN: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2)
// OWN: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
// OTHER: data race: {{.*}} 4-byte heap block (allocated at {{.*}}heap_use_after_free_wait.c:43 in main by T0) at {{.*}}heap_use_after_free_wait.c:{{(37 in worker \(T1\) and free of it at .*heap_use_after_free_wait.c:49 in main \(T0\))|(49 in main \(T0\) and atomic write of 4 bytes to offset 0 of it at .*heap_use_after_free_wait.c:37 in worker \(T1\))}}
// OTHER-NOT: memory error
// OTHER: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  atomic_int *o = arg;
#ifndef OTHER
  free(o);
  pthread_mutex_lock(&m);
#endif
  atomic_fetch_add(o, 1);
  return NULL;
}

int main(void) {
  pthread_t t;
  atomic_int *o = malloc(sizeof *o);
  atomic_init(o, 1);
  pthread_create(&t, NULL, worker, o);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
#ifdef OTHER
  free(o);
#endif
  pthread_join(t, NULL);
  return 0;
}
