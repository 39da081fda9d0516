// DIFFTEST: skip (difftest does not pass --max-threads, without which main creates threads for ever)
// Unbounded thread creation, as in SV-COMP's pthread-ext tasks (issue #12): main creates
// threads for ever. A thread that would create more threads than the limit (--max-threads,
// here 4 with main; 1,024 by default) stops there, as a thread stops at a failed assertion,
// and the others run on: a prefix of the program's runs, in which main has not got further.
// Both explorers explore on from such runs (said once, as a warning), so the interleavings
// of the threads created first are explored, and this program's bug, which two threads show,
// is found: another thread's store between a thread's store and its load back. Such runs are
// no traces ("cut short"); the runs that reach reach_error are, and both explorers count the
// same 126 of them. The exploration is incomplete, but exit 1 (a violation was found), the verdict
// false. With symmetry (on by default) the three workers, created alike, begin by reading x
// and their stores are ordered (explorer/symmetry.h): 126 / 3! = 21 traces, one of each class
// of renamings.
// RUN: %dpu --svcomp --max-threads=4 --no-symmetry %s > %t 2> %t.err; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %dpu --svcomp --max-threads=4 %s > %t.sym 2> %t.sym.err; test $? -eq 1
// RUN: FileCheck --check-prefix=SYM %s < %t.sym
// SYM: dpu: traces with defects: 21 of 21 (defect 1 in 21)
// SYM: {{^}}dpu: summary: 1 defects, 21 max-configs, 0 SSBs,
// SYM-NEXT: {{^}}verdict: false
// RUN: %dpu --svcomp --max-threads=4 --por=none %s > %t.none 2> %t.none.err; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: FileCheck --check-prefix=WARN %s < %t.none.err
// CHECK: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}threads_unbounded.c:[[# @LINE + 20]] in worker)
// CHECK-NOT: dpu: defect 2
// CHECK: dpu: traces with defects: 126 of 126 (defect 1 in 126)
// CHECK: dpu: exploration incomplete (a run was cut short, see warnings)
// CHECK: {{^}}dpu: summary: 1 defects, 126 max-configs, 0 SSBs,
// CHECK-NEXT: {{^}}verdict: false
// WARN: dpu: warning: the program creates more than 4 threads
// WARN-NOT: dpu: warning
#include <pthread.h>
#include <stdatomic.h>

void reach_error(void) {}

static atomic_int x;

static void *worker(void *arg) {
  (void)arg;
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
  if (atomic_load(&x) != v + 1)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t;
  while (1) pthread_create(&t, 0, worker, 0);
}
