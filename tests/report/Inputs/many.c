/* A program with many interleavings and a defect found at once, for the tests of stopped
 * explorations (tests/report/timeout.c, interrupt.c, killed.c, progress.c): ten workers append
 * their number to `order` under one mutex (10! traces: no deadline of a test is ever beaten; 8!
 * took under 3 s on an idle machine); main asserts that worker 1 came first, which fails in 9/10
 * of the traces, among them the first ones explored. With -DCLEAN the assertion is left out. */
#include <assert.h>
#include <pthread.h>

#define N 10
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
