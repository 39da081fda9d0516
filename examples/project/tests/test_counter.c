/* Two threads add to one counter: every addition counts. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#include "counter.h"

static struct counter hits;

static void *worker(void *arg) {
  (void)arg;
  counter_add(&hits, 1);
  counter_add(&hits, 1);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  counter_init(&hits, 0);
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(counter_get(&hits) == 4);
  counter_destroy(&hits);
  printf("test_counter: ok\n");
  return 0;
}
