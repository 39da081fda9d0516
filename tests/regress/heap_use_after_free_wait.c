// A block freed while another thread waits to make an atomic access to it: the access is
// checked once it is scheduled (runtime/memcheck.h, dpu_mem_check_op), so the use after free
// is found, at line 25; the free and the access are unordered, so the data race between them
// is reported too, from the same run. main's free is no visible operation, so there is one
// trace, in which main frees before it blocks in pthread_join: 1 max-config, 2 defects, in
// both explorers.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: data race: write of 4 bytes (free) to offset 0 of a 4-byte heap block (allocated at {{.*}}heap_use_after_free_wait.c:31 in main by T0) at {{.*}}heap_use_after_free_wait.c:34 in main (T0) and atomic write at {{.*}}heap_use_after_free_wait.c:25 in worker (T1)
// CHECK: memory error: use after free: atomic-rmw of 4 bytes at offset 0 of a heap block of 4 bytes (at {{.*}}heap_use_after_free_wait.c:25 in worker); allocated by T0 at {{.*}}heap_use_after_free_wait.c:31 in main, freed by T0 at {{.*}}heap_use_after_free_wait.c:34 in main
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1, defect 2 in 1)
// CHECK: {{^}}dpu: summary: 2 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct obj {
  atomic_int refs;
};

static void *worker(void *arg) {
  struct obj *o = arg;
  atomic_fetch_add(&o->refs, 1);
  return NULL;
}

int main(void) {
  pthread_t t;
  struct obj *o = malloc(sizeof *o);
  atomic_init(&o->refs, 1);
  pthread_create(&t, NULL, worker, o);
  free(o);
  pthread_join(t, NULL);
  return 0;
}
