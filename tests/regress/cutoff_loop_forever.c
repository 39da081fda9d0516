// Cutoff events (issue 41, explorer/cutoff.h): main goes round a loop for ever, counting modulo
// 3 under a lock. Its state after its third unlock (x = 0, about to lock) is its state after
// its start, reached in 1 event instead of 7: that unlock is a cutoff, and the exploration ends
// with 1 max-config that ends at it. The program never ends (main neither exits nor waits):
// a livelock of T0 (the run past the cutoff goes on to --max-steps), exit 1, and the summary
// says that no execution ends. Without cutoffs the one run is a hang at --max-steps.
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --max-steps=100 %s > %t.off 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// CHECK: dpu: defect 1: livelock: T0 goes round states reached before: past a cutoff the run went on for --max-steps, every thread that could move taking turns, and did not end (at {{.*}}cutoff_loop_forever.c:23 in main)
// CHECK: dpu: cutoffs: 1 events reached a state reached before in fewer events, and were not explored past; 1 max-configs end at one; no explored max-config ends the program, so no execution of it does
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs,
// OFF: hang: run exceeded 100 steps
// DIFFTEST: skip
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

int main(void) {
  for (;;) {
    pthread_mutex_lock(&m);
    x = (x + 1) % 3;
    pthread_mutex_unlock(&m);
  }
}
