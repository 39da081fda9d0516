/* A bounded buffer of 2 slots (bench/bound.sh): N producers (default 4) put 1 item each, N
 * consumers take 1 each. */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif
#define CAP 2
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notfull = PTHREAD_COND_INITIALIZER, notempty = PTHREAD_COND_INITIALIZER;
static int buf[CAP], in, out, count, taken;

static void *producer(void *arg) {
  pthread_mutex_lock(&m);
  while (count == CAP) pthread_cond_wait(&notfull, &m);
  buf[in] = (int)(long)arg;
  in = (in + 1) % CAP;
  count++;
  pthread_cond_signal(&notempty);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (count == 0) pthread_cond_wait(&notempty, &m);
  taken += buf[out];
  out = (out + 1) % CAP;
  count--;
  pthread_cond_signal(&notfull);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t p[N], c[N];
  for (long i = 0; i < N; i++) pthread_create(&p[i], NULL, producer, (void *)(i + 1));
  for (long i = 0; i < N; i++) pthread_create(&c[i], NULL, consumer, NULL);
  for (int i = 0; i < N; i++) pthread_join(p[i], NULL), pthread_join(c[i], NULL);
  assert(taken == N * (N + 1) / 2);
  return 0;
}
