// Racy programs (issue #10): a hand-made lock on plain variables (check-then-set), whose bug
// only shows when the racing accesses are interleaved: both threads can see busy == 0 before
// either sets it, and both enter. The first exploration (synchronisation only) runs the
// threads one after the other and reports the races on busy and inside (10 pairs of sites);
// their 8 load and store sites become scheduling points and the second exploration finds the
// assertion failure. The spin `while (busy) {}` waits for a write of busy (the spin-loop rule)
// instead of looping. Counts cross-checked with the exhaustive explorer: 3628 traces for QPOR,
// 3766 for --por=none (runs that end at the failed assertion while the other thread could still
// move count once per history for QPOR, once per amount of progress for --por=none: README,
// "Exploration algorithms"); the same 15 defects (10 races, 5 assertion failures: the stacks
// of the other threads differ).
// RUN: %dpu -q %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -q --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// CHECK: {{^}}dpu: defect 11: assertion failure: inside == 1 (at {{.*}}racy_flag_lock.c:[[#@LINE+18]] in worker){{$}}
// CHECK: {{^}}dpu: racing accesses explored: 8 access sites made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 15 defects, 3628 max-configs, 0 SSBs,
// NONE: {{^}}dpu: defect 11: assertion failure: inside == 1
// NONE: {{^}}dpu: racing accesses explored: 8 access sites made scheduling points, 2 explorations{{$}}
// NONE-NEXT: {{^}}dpu: summary: 15 defects, 3766 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static int busy;
static int inside;

static void *worker(void *arg) {
  (void)arg;
  while (busy) {
  }
  busy = 1;
  inside++;
  assert(inside == 1);
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
  return 0;
}
