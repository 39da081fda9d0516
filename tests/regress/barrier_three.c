// Three threads through one barrier round: exactly one of them gets
// PTHREAD_BARRIER_SERIAL_THREAD (the last to arrive), the other two leave after it.
// Derivation: events on the barrier: the three arrivals in any order (3! = 6); after the last
// one, the two earlier arrivers' leave events, which are on no object (a leave only waits for
// its round's completing arrival, its extra cause) and so commute: 6 max-configs; one serial
// thread in each: no defect. (12 while the leaves were on the barrier's chain.)
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static int serial[3]; // slot i written by thread i

static void *worker(void *arg) {
  int i = *(int *)arg;
  serial[i] = pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD;
  return NULL;
}

int main(void) {
  static int ids[3] = {0, 1, 2};
  pthread_t t[3];
  pthread_barrier_init(&b, NULL, 3);
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  assert(serial[0] + serial[1] + serial[2] == 1);
  pthread_barrier_destroy(&b);
  return 0;
}
