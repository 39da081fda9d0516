// Symmetry reduction (explorer/symmetry.h) for threads created alike that begin with a choice
// of their own: a nondet value, or (-DCAS, --spurious-cas) whether a weak CAS fails spuriously.
// A choice is free (protocol/ops.h dpu_op_sym_free): only the thread's own later operations
// depend on it, so the rule orders the threads' first locks (or CASes) past it. Before, the
// choice counted as each thread's first operation, told the threads apart, and the exploration
// started again without symmetry.
// Derivation: three workers each choose v among 0, 2, 3, 4 (0 and the constants main compares
// with and their neighbours: the note) and add v & 1 to a total under a lock; main asserts
// total < 3, which fails when all three chose 3. Traces: 3! orders of the sections x 4^3
// choices = 384, 6 of them failing. Exchanging workers maps a trace to another (their sections
// hold distinct places), so each class has 3! = 6: 64 with symmetry, 1 failing.
// -DCAS: two workers raise x from 0 with a weak CAS loop expecting 0 first: 18 traces with
// --spurious-cas (counted by the exhaustive explorer, not by hand), 9 with symmetry.
// RUN: %dpu -j 1 %s > %t 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=SYM %s < %t
// RUN: %dpu -j 1 --no-symmetry %s > %t.no 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=ALL %s < %t.no
// RUN: %dpu --por=none %s > %t.none 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=ALL %s < %t.none
// RUN: %dpu -j 1 --spurious-cas -DCAS %s > %t.cas 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=CAS %s < %t.cas
// RUN: %dpu --por=none --spurious-cas -DCAS %s > %t.cas.none 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=CASALL %s < %t.cas.none
// SYM-NOT: exploring again without symmetry
// SYM: dpu: defect 1: assertion failure: total < 3
// SYM: dpu: traces with defects: 1 of 64 (defect 1 in 1)
// SYM: dpu: symmetry: traces that differ only by exchanging threads created alike
// SYM: dpu: summary: 1 defects, 64 max-configs, 0 SSBs,
// ALL: dpu: traces with defects: 6 of 384 (defect 1 in 6)
// ALL: dpu: summary: 1 defects, 384 max-configs, 0 SSBs,
// CAS-NOT: exploring again without symmetry
// CAS: dpu: summary: 0 defects, 9 max-configs, 0 SSBs,
// CASALL: dpu: summary: 0 defects, 18 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef CAS
static atomic_int x;

static void *worker(void *arg) {
  (void)arg;
  int old = 0;
  while (!atomic_compare_exchange_weak(&x, &old, old + 1)) {
  }
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  assert(atomic_load(&x) == 2);
  return 0;
}
#else
extern int __VERIFIER_nondet_int(void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int total;

static void *worker(void *arg) {
  (void)arg;
  int v = __VERIFIER_nondet_int() & 1;
  pthread_mutex_lock(&m);
  total += v;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  assert(total < 3);
  return 0;
}
#endif
