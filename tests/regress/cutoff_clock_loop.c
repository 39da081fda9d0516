// Cutoffs (issue 41, explorer/cutoff.h) and virtual time (runtime/models/clock.c): main goes
// round a loop until a second has passed on its clock. Its memory and stack repeat every second
// round, but each clock read moves its virtual time on by 10 ms, which is part of its state
// when the program reads a clock (runtime/statefp.h, dpu_sfp_clocks): the loop ends after 100
// rounds and the assertion after it fails. Left out, the second round would be a cutoff, the
// assertion never reached, and the program taken for a livelock.
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: assertion failure: rounds == 3 (at {{.*}}cutoff_clock_loop.c:27 in main)
// CHECK-NOT: livelock
// CHECK: dpu: summary: 1 defects, 1 max-configs,
// DIFFTEST: skip
#include <assert.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  time_t t0 = time(0);
  int rounds = 0;
  while (time(0) - t0 < 1) {
    pthread_mutex_lock(&m);
    rounds = (rounds + 1) % 2;
    pthread_mutex_unlock(&m);
  }
  assert(rounds == 3);
  return 0;
}
