// A hang by --max-steps names the threads that could have taken the next step: main holds m
// and waits to join, and two workers retry a trylock of m without end (counted, used after: no
// spin loop, see trylock_retry_spin.c), taking turns. With --stop-on-defect the first run,
// the hang, ends the exploration. The JSON report lists the same threads in could_run, the
// SARIF result in its related locations. (A schedule that only starves a thread, which a fair
// scheduler would let go on, is no hang: tests/regress/poll_under_lock.c.)
// RUN: %dpu --no-symmetry -j 1 --max-steps=30 --stop-on-defect %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --no-symmetry -j 1 --max-steps=30 --stop-on-defect --format=json -o %t.json %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu --no-symmetry -j 1 --max-steps=30 --stop-on-defect --format=sarif -o %t.sarif %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// JSON: defect 1 threads 3 steps {{[0-9]+}} blocked 0 stacks 3
// JSON-NEXT: step
// JSON: defect 1 could_run T1 pthread_mutex_trylock 0x#='m' hang_unfair.c:[[#@LINE+15]] retrier
// JSON-NEXT: defect 1 could_run T2 pthread_mutex_trylock 0x#='m' hang_unfair.c:[[#@LINE+14]] retrier
// JSON-NEXT: defect 1 stack
// SARIF: result 1 related T1 could run pthread_mutex_trylock hang_unfair.c:[[#@LINE+12]] retrier
// SARIF-NEXT: result 1 related T2 could run pthread_mutex_trylock hang_unfair.c:[[#@LINE+11]] retrier
// CHECK: {{^}}dpu: defect 1: hang: run exceeded 30 steps; the last step: T{{[12]}} pthread_mutex_trylock at {{.*}}hang_unfair.c:[[#@LINE+10]] in retrier
// CHECK: {{^}}  could run: T1 pthread_mutex_trylock 'm' at {{.*}}hang_unfair.c:[[#@LINE+9]], T2 pthread_mutex_trylock 'm' at {{.*}}hang_unfair.c:[[#@LINE+9]]{{$}}
// CHECK-NEXT: {{^}}  (2 threads could run, and took turns: each goes round a loop without end, waiting for what none of them will do, or a livelock){{$}}
// CHECK: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *retrier(void *arg) {
  long tries = 0;
  while (pthread_mutex_trylock(&m) != 0) tries++;
  pthread_mutex_unlock(&m);
  return (void *)tries;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_lock(&m);
  pthread_create(&a, NULL, retrier, NULL);
  pthread_create(&b, NULL, retrier, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_mutex_unlock(&m);
  return 0;
}
