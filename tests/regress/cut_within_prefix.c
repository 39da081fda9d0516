// A run cut at 3 x --max-steps before it reached the alternative it was to replay. A consumer
// polls a slot and a done flag with no bound on its rounds; a free run may take up to 3.5 x
// --max-steps before it counts as a hang, so an alternative found near its end is replayed
// after a prefix longer than the limit and is cut within that prefix. The explorer took the
// frames it did not reach as added and left them in C: later alternatives were built from a
// wrong configuration, replays diverged ("a replay did not produce the events the unfolding
// predicted", 115 SSBs and a repeated trace at --max-steps=16), and the debug build broke the
// invariant of C's marks (explorer/qpor_impl.h, in_c). Such a run now adds nothing and the
// exploration goes on from its prefix, incomplete. At --max-steps=16: 225 traces (those of
// the explored runs; which runs are cut depends on the explorer's order, so the exhaustive
// explorer's count differs), 31 runs cut short, no replay mismatch; the runs whose free part
// outlives the limit report a hang (exit 1: the defect is not hidden behind "incomplete").
// The same with -j 2.
// DIFFTEST: skip (incomplete by design: which runs are cut at 3 x --max-steps depends on the explorer's order)
// RUN: %dpu --max-steps=16 %s > %t 2> %t.err; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %dpu --max-steps=16 -j 2 %s > %t.j2 2> %t.j2err; test $? -eq 1
// RUN: FileCheck %s < %t.j2
// RUN: FileCheck --check-prefix=WARN %s < %t.j2err
// CHECK: dpu: defect 1: hang: run exceeded 16 steps
// CHECK: dpu: runs: 256 = 225 max-configs + 0 SSBs + 31 cut short
// CHECK-NEXT: dpu: traces with defects: 108 of 225 (defect 1 in 108)
// CHECK-NEXT: dpu: exploration incomplete (a run was cut short, see warnings)
// WARN: dpu: warning: the exploration reached runs of more than 48 steps (3 x --max-steps)
// WARN-NOT: did not produce
// WARN-NOT: cannot move
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

static _Atomic int slot;
static _Atomic bool done;

static void *consumer(void *arg) {
  bool twice = false; /* done seen once with the slot empty: once more, then stop */
  for (;;) {
    if (atomic_exchange(&slot, 0)) twice = false;
    else if (done && twice) break;
    else if (done) twice = true;
  }
  return arg;
}

static void *producer(void *arg) {
  atomic_store(&slot, 1);
  return arg;
}

int main(void) {
  pthread_t c, p;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  done = true;
  pthread_join(c, 0);
  return 0;
}
