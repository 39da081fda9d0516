// A barrier of count 2 used by more threads than its count: rounds form in the order of
// arrival, each round's last arrival gets PTHREAD_BARRIER_SERIAL_THREAD, and a round's leave
// waits only for that arrival (it commutes with the next round's arrivals).
// Derivation: 4 threads, one wait each: the arrivals are events on the barrier, in any of
// 4! = 24 orders; the 2nd and the 4th arrivals complete rounds (2 serial threads, each then
// locks m: their critical sections in 2 orders): 48 max-configs, serial == 2 in each.
// With -DTHREE (3 threads): 3! = 6 orders; the third arrival waits forever for a partner,
// with main in its join: a deadlock in each of the 6 max-configs.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry -j 1 %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --no-symmetry -j 1 -DTHREE %s > %t.three; test $? -eq 1
// RUN: FileCheck --check-prefix=THREE %s < %t.three
// RUN: %dpu --por=none -DTHREE %s > %t.three.none; test $? -eq 1
// RUN: FileCheck --check-prefix=THREE %s < %t.three.none
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 48 max-configs, 0 SSBs, {{[0-9]+}} runs
// THREE: dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}barrier_more_threads.c:48, T{{[123]}} in pthread_barrier_wait at {{.*}}barrier_more_threads.c:36
// THREE: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>

#ifdef THREE
#define N 3
#else
#define N 4
#endif

static pthread_barrier_t b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int serial;

static void *worker(void *arg) {
  (void)arg;
  if (pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD) {
    pthread_mutex_lock(&m);
    serial++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&b, NULL, 2);
  for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  assert(serial == N / 2);
  return 0;
}
