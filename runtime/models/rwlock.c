/* Read-write locks (docs/design.md §5): every operation is an event on the rwlock's object. A read
 * lock is enabled when no writer holds the lock (readers are preferred, as with glibc's
 * default), a write lock when nobody holds it; the try and timed variants never block and
 * their outcome follows from the state. Relocking for writing by the writer, or unlocking a
 * lock the caller does not hold, is reported as misuse; a read lock or timed lock by the
 * writer returns EDEADLK, as glibc does, a try lock by the writer EBUSY. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

struct rwlock_state {
  uint32_t stamp;      /* dpu_rt_obj_stamp(DPU_OBJ_*) */
  int32_t writer;      /* tid + 1 of the writer, 0 if none */
  uint32_t nreaders;   /* read locks held, counting recursion */
  uint32_t pad;
  uint64_t reads[4];   /* 4 bits per thread: read locks it holds (at most 15) */
};
_Static_assert(sizeof(struct rwlock_state) <= sizeof(pthread_rwlock_t), "rwlock layout");

static struct rwlock_state *state(pthread_rwlock_t *l) {
  struct rwlock_state *s = (struct rwlock_state *)l;
  if (dpu_rt_obj_status(s->stamp) == DPU_OBJ_FRESH && s->stamp != 0)
    memset(s, 0, sizeof *s);
  return s;
}

static unsigned reads_of(const struct rwlock_state *s, int tid) {
  return (unsigned)(s->reads[tid / 16] >> (tid % 16 * 4) & 15);
}

static void add_reads(struct rwlock_state *s, int tid, int delta) {
  unsigned n = reads_of(s, tid) + (unsigned)delta;
  s->reads[tid / 16] &= ~(15ull << (tid % 16 * 4));
  s->reads[tid / 16] |= (uint64_t)n << (tid % 16 * 4);
  s->nreaders += (uint32_t)delta;
}

bool dpu_rt_rwlock_enabled(uint8_t op, uint64_t obj, int tid) {
  struct rwlock_state *s = state((pthread_rwlock_t *)(uintptr_t)obj);
  return dpu_rt_obj_status(s->stamp) == DPU_OBJ_DESTROYED ||
         dpu_rwlock_can_run(op != DPU_OP_RWLOCK_RDLOCK, s->writer, s->nreaders, tid + 1);
}

static void check_live(uint32_t stamp, const char *fn) {
  dpu_rt_check_lifecycle(stamp, false, fn, "rwlock");
}

int __dpu_pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr) {
  (void)attr;
  dpu_rt_visible(DPU_OP_RWLOCK_INIT, (uint64_t)(uintptr_t)l);
  struct rwlock_state *s = state(l);
  if (dpu_rt_obj_status(s->stamp) != DPU_OBJ_DESTROYED && !dpu_rt_obj_garbage(l, s->stamp) &&
      (s->writer || s->nreaders))
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_rwlock_init of a locked rwlock");
  dpu_rt_check_double_init(l, dpu_rt_obj_status(s->stamp), "pthread_rwlock_init", "an rwlock");
  memset(l, 0, sizeof *l);
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_INIT);
  return 0;
}

int __dpu_pthread_rwlock_destroy(pthread_rwlock_t *l) {
  dpu_rt_visible(DPU_OP_RWLOCK_DESTROY, (uint64_t)(uintptr_t)l);
  struct rwlock_state *s = state(l);
  check_live(s->stamp, "pthread_rwlock_destroy");
  if (s->writer || s->nreaders)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_rwlock_destroy of a locked rwlock");
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_DESTROYED);
  return 0;
}

/* A read or write lock (try: never blocks, busy is the error when it cannot be had). */
static int lock(pthread_rwlock_t *l, uint8_t op, bool write, const char *fn, int busy) {
  struct dpu_event_rec *e = dpu_rt_visible(op, (uint64_t)(uintptr_t)l);
  struct rwlock_state *s = state(l);
  check_live(s->stamp, fn);
  int self = dpu_rt.cur + 1;
  if (s->writer == self) {
    if (write && !busy) dpu_rt_end(DPU_END_MISUSE, 0, "%s of an rwlock the caller holds for writing", fn);
    return busy == EBUSY ? EBUSY : EDEADLK; /* the try functions only know "busy" (POSIX) */
  }
  /* Only the non-blocking variants get here with the lock taken. */
  if (!dpu_tryrwlock_acquires(write, s->writer, s->nreaders)) return busy;
  if (write) {
    s->writer = self;
  } else {
    if (reads_of(s, dpu_rt.cur) == 15)
      dpu_rt_end(DPU_END_LIMIT, 0, "more than 15 nested read locks of one rwlock");
    add_reads(s, dpu_rt.cur, 1);
  }
  if (busy) e->result = 1; /* the outcome of a try or timed lock */
  /* write-unlock -> every later lock; read-unlock -> later write locks only */
  dpu_race_acquire((uint64_t)(uintptr_t)l, DPU_SYNC_LOCK);
  if (write) dpu_race_acquire((uint64_t)(uintptr_t)l, DPU_SYNC_RLOCK);
  return 0;
}

int __dpu_pthread_rwlock_rdlock(pthread_rwlock_t *l) {
  return lock(l, DPU_OP_RWLOCK_RDLOCK, false, "pthread_rwlock_rdlock", 0);
}
int __dpu_pthread_rwlock_wrlock(pthread_rwlock_t *l) {
  return lock(l, DPU_OP_RWLOCK_WRLOCK, true, "pthread_rwlock_wrlock", 0);
}
int __dpu_pthread_rwlock_tryrdlock(pthread_rwlock_t *l) {
  return lock(l, DPU_OP_RWLOCK_TRYRDLOCK, false, "pthread_rwlock_tryrdlock", EBUSY);
}
int __dpu_pthread_rwlock_trywrlock(pthread_rwlock_t *l) {
  return lock(l, DPU_OP_RWLOCK_TRYWRLOCK, true, "pthread_rwlock_trywrlock", EBUSY);
}
/* Timeouts are outcomes, as for pthread_mutex_timedlock: the timed variants are try events. */
int __dpu_pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *t) {
  (void)t;
  return lock(l, DPU_OP_RWLOCK_TIMEDRDLOCK, false, "pthread_rwlock_timedrdlock", ETIMEDOUT);
}
int __dpu_pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *t) {
  (void)t;
  return lock(l, DPU_OP_RWLOCK_TIMEDWRLOCK, true, "pthread_rwlock_timedwrlock", ETIMEDOUT);
}

int __dpu_pthread_rwlock_unlock(pthread_rwlock_t *l) {
  dpu_rt_visible(DPU_OP_RWLOCK_UNLOCK, (uint64_t)(uintptr_t)l);
  struct rwlock_state *s = state(l);
  check_live(s->stamp, "pthread_rwlock_unlock");
  if (s->writer == dpu_rt.cur + 1) {
    s->writer = 0;
    dpu_race_release((uint64_t)(uintptr_t)l, DPU_SYNC_LOCK);
  } else if (reads_of(s, dpu_rt.cur)) {
    add_reads(s, dpu_rt.cur, -1);
    dpu_race_release((uint64_t)(uintptr_t)l, DPU_SYNC_RLOCK);
  } else {
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_rwlock_unlock of an rwlock the caller does not hold");
  }
  return 0;
}

int __dpu_pthread_rwlockattr_init(pthread_rwlockattr_t *a) {
  memset(a, 0, sizeof *a);
  return 0;
}

int __dpu_pthread_rwlockattr_destroy(pthread_rwlockattr_t *a) {
  (void)a;
  return 0;
}
