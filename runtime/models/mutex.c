/* pthread mutexes: init/destroy/lock/unlock/trylock/timedlock are events on the mutex's object
 * (the paper's acq/rel on lock trees, Sec. 2 and 5.1). The mutex's state lives inside the
 * program's pthread_mutex_t, so it is reset with the globals and the heap, and the all-zero
 * PTHREAD_MUTEX_INITIALIZER is a valid unlocked normal mutex.
 *
 * Errors: the errorcheck and recursive types return POSIX's error codes (EDEADLK for a relock
 * of an errorcheck mutex, EPERM for an unlock by a thread that does not hold it): a program
 * asks for those types to get them. For the normal (default) type, where POSIX leaves those
 * cases undefined, they are reported as pthread misuse. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../../protocol/invariant.h"
#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

/* Our layout inside pthread_mutex_t. `kind` sits where glibc keeps it, so glibc's static
 * initialisers (e.g. PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) mean the same to dpu. */
struct mutex_state {
  int32_t owner;   /* tid + 1 of the holder, 0 when free */
  uint32_t count;  /* recursion depth */
  uint32_t stamp;  /* dpu_rt_obj_stamp(DPU_OBJ_*) */
  int32_t pad;
  int32_t kind;    /* PTHREAD_MUTEX_NORMAL / RECURSIVE / ERRORCHECK */
};
_Static_assert(sizeof(struct mutex_state) <= sizeof(pthread_mutex_t), "mutex layout");
_Static_assert(offsetof(struct mutex_state, kind) == 16, "glibc keeps the kind at offset 16");

/* The state of m, made fresh if it comes from an earlier run (see dpu_rt_obj_status). */
static struct mutex_state *state(pthread_mutex_t *m) {
  struct mutex_state *s = (struct mutex_state *)m;
  if (dpu_rt_obj_status(s->stamp) == DPU_OBJ_FRESH && s->stamp != 0) {
    s->owner = 0;
    s->count = 0;
    s->stamp = 0;
  }
  return s;
}

/* On the scheduler's hot path (every waiting thread, every step): no writes, the common case
 * first. */
bool dpu_rt_mutex_enabled(uint8_t op, uint64_t obj, int tid) {
  (void)op; /* MUTEX_LOCK */
  const struct mutex_state *s = (const struct mutex_state *)(uintptr_t)obj;
  /* A re-lock by the owner is "enabled" so that it executes and is reported (or recurses). */
  if (dpu_lock_can_run(s->owner, tid + 1)) return true;
  /* Held: unless the state is stale (then it is free) or the mutex destroyed (reported). */
  int st = dpu_rt_obj_status(s->stamp);
  return (st == DPU_OBJ_FRESH && s->stamp != 0) || st == DPU_OBJ_DESTROYED;
}

static void check_live(uint32_t stamp, const char *fn) {
  dpu_rt_check_lifecycle(stamp, false, fn, "mutex");
}

int __dpu_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_MUTEX_INIT, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  if (dpu_rt_obj_status(s->stamp) != DPU_OBJ_DESTROYED && !dpu_rt_obj_garbage(m, s->stamp) &&
      s->owner)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_init of a locked mutex");
  dpu_rt_check_double_init(m, dpu_rt_obj_status(s->stamp), "pthread_mutex_init", "a mutex");
  memset(m, 0, sizeof *m);
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_INIT);
  s->kind = attr ? *(const int *)attr : PTHREAD_MUTEX_NORMAL;
  e->aux = (uint64_t)s->kind;
  return 0;
}

int __dpu_pthread_mutex_destroy(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_DESTROY, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  check_live(s->stamp, "pthread_mutex_destroy");
  if (s->owner) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_destroy of a locked mutex");
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_DESTROYED);
  return 0;
}

/* Takes m for the running thread after a lock-like operation was chosen with the mutex free
 * or held by the caller. Returns 0, or the error for a relock the type refuses. */
static int acquire(struct mutex_state *s, const char *fn) {
  int self = dpu_rt.cur + 1;
  bool recursive = s->kind == PTHREAD_MUTEX_RECURSIVE;
  if (s->owner == self && !recursive) {
    if (s->kind == PTHREAD_MUTEX_ERRORCHECK) return EDEADLK;
    dpu_rt_end(DPU_END_MISUSE, 0, "%s of a normal mutex already held by the caller", fn);
  }
  bool relock = s->owner == self;
  dpu_lock_take(&s->owner, &s->count, self, recursive);
  DPU_ASSERT(s->owner == self && s->count >= 1); /* a held mutex has its holder and depth */
  if (relock) return 0;
  dpu_race_acquire((uint64_t)(uintptr_t)s, DPU_SYNC_LOCK); /* unlock -> next lock */
  return 0;
}

int __dpu_pthread_mutex_lock(pthread_mutex_t *m) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_MUTEX_LOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  e->aux = (uint64_t)s->kind;
  check_live(s->stamp, "pthread_mutex_lock");
  return acquire(s, "pthread_mutex_lock");
}

void dpu_rt_try_failed(uint64_t obj, uint32_t site, int32_t owner) {
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  t->last_try = true;
  t->last_try_obj = obj;
  t->last_try_site = site;
  t->last_try_owner = owner;
}

/* trylock and timedlock: the outcome follows from the mutex's state; a trylock blocks only as
 * the retry of a failed one in a spin loop while the mutex is as it was (dpu_rt_try_blocks). */
static int try_acquire(pthread_mutex_t *m, uint8_t op, const char *fn, int busy) {
  if (op == DPU_OP_MUTEX_TRYLOCK) __dpu_site = dpu_rt_spin_site(__dpu_site);
  struct dpu_event_rec *e = dpu_rt_visible(op, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  e->aux = (uint64_t)s->kind;
  check_live(s->stamp, fn);
  int self = dpu_rt.cur + 1;
  if (dpu_trylock_acquires(s->owner, self, s->kind == PTHREAD_MUTEX_RECURSIVE)) {
    acquire(s, fn);
    e->result = 1;
    return 0;
  }
  if (s->owner == self && s->kind == PTHREAD_MUTEX_ERRORCHECK && op == DPU_OP_MUTEX_TIMEDLOCK)
    return EDEADLK;
  if (op == DPU_OP_MUTEX_TRYLOCK) dpu_rt_try_failed((uint64_t)(uintptr_t)m, e->site, s->owner);
  return busy;
}

int __dpu_pthread_mutex_trylock(pthread_mutex_t *m) {
  return try_acquire(m, DPU_OP_MUTEX_TRYLOCK, "pthread_mutex_trylock", EBUSY);
}

/* The timeout is not modelled as time: whether the lock is acquired or times out is the
 * order of this event and the holder's unlock, and both orders are explored. */
int __dpu_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime) {
  (void)abstime;
  return try_acquire(m, DPU_OP_MUTEX_TIMEDLOCK, "pthread_mutex_timedlock", ETIMEDOUT);
}

bool dpu_rt_mutex_held(pthread_mutex_t *m) { return state(m)->owner == dpu_rt.cur + 1; }

static int release(pthread_mutex_t *m, bool strict) {
  struct mutex_state *s = state(m);
  int self = dpu_rt.cur + 1;
  check_live(s->stamp, "pthread_mutex_unlock");
  if (s->owner != self) {
    if (!strict && s->kind != PTHREAD_MUTEX_NORMAL) return EPERM;
    if (s->owner == 0)
      dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_unlock of a mutex that is not locked");
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_unlock of a mutex owned by T%d",
               s->owner - 1);
  }
  dpu_lock_drop(&s->owner, &s->count, self);
  DPU_ASSERT(s->owner == 0 ? s->count == 0 : s->owner == self && s->count >= 1);
  dpu_race_release((uint64_t)(uintptr_t)s, DPU_SYNC_LOCK);
  return 0;
}

int __dpu_pthread_mutex_unlock(pthread_mutex_t *m) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_MUTEX_UNLOCK, (uint64_t)(uintptr_t)m);
  e->aux = (uint64_t)state(m)->kind;
  return release(m, false);
}

void dpu_rt_mutex_unlock_held(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_UNLOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  /* A condition wait releases the mutex entirely, whatever its recursion depth. */
  if (s->owner == dpu_rt.cur + 1 && s->count > 1) s->count = 1;
  release(m, true);
}

/* Relocks m after a condition wait (pthread_cond_wait's last event). */
void dpu_rt_mutex_relock(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_LOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  check_live(s->stamp, "pthread_cond_wait (relocking its mutex)");
  acquire(s, "pthread_cond_wait");
}

int __dpu_pthread_mutexattr_init(pthread_mutexattr_t *a) {
  memset(a, 0, sizeof *a);
  return 0;
}

int __dpu_pthread_mutexattr_destroy(pthread_mutexattr_t *a) {
  (void)a;
  return 0;
}

int __dpu_pthread_mutexattr_settype(pthread_mutexattr_t *a, int type) {
  if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
      type != PTHREAD_MUTEX_ERRORCHECK)
    return EINVAL;
  *(int *)a = type;
  return 0;
}

int __dpu_pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type) {
  *type = *(const int *)a;
  return 0;
}

/* Process-shared and priority attributes change nothing in one process with one OS thread. */
int __dpu_pthread_mutexattr_setpshared(pthread_mutexattr_t *a, int pshared) {
  (void)a;
  return pshared == PTHREAD_PROCESS_PRIVATE || pshared == PTHREAD_PROCESS_SHARED ? 0 : EINVAL;
}

int __dpu_pthread_mutexattr_getpshared(const pthread_mutexattr_t *a, int *pshared) {
  (void)a;
  *pshared = PTHREAD_PROCESS_PRIVATE;
  return 0;
}

int __dpu_pthread_mutexattr_setprotocol(pthread_mutexattr_t *a, int protocol) {
  (void)a;
  return protocol == PTHREAD_PRIO_NONE || protocol == PTHREAD_PRIO_INHERIT ||
                 protocol == PTHREAD_PRIO_PROTECT
             ? 0
             : EINVAL;
}
