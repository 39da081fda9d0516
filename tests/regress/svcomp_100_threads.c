// An SV-COMP-style task with 100 threads (issue #12: the 64-thread limit is gone): reach_error
// defined by the program, the unreach-call verdict, and the violation witness, checked step by
// step against the report (every step shown: 101 threads make 308 of them). Main creates 100
// threads; the last two (canonical ids 99 and 100) add 1 to an atomic counter, and main, after
// joining them, calls reach_error unless the counter is 2.
// - SAFE (atomic_fetch_add): the two read-modify-writes in 2 orders: 2 traces, verdict true.
// - otherwise a load then a store each: 2 traces where one thread's store comes before the
//   other's load (count 2), and 2 where both loads (which commute) come before both stores, in
//   either order (count 1): 4 traces, 2 violating, verdict false.
// RUN: %dpu -j 1 --svcomp -DSAFE %s > %t.safe; test $? -eq 0
// RUN: FileCheck --check-prefix=SAFE %s < %t.safe
// RUN: %dpu -j 1 --svcomp --steps-shown=0 --witness=%t.yml %s > %t.bug; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// RUN: %python %inputs/check_witness.py %t.yml %s unreach-call "" < %t.bug
// RUN: %dpu -j 1 --svcomp --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.none
// SAFE-NOT: dpu: defect
// SAFE: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
// SAFE-NEXT: {{^}}verdict: true
// BUG: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}svcomp_100_threads.c:[[# @LINE + 30]] in main)
// BUG-NEXT: interleaving (101 threads, 308 steps):
// BUG: dpu: traces with defects: 2 of 4 (defect 1 in 2)
// BUG: {{^}}dpu: summary: 1 defects, 4 max-configs, 0 SSBs,
// BUG-NEXT: {{^}}verdict: false
#include <pthread.h>
#include <stdatomic.h>

void reach_error(void) {}

#define N 100
static atomic_int count;

static void *worker(void *arg) {
  long i = (long)arg;
  if (i >= N - 2) {
#ifdef SAFE
    atomic_fetch_add(&count, 1);
#else
    int c = atomic_load(&count);
    atomic_store(&count, c + 1);
#endif
  }
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], 0, worker, (void *)i);
  for (long i = N - 2; i < N; i++) pthread_join(t[i], 0);
  if (count != 2) reach_error();
  return 0;
}
