// Barriers and the process's exit with thread ids beyond 64 (issue #12), checked as in
// threads_wide_sync.c: N = 70 (the two threads that meet at the barrier have canonical ids 69
// and 70) and N = 6 (ids 5 and 6) give the same counts in both explorers. The two threads
// meet at a barrier of two, then each takes m once; main takes m too and returns after
// joining only the first of them, so the second runs on after the exit. Derivation: the two
// orders of the arrivals at the barrier times the 3! orders of the three critical sections on
// m: 12 max-configs.
// RUN: %dpu -DN=70 %s > %t.70; test $? -eq 0
// RUN: FileCheck %s < %t.70
// RUN: %dpu --por=none -DN=70 %s > %t.70n; test $? -eq 0
// RUN: FileCheck %s < %t.70n
// RUN: %dpu -DN=6 %s > %t.6; test $? -eq 0
// RUN: FileCheck %s < %t.6
// RUN: %dpu --por=none -DN=6 %s > %t.6n; test $? -eq 0
// RUN: FileCheck %s < %t.6n
// CHECK-NOT: dpu: defect
// CHECK-NOT: warning
// CHECK: {{^}}dpu: summary: 0 defects, 12 max-configs, 0 SSBs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t b;
static int n;

static void *worker(void *arg) {
  long i = (long)arg;
  if (i >= N - 2) {
    pthread_barrier_wait(&b);
    pthread_mutex_lock(&m);
    n++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&b, NULL, 2);
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  pthread_join(t[N - 2], NULL);
  return 0; /* without joining t[N - 1] */
}
