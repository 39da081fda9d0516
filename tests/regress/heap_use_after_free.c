// A use after free is a memory error (issue #13) naming the block's allocation and free.
// The consumer takes the message pointer under m and reads the payload after unlocking;
// main frees the message under m. Derivation: two blocks on m, two orders. Main first: it
// frees the block, and the consumer then reads freed memory: the memory error, at the read,
// line 38. The consumer first: its read races with main's free (the free's write of the
// whole block shows it: a data race), and once the read is visible (the second exploration)
// it waits to be scheduled while main may lock, free and unlock: the free is no visible
// operation, so where it falls is up to the interleaving. QPOR runs one of them: main frees
// before the read, which is checked once scheduled: the memory error again (2 max-configs,
// defect 2 in both). --por=none runs the read before main's lock (no memory error), between
// lock and unlock, and after: the last two end at the read with different histories, so it
// counts 4 max-configs, the memory error in 3 (README.md, Memory errors).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,QPOR %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,NONE %s < %t.none
// CHECK: memory error: use after free: read of 4 bytes at offset 4 of a heap block of 8 bytes (at {{.*}}heap_use_after_free.c:38 in consumer); allocated by T0 at {{.*}}heap_use_after_free.c:44 in main, freed by T0 at {{.*}}heap_use_after_free.c:48 in main
// QPOR: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 1, defect 2 in 2)
// QPOR: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs,
// NONE: {{^}}dpu: traces with defects: 4 of 4 (defect 1 in 1, defect 2 in 3)
// NONE: {{^}}dpu: summary: 2 defects, 4 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct msg {
  int id;
  int payload;
};
static struct msg *shared;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *consumer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  struct msg *p = shared;
  pthread_mutex_unlock(&m);
  printf("%d\n", p->payload);
  return NULL;
}

int main(void) {
  pthread_t t;
  shared = malloc(sizeof *shared);
  shared->payload = 42;
  pthread_create(&t, NULL, consumer, NULL);
  pthread_mutex_lock(&m);
  free(shared);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
