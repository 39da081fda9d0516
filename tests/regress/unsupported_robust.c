// pthread functions dpu does not model (robust mutexes: pthread_mutexattr_setrobust in main,
// pthread_mutex_consistent in a helper) make dpu stop with exit code 2, naming each, its first
// call site, and why. The JSON report's reason is the first of those lines (it was "the
// program uses what dpu does not model (see the errors)", with no error in the document).
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
// RUN: %dpu --format=json -o %t.json %s 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// JSON: state error exit_code 2 reason "unsupported function 'pthread_mutexattr_setrobust' (first called at {{.*}}unsupported_robust.c:25 in main): robust mutexes are not modelled"
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m;

static void recover(void) {
  // CHECK-DAG: dpu: error: unsupported function 'pthread_mutex_consistent' (first called at {{.*}}unsupported_robust.c:[[@LINE+1]] in recover): robust mutexes are not modelled
  pthread_mutex_consistent(&m);
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  // CHECK-DAG: dpu: error: unsupported function 'pthread_mutexattr_setrobust' (first called at {{.*}}unsupported_robust.c:[[@LINE+1]] in main): robust mutexes are not modelled
  pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init(&m, &a);
  if (pthread_mutex_lock(&m) == EOWNERDEAD) recover();
  pthread_mutex_unlock(&m);
  return 0;
}
