// Cutoffs (issue 41, explorer/cutoff.h): a detached server polls a queue under a lock for ever;
// main queues two requests, polls until both are handled, checks and returns. The server's
// state repeats once the queue is empty (and main's while it waits), so the exploration ends
// by itself; the program ends (main exits), so no livelock; the assertion holds. With -DBUG
// main checks at once, and the handled count may still be short: an assertion failure.
// Without cutoffs the exploration does not end (each number of polls is a trace).
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --cutoffs=on -DBUG %s > %t.bug 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// CHECK: dpu: summary: 0 defects, {{[1-9][0-9]*}} max-configs,
// CHECK-NOT: exploration incomplete
// BUG: dpu: defect 1: assertion failure: h == 2 (at {{.*}}cutoff_server_loop.c:53 in main)
// DIFFTEST: skip
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int queued, handled;

static void *server(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    if (queued > 0) {
      queued--;
      handled++;
    }
    pthread_mutex_unlock(&m);
  }
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, server, 0);
  pthread_detach(t);
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&m);
    queued++;
    pthread_mutex_unlock(&m);
  }
#ifndef BUG
  int done = 0;
  while (!done) {
    pthread_mutex_lock(&m);
    done = handled == 2;
    pthread_mutex_unlock(&m);
  }
#endif
  pthread_mutex_lock(&m);
  int h = handled;
  pthread_mutex_unlock(&m);
  assert(h == 2);
  return 0;
}
