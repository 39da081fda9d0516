/* A program with many interleavings and a defect found at once, for the tests of stopped
 * explorations (tests/report/timeout.c, interrupt.c, killed.c, progress.c): eight workers
 * append their number to `order` under one mutex (8! = 40320 traces, minutes of exploration);
 * main asserts that worker 1 came first, which fails in 7/8 of the traces, among them the
 * first ones explored. With -DCLEAN the assertion is left out. */
#include <assert.h>
#include <pthread.h>

#define N 8
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int order[N], n; /* protected by m */

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  order[n++] = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], 0, worker, (void *)(i + 1));
  for (int i = 0; i < N; i++) pthread_join(t[i], 0);
#ifndef CLEAN
  assert(order[0] == 1);
#endif
  return 0;
}
