/* POSIX unnamed semaphores (docs/design.md §5): every operation is an event on the semaphore's
 * object. sem_wait is enabled when the value is positive; sem_trywait and sem_timedwait never
 * block (EAGAIN / ETIMEDOUT when the value is 0: a timeout is an outcome, not a time);
 * sem_getvalue is an event too, since what it reads depends on the order of posts and waits.
 * sem_t has no static initialiser, so a semaphore never initialised in this run (or destroyed)
 * is misuse. */
#include <errno.h>
#include <limits.h>
#include <semaphore.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

struct sem_state {
  uint32_t stamp;  /* dpu_rt_obj_stamp(DPU_OBJ_*) */
  uint32_t value;
};
_Static_assert(sizeof(struct sem_state) <= sizeof(sem_t), "sem layout");

static struct sem_state *state(sem_t *s) { return (struct sem_state *)s; }

bool dpu_rt_sem_enabled(uint8_t op, uint64_t obj, int tid) {
  (void)op, (void)tid;
  struct sem_state *s = state((sem_t *)(uintptr_t)obj);
  /* Misuse is reported when the operation executes. */
  return dpu_sem_wait_can_run(dpu_rt_obj_status(s->stamp) == DPU_OBJ_INIT, s->value);
}

static struct sem_state *live(sem_t *sem, const char *fn) {
  struct sem_state *s = state(sem);
  dpu_rt_check_lifecycle(s->stamp, true, fn, "semaphore");
  return s;
}

int __dpu_sem_init(sem_t *sem, int pshared, unsigned value) {
  (void)pshared;
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_SEM_INIT, (uint64_t)(uintptr_t)sem);
  if (value > SEM_VALUE_MAX) {
    errno = EINVAL;
    return -1;
  }
  e->aux = value;
  struct sem_state *s = state(sem);
  dpu_rt_check_double_init(sem, dpu_rt_obj_status(s->stamp), "sem_init", "a semaphore");
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_INIT);
  s->value = value;
  return 0;
}

int __dpu_sem_destroy(sem_t *sem) {
  dpu_rt_visible(DPU_OP_SEM_DESTROY, (uint64_t)(uintptr_t)sem);
  struct sem_state *s = live(sem, "sem_destroy");
  /* A thread blocked in sem_wait on it is not looked at here (that is not part of the
   * semaphore's history): its sem_wait, enabled once the semaphore is destroyed, reports the
   * misuse as an event ordered after this one. */
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_DESTROYED);
  return 0;
}

int __dpu_sem_wait(sem_t *sem) {
  dpu_rt_visible(DPU_OP_SEM_WAIT, (uint64_t)(uintptr_t)sem);
  live(sem, "sem_wait")->value--;
  dpu_race_acquire((uint64_t)(uintptr_t)sem, DPU_SYNC_SEM); /* post -> wait */
  return 0;
}

static int try_wait(sem_t *sem, uint8_t op, const char *fn, int busy) {
  struct dpu_event_rec *e = dpu_rt_visible(op, (uint64_t)(uintptr_t)sem);
  struct sem_state *s = live(sem, fn);
  if (s->value == 0) {
    errno = busy;
    return -1;
  }
  s->value--;
  e->result = 1;
  dpu_race_acquire((uint64_t)(uintptr_t)sem, DPU_SYNC_SEM);
  return 0;
}

int __dpu_sem_trywait(sem_t *sem) { return try_wait(sem, DPU_OP_SEM_TRYWAIT, "sem_trywait", EAGAIN); }

int __dpu_sem_timedwait(sem_t *sem, const struct timespec *abstime) {
  (void)abstime;
  return try_wait(sem, DPU_OP_SEM_TIMEDWAIT, "sem_timedwait", ETIMEDOUT);
}

int __dpu_sem_post(sem_t *sem) {
  dpu_rt_visible(DPU_OP_SEM_POST, (uint64_t)(uintptr_t)sem);
  struct sem_state *s = live(sem, "sem_post");
  if (s->value == SEM_VALUE_MAX) {
    errno = EOVERFLOW;
    return -1;
  }
  s->value++;
  dpu_race_release((uint64_t)(uintptr_t)sem, DPU_SYNC_SEM);
  return 0;
}

int __dpu_sem_getvalue(sem_t *restrict sem, int *restrict value) {
  dpu_rt_visible(DPU_OP_SEM_GETVALUE, (uint64_t)(uintptr_t)sem);
  int v = (int)live(sem, "sem_getvalue")->value;
  dpu_race_write(value, sizeof *value);
  *value = v;
  return 0;
}
