// A poll under a lock that another thread waits for (a user's thread pools: main polls a
// counter of tasks left under the pool's mutex until a worker has taken one). Each trace has
// main poll some number of times before the worker's critical section, one trace per number:
// runs of every length, and no end. That is no hang (the program ends under every fair
// scheduler): the exploration reaches replays longer than 3 x --max-steps, cuts them, explores
// every trace of at most that many steps and says it is incomplete (exit 3). It used to report
// 'hang: run exceeded 100000 steps' in the run whose replay first got longer than the limit,
// and, at a --max-steps below the scheduler's 256 steps in a row, in the first run. With
// --max-steps=200: 300 traces (main's polls before the worker's lock, 2 steps each: 0 to 299),
// the same for both explorers and -j 2.
// RUN: %dpu --max-steps=200 %s > %t 2> %t.err; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %dpu --max-steps=200 --por=none %s > %t.all 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t.all
// RUN: %dpu --max-steps=200 -j 2 %s > %t.j2 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t.j2
// CHECK-NOT: hang
// CHECK: dpu: runs: 301 = 300 max-configs + 0 SSBs + 1 cut short
// CHECK: dpu: exploration incomplete (a run was cut short, see warnings)
// CHECK: dpu: summary: 0 defects, 300 max-configs, 0 SSBs, 301 runs
// WARN: dpu: warning: the exploration reached runs of more than 600 steps (3 x --max-steps): the program has executions of every length (a loop that polls, e.g. under a lock another thread waits for, may go round any number of times); those of at most that many steps were explored (if its states repeat, --cutoffs=on ends it)
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t pool = PTHREAD_MUTEX_INITIALIZER;
static int tasks_left = 1;

static void *worker(void *arg) {
  pthread_mutex_lock(&pool);
  tasks_left--;
  pthread_mutex_unlock(&pool);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  for (int left = 1; left > 0;) {
    usleep(100);
    pthread_mutex_lock(&pool);
    left = tasks_left;
    pthread_mutex_unlock(&pool);
  }
  pthread_join(t, 0);
  return 0;
}
