/* Three threads that allocate, print and free, with two mutexes: exercises the heap reset and
 * output capture on every run. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static int total;

static void *worker(void *arg) {
  int id = (int)(long)arg;
  int *buf = malloc(64 * sizeof *buf);
  for (int i = 0; i < 64; i++) buf[i] = i * id;
  pthread_mutex_lock(id % 2 ? &a : &b);
  total += buf[63];
  pthread_mutex_unlock(id % 2 ? &a : &b);
  pthread_mutex_lock(&a);
  printf("thread %d done\n", id);
  pthread_mutex_unlock(&a);
  free(buf);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++) pthread_create(&t[i], 0, worker, (void *)(i + 1));
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  printf("total %d\n", total);
  return 0;
}
