// Every run loops forever in a worker after it takes the lock: every trace is a hang, and dpu
// itself neither hangs nor crashes. main and T1 race for m: 2 traces (main's lock/unlock block
// before or after T1's lock). In both, T1 spins holding m, so the run is killed. The two hangs
// are one defect: T1, the thread at fault, loops at the same line in both; only main's stack
// differs (it waits in its lock in one, in its join in the other), and the stacks of threads
// not at fault are shown but are not part of a defect's identity (issue #13).
// RUN: %dpu -j 1 --run-timeout=0.2 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: hang: T1 ran for more than 0.2 s without a visible operation
// CHECK: stack of T1:
// CHECK-NEXT: #0 worker at {{.*}}hang_always.c:[[@LINE+14]]
// CHECK: stack of T0:
// CHECK-NEXT: #0 main at {{.*}}hang_always.c:[[@LINE+20]]
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int spin = 1; static volatile unsigned long ticks; /* not a spin: see plainspin.c */

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (spin) ticks++; /* one line: wherever the run is stopped, T1 is at this line */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
