/* A counter that threads share, with an optional limit. */
#ifndef COUNTER_H
#define COUNTER_H

#include <pthread.h>
#include <stdbool.h>

struct counter {
  pthread_mutex_t lock;
  int value;
  int limit; /* counter_add_below's bound */
};

/* A counter at 0, whose counter_add_below keeps it at most limit. */
void counter_init(struct counter *c, int limit);
void counter_destroy(struct counter *c);

/* Adds n; returns the new value. */
int counter_add(struct counter *c, int n);

/* Adds n unless the value would exceed the limit; returns whether it added. */
bool counter_add_below(struct counter *c, int n);

/* The value. */
int counter_get(struct counter *c);

#endif
