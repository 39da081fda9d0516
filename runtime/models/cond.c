/* Condition variables, after App. D of the symbolic-partial-order-execution paper (docs/design.md
 * §5). pthread_cond_wait(c, m) is w1 then w2, each split so that every event acts on one
 * object: COND_WAIT on c (enter the wait set), MUTEX_UNLOCK on m, COND_RESUME on c (enabled
 * once a signal or broadcast chose the thread), MUTEX_LOCK on m. Entering the wait set before
 * releasing the mutex loses no outcome of the atomic release-and-wait: a signal between the
 * two events wakes the thread, as it would right after the atomic step. A signal chooses one
 * waiting thread; the replay's choice says which (the explorer explores every choice), and
 * the trace records it, so the woken thread is part of the signal's event. Signals with no
 * waiter are lost. timedwait's COND_TIMEDRESUME never blocks: before a signal chose the
 * thread, it times out (ETIMEDOUT). With --spurious-wakeups, pthread_cond_wait's w2 is
 * COND_SPURIOUS, which never blocks either: before a signal chose the thread, it is a
 * spurious wakeup (POSIX XSH pthread_cond_wait: "spurious wakeups ... may occur"), and the
 * wait returns 0. A thread's wait after a spurious wakeup is not spurious again until a signal
 * or broadcast has woken it: the usual `while (!p) pthread_cond_wait(...)` would otherwise
 * have an execution for every number of wakeups, and a second one in a row, with the same
 * predicate, shows nothing the first did not. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../../protocol/invariant.h"
#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

struct cond_state {
  uint32_t stamp;        /* dpu_rt_obj_stamp(DPU_OBJ_*) */
  uint32_t nwaiters;     /* threads in the wait set, not chosen yet (their cond_waits is it) */
  uint32_t nwoken;       /* threads chosen by a signal or broadcast, not resumed yet (their
                          * cond_woken is it) */
  pthread_mutex_t *mutex; /* the mutex of the current waiters */
};
_Static_assert(sizeof(struct cond_state) <= sizeof(pthread_cond_t), "cond layout");

static struct cond_state *state(pthread_cond_t *c) {
  struct cond_state *s = (struct cond_state *)c;
  if (dpu_rt_obj_status(s->stamp) == DPU_OBJ_FRESH && s->stamp != 0)
    memset(s, 0, sizeof *s);
  return s;
}

/* Thread t's role towards s (protocol/rules.h): the runner keeps it as t's cond_waits and
 * cond_woken, and s's counts of each. */
static enum dpu_cond_role role_of(const struct dpu_rt_thread *t, const struct cond_state *s) {
  return t->cond_waits == s ? DPU_COND_WAITING
         : t->cond_woken == s ? DPU_COND_CHOSEN
                              : DPU_COND_NONE;
}

/* Thread t's role after op (dpu_cond_role_after), kept in t and s. */
static void step(struct dpu_rt_thread *t, struct cond_state *s, uint8_t op, bool is_self,
                 bool chosen) {
  enum dpu_cond_role was = role_of(t, s), r = dpu_cond_role_after(op, was, is_self, chosen);
  if (r == was) return;
  if (was == DPU_COND_WAITING) t->cond_waits = NULL, s->nwaiters--;
  if (was == DPU_COND_CHOSEN) t->cond_woken = NULL, s->nwoken--;
  if (r == DPU_COND_WAITING) t->cond_waits = s, s->nwaiters++;
  if (r == DPU_COND_CHOSEN) t->cond_woken = s, s->nwoken++;
  /* A thread is in at most one wait set, and a set's counts are its members'. */
  DPU_ASSERT(role_of(t, s) == r && !(t->cond_waits && t->cond_waits == t->cond_woken));
  DPU_ASSERT(s->nwaiters <= DPU_MAX_THREADS && s->nwoken <= DPU_MAX_THREADS);
}

bool dpu_rt_cond_enabled(uint8_t op, uint64_t obj, int tid) {
  (void)op; /* COND_RESUME */
  struct cond_state *s = state((pthread_cond_t *)(uintptr_t)obj);
  return dpu_cond_resume_can_run(role_of(&dpu_rt.threads[tid], s)) ||
         dpu_rt_obj_status(s->stamp) == DPU_OBJ_DESTROYED;
}

static void check_live(uint32_t stamp, const char *fn) {
  dpu_rt_check_lifecycle(stamp, false, fn, "condition variable");
}

int __dpu_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr) {
  (void)attr;
  dpu_rt_visible(DPU_OP_COND_INIT, (uint64_t)(uintptr_t)c);
  struct cond_state *s = state(c);
  if (dpu_rt_obj_status(s->stamp) != DPU_OBJ_DESTROYED && !dpu_rt_obj_garbage(c, s->stamp) &&
      (s->nwaiters | s->nwoken))
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_cond_init of a condition variable threads wait on");
  dpu_rt_check_double_init(c, dpu_rt_obj_status(s->stamp), "pthread_cond_init",
                           "a condition variable");
  memset(c, 0, sizeof *c);
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_INIT);
  return 0;
}

int __dpu_pthread_cond_destroy(pthread_cond_t *c) {
  dpu_rt_visible(DPU_OP_COND_DESTROY, (uint64_t)(uintptr_t)c);
  struct cond_state *s = state(c);
  check_live(s->stamp, "pthread_cond_destroy");
  if (s->nwaiters | s->nwoken)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_cond_destroy of a condition variable threads wait on");
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_DESTROYED);
  return 0;
}

static int wait(pthread_cond_t *c, pthread_mutex_t *m, bool timed) {
  const char *fn = timed ? "pthread_cond_timedwait" : "pthread_cond_wait";
  uint32_t site = __dpu_site;
  if (!dpu_rt_mutex_held(m))
    dpu_rt_end(DPU_END_MISUSE, 0, "%s with a mutex the caller does not hold", fn);
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_COND_WAIT, (uint64_t)(uintptr_t)c);
  e->aux = (uint64_t)(uintptr_t)m;
  struct cond_state *s = state(c);
  check_live(s->stamp, fn);
  struct dpu_rt_thread *me = &dpu_rt.threads[dpu_rt.cur];
  if ((s->nwaiters | s->nwoken) && s->mutex != m)
    dpu_rt_end(DPU_END_MISUSE, 0,
               "%s with a different mutex than the threads already waiting on the condition "
               "variable",
               fn);
  step(me, s, DPU_OP_COND_WAIT, true, false);
  s->mutex = m;
  __dpu_site = site;
  dpu_rt_mutex_unlock_held(m);
  __dpu_site = site;
  int ret = 0;
  bool spurious = !timed && dpu_rt.cfg.spurious_wakeups && !me->spurious;
  uint8_t op = timed ? DPU_OP_COND_TIMEDRESUME
               : spurious ? DPU_OP_COND_SPURIOUS
                          : DPU_OP_COND_RESUME;
  e = dpu_rt_visible(op, (uint64_t)(uintptr_t)c);
  s = state(c);
  check_live(s->stamp, fn);
  if (op != DPU_OP_COND_RESUME) e->result = dpu_cond_resume_result(role_of(me, s));
  if (op == DPU_OP_COND_RESUME || e->result) dpu_race_woken(); /* signal -> the wait it wakes */
  else ret = timed ? ETIMEDOUT : 0;
  if (op == DPU_OP_COND_SPURIOUS) me->spurious = !e->result;
  if (op == DPU_OP_COND_RESUME) me->spurious = false;
  step(me, s, op, true, false);
  __dpu_site = site;
  dpu_rt_mutex_relock(m);
  return ret;
}

int __dpu_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) { return wait(c, m, false); }

int __dpu_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                 const struct timespec *abstime) {
  (void)abstime;
  return wait(c, m, true);
}

int __dpu_pthread_cond_signal(pthread_cond_t *c) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_COND_SIGNAL, (uint64_t)(uintptr_t)c);
  struct cond_state *s = state(c);
  check_live(s->stamp, "pthread_cond_signal");
  if (!s->nwaiters) return 0; /* lost */
  /* The wait set, for the explorers only when the signal has a choice (ops.def). */
  bool choice = s->nwaiters > 1;
  static struct dpu_tset waiters;
  if (choice) dpu_tset_clear(&waiters);
  int lowest = DPU_MAX_THREADS;
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    if (dpu_rt.threads[i].cond_waits != s) continue;
    if (choice) dpu_tset_add(&waiters, i);
    if ((int)i < lowest) lowest = (int)i;
  }
  if (choice) e->aux = dpu_rt_tset_ref(&waiters);
  int t = dpu_rt.choice ? dpu_rt.choice - 1 : -1;
  if (t < 0 || t >= DPU_MAX_THREADS || dpu_rt.threads[t].cond_waits != s) t = lowest;
  step(&dpu_rt.threads[t], s, DPU_OP_COND_SIGNAL, t == dpu_rt.cur, true);
  e->result = (uint16_t)(t + 1);
  dpu_race_wake(t);
  return 0;
}

int __dpu_pthread_cond_broadcast(pthread_cond_t *c) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_COND_BROADCAST, (uint64_t)(uintptr_t)c);
  struct cond_state *s = state(c);
  check_live(s->stamp, "pthread_cond_broadcast");
  (void)e;
  for (unsigned k = 0; k < dpu_rt.nthreads && s->nwaiters; k++) {
    unsigned i = dpu_rt.order[k];
    struct dpu_rt_thread *t = &dpu_rt.threads[i];
    if (t->cond_waits != s) continue;
    dpu_race_wake((int)i);
    step(t, s, DPU_OP_COND_BROADCAST, (int)i == dpu_rt.cur, false);
  }
  return 0;
}

int __dpu_pthread_condattr_init(pthread_condattr_t *a) {
  memset(a, 0, sizeof *a);
  return 0;
}

int __dpu_pthread_condattr_destroy(pthread_condattr_t *a) {
  (void)a;
  return 0;
}

/* The clock of timedwait does not matter: time is not modelled (timeouts are outcomes). */
int __dpu_pthread_condattr_setclock(pthread_condattr_t *a, clockid_t clock) {
  (void)a;
  return clock == CLOCK_REALTIME || clock == CLOCK_MONOTONIC ? 0 : EINVAL;
}

int __dpu_pthread_condattr_getclock(const pthread_condattr_t *a, clockid_t *clock) {
  (void)a;
  *clock = CLOCK_REALTIME;
  return 0;
}

int __dpu_pthread_condattr_setpshared(pthread_condattr_t *a, int pshared) {
  (void)a;
  return pshared == PTHREAD_PROCESS_PRIVATE || pshared == PTHREAD_PROCESS_SHARED ? 0 : EINVAL;
}
