// Condition variables with thread ids beyond 64 (issue #12): the same program with N = 70
// threads (the two waiters have canonical ids 67 and 68, in the second word of every thread
// set) and with N = 6 (ids 3 and 4, in the first word) must give the same counts in both
// explorers, since the other threads return at once. Two threads wait on c until `go`; main
// sets it, signals (which waiter it wakes is a choice), then broadcasts; the first waiter to
// get through records itself, and the assertion fails when it is the second waiter: in half
// the traces, as the two waiters are symmetric.
// RUN: %dpu -DN=70 %s > %t.70; test $? -eq 1
// RUN: FileCheck %s < %t.70
// RUN: %dpu --por=none -DN=70 %s > %t.70n; test $? -eq 1
// RUN: FileCheck %s < %t.70n
// RUN: %dpu -DN=6 %s > %t.6; test $? -eq 1
// RUN: FileCheck %s < %t.6
// RUN: %dpu --por=none -DN=6 %s > %t.6n; test $? -eq 1
// RUN: FileCheck %s < %t.6n
// CHECK-NOT: warning
// CHECK: dpu: defect 1: assertion failure: {{.*}}threads_wide_sync.c:[[# @LINE + 34]]
// CHECK-NOT: dpu: defect 2
// CHECK: dpu: traces with defects: 26 of 52 (defect 1 in 26)
// CHECK: {{^}}dpu: summary: 1 defects, 52 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go, first = -1;

static void *worker(void *arg) {
  long i = (long)arg;
  if (i == N - 4 || i == N - 3) {
    pthread_mutex_lock(&m);
    while (!go) pthread_cond_wait(&c, &m);
    if (first < 0) first = (int)i;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t[N - 4], NULL);
  pthread_join(t[N - 3], NULL);
  assert(first == N - 4);
  return 0;
}
