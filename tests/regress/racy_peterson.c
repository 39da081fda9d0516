// Racy programs (issue #10): Peterson's algorithm on volatile ints (plain accesses: racy in
// C11, correct under sequential consistency, which is what dpu explores). The assertion never
// fails; the races are reported (9 pairs of sites); the spin `while (want[other] && turn ==
// other)` reads two locations: a thread whose second iteration reads what its first did stops
// (the spin-loop rule over several locations), so the exploration is finite. Three
// explorations (the spin loop's reads of turn race only once want's accesses are scheduling
// points). 234 traces (1674 before the reads of one location commuted), the same with
// --por=none (138,000 runs, about 2 s: run here too).
// RUN: %dpu -q %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -q -k 2 %s > %t.k2; test $? -eq 1
// RUN: FileCheck %s < %t.k2
// RUN: %dpu -q --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK-NOT: assertion failure
// CHECK-NOT: hang
// CHECK: {{^}}dpu: racing accesses explored: 10 access sites made scheduling points, 3 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 9 defects, 234 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static volatile int want[2];
static volatile int turn;
static int inside;

static void *worker(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  want[me] = 1;
  turn = other;
  while (want[other] && turn == other) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  want[me] = 0;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, (void *)0);
  pthread_create(&b, NULL, worker, (void *)1);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
