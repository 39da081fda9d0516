// dpu accepts every function of the pthread, semaphore and C11 atomics APIs that Linux programs
// commonly call (none is reported as unsupported) and runs such a program to a verdict.
// Called here:
//   threads: pthread_create, pthread_join, pthread_exit, pthread_detach, pthread_self,
//     pthread_equal, pthread_once, pthread_attr_init, pthread_attr_destroy,
//     pthread_attr_setdetachstate, pthread_attr_getdetachstate, pthread_attr_setstacksize,
//     pthread_attr_getstacksize, pthread_attr_setguardsize, pthread_attr_getguardsize,
//     pthread_attr_setscope, pthread_attr_getscope, pthread_attr_setschedpolicy,
//     pthread_attr_setinheritsched, pthread_attr_setschedparam, pthread_attr_getschedparam,
//     pthread_setschedparam, pthread_getschedparam, pthread_setname_np, pthread_getname_np,
//     pthread_sigmask, pthread_setconcurrency, pthread_getconcurrency, sched_yield,
//     pthread_yield
//   keys: pthread_key_create, pthread_key_delete, pthread_getspecific, pthread_setspecific
//   mutexes: pthread_mutex_init, _destroy, _lock, _trylock, _timedlock, _unlock,
//     pthread_mutexattr_init, _destroy, _settype, _gettype, _setpshared, _getpshared,
//     _setprotocol
//   condition variables: pthread_cond_init, _destroy, _wait, _timedwait, _signal, _broadcast,
//     pthread_condattr_init, _destroy, _setclock, _getclock, _setpshared
//   rwlocks: pthread_rwlock_init, _destroy, _rdlock, _wrlock, _tryrdlock, _trywrlock,
//     _timedrdlock, _timedwrlock, _unlock, pthread_rwlockattr_init, _destroy
//   spinlocks: pthread_spin_init, _destroy, _lock, _trylock, _unlock
//   barriers: pthread_barrier_init, _destroy, _wait, pthread_barrierattr_init, _destroy
//   semaphores: sem_init, sem_destroy, sem_wait, sem_trywait, sem_timedwait, sem_post,
//     sem_getvalue
//   <stdatomic.h>: atomic_init, atomic_load, atomic_store, atomic_exchange,
//     atomic_compare_exchange_strong, atomic_compare_exchange_weak, atomic_fetch_add,
//     atomic_fetch_sub, atomic_fetch_or, atomic_fetch_xor, atomic_fetch_and (and their
//     _explicit forms), atomic_flag_test_and_set, atomic_flag_clear (and _explicit),
//     atomic_thread_fence, atomic_signal_fence, atomic_is_lock_free, on atomic_bool,
//     atomic_char, atomic_short, atomic_int, atomic_long, atomic_llong, atomic_size_t,
//     atomic_intptr_t and an _Atomic pointer.
// (More of them: api_more.c.)
// Derivation: main does everything alone except: T1 waits under m for `ready`, which main
// sets and signals (2 orders of the two critical sections on m, as in cond_handoff.c); T1
// calls pthread_once after main's call, which precedes its creation (1 order); T2, detached,
// posts a semaphore main waits on (1 order). 2 max-configs, no defect.
// RUN: %dpu --por=none %s > %t.none 2> %t.none.err; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor 2> %t.qpor.err; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.qpor.err
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// ERR-NOT: unsupported
#define _GNU_SOURCE // pthread_setname_np, pthread_yield
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#pragma clang diagnostic ignored "-Wdeprecated-declarations" // pthread_yield

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready; // protected by m
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs;
static pthread_key_t key;
static sem_t t2_done;
static int exit_value = 7;

static void once_routine(void) { once_runs++; }

static void *t1_fn(void *arg) {
  pthread_setspecific(key, arg);
  assert(pthread_getspecific(key) == arg);
  pthread_once(&once, once_routine);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_exit(&exit_value);
}

static void *t2_fn(void *arg) {
  (void)arg;
  sched_yield();
  sem_post(&t2_done);
  return NULL;
}

static void threads_and_attributes(void) {
  pthread_attr_t attr;
  struct sched_param sp;
  size_t size;
  int v;
  char name[16];
  assert(pthread_attr_init(&attr) == 0);
  assert(pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE) == 0);
  assert(pthread_attr_getdetachstate(&attr, &v) == 0 && v == PTHREAD_CREATE_JOINABLE);
  assert(pthread_attr_setstacksize(&attr, 1 << 20) == 0);
  assert(pthread_attr_getstacksize(&attr, &size) == 0 && size == 1 << 20);
  assert(pthread_attr_setguardsize(&attr, 4096) == 0);
  assert(pthread_attr_getguardsize(&attr, &size) == 0);
  assert(pthread_attr_setscope(&attr, PTHREAD_SCOPE_SYSTEM) == 0);
  assert(pthread_attr_getscope(&attr, &v) == 0 && v == PTHREAD_SCOPE_SYSTEM);
  assert(pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED) == 0);
  assert(pthread_attr_setschedpolicy(&attr, SCHED_OTHER) == 0);
  memset(&sp, 0, sizeof sp);
  assert(pthread_attr_setschedparam(&attr, &sp) == 0);
  assert(pthread_attr_getschedparam(&attr, &sp) == 0);
  assert(pthread_attr_destroy(&attr) == 0);
  assert(pthread_getschedparam(pthread_self(), &v, &sp) == 0);
  (void)pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
  (void)pthread_setname_np(pthread_self(), "main");
  (void)pthread_getname_np(pthread_self(), name, sizeof name);
  sigset_t set;
  sigemptyset(&set);
  assert(pthread_sigmask(SIG_BLOCK, &set, NULL) == 0);
  (void)pthread_setconcurrency(2);
  (void)pthread_getconcurrency();
  assert(pthread_equal(pthread_self(), pthread_self()));
  sched_yield();
  pthread_yield();
}

static void mutexes(void) {
  pthread_mutexattr_t ma;
  pthread_mutex_t r;
  struct timespec ts = {0, 0};
  int v;
  assert(pthread_mutexattr_init(&ma) == 0);
  assert(pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE) == 0);
  assert(pthread_mutexattr_gettype(&ma, &v) == 0 && v == PTHREAD_MUTEX_RECURSIVE);
  assert(pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_PRIVATE) == 0);
  assert(pthread_mutexattr_getpshared(&ma, &v) == 0 && v == PTHREAD_PROCESS_PRIVATE);
  assert(pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT) == 0);
  assert(pthread_mutex_init(&r, &ma) == 0);
  assert(pthread_mutexattr_destroy(&ma) == 0);
  assert(pthread_mutex_lock(&r) == 0);
  assert(pthread_mutex_trylock(&r) == 0);
  assert(pthread_mutex_timedlock(&r, &ts) == 0);
  assert(pthread_mutex_unlock(&r) == 0 && pthread_mutex_unlock(&r) == 0);
  assert(pthread_mutex_unlock(&r) == 0);
  assert(pthread_mutex_destroy(&r) == 0);
}

static void condition_variables(void) {
  pthread_condattr_t ca;
  pthread_cond_t c2;
  pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
  clockid_t clock;
  struct timespec ts;
  assert(pthread_condattr_init(&ca) == 0);
  assert(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0);
  assert(pthread_condattr_getclock(&ca, &clock) == 0);
  assert(pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_PRIVATE) == 0);
  assert(pthread_cond_init(&c2, &ca) == 0);
  assert(pthread_condattr_destroy(&ca) == 0);
  clock_gettime(CLOCK_MONOTONIC, &ts);
  pthread_mutex_lock(&m2);
  assert(pthread_cond_timedwait(&c2, &m2, &ts) == ETIMEDOUT); // nobody signals: it times out
  pthread_mutex_unlock(&m2);
  assert(pthread_cond_signal(&c2) == 0 && pthread_cond_broadcast(&c2) == 0);
  assert(pthread_cond_destroy(&c2) == 0);
}

static void rwlocks(void) {
  pthread_rwlockattr_t ra;
  pthread_rwlock_t rw;
  struct timespec ts = {0, 0};
  assert(pthread_rwlockattr_init(&ra) == 0);
  assert(pthread_rwlock_init(&rw, &ra) == 0);
  assert(pthread_rwlockattr_destroy(&ra) == 0);
  assert(pthread_rwlock_rdlock(&rw) == 0);
  assert(pthread_rwlock_tryrdlock(&rw) == 0);
  assert(pthread_rwlock_timedrdlock(&rw, &ts) == 0);
  assert(pthread_rwlock_unlock(&rw) == 0 && pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_wrlock(&rw) == 0 && pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_trywrlock(&rw) == 0 && pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_timedwrlock(&rw, &ts) == 0 && pthread_rwlock_unlock(&rw) == 0);
  assert(pthread_rwlock_destroy(&rw) == 0);
}

static void spinlocks_barriers_semaphores(void) {
  pthread_spinlock_t sl;
  pthread_barrierattr_t ba;
  pthread_barrier_t b;
  sem_t s;
  struct timespec ts = {0, 0};
  int v;
  assert(pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE) == 0);
  assert(pthread_spin_lock(&sl) == 0 && pthread_spin_unlock(&sl) == 0);
  assert(pthread_spin_trylock(&sl) == 0 && pthread_spin_unlock(&sl) == 0);
  assert(pthread_spin_destroy(&sl) == 0);
  assert(pthread_barrierattr_init(&ba) == 0);
  assert(pthread_barrier_init(&b, &ba, 1) == 0);
  assert(pthread_barrierattr_destroy(&ba) == 0);
  assert(pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD);
  assert(pthread_barrier_destroy(&b) == 0);
  assert(sem_init(&s, 0, 1) == 0);
  assert(sem_wait(&s) == 0);
  assert(sem_trywait(&s) == -1 && errno == EAGAIN);
  assert(sem_timedwait(&s, &ts) == -1 && errno == ETIMEDOUT);
  assert(sem_post(&s) == 0);
  assert(sem_getvalue(&s, &v) == 0 && v == 1);
  assert(sem_destroy(&s) == 0);
}

static void atomics(void) {
  atomic_bool b;
  atomic_char ch = 'a';
  atomic_short sh = 1;
  atomic_int i;
  atomic_long l = 5;
  atomic_llong ll = 6;
  atomic_size_t sz = 7;
  atomic_intptr_t ip = 8;
  int target;
  int *_Atomic p = NULL;
  atomic_flag f = ATOMIC_FLAG_INIT;
  atomic_init(&b, 0);
  atomic_init(&i, 0);
  atomic_store(&b, 1);
  assert(atomic_load(&b));
  atomic_store_explicit(&i, 3, memory_order_release);
  assert(atomic_load_explicit(&i, memory_order_acquire) == 3);
  assert(atomic_exchange(&i, 4) == 3);
  assert(atomic_exchange_explicit(&i, 5, memory_order_acq_rel) == 4);
  int expected = 5;
  assert(atomic_compare_exchange_strong(&i, &expected, 6));
  expected = 0;
  assert(!atomic_compare_exchange_strong_explicit(&i, &expected, 9, memory_order_seq_cst,
                                                   memory_order_relaxed) && expected == 6);
  while (!atomic_compare_exchange_weak(&i, &expected, 10))
    ;
  expected = 10;
  while (!atomic_compare_exchange_weak_explicit(&i, &expected, 11, memory_order_seq_cst,
                                                memory_order_relaxed))
    ;
  assert(atomic_fetch_add(&i, 1) == 11 && atomic_fetch_sub(&i, 2) == 12);
  assert(atomic_fetch_or(&i, 4) == 10 && atomic_fetch_xor(&i, 1) == 14);
  assert(atomic_fetch_and(&i, 6) == 15 && atomic_load(&i) == 6);
  assert(atomic_fetch_add_explicit(&ch, 1, memory_order_relaxed) == 'a');
  assert(atomic_fetch_sub_explicit(&sh, 1, memory_order_relaxed) == 1);
  assert(atomic_fetch_or_explicit(&l, 2, memory_order_relaxed) == 5);
  assert(atomic_fetch_xor_explicit(&ll, 2, memory_order_relaxed) == 6);
  assert(atomic_fetch_and_explicit(&sz, 3, memory_order_relaxed) == 7);
  assert(atomic_fetch_add(&ip, 1) == 8);
  atomic_store(&p, &target);
  assert(atomic_load(&p) == &target);
  assert(!atomic_flag_test_and_set(&f));
  assert(atomic_flag_test_and_set_explicit(&f, memory_order_acquire));
  atomic_flag_clear(&f);
  atomic_flag_clear_explicit(&f, memory_order_release);
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);
  assert(atomic_is_lock_free(&i));
}

int main(void) {
  pthread_t t1, t2;
  void *ret;
  threads_and_attributes();
  mutexes();
  condition_variables();
  rwlocks();
  spinlocks_barriers_semaphores();
  atomics();
  assert(pthread_key_create(&key, NULL) == 0);
  pthread_once(&once, once_routine);
  assert(sem_init(&t2_done, 0, 0) == 0);
  pthread_create(&t1, NULL, t1_fn, &exit_value);
  pthread_create(&t2, NULL, t2_fn, NULL);
  assert(pthread_detach(t2) == 0);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  sem_wait(&t2_done);
  pthread_join(t1, &ret);
  assert(ret == &exit_value && once_runs == 1);
  assert(pthread_getspecific(key) == NULL);
  assert(pthread_key_delete(key) == 0);
  sem_destroy(&t2_done);
  return 0;
}
