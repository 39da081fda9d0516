// A run's time limit counts the runner's own time, not the time load kept it off a CPU (issue
// 37: a seq_cst program's short run was a false `hang` at load 7). Here a worker computes for
// about 0.2 s of CPU per run (on the VM this was written on; 5 times less than the limit) while
// seven busy processes share dpu's one CPU with it: each run takes well over 1 s by the wall
// clock, and with a wall-clock limit both traces were hangs. Now no defect, exit 0. The limit is
// 4 s in the sanitized build (%load_run_timeout, tests/lit/lit.cfg.py), where a run computes for
// about 0.9 s: 7 s and more by the wall clock here.
// RUN: sh -c 'pids=; for i in 1 2 3 4 5 6 7; do timeout 60 taskset -c 0 sh -c "while :; do :; done" & pids="$pids $!"; done; taskset -c 0 %dpu -j 1 --run-timeout=%load_run_timeout %s > %t; echo "exit $?" >> %t; kill $pids'
// RUN: FileCheck %s < %t
// DIFFTEST: skip (its run-time limit is lit's %load_run_timeout, which difftest does not expand; two traces, nothing for the explorers to differ on)
// CHECK-NOT: hang
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs
// CHECK-NEXT: exit 0
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long ticks;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  for (unsigned long i = 0; i < 6000000; i++) ticks++; /* about 0.2 s with its accesses watched */
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
