// A trylock retried in a loop that changes nothing else (`while (pthread_mutex_trylock(&m) !=
// 0) sched_yield();`, a common idiom) is a spin loop (passes/spinloops.c): a retry after a
// failure waits until the lock is no longer held by the thread that made it fail, as a spin
// loop's read waits for a write (runtime/models/mutex.c, explorer/model.c). Before, every
// number of retries was a trace of its own, the exploration did not end, and the schedules that
// retried while the holder could run were `hang` defects (issue 37).
// Derivation: two workers take m by such a loop and increment x. The events on m: the first
// worker's successful trylock, then the other's trylock either fails (and its retry comes after
// the unlock) or comes after the unlock; each of the two workers may come first: 4 traces.
// RUN: %dpu --no-symmetry -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %dpu --no-symmetry -j 1 -DSPINLOCK %s > %t.spin; test $? -eq 0
// RUN: FileCheck %s < %t.spin
// CHECK-NOT: hang
// CHECK: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs, 4 runs,
// NONE-NOT: hang
// NONE: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs,
// A holder that never unlocks: the retrier waits for good, a deadlock naming where it retries.
// RUN: %dpu --no-symmetry -j 1 -DHELD %s > %t.held; test $? -eq 1
// RUN: FileCheck --check-prefix=HELD %s < %t.held
// HELD: {{^}}dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}trylock_retry_spin.c:[[#@LINE+33]], T1 in pthread_mutex_trylock at {{.*}}trylock_retry_spin.c:[[#@LINE+19]]
// HELD: {{^}}  waits: T0 for T1 to end, T1 for 'm' (held by T0){{$}}
// HELD: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs,
#include <assert.h>
#include <pthread.h>
#include <sched.h>

#ifdef SPINLOCK
static pthread_spinlock_t m;
#define TRYLOCK pthread_spin_trylock
#define UNLOCK pthread_spin_unlock
#else
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#define TRYLOCK pthread_mutex_trylock
#define UNLOCK pthread_mutex_unlock
#endif
static int x;

static void *worker(void *arg) {
  while (TRYLOCK(&m) != 0) sched_yield();
  x++;
  UNLOCK(&m);
  return arg;
}

int main(void) {
  pthread_t t[2];
#ifdef SPINLOCK
  pthread_spin_init(&m, PTHREAD_PROCESS_PRIVATE);
#endif
#ifdef HELD
  pthread_mutex_lock(&m);
  pthread_create(&t[0], NULL, worker, NULL);
  pthread_join(t[0], NULL);
#else
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  assert(x == 2);
#endif
  return 0;
}
