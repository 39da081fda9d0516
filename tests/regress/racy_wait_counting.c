// A waiting loop that counts its iterations and uses the count afterwards,
// `while (!flag) n++; printf("%d", n);`, is no spin region (passes/spinloops.c: n changes and
// is used after the loop): every number of iterations before T1's `flag = 1` is another
// execution, and there are infinitely many. The scheduler's policy lets T1 go first when T2
// would only read flag again unchanged, so no run spins to --max-steps (no false hang); each
// run adds one more iteration, the exploration does not end by itself, and dpu says why.
// Bounded by --max-runs=6: 5 traces (n = 0..4 reads of 0 before the write) plus the first
// exploration's run: incomplete, and exit 1 for the data race it found (defects outrank an
// incomplete exploration).
// RUN: %dpu --max-runs=6 %s > %t 2> %t.err; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// CHECK-NOT: hang
// CHECK: {{^}}dpu: summary: 1 defects, 5 max-configs, 0 SSBs, 6 runs,
// ERR: {{^}}dpu: warning: a thread reads again, unchanged, what it read at {{.*}}racy_wait_counting.c:[[#@LINE+15]] in reader, in a loop that is no spin loop
#include <pthread.h>
#include <stdio.h>

static _Alignas(8) int flag;

static void *writer(void *a) {
  (void)a;
  flag = 1;
  return 0;
}

static void *reader(void *a) {
  (void)a;
  int n = 0;
  while (!flag) n++;
  printf("%d\n", n);
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, writer, 0);
  pthread_create(&h2, 0, reader, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
