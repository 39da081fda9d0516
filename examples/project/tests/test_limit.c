/* Two threads add to a counter limited to 1: one of them must be refused. It fails when both
 * pass counter_add_below's check before either adds (src/counter.c). */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#include "counter.h"

static struct counter seats;

static void *worker(void *arg) {
  (void)arg;
  counter_add_below(&seats, 1);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  counter_init(&seats, 1);
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(counter_get(&seats) <= 1);
  counter_destroy(&seats);
  printf("test_limit: ok\n");
  return 0;
}
