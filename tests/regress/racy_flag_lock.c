// Racy programs (issue #10): a hand-made lock on plain variables (check-then-set), whose bug
// only shows when the racing accesses are interleaved: both threads can see busy == 0 before
// either sets it, and both enter (main then finds violations > 0). The first exploration
// (synchronisation only) runs the threads one after the other and reports the races of busy,
// inside and violations; their load and store sites become scheduling points and later
// explorations (3 in all: the second finds the races of violations++) find the assertion
// failure. The spin `while (busy) {}` waits for a write of busy (the spin-loop rule) instead of
// looping. Counts cross-checked with the exhaustive explorer (not hand-derived: 454 traces,
// 3480 before the reads of one location commuted; the same 12 defects with --por=none, which
// difftest-regress runs): 10 races, the assertion failure, and a second race of violations++.
// With symmetry (on by default) the two threads, created alike, begin by reading busy; their
// first stores are ordered (explorer/symmetry.h), and of each trace and its renaming one is
// kept: 227, the same 12 defects.
// RUN: %dpu -q --no-symmetry %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -q %s > %t.sym; test $? -eq 1
// RUN: FileCheck --check-prefix=SYM %s < %t.sym
// SYM: {{^}}dpu: racing accesses explored: 10 access sites made scheduling points, 3 explorations{{$}}
// SYM-NEXT: {{^}}dpu: summary: 12 defects, 227 max-configs, 0 SSBs,
// CHECK: {{^}}dpu: defect 11: assertion failure: violations == 0 (at {{.*}}racy_flag_lock.c:[[#@LINE+28]] in main){{$}}
// CHECK: {{^}}dpu: racing accesses explored: 10 access sites made scheduling points, 3 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 12 defects, 454 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static int busy;
static int inside;
static int violations;

static void *worker(void *arg) {
  (void)arg;
  while (busy) {
  }
  busy = 1;
  inside++;
  if (inside != 1) violations++;
  inside--;
  busy = 0;
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(violations == 0);
  return 0;
}
