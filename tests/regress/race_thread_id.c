// A worker reads its sibling's thread id from a global that main's second pthread_create
// stores: the store is the program's write, made inside the create, and the worker (created
// before it) is not ordered with it: a data race (natively the worker may join an id not yet
// stored). The store is made before the new thread starts, so the sibling itself may read its
// own id without a race (-DSELF). With -DKEY, the same for pthread_key_create's store of the
// key, read by a thread that only a relaxed atomic orders after it (no happens-before).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -DSELF %s > %t.self; test $? -eq 0
// RUN: FileCheck --check-prefix=SELF %s < %t.self
// RUN: %dpu -DKEY %s > %t.key; test $? -eq 1
// RUN: FileCheck --check-prefix=KEY %s < %t.key
#include <pthread.h>
#include <stdatomic.h>

static pthread_t first_id, second_id;
static pthread_key_t key;
static atomic_int published;

static void *second(void *arg) {
  (void)arg;
#ifdef SELF
  return (void *)(second_id == pthread_self() ? 1L : 0L);
#else
  return NULL;
#endif
}

static void *first(void *arg) {
  (void)arg;
#ifdef KEY
  pthread_key_create(&key, NULL);
  atomic_store_explicit(&published, 1, memory_order_relaxed);
#elif !defined(SELF)
  // CHECK: {{^}}dpu: defect 1: data race: write of 8 bytes (pthread_create) to 'second_id' at {{.*}}race_thread_id.c:[[#@LINE+9]] in main (T0) and read at {{.*}}race_thread_id.c:[[#@LINE+1]] in first (T1){{$}}
  pthread_join(second_id, NULL);
#endif
  return NULL;
}

int main(void) {
  pthread_create(&first_id, NULL, first, NULL);
#ifndef KEY
  pthread_create(&second_id, NULL, second, NULL);
#else
  // KEY: {{^}}dpu: defect 1: data race: write of 4 bytes (pthread_key_create) to 'key' at {{.*}}race_thread_id.c:[[#@LINE-14]] in first (T1) and read at {{.*}}race_thread_id.c:[[#@LINE+1]] in main (T0){{$}}
  pthread_key_t k = atomic_load_explicit(&published, memory_order_relaxed) ? key : 0;
  (void)k;
#endif
  pthread_join(first_id, NULL);
#ifdef SELF
  void *ret;
  pthread_join(second_id, &ret);
#endif
  return 0;
}
// CHECK: {{^}}dpu: summary: 1 defects,
// SELF: {{^}}dpu: summary: 0 defects,
// KEY: {{^}}dpu: summary: 1 defects,
