// More functions of the pthread API that Linux programs commonly call, each a no-op or an
// easy model in dpu's setting (one process, coroutines on one OS thread), accepted like those
// of api_common.c:
//   attribute getters/setters: pthread_attr_getschedpolicy, pthread_attr_getinheritsched,
//     pthread_attr_getstack, pthread_condattr_getpshared, pthread_rwlockattr_setpshared,
//     pthread_rwlockattr_getpshared, pthread_barrierattr_setpshared,
//     pthread_barrierattr_getpshared, pthread_mutexattr_getprotocol;
//   GNU extensions: pthread_rwlockattr_setkind_np, pthread_rwlockattr_getkind_np,
//     pthread_getattr_np, pthread_setaffinity_np, pthread_getaffinity_np;
//   pthread_atfork (dpu's programs never fork).
// Rejected on purpose, each with its reason in the error: cancellation (pthread_cancel,
// pthread_setcancelstate/type, pthread_testcancel, pthread_cleanup_push/pop),
// non-blocking joins (pthread_tryjoin_np, pthread_timedjoin_np), named semaphores
// (sem_open/close/unlink), robust mutexes.
// Derivation: main alone: 1 max-config, no defect.
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
  return 0;
}
