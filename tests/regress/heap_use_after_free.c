// A use after free is a memory error (issue #13) naming the block's allocation and free.
// The consumer takes the message pointer under m and reads the payload after unlocking;
// main frees the message under m. Derivation: two blocks on m, two orders: the consumer
// first reads the live block (no memory error, but its read races with main's free, which
// the free's write of the whole block shows: a data race); main first frees it, and the
// consumer then reads freed memory: the memory error, at the read, line 31. 2 max-configs,
// 2 defects, one in each trace; both explorers agree.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: memory error: use after free: read of 4 bytes at offset 4 of a heap block of 8 bytes (at {{.*}}heap_use_after_free.c:31 in consumer); allocated by T0 at {{.*}}heap_use_after_free.c:37 in main, freed by T0 at {{.*}}heap_use_after_free.c:41 in main
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 1, defect 2 in 1)
// CHECK: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs,
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
