/* Two threads, four visible operations each (two critical sections on one mutex); main
 * creates and joins them. The reference program for runs per second (issue: >= 20,000 runs/s). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x == 4 ? 0 : 1;
}
