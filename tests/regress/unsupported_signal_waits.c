// Functions that wait for or read signals from outside the process are rejected before the
// first run, with exit 2 and one error per function naming its first call (a user's pause()
// was reported as "hang: T0 ran for more than 5 s without a visible operation": T0 did not
// run, it slept in the kernel for a signal no run sends).
// RUN: %dpu %s > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s < %t.err
// RUN: grep -c '^dpu: error: unsupported function' %t.err | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}3{{$}}
// RUN: %dpu --format=json %s > %t.json 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// JSON: state error exit_code 2 reason "unsupported function 'pause' (first called at {{.*}}unsupported_signal_waits.c:31 in main): signals from outside the process are not modelled {{.*}}"
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static void *waiter(void *arg) {
  (void)arg;
  sigset_t none, pending;
  sigemptyset(&none);
  // CHECK-DAG: dpu: error: unsupported function 'sigpending' (first called at {{.*}}unsupported_signal_waits.c:[[@LINE+1]] in waiter): signals from outside the process are not modelled
  sigpending(&pending);
  // CHECK-DAG: dpu: error: unsupported function 'sigsuspend' (first called at {{.*}}unsupported_signal_waits.c:[[@LINE+1]] in waiter): signals from outside the process are not modelled
  sigsuspend(&none);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, waiter, NULL);
  // CHECK-DAG: dpu: error: unsupported function 'pause' (first called at {{.*}}unsupported_signal_waits.c:[[@LINE+1]] in main): signals from outside the process are not modelled
  pause();
  pthread_join(t, NULL);
  return 0;
}
