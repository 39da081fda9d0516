// A Treiber stack (issue #11's racy benchmark): N threads each push one node and pop one,
// with compare-and-swap loops on the top pointer and free() of the popped node. The pop's
// read of old->next races with the free of that node by another popper (a real
// use-after-free of this textbook stack without memory reclamation), so with races on the
// exploration makes that read visible and explores its orders too.
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#ifndef N
#define N 3
#endif

struct node {
  int value;
  struct node *next;
};

static _Atomic(struct node *) top;

static void push(int v) {
  struct node *n = malloc(sizeof *n);
  n->value = v;
  struct node *old = atomic_load(&top);
  do n->next = old;
  while (!atomic_compare_exchange_weak(&top, &old, n));
}

static int pop(void) {
  struct node *old = atomic_load(&top);
  while (old && !atomic_compare_exchange_weak(&top, &old, old->next)) {
  }
  if (!old) return -1;
  int v = old->value;
  free(old);
  return v;
}

static void *worker(void *arg) {
  push((int)(long)arg);
  pop();
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return 0;
}
