// Racy programs (issue #10): a lost update on a plain variable, found through its race.
// T1 runs `balance = balance - 10` (a load L1, a store S1), T2 `b = balance; balance = b + 10`
// (L2, S2); nothing orders them. Derivation: the first exploration (synchronisation only) has
// 1 trace and finds the races of the four access sites: L1/S2, S1/L2, S1/S2 (the loads do not
// race with each other): 3 defects; their sites become scheduling points. The second
// exploration interleaves L1 S1 with L2 S2 on one location, where the loads commute (reads of
// one location are independent): a trace is an order of the dependent pairs L1/S2, S1/L2 and
// S1/S2. Either one thread's store comes before the other's load (S1 < L2, or S2 < L1: the
// rest follows, 2 traces), or both loads come before both stores (then S1 < S2 or S2 < S1:
// 2 traces): 4 traces, each with the 3 races; in the 2 where both loads come first one update
// is lost and main's assert fails: 4 defects, traces with defects 4 of 4. Runs: QPOR 1 + 4 = 5.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %dpu --races=report %s > %t.report; test $? -eq 1
// RUN: FileCheck --check-prefix=REPORT %s < %t.report
// CHECK: {{^}}dpu: defect 4: assertion failure: balance == 100 (at {{.*}}racy_lost_update.c:[[#@LINE+33]] in main){{$}}
// CHECK: {{^}} #{{[0-9]+}} T{{[12]}} read 'balance' = 100 {{.*}}racy_lost_update.c:
// CHECK: {{^}}dpu: traces with defects: 4 of 4 (defect 1 in 4, defect 2 in 4, defect 3 in 4, defect 4 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 4 access sites made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 4 defects, 4 max-configs, 0 SSBs, 5 runs
// NONE: {{^}}dpu: traces with defects: 4 of 4 (defect 1 in 4, defect 2 in 4, defect 3 in 4, defect 4 in 2){{$}}
// NONE: {{^}}dpu: summary: 4 defects, 4 max-configs, 0 SSBs,
// REPORT-NOT: assertion failure
// REPORT: {{^}}dpu: summary: 3 defects, 1 max-configs, 0 SSBs, 1 runs
#include <assert.h>
#include <pthread.h>

static int balance = 100;

static void *withdraw(void *arg) {
  (void)arg;
  balance = balance - 10;
  return NULL;
}

static void *deposit(void *arg) {
  (void)arg;
  int b = balance;
  balance = b + 10;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, withdraw, NULL);
  pthread_create(&b, NULL, deposit, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(balance == 100);
  return 0;
}
