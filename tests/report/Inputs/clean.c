/* A program without defects, for tests/report: two threads increment a counter under a
 * mutex. 2 max-configs, no defect. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *inc(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  assert(n == 2);
  return 0;
}
