/* The program of Fig. 1 of the QPOR paper, with every access under a mutex: N writer threads
 * each write their own variable x_i; `count` increments c N-1 times; `master` reads c into i
 * and writes x_i. Its 2N Mazurkiewicz traces: where master's read falls among the N-1
 * increments (N ways) times whether master's write of x_i comes before or after w_i's (2).
 * SDPOR explores O(2^N) executions here; QPOR with k = 2 is optimal (Sec. 1, Sec. 6). */
#include <pthread.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t mx[N], mc = PTHREAD_MUTEX_INITIALIZER;
static int x[N], c;

static void *writer(void *arg) {
  long i = (long)arg;
  pthread_mutex_lock(&mx[i]);
  x[i] = 7;
  pthread_mutex_unlock(&mx[i]);
  return 0;
}

static void *count(void *arg) {
  (void)arg;
  for (int k = 0; k < N - 1; k++) {
    pthread_mutex_lock(&mc);
    c++;
    pthread_mutex_unlock(&mc);
  }
  return 0;
}

static void *master(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mc);
  int i = c;
  pthread_mutex_unlock(&mc);
  pthread_mutex_lock(&mx[i]);
  x[i] = 0;
  pthread_mutex_unlock(&mx[i]);
  return 0;
}

int main(void) {
  pthread_t w[N], tc, tm;
  for (int i = 0; i < N; i++) pthread_mutex_init(&mx[i], 0);
  for (long i = 0; i < N; i++) pthread_create(&w[i], 0, writer, (void *)i);
  pthread_create(&tc, 0, count, 0);
  pthread_create(&tm, 0, master, 0);
  for (int i = 0; i < N; i++) pthread_join(w[i], 0);
  pthread_join(tc, 0);
  pthread_join(tm, 0);
  return 0;
}
