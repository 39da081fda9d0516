// A hang by --max-steps names the threads that could have taken the next step (a user's
// trylock back-off philosophers hung in a schedule where one thread retried while the one it
// waited for, able to run, never did): T2 retries a trylock of m while T1, holding m, could
// unlock it. With --stop-on-defect the first such run ends the exploration (every number of
// retries is a trace of its own). 3 runs: T1 ends before T2's first try, T2 locks first, then
// the hang. The JSON report lists the same threads in could_run, the SARIF result in its
// related locations.
// RUN: %dpu -j 1 --max-steps=30 --stop-on-defect %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --max-steps=30 --stop-on-defect --format=json -o %t.json %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 1 --max-steps=30 --stop-on-defect --format=sarif -o %t.sarif %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// JSON: defect 1 threads 3 steps {{[0-9]+}} blocked 0 stacks 3
// JSON-NEXT: step
// JSON: defect 1 could_run T1 pthread_mutex_unlock 0x#='m' hang_unfair.c:31 holder
// JSON-NEXT: defect 1 could_run T2 pthread_mutex_trylock 0x#='m' hang_unfair.c:37 retrier
// JSON-NEXT: defect 1 stack
// SARIF: result 1 related T1 could run pthread_mutex_unlock hang_unfair.c:31 holder
// SARIF-NEXT: result 1 related T2 could run pthread_mutex_trylock hang_unfair.c:37 retrier
// CHECK: {{^}}dpu: defect 1: hang: run exceeded 30 steps; the last step: T2 pthread_mutex_trylock at {{.*}}hang_unfair.c:37 in retrier
// CHECK: {{^}}  could run: T1 pthread_mutex_unlock 'm' at {{.*}}hang_unfair.c:31, T2 pthread_mutex_trylock 'm' at {{.*}}hang_unfair.c:37{{$}}
// CHECK-NEXT: {{^}}  (2 threads could run: the schedule may have starved all but one; a retry loop hangs this way if the thread it waits for never runs){{$}}
// CHECK: {{^}}dpu: summary: 1 defects, 3 max-configs, 0 SSBs, 3 runs
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *holder(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return arg;
}

static void *retrier(void *arg) {
  long tries = 0; /* counted, used after: no spin loop (see trylock_retry_spin.c) */
  while (pthread_mutex_trylock(&m) != 0) tries++;
  pthread_mutex_unlock(&m);
  return (void *)tries;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, holder, NULL);
  pthread_create(&b, NULL, retrier, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
