// A read repeated unchanged where nothing waits (a user test): main calls get() twice, which
// reads flag at one site, while T1 sets flag. The scheduler's waiting-loop policy
// (runtime/sched.c, let_others_first) sees the same read again unchanged, as in a waiting loop
// that is no spin loop, but this exploration ends by itself (3 traces: flag set before both
// reads, between them, after both), so dpu does not warn that it may not end
// (report/report.c: only after 5 s, or at the end of an incomplete exploration). Stopped by
// --max-runs=2, the warning is given at the end.
// RUN: %dpu -j 1 %s > %t 2> %t.err
// RUN: FileCheck %s < %t
// RUN: FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %dpu -j 1 --max-runs=2 %s > %t.cut 2> %t.cut.err; test $? -eq 3
// RUN: FileCheck --check-prefix=CUT %s < %t.cut.err
// CHECK: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs,
// QUIET-NOT: warning
// CUT: {{^}}dpu: warning: a thread reads again, unchanged, what it read at {{.*}}reread_no_wait.c:[[#@LINE+5]] in get, in a loop that is no spin loop
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag;
static int get(void) { return atomic_load(&flag); }

static void *setter(void *arg) {
  atomic_store(&flag, 1);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, setter, NULL);
  int a = get();
  int b = get();
  pthread_join(t, NULL);
  return a > b; /* flag never goes back to 0 */
}
