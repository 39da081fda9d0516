// Virtual time (issue #13): sleeps do not wait, and clocks read a time that depends only on
// the run's trace. Two threads sleep 3 s each (they used to run one after the other in real
// time and be reported as a hang); each sees exactly 3 s pass on its clocks; T2 sleeps longer
// than T1 before it reads what T1 wrote, which a real run usually orders, but a sleep is no
// synchronisation: the order where T2 reads first is explored, and fails.
// Derivation: 2 orders of the two critical sections on m: 2 max-configs, the failure in 1.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK-NOT: hang
// CHECK: {{^}}dpu: defect 1: assertion failure: v == 1 (at {{.*}}sleep_virtual_time.c:[[#@LINE+33]] in t2){{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs,
#include <assert.h>
#include <pthread.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int x;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *t1(void *a) {
  time_t before = time(NULL);
  sleep(3);
  assert(time(NULL) - before == 3);
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return a;
}

static void *t2(void *a) {
  struct timespec b, e;
  clock_gettime(CLOCK_MONOTONIC, &b);
  struct timespec d = {.tv_sec = 3, .tv_nsec = 500000000};
  nanosleep(&d, NULL);
  clock_gettime(CLOCK_MONOTONIC, &e);
  assert(e.tv_sec - b.tv_sec == 3 || e.tv_sec - b.tv_sec == 4);
  pthread_mutex_lock(&m);
  int v = x;
  pthread_mutex_unlock(&m);
  assert(v == 1);
  return a;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
