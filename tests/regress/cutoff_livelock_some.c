// A livelock in some executions only (issue 41, explorer/cutoff_runs.c went_round): the worker
// loops for ever, counting modulo 3 under a lock, if it reads x before main stores 1 to it; main then
// waits for ever to join it. The other execution ends. 2 max-configs (the worker's load before
// or after main's store). With cutoffs the worker's third unlock in the first one repeats its
// state after its load: a cutoff, and that max-config ends at it; its run goes on past it,
// every thread taking turns (main stores, then waits in the join), to --max-steps: a livelock
// of T1 at line 38, in 1 of the 2 traces, exit 1. The other max-config ends the program, so the
// summary does not say that no execution ends. Without cutoffs the same trace is a hang at
// --max-steps. Before this test, dpu --cutoffs=on dropped that run's hang past the cut and said
// "0 defects".
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 2 --cutoffs=on %s > %t.j2 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=J2 %s < %t.j2
// RUN: %dpu -j 1 --max-steps=1000 %s > %t.off 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// CHECK: dpu: defect 1: livelock: T1 goes round states reached before: past a cutoff the run went on for --max-steps, every thread that could move taking turns, and did not end (at {{.*}}cutoff_livelock_some.c:38 in worker)
// CHECK: stack of T0:
// CHECK-NEXT: #0 main at {{.*}}cutoff_livelock_some.c:46
// CHECK: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// CHECK: dpu: cutoffs: 1 events reached a state reached before in fewer events, and were not explored past; 1 max-configs end at one{{$}}
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
// J2: dpu: defect 1: livelock: T1 goes round
// J2: dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
// OFF: dpu: defect 1: hang: run exceeded 1000 steps
// OFF: dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
// DIFFTEST: skip
#include <pthread.h>
#include <stdatomic.h>

static atomic_int x;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ticks;

static void *worker(void *arg) {
  (void)arg;
  if (atomic_load(&x) == 0)
    for (;;) { pthread_mutex_lock(&m); ticks = (ticks + 1) % 3; pthread_mutex_unlock(&m); }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  atomic_store(&x, 1);
  pthread_join(t, 0);
  return 0;
}
