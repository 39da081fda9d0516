// 100 threads (issue #12: the limit of 64 threads per run is 1024 now). Main creates them all;
// the first 97 return at once (start and exit-thread, which the runtime runs as soon as they
// are pending: no choice), the last three (canonical ids 98, 99 and 100, beyond the 64 ids of
// one word of a thread set) increment a shared counter under one mutex, and main joins those
// three. Their lock/unlock blocks on m can come in 3! = 6 orders, and nothing else is ordered
// differently: 6 max-configs in both explorers. The assertion on the counter holds: no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// CHECK-NOT: dpu: defect
// CHECK-NOT: warning
// CHECK: {{^}}dpu: summary: 0 defects, 6 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

#define N 100

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int shared;

static void *worker(void *arg) {
  long i = (long)arg;
  if (i >= N - 3) {
    pthread_mutex_lock(&m);
    shared++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (long i = N - 3; i < N; i++) pthread_join(t[i], NULL);
  assert(shared == 3);
  return 0;
}
