// Four threads that compute 200,000 steps of a linear congruential generator between two
// lock operations each: runs of about 2 ms, which the explorer's work is small beside (the
// case -j pays on, bench/README.md "-j"). 2,520 traces; the assertion holds.
#include <pthread.h>
#include <assert.h>
#define N 4
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
static int work(int seed) { /* local computation between synchronisations */
  unsigned x = (unsigned)seed;
  for (int i = 0; i < 200000; i++) x = x * 1103515245u + 12345u;
  return (int)(x & 1);
}
static void *t(void *a) {
  int id = (int)(long)a;
  for (int r = 0; r < 2; r++) {
    int v = work(id * 7 + r);
    pthread_mutex_lock(&m);
    total += v;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t th[N];
  for (long i = 0; i < N; i++) pthread_create(&th[i], 0, t, (void *)i);
  for (int i = 0; i < N; i++) pthread_join(th[i], 0);
  assert(total <= 2 * N);
  return 0;
}
