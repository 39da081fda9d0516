// A consumer that polls two locations in a loop that also counts (so no spin loop: each
// iteration is new events) while its producer could run. The scheduler past a replay let the
// last thread go on for ever, so the first run starved the producer until --max-steps: a
// false `hang` (run exceeded 100000 steps) in the first run and in every run the explorers
// derived from it, 11 s for 20 runs. A thread now takes at most 256 steps in a row while
// another could move (runtime/sched.c: take_turns), as a fair scheduler would; the explorers
// still explore every order. Every number of polls before the producer's store is another
// trace, so the exploration does not end by itself (issue 41): bounded here by --max-runs,
// with no defect, exit 3, in both explorers.
// RUN: %dpu -j 1 --max-runs=20 %s > %t 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none --max-runs=20 %s > %t.none 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t.none
// DIFFTEST: skip (it does not end: every number of polls is another trace)
// CHECK-NOT: hang
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// CHECK: {{^}}dpu: summary: 0 defects,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int head, tail;
static int item, polls;

static void *consumer(void *arg) {
  for (;;) { /* polls two locations and counts: no spin loop */
    int h = atomic_load(&head), t = atomic_load(&tail);
    if (h != t) break;
    polls++;
  }
  assert(item == 42);
  return arg;
}

static void *producer(void *arg) {
  item = 42;
  atomic_store(&tail, 1);
  return arg;
}

int main(void) {
  pthread_t c, p;
  pthread_create(&c, NULL, consumer, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(c, NULL);
  pthread_join(p, NULL);
  return 0;
}
