// Cutoff events (issue 41, explorer/cutoff.h): a detached ticker counts modulo 3 under a lock
// for ever beside a main that reads the count once and returns. The ticker's state (the count,
// its place in its loop) repeats every third round, so its third unlock after any point is a
// cutoff. The maximal configurations without cutoffs, by hand: main locks after k = 0, 1 or 2
// of the ticker's rounds (k = 3 would follow the ticker's third unlock, a cutoff: its state is
// the one after its start), reads k, unlocks and exits, and the ticker goes round until its
// third unlock after main's (the state main's unlock reached): 3; and main waits for the lock
// while the ticker holds it in its third round, whose unlock is the cutoff: 1. So 4
// max-configs, each ending at a cutoff, the four cutoff events those unlocks; with FAIL,
// main asserts that it read no 2: 1 of the 4 fails (k = 2).
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --cutoffs=on -DFAIL %s > %t.fail 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=FAIL %s < %t.fail
// RUN: %dpu -j 2 --cutoffs=on -DFAIL %s > %t.j2 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=J2 %s < %t.j2
// CHECK: dpu: cutoffs: 4 events reached a state reached before in fewer events, and were not explored past; 4 max-configs end at one
// CHECK: dpu: summary: 0 defects, 4 max-configs,
// FAIL: dpu: defect 1: assertion failure: v != 2 (at {{.*}}cutoff_detached_ticker.c:48 in main)
// FAIL: dpu: traces with defects: 1 of 4 (defect 1 in 1)
// FAIL: dpu: summary: 1 defects, 4 max-configs,
// J2: dpu: defect 1: assertion failure: v != 2
// J2: dpu: summary: 1 defects,
// DIFFTEST: skip
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ticks;

static void *ticker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    ticks = (ticks + 1) % 3;
    pthread_mutex_unlock(&m);
  }
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, ticker, 0);
  pthread_detach(t);
  pthread_mutex_lock(&m);
  int v = ticks;
  pthread_mutex_unlock(&m);
#ifdef FAIL
  assert(v != 2);
#endif
  return 0;
}
