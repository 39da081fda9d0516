/* See counter.h. */
#include "counter.h"

void counter_init(struct counter *c, int limit) {
  pthread_mutex_init(&c->lock, NULL);
  c->value = 0;
  c->limit = limit;
}

void counter_destroy(struct counter *c) { pthread_mutex_destroy(&c->lock); }

int counter_add(struct counter *c, int n) {
  pthread_mutex_lock(&c->lock);
  int v = c->value += n;
  pthread_mutex_unlock(&c->lock);
  return v;
}

/* The bug that dpu finds (docs/projects.md): the check and the addition are two critical
 * sections, so two threads can both pass the check before either adds. */
bool counter_add_below(struct counter *c, int n) {
  bool room = counter_get(c) + n <= c->limit;
  if (room) counter_add(c, n);
  return room;
}

int counter_get(struct counter *c) {
  pthread_mutex_lock(&c->lock);
  int v = c->value;
  pthread_mutex_unlock(&c->lock);
  return v;
}
