/* Second translation unit of multi_file.c: the worker and its mutex live here. */
#include <pthread.h>

pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
int shared_count;

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&shared_lock);
  shared_count++;
  pthread_mutex_unlock(&shared_lock);
  return 0;
}
