// XFAIL: *
// Known gap (reported to the lead): functions of the pthread API that Linux programs commonly
// call and dpu rejects as unsupported ("dpu does not model it"), although each is a no-op or
// an easy model in dpu's setting (one process, coroutines on one OS thread):
//   attribute getters/setters whose siblings are modelled: pthread_attr_getschedpolicy,
//     pthread_attr_getinheritsched, pthread_attr_getstack, pthread_condattr_getpshared,
//     pthread_rwlockattr_setpshared, pthread_rwlockattr_getpshared,
//     pthread_barrierattr_setpshared, pthread_barrierattr_getpshared,
//     pthread_mutexattr_getprotocol;
//   GNU extensions in common use: pthread_rwlockattr_setkind_np (writer preference),
//     pthread_rwlockattr_getkind_np, pthread_getattr_np, pthread_setaffinity_np,
//     pthread_getaffinity_np, pthread_tryjoin_np, pthread_timedjoin_np;
//   pthread_atfork (libraries register handlers; dpu's programs never fork).
// Deliberately rejected with a reason, and not listed here: cancellation (pthread_cancel,
// pthread_setcancelstate/type, pthread_testcancel, pthread_cleanup_push/pop), pthread_kill,
// named semaphores (sem_open/close/unlink), robust mutexes, C11 <threads.h>.
// Derivation: T1 and T2 (created one after the other) have no visible operation but their
// start and exit, which run as soon as they can, so each has exited when main's
// pthread_timedjoin_np / pthread_tryjoin_np comes: 1 max-config, no defect.
// RUN: %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// ERR-NOT: unsupported
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

static void *fn(void *arg) { return arg; }
static void on_fork(void) {}

int main(void) {
  pthread_attr_t attr, self_attr;
  pthread_condattr_t ca;
  pthread_rwlockattr_t ra;
  pthread_barrierattr_t ba;
  pthread_mutexattr_t ma;
  int v;
  size_t size;
  void *stack;
  cpu_set_t cpus;
  pthread_t t;
  struct timespec deadline;
  pthread_attr_init(&attr);
  assert(pthread_attr_getschedpolicy(&attr, &v) == 0);
  assert(pthread_attr_getinheritsched(&attr, &v) == 0);
  pthread_attr_destroy(&attr);
  pthread_condattr_init(&ca);
  assert(pthread_condattr_getpshared(&ca, &v) == 0 && v == PTHREAD_PROCESS_PRIVATE);
  pthread_rwlockattr_init(&ra);
  assert(pthread_rwlockattr_setpshared(&ra, PTHREAD_PROCESS_PRIVATE) == 0);
  assert(pthread_rwlockattr_getpshared(&ra, &v) == 0 && v == PTHREAD_PROCESS_PRIVATE);
  assert(pthread_rwlockattr_setkind_np(&ra, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP) == 0);
  assert(pthread_rwlockattr_getkind_np(&ra, &v) == 0);
  pthread_barrierattr_init(&ba);
  assert(pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_PRIVATE) == 0);
  assert(pthread_barrierattr_getpshared(&ba, &v) == 0 && v == PTHREAD_PROCESS_PRIVATE);
  pthread_mutexattr_init(&ma);
  assert(pthread_mutexattr_getprotocol(&ma, &v) == 0 && v == PTHREAD_PRIO_NONE);
  assert(pthread_getattr_np(pthread_self(), &self_attr) == 0);
  assert(pthread_attr_getstack(&self_attr, &stack, &size) == 0 && size > 0);
  pthread_attr_destroy(&self_attr);
  CPU_ZERO(&cpus);
  assert(pthread_getaffinity_np(pthread_self(), sizeof cpus, &cpus) == 0);
  (void)pthread_setaffinity_np(pthread_self(), sizeof cpus, &cpus);
  assert(pthread_atfork(on_fork, on_fork, on_fork) == 0);
  pthread_create(&t, NULL, fn, NULL);
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  assert(pthread_timedjoin_np(t, NULL, &deadline) == 0);
  pthread_create(&t, NULL, fn, NULL);
  while (pthread_tryjoin_np(t, NULL) != 0)
    sched_yield();
  return 0;
}
