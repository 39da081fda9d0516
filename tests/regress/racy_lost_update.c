// Racy programs (issue #10): a lost update on a plain variable, found through its race.
// T1 runs `balance = balance - 10` (a load L1, a store S1), T2 `b = balance; balance = b + 10`
// (L2, S2); nothing orders them. Derivation: the first exploration (synchronisation only) has
// 1 trace and finds the races of the four access sites: L1/S2, S1/L2, S1/S2 (the loads do not
// race with each other): 3 defects; their sites become scheduling points. The second
// exploration interleaves L1 S1 with L2 S2 on one location (all four dependent): C(4,2) = 6
// traces, each with the 3 races; in the 4 where both loads come before both stores one update
// is lost and main's assert fails: 4 defects, traces with defects 6 of 6. Runs: QPOR 1 + 6 = 7.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %dpu --races=report %s > %t.report; test $? -eq 1
// RUN: FileCheck --check-prefix=REPORT %s < %t.report
// CHECK: {{^}}dpu: defect 4: assertion failure: balance == 100 (at {{.*}}racy_lost_update.c:[[#@LINE+33]] in main){{$}}
// CHECK: {{^}} #{{[0-9]+}} T{{[12]}} read 'balance' = 100 {{.*}}racy_lost_update.c:
// CHECK: {{^}}dpu: traces with defects: 6 of 6 (defect 1 in 6, defect 2 in 6, defect 3 in 6, defect 4 in 4){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 4 access sites made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 4 defects, 6 max-configs, 0 SSBs, 7 runs
// NONE: {{^}}dpu: traces with defects: 6 of 6 (defect 1 in 6, defect 2 in 6, defect 3 in 6, defect 4 in 4){{$}}
// NONE: {{^}}dpu: summary: 4 defects, 6 max-configs, 0 SSBs,
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
