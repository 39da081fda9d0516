/* A single-producer single-consumer ring of 2 slots, release/acquire (a lock-free queue as
 * written for x86 and C11): the producer sends N items, the consumer takes them in order and
 * checks them. Correct under sc and x86-TSO; under --memory-model=tso every store of the
 * producer's and the consumer's waits in a store buffer, so the exploration has more traces
 * (bench/README.md, "Session 27": time per run under sc and tso). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
#define SLOTS 2

static atomic_int head, tail; /* head: next to take (consumer's), tail: next to fill */
static atomic_int slot[SLOTS];

static void *producer(void *arg) {
  for (int i = 1; i <= N; i++) {
    int t = atomic_load_explicit(&tail, memory_order_relaxed);
    while (t - atomic_load_explicit(&head, memory_order_acquire) == SLOTS)
      ;
    atomic_store_explicit(&slot[t % SLOTS], i, memory_order_relaxed);
    atomic_store_explicit(&tail, t + 1, memory_order_release);
  }
  return arg;
}

static void *consumer(void *arg) {
  for (int i = 1; i <= N; i++) {
    int h = atomic_load_explicit(&head, memory_order_relaxed);
    while (atomic_load_explicit(&tail, memory_order_acquire) == h)
      ;
    assert(atomic_load_explicit(&slot[h % SLOTS], memory_order_relaxed) == i);
    atomic_store_explicit(&head, h + 1, memory_order_release);
  }
  return arg;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  return 0;
}
