// A block freed by another thread, used after the free in happens-before order: a use after
// free in every interleaving of the trace (runtime/memcheck.h, race.h: dpu_race_freed_before),
// not a data race (the free and the use are ordered by m). main frees o inside m's critical
// section, the worker uses o inside its own: when the worker is first, it uses a live block
// (no defect); when main is first, the use at line 40 (an atomic add; with -DMUTEX, line 38, a
// lock of the mutex inside o) is a memory error naming main's free at line 51. 2 max-configs, the
// defect in 1, with every explorer and -j.
// RUN: %dpu -j 1 %s > %t1; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,ATOMIC %s < %t1
// RUN: %dpu -j 4 %s > %t4; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,ATOMIC %s < %t4
// RUN: %dpu --por=none %s > %tn; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,ATOMIC %s < %tn
// RUN: %dpu -DMUTEX -j 1 %s > %tm; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,MUTEX %s < %tm
// RUN: %dpu -DMUTEX --por=none %s > %tmn; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,MUTEX %s < %tmn
// ATOMIC: memory error: use after free: atomic-rmw of 4 bytes at offset 0 of a heap block of 48 bytes (at {{.*}}heap_use_after_free_ordered.c:40 in worker); allocated by T0 at {{.*}}heap_use_after_free_ordered.c:48 in main, freed by T0 at {{.*}}heap_use_after_free_ordered.c:51 in main
// MUTEX: memory error: use after free: pthread_mutex_lock at offset 8 of a heap block of 48 bytes (at {{.*}}heap_use_after_free_ordered.c:38 in worker); allocated by T0 at {{.*}}heap_use_after_free_ordered.c:48 in main, freed by T0 at {{.*}}heap_use_after_free_ordered.c:51 in main
// CHECK-NOT: data race
// CHECK: {{^}}dpu: traces with defects: 1 of 2
// CHECK: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct obj {
  atomic_int count;
  pthread_mutex_t m;
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  struct obj *o = arg;
  pthread_mutex_lock(&m);
#ifdef MUTEX
  pthread_mutex_lock(&o->m), pthread_mutex_unlock(&o->m);
#else
  atomic_fetch_add(&o->count, 1), (void)0;
#endif
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  struct obj *o = malloc(sizeof *o);
  pthread_create(&t, NULL, worker, o);
  pthread_mutex_lock(&m);
  free(o);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
