// Symmetry reduction (explorer/symmetry.h) for threads that begin by reading shared data: N
// depositors created in a row by one routine with one argument each load a balance and store
// it back raised; one withdrawer (another routine) does the same lowered. The loads are free
// (reads commute), so each depositor's ordered operation is its store, and of each class of
// traces that differ only by exchanging depositors QPOR keeps the one whose depositors' stores
// come in creation order. Before, only a thread whose very first operation was ordered was
// reduced, and these threads got no reduction at all.
// Derivation: the stores of the N + 1 threads are totally ordered ((N + 1)! orders); a thread
// whose store is the k-th loads after one of the k - 1 stores before it or before them all: k
// places. So (N + 1)! x (N + 1)! traces: N = 3, 24 x 24 = 576. Exchanging depositors maps a
// trace to another (their stores hold distinct places), so each class has N! = 6: 96 with
// symmetry. No defect (main checks nothing but that it joined them).
// -DDIVERGE: the first depositor to store also sets a flag, and a depositor that loads the flag
// set takes a lock instead of storing: two threads created alike whose ordered operations
// differ. The rule does not hold for them: dpu says so and explores again without symmetry, and
// counts as --no-symmetry and the exhaustive explorer do (N = 2: 80 max-configs, counted by
// --por=none, not by hand).
// RUN: %dpu -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck --check-prefix=SYM %s < %t
// RUN: %dpu -j 1 --no-symmetry %s > %t.no; test $? -eq 0
// RUN: FileCheck --check-prefix=ALL %s < %t.no
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck --check-prefix=ALL %s < %t.none
// RUN: %dpu -j 2 %s > %t.j2; test $? -eq 0
// RUN: FileCheck --check-prefix=SYM %s < %t.j2
// RUN: %dpu -j 1 -DDIVERGE -DN=2 %s > %t.div 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=DIV %s < %t.div
// RUN: %dpu --por=none -DDIVERGE -DN=2 %s > %t.div.none 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=DIVALL %s < %t.div.none
// DIV: dpu: note: the first operations past the reads of T1 and T2, threads created alike, differ (atomic-store, pthread_mutex_lock): exploring again without symmetry reduction
// DIV: dpu: summary: 0 defects, 80 max-configs, 0 SSBs,
// DIVALL: dpu: summary: 0 defects, 80 max-configs, 0 SSBs,
// SYM: dpu: symmetry: traces that differ only by exchanging threads created alike
// SYM: dpu: summary: 0 defects, 96 max-configs, 0 SSBs,
// ALL-NOT: dpu: symmetry:
// ALL: dpu: summary: 0 defects, 576 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

static atomic_int balance;
#ifdef DIVERGE
static atomic_int flag;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *deposit(void *arg) {
  (void)arg;
#ifdef DIVERGE
  if (atomic_load(&flag)) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return 0;
  }
#endif
  int v = atomic_load(&balance);
  atomic_store(&balance, v + 100);
#ifdef DIVERGE
  atomic_store(&flag, 1);
#endif
  return 0;
}

static void *withdraw(void *arg) {
  (void)arg;
  int v = atomic_load(&balance);
  atomic_store(&balance, v - 10);
  return 0;
}

int main(void) {
  pthread_t d[N], w;
  for (int i = 0; i < N; i++) pthread_create(&d[i], 0, deposit, 0);
  pthread_create(&w, 0, withdraw, 0);
  for (int i = 0; i < N; i++) pthread_join(d[i], 0);
  pthread_join(w, 0);
  return 0;
}
