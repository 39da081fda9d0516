// --spurious-wakeups (issue #12): a condition wait may return without a signal, as POSIX
// allows, and code that waits with `if` instead of `while` fails. The waiter checks `ready`
// once under m, waits on c if it is not set, then asserts it. Derivation: without the option,
// 2 max-configs, both fine: main's critical section first (the signal is lost, the waiter
// never waits), or the waiter waits and main's signal wakes it. With it, the wait's wake is an
// event that never blocks (pthread_cond_wait:wake, woken or spurious), and a spurious one,
// before main's signal, adds two traces: the waiter relocks m before main sets ready (the
// assertion at line 44 fails) or after (main's signal is then lost). 4 max-configs, 1 with
// the defect; both explorers agree, and the replay keeps the option. With `while` (-DWHILE)
// the waiter that woke spuriously waits again, and that wait cannot be spurious before a
// signal woke it (runtime/models/cond.c): the same 4 max-configs, none failing, and no unbounded
// series of wakeups.
// RUN: %dpu -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck --check-prefix=PLAIN %s < %t
// RUN: %dpu -j 1 --spurious-wakeups %s > %t.sp; test $? -eq 1
// RUN: FileCheck %s < %t.sp
// RUN: %dpu -j 1 --spurious-wakeups --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu -j 1 --spurious-wakeups -DWHILE %s > %t.while; test $? -eq 0
// RUN: FileCheck --check-prefix=WHILE %s < %t.while
// RUN: %dpu -j 1 --spurious-wakeups --por=none -DWHILE %s > %t.while.none; test $? -eq 0
// RUN: FileCheck --check-prefix=WHILE %s < %t.while.none
// WHILE: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
// PLAIN: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
// CHECK: dpu: defect 1: assertion failure: ready (at {{.*}}cond_spurious_wakeup.c:44 in waiter)
// CHECK: pthread_cond_wait:wake {{.*}} (spurious)
// CHECK: replay: dpu replay {{[0-9:,/]+}} --spurious-wakeups {{.*}}cond_spurious_wakeup.c
// CHECK: {{^}}dpu: traces with defects: 1 of 4 (defect 1 in 1)
// CHECK: {{^}}dpu: summary: 1 defects, 4 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *waiter(void *arg) {
  pthread_mutex_lock(&m);
#ifdef WHILE
  while (!ready) pthread_cond_wait(&c, &m);
#else
  if (!ready) pthread_cond_wait(&c, &m);
#endif
  assert(ready);
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, waiter, NULL);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
