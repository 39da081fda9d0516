/* N threads (-DN=..., default 4), one critical section each on one mutex: N! traces. */
#include <pthread.h>

#ifndef N
#define N 4
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++) pthread_join(t[i], 0);
  return x == N ? 0 : 1;
}
