// A limit that stops the exploration of a racy program also stops it from starting the next
// exploration (with the racing sites made visible): that one would stop before its first
// run, or after one run past the limit, and its counts, all zero, replaced the first's (a user
// test: -j 2 said "0 max-configs, 3000 runs of earlier explorations"). Here the first run
// spins on a plain flag (cut short: its loads are not visible yet) and --max-runs=1 is reached:
// exactly 1 run, the cut one; the old dpu made 2.
// RUN: %dpu -j 1 --max-runs=1 %s > %t; test $? -eq 3
// RUN: FileCheck %s < %t
// CHECK: {{^}}dpu: runs: 1 = 0 max-configs + 0 SSBs + 1 cut short{{$}}
// CHECK-NEXT: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 0 defects, 0 max-configs, 0 SSBs, 1 runs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int flag, n;

static void *spinner(void *arg) {
  while (!flag) {
  }
  return arg;
}

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t s, w;
  pthread_create(&s, NULL, spinner, NULL);
  pthread_create(&w, NULL, worker, NULL);
  pthread_join(w, NULL);
  flag = 1;
  pthread_join(s, NULL);
  return 0;
}
