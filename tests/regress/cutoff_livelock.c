// Livelock (issue 41, explorer/cutoff.h): two threads pass a turn back and forth for ever, and
// main waits to join them. With cutoffs the exploration ends (the players' states, with what the
// spin-loop rule remembers of their last reads, repeat: 44 max-configs). Each run goes on past
// its cutoff, taking turns, to --max-steps: a livelock of T1 and T2 (one defect, in all 44),
// exit 1; and since no explored execution ends the program (none exits, none deadlocks), the
// summary says that no execution does. Without cutoffs every run
// is a hang at --max-steps, and each number of passes before it a trace: no end. A ticker beside a main that exits is no livelock
// (cutoff_detached_ticker.c).
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --cutoffs=on --format=json %s > %t.json; test $? -eq 1
// RUN: FileCheck --check-prefix=JSON %s < %t.json
// RUN: %dpu -j 1 --max-steps=100 --max-runs=1 %s > %t.off 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// CHECK: dpu: defect 1: livelock: T1, T2 go round states reached before: past a cutoff the run went on for --max-steps, every thread that could move taking turns, and did not end (at {{.*}}cutoff_livelock.c:31 in player)
// CHECK: dpu: traces with defects: 44 of 44 (defect 1 in 44)
// CHECK: no explored max-config ends the program, so no execution of it does
// CHECK: dpu: summary: 1 defects, 44 max-configs,
// JSON: "cutoffs": true,
// JSON: "kind": "livelock",
// OFF: hang: run exceeded 100 steps
// DIFFTEST: skip
#include <pthread.h>
#include <stdatomic.h>

static atomic_int turn;

static void *player(void *arg) {
  int me = (int)(long)arg;
  for (;;) {
    while (atomic_load(&turn) != me) {
    }
    atomic_store(&turn, 1 - me);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, player, (void *)0L);
  pthread_create(&b, 0, player, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
