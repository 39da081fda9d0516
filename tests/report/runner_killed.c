// A runner killed from outside dpu (SIGKILL, as the out-of-memory killer sends) is no fault of
// the program: the run is run again, and the exploration's result is the one a run without the
// kill gives (issue 37: with -j 1 it was reported as a crash, exit 1; with -j 2 as a
// nondeterministic program, with SSBs at -k 0). Each run here computes for about a second; the
// runner (dpu's grandchild) is killed 0.6 s in, during the first run. (--run-timeout: the
// ASan build runs them ten times slower, and they must be no hang there.)
// RUN: sh -c '%dpu -j 1 --run-timeout=60 %s > %t & pid=$!; sleep 0.6; z=$(pgrep -P $pid); kill -KILL $(pgrep -P $z); wait $pid; echo "exit $?" >> %t'
// RUN: FileCheck %s < %t
// CHECK-NOT: defect 1
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs,
// CHECK-NEXT: {{^}}exit 0
// Killed again at every try for 2 s, the runs are cut short where they were killed: a warning
// names the kill, the exploration is incomplete (exit 3), and no defect is reported.
// RUN: sh -c '%dpu -j 1 --run-timeout=60 %s > %t.again 2> %t.again.err & pid=$!; sleep 0.4; for i in 1 2 3 4 5 6 7 8 9 10; do z=$(pgrep -P $pid) && kill -KILL $(pgrep -P $z); sleep 0.2; done; wait $pid; echo "exit $?" >> %t.again'
// RUN: FileCheck --check-prefix=AGAIN %s < %t.again
// RUN: FileCheck --check-prefix=AGAIN-ERR %s < %t.again.err
// AGAIN-NOT: defect 1
// AGAIN: {{^}}dpu: exploration incomplete (a run was cut short, see warnings){{$}}
// AGAIN-NEXT: {{^}}dpu: summary: 0 defects,
// AGAIN-NEXT: {{^}}exit 3
// AGAIN-ERR: dpu: warning: a runner was killed by SIGKILL from outside dpu twice at one run (the system's out-of-memory killer, or a user): that run was cut short
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long ticks;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  for (unsigned long i = 0; i < 30000000; i++) ticks++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
