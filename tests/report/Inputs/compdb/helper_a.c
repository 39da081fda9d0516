/* bump() under a mutex (tests/report/project_errors.c). */
#include <pthread.h>

#include "bump.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int count;

void bump(void) {
  pthread_mutex_lock(&lock);
  count++;
  pthread_mutex_unlock(&lock);
}

int bumps(void) { return count; }
