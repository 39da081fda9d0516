// A barrier between phases, used twice: T1 and T2 each write their slot of a[] (phase 1),
// wait at the barrier, read the other's slot (phase 2), write b[], wait again, read b[]
// (phase 3). Exactly one thread per round gets PTHREAD_BARRIER_SERIAL_THREAD. The buggy
// variant (-DBUG) initialises the barrier for 3 threads: the two never get through.
// Model: pthread_barrier_wait is two events: arrive, on the barrier (the last of the count to
// arrive gets PTHREAD_BARRIER_SERIAL_THREAD and returns at once), and leave (the others; on no
// object, caused by the arrival that completed the round, so it commutes with every other
// operation on the barrier). pthread_barrier_init/destroy are events on the barrier too.
// Derivation: round 1: T1 or T2 arrives first (2 ways), the other is last (serial). Then the
// first one's leave L and the serial one's round-2 arrival A2 commute; the round-2 arrivals
// come in either order (2 ways: A2 first, or the first one's, after its L). 2 x 2 = 4
// max-configs; in each, exactly one serial thread per round and every read sees the other
// thread's phase write: no defect. (6 while the leaves were on the barrier's chain: L before
// or after A2 made two traces.)
// With -DBUG (count 3): both threads arrive (2 orders) and wait to leave forever, with main
// in its join of T1: 2 max-configs, both with the deadlock.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifdef BUG
#define COUNT 3
#else
#define COUNT 2
#endif

static pthread_barrier_t bar;
static int a[2], b[2];       // slot i written by thread i before a barrier, read by the other after it
static int seen_a[2], seen_b[2];
static int serial[2];        // serial[r]: written by round r's serial thread only
static void *worker(void *arg);

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  pthread_barrier_init(&bar, NULL, COUNT);
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
  // BUG: dpu: defect 1: deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}barrier_phases.c:[[@LINE+1]], T1 in pthread_barrier_wait at {{.*}}barrier_phases.c:[[@LINE+14]], T2 in pthread_barrier_wait at {{.*}}barrier_phases.c:[[@LINE+14]]{{$}}
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(seen_a[0] == 2 && seen_a[1] == 1);
  assert(seen_b[0] == 20 && seen_b[1] == 10);
  assert(serial[0] == 1 && serial[1] == 1);
  pthread_barrier_destroy(&bar);
  return 0;
}

static void *worker(void *arg) {
  int i = *(int *)arg;
  int r;
  a[i] = i + 1;
  r = pthread_barrier_wait(&bar);
  assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD)
    serial[0]++;
  seen_a[i] = a[1 - i];
  b[i] = 10 * (i + 1);
  r = pthread_barrier_wait(&bar);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD)
    serial[1]++;
  seen_b[i] = b[1 - i];
  return NULL;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 2 of 2 (defect 1 in 2)
// BUG-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
