/* pthread mutexes: lock/unlock/trylock/init/destroy are events on the mutex's object (the
 * paper's acq/rel on lock trees, Sec. 2 and 5.1). The mutex's state lives inside the program's
 * pthread_mutex_t, so it is reset with the globals and the heap, and the all-zero
 * PTHREAD_MUTEX_INITIALIZER is a valid unlocked normal mutex. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "interpose.h"
#include "rt.h"

enum { ST_STATIC = 0, ST_INIT = 1, ST_DESTROYED = 2 };

/* Our layout inside pthread_mutex_t. `kind` sits where glibc keeps it, so glibc's static
 * initialisers (e.g. PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) mean the same to dpu. */
struct mutex_state {
  int32_t owner;   /* tid + 1 of the holder, 0 when free */
  uint32_t count;  /* recursion depth */
  int32_t status;  /* ST_* */
  int32_t pad;
  int32_t kind;    /* PTHREAD_MUTEX_NORMAL / RECURSIVE / ERRORCHECK */
};
_Static_assert(sizeof(struct mutex_state) <= sizeof(pthread_mutex_t), "mutex layout");
_Static_assert(offsetof(struct mutex_state, kind) == 16, "glibc keeps the kind at offset 16");

static struct mutex_state *state(pthread_mutex_t *m) { return (struct mutex_state *)m; }

bool dpu_rt_mutex_can_lock(uint64_t obj, int tid) {
  const struct mutex_state *s = (const struct mutex_state *)(uintptr_t)obj;
  /* A re-lock by the owner is "enabled" so that it executes and is reported (or recurses). */
  return s->owner == 0 || s->owner == tid + 1 || s->status == ST_DESTROYED;
}

static void check_live(struct mutex_state *s, const char *fn) {
  if (s->status == ST_DESTROYED)
    dpu_rt_end(DPU_END_MISUSE, 0, "%s of a destroyed mutex", fn);
}

int __dpu_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr) {
  dpu_rt_visible(DPU_OP_MUTEX_INIT, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  if (s->status == ST_INIT && s->owner)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_init of a locked mutex");
  memset(m, 0, sizeof *m);
  s->status = ST_INIT;
  s->kind = attr ? *(const int *)attr : PTHREAD_MUTEX_NORMAL;
  return 0;
}

int __dpu_pthread_mutex_destroy(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_DESTROY, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  check_live(s, "pthread_mutex_destroy");
  if (s->owner) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_destroy of a locked mutex");
  s->status = ST_DESTROYED;
  return 0;
}

int __dpu_pthread_mutex_lock(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_LOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  int self = dpu_rt.cur + 1;
  check_live(s, "pthread_mutex_lock");
  if (s->owner == self) {
    if (s->kind == PTHREAD_MUTEX_RECURSIVE) {
      s->count++;
      return 0;
    }
    if (s->kind == PTHREAD_MUTEX_ERRORCHECK) return EDEADLK;
    dpu_rt_end(DPU_END_MISUSE, 0,
               "pthread_mutex_lock of a normal mutex already held by the caller");
  }
  s->owner = self;
  s->count = 1;
  return 0;
}

int __dpu_pthread_mutex_trylock(pthread_mutex_t *m) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_MUTEX_TRYLOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  int self = dpu_rt.cur + 1;
  check_live(s, "pthread_mutex_trylock");
  if (s->owner == 0) {
    s->owner = self;
    s->count = 1;
    e->result = 1;
    return 0;
  }
  if (s->owner == self && s->kind == PTHREAD_MUTEX_RECURSIVE) {
    s->count++;
    e->result = 1;
    return 0;
  }
  return EBUSY;
}

int __dpu_pthread_mutex_unlock(pthread_mutex_t *m) {
  dpu_rt_visible(DPU_OP_MUTEX_UNLOCK, (uint64_t)(uintptr_t)m);
  struct mutex_state *s = state(m);
  int self = dpu_rt.cur + 1;
  check_live(s, "pthread_mutex_unlock");
  if (s->owner == 0)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_unlock of a mutex that is not locked");
  if (s->owner != self)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_mutex_unlock of a mutex owned by T%d",
               s->owner - 1);
  if (--s->count == 0) s->owner = 0;
  return 0;
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
