// __VERIFIER_nondet_int() has no value dpu could choose: without --nondet it is an error
// before the first run (exit 2), with --nondet=VALUE every call returns VALUE.
// Derivation: one thread besides main, no shared object: 1 max-config. With --nondet=3 the
// assertion n == 3 holds; with --nondet=0 it fails: 1 defect.
// RUN: %dpu %s > %t.1 2> %t.1.err; test $? -eq 2
// RUN: FileCheck --check-prefix=ERR %s < %t.1.err
// RUN: %dpu --nondet=3 %s > %t.2; test $? -eq 0
// RUN: FileCheck --check-prefix=THREE %s < %t.2
// RUN: %dpu --por=none --nondet=0 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefix=ZERO %s < %t.3
// THREE-NOT: dpu: defect
// THREE: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

static int n;

static void *worker(void *arg) {
  (void)arg;
  // ERR: dpu: error: data nondeterminism is not supported: '__VERIFIER_nondet_int' called at {{.*}}svcomp_nondet.c:[[@LINE+1]] in worker (dpu explores thread schedules only; fix the value of every __VERIFIER_nondet_* call with --nondet=VALUE)
  n = __VERIFIER_nondet_int();
  // ZERO: dpu: defect 1: assertion failure: n == 3 (at {{.*}}svcomp_nondet.c:[[@LINE+1]] in worker)
  assert(n == 3);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
// ZERO: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// ZERO-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
