// After main returns, the thread it leaves behind runs on for ever: in a loop of critical
// sections (the run reaches --max-steps), or computing without a visible operation (the run
// reaches --run-timeout, -DCOMPUTE). Neither is a hang: the process ends while the thread
// runs (protocol/ops.def: PROCESS_EXIT), and the run keeps the exit's result. T1 waits for m,
// which main holds until just before it returns, so main's exit comes first in every run.
// Derivation: the events on m are main's lock and unlock, then T1's; the exit is independent
// of T1's events, so however many of them come before it, there is one trace: 1 max-config,
// no defect, exit 0. (The exhaustive explorer also runs the schedules in which main's exit
// waits until the step limit while T1 loops, and reports that starvation as a hang, as it
// does for any thread that can loop for ever while another could move: issue 41.)
// RUN: %dpu --max-steps=60 %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu -DCOMPUTE --run-timeout=%load_run_timeout %s > %t.c; test $? -eq 0
// RUN: FileCheck %s < %t.c
// DIFFTEST: skip (the exhaustive explorer also reports the starvation described above)
// CHECK-NOT: dpu: defect
// CHECK-NOT: hang
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long ticks;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
#ifdef COMPUTE
  for (;;) ticks++;
#else
  for (;;) {
    pthread_mutex_lock(&m);
    ticks++;
    pthread_mutex_unlock(&m);
  }
#endif
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, NULL, worker, NULL);
  pthread_detach(t);
  pthread_mutex_unlock(&m);
  return 0;
}
