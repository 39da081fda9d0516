/* For tests/report/cli.c: a defect that needs a compile flag and program arguments. A worker
 * and main race for m; main aborts if the program's first argument is WORD (a -D macro) and
 * the worker was not first. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int worker_first, done;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  if (!done) worker_first = 1;
  done = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  done = 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  printf("argument: %s\n", argc > 1 ? argv[1] : "(none)");
  if (argc > 1 && strcmp(argv[1], WORD) == 0 && !worker_first) abort();
  return 0;
}
