// SV-COMP's conventions: in a program that declares or defines reach_error (or a __VERIFIER_
// function), abort() means "assume false": the run is infeasible, not a defect. Main reads x
// under m and assumes that the worker has written it first; the error branch is unreachable.
// -DPLAIN: the same program without reach_error (an assert instead): abort() is a defect,
// unless --svcomp applies the conventions anyway.
// Derivation: two orders of the two critical sections on m. Worker first: main reads 1, no
// abort. Main first: main reads 0 and aborts: infeasible (SV-COMP) or an abort defect (plain).
// Either way 2 max-configs.
// RUN: %dpu %s > %t.sv; test $? -eq 0
// RUN: FileCheck --check-prefix=SV %s < %t.sv
// RUN: %dpu -DPLAIN %s > %t.plain; test $? -eq 1
// RUN: FileCheck --check-prefix=PLAIN %s < %t.plain
// RUN: %dpu -DPLAIN --svcomp %s > %t.forced; test $? -eq 0
// RUN: FileCheck --check-prefix=SV %s < %t.forced
#include <assert.h>
#include <pthread.h>

extern void abort(void);
#ifndef PLAIN
void reach_error() {}
#else
#define reach_error() assert(0)
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int v = x;
  pthread_mutex_unlock(&m);
  if (v == 0)
    // PLAIN: dpu: defect 1: abort: abort() called (at {{.*}}svcomp_abort_assume.c:[[@LINE+1]] in main)
    abort();
  if (v != 1) {
    reach_error();
    abort();
  }
  pthread_join(t, 0);
  return 0;
}
// SV-NOT: dpu: defect
// SV: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs
// PLAIN: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs
