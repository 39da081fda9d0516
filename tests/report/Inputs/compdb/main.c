/* A test program of a hand-made build (tests/report/project_errors.c): two threads call
 * bump(), which helper_a.c and helper_b.c both define. GREETING comes from the compile
 * command (-D with a quoted string in its "command"), or from greeting.h in a directory that
 * dpu's own -I names. */
#include <pthread.h>
#include <stdio.h>

#include "bump.h"
#ifdef WITH_GREETING_H
#include "greeting.h"
#endif

static void *worker(void *arg) {
  bump();
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  bump();
  pthread_join(t, NULL);
  printf("%s %d\n", GREETING, bumps());
  return 0;
}
