/* C11 <threads.h>, on top of the pthread models (glibc lays mtx_t, cnd_t, once_flag and tss_t
 * out as their pthread counterparts). Events and reports carry the pthread names of the
 * operations (a mtx_lock is a pthread_mutex_lock event). thrd_sleep is runtime/models/clock.c's,
 * and timed waits are explored as both outcomes, as their pthread counterparts are. */
#include <errno.h>
#include <stdint.h>
#include <threads.h>

#include "../interpose.h"
#include "../rt.h"
#include "../statefp.h"
#include "../symmetry.h"

_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "mtx_t is a pthread mutex");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "cnd_t is a pthread condvar");
_Static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "once_flag is a pthread_once_t");

static int status(int err) {
  switch (err) {
  case 0: return thrd_success;
  case EBUSY: return thrd_busy;
  case ETIMEDOUT: return thrd_timedout;
  case ENOMEM: return thrd_nomem;
  default: return thrd_error;
  }
}

/* A C11 start routine returns int: run it from a pthread-style one. The block lives in the
 * creating thread's heap arena until the run ends. */
struct start {
  thrd_start_t fn;
  void *arg;
};

static void *start_c11(void *p) {
  const struct start *s = p;
  return (void *)(intptr_t)s->fn(s->arg);
}

int __dpu_thrd_create(thrd_t *t, thrd_start_t fn, void *arg) {
  struct start *s = __dpu_malloc(sizeof *s);
  if (!s) return thrd_nomem;
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)s, sizeof *s);
  s->fn = fn;
  s->arg = arg;
  pthread_t p; /* (thrd_t is glibc's pthread_t: the create stores the id, as glibc's does) */
  dpu_sym_key((const void *)fn, arg); /* symmetric as fn and arg are, not as the block is */
  return status(__dpu_pthread_create(t ? t : &p, NULL, start_c11, s));
}

int __dpu_thrd_join(thrd_t t, int *res) {
  void *ret = NULL;
  int err = __dpu_pthread_join(t, res ? &ret : NULL);
  if (!err && res) {
    if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)res, sizeof *res);
    *res = (int)(intptr_t)ret;
  }
  return status(err);
}

_Noreturn void __dpu_thrd_exit(int res) { __dpu_pthread_exit((void *)(intptr_t)res); }
int __dpu_thrd_detach(thrd_t t) { return status(__dpu_pthread_detach(t)); }
thrd_t __dpu_thrd_current(void) { return __dpu_pthread_self(); }
int __dpu_thrd_equal(thrd_t a, thrd_t b) { return __dpu_pthread_equal(a, b); }
void __dpu_thrd_yield(void) { dpu_rt_poll(); } /* as sched_yield (sched_attr.c) */


int __dpu_mtx_init(mtx_t *m, int type) {
  pthread_mutexattr_t a;
  __dpu_pthread_mutexattr_init(&a);
  __dpu_pthread_mutexattr_settype(&a, type & mtx_recursive ? PTHREAD_MUTEX_RECURSIVE
                                                           : PTHREAD_MUTEX_NORMAL);
  return status(__dpu_pthread_mutex_init((pthread_mutex_t *)m, &a));
}

int __dpu_mtx_lock(mtx_t *m) { return status(__dpu_pthread_mutex_lock((pthread_mutex_t *)m)); }
int __dpu_mtx_trylock(mtx_t *m) {
  return status(__dpu_pthread_mutex_trylock((pthread_mutex_t *)m));
}
int __dpu_mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict t) {
  return status(__dpu_pthread_mutex_timedlock((pthread_mutex_t *)m, t));
}
int __dpu_mtx_unlock(mtx_t *m) { return status(__dpu_pthread_mutex_unlock((pthread_mutex_t *)m)); }
void __dpu_mtx_destroy(mtx_t *m) { __dpu_pthread_mutex_destroy((pthread_mutex_t *)m); }

int __dpu_cnd_init(cnd_t *c) { return status(__dpu_pthread_cond_init((pthread_cond_t *)c, NULL)); }
int __dpu_cnd_signal(cnd_t *c) { return status(__dpu_pthread_cond_signal((pthread_cond_t *)c)); }
int __dpu_cnd_broadcast(cnd_t *c) {
  return status(__dpu_pthread_cond_broadcast((pthread_cond_t *)c));
}
int __dpu_cnd_wait(cnd_t *c, mtx_t *m) {
  return status(__dpu_pthread_cond_wait((pthread_cond_t *)c, (pthread_mutex_t *)m));
}
int __dpu_cnd_timedwait(cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict t) {
  return status(__dpu_pthread_cond_timedwait((pthread_cond_t *)c, (pthread_mutex_t *)m, t));
}
void __dpu_cnd_destroy(cnd_t *c) { __dpu_pthread_cond_destroy((pthread_cond_t *)c); }

int __dpu_tss_create(tss_t *key, tss_dtor_t dtor) {
  _Static_assert(sizeof(tss_t) == sizeof(pthread_key_t), "tss_t is a pthread key");
  return status(__dpu_pthread_key_create((pthread_key_t *)key, dtor));
}
void *__dpu_tss_get(tss_t key) { return __dpu_pthread_getspecific(key); }
int __dpu_tss_set(tss_t key, void *value) { return status(__dpu_pthread_setspecific(key, value)); }
void __dpu_tss_delete(tss_t key) { __dpu_pthread_key_delete(key); }

void __dpu_call_once(once_flag *flag, void (*fn)(void)) {
  __dpu_pthread_once((pthread_once_t *)flag, fn);
}
