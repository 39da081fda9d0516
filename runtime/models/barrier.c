/* Barriers (docs/design.md §5): pthread_barrier_wait is two events: ARRIVE, on the barrier's object
 * (joins the current round; the thread completing the round gets
 * PTHREAD_BARRIER_SERIAL_THREAD and leaves at once) and LEAVE (enabled once the round of the
 * thread's arrival is complete; the explorer puts it on no object: explorer/extend.c). The
 * state is the number of threads arrived in the current round, and each of them names the
 * barrier in its barrier_at (rt.h), so a thread whose barrier_at was cleared has seen its
 * round complete. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

struct barrier_state {
  uint32_t stamp;    /* dpu_rt_obj_stamp(DPU_OBJ_*) */
  uint32_t count;    /* threads per round */
  uint32_t arrived;  /* threads arrived in the current round */
};
_Static_assert(sizeof(struct barrier_state) <= sizeof(pthread_barrier_t), "barrier layout");

static struct barrier_state *state(pthread_barrier_t *b) { return (struct barrier_state *)b; }

bool dpu_rt_barrier_enabled(uint8_t op, uint64_t obj, int tid) {
  (void)op; /* BARRIER_LEAVE */
  struct barrier_state *s = state((pthread_barrier_t *)(uintptr_t)obj);
  return dpu_barrier_leave_can_run(dpu_rt_obj_status(s->stamp) == DPU_OBJ_INIT,
                                   dpu_rt.threads[tid].barrier_at == s);
}

static struct barrier_state *live(pthread_barrier_t *b, const char *fn) {
  struct barrier_state *s = state(b);
  dpu_rt_check_lifecycle(s->stamp, true, fn, "barrier");
  return s;
}

int __dpu_pthread_barrier_init(pthread_barrier_t *restrict b,
                               const pthread_barrierattr_t *restrict attr, unsigned count) {
  (void)attr;
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_BARRIER_INIT, (uint64_t)(uintptr_t)b);
  struct barrier_state *s = state(b);
  if (dpu_rt_obj_status(s->stamp) == DPU_OBJ_INIT && s->arrived)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_barrier_init of a barrier threads wait at");
  dpu_rt_check_double_init(b, dpu_rt_obj_status(s->stamp), "pthread_barrier_init", "a barrier");
  if (count == 0) return EINVAL;
  if (count > DPU_MAX_THREADS)
    dpu_rt_end(DPU_END_DEADLOCK, 0, "a barrier for %u threads (more than dpu's %d) never opens",
               count, DPU_MAX_THREADS);
  e->aux = count;
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_INIT);
  s->count = count;
  s->arrived = 0;
  return 0;
}

int __dpu_pthread_barrier_destroy(pthread_barrier_t *b) {
  dpu_rt_visible(DPU_OP_BARRIER_DESTROY, (uint64_t)(uintptr_t)b);
  struct barrier_state *s = live(b, "pthread_barrier_destroy");
  if (s->arrived)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_barrier_destroy of a barrier threads wait at");
  s->stamp = dpu_rt_obj_stamp(DPU_OBJ_DESTROYED);
  return 0;
}

int __dpu_pthread_barrier_wait(pthread_barrier_t *b) {
  uint32_t site = __dpu_site;
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_BARRIER_ARRIVE, (uint64_t)(uintptr_t)b);
  struct barrier_state *s = live(b, "pthread_barrier_wait");
  bool completes = dpu_barrier_arrive_completes(true, s->arrived, s->count);
  s->arrived++;
  dpu_rt.threads[dpu_rt.cur].barrier_at = s;
  /* Happens-before: every arrival of a round -> every return from it, exactly (the leaves of
   * a round commute with the next round's arrivals in the explorer, docs/design.md §5, so a trace
   * must not order them: a clock that also gathered a fast thread's next arrival before a
   * slow one left would hide a race in one interleaving of the trace and not another). The
   * barrier's clock gathers the round's arrivals; the last one takes it, empties it for the
   * next round, and hands it to each waiting thread, which takes it when it leaves. */
  uint64_t key = (uint64_t)(uintptr_t)b;
  dpu_race_release(key, DPU_SYNC_BARRIER);
  if (completes) {
    s->arrived = 0;
    dpu_race_acquire(key, DPU_SYNC_BARRIER);
    dpu_race_clear(key, DPU_SYNC_BARRIER);
    for (unsigned k = 0; k < dpu_rt.nthreads; k++) { /* the round is over */
      struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.order[k]];
      if (t->barrier_at != s) continue;
      t->barrier_at = NULL;
      if (dpu_rt.order[k] != dpu_rt.cur) dpu_race_wake(dpu_rt.order[k]);
    }
    e->result = 1;
    return PTHREAD_BARRIER_SERIAL_THREAD;
  }
  __dpu_site = site;
  /* Leaving after another thread destroyed the barrier is fine: the round is over (glibc's
   * pthread_barrier_destroy waits for it). */
  dpu_rt_visible(DPU_OP_BARRIER_LEAVE, (uint64_t)(uintptr_t)b);
  dpu_race_woken();
  return 0;
}

int __dpu_pthread_barrierattr_init(pthread_barrierattr_t *a) {
  memset(a, 0, sizeof *a);
  return 0;
}

int __dpu_pthread_barrierattr_destroy(pthread_barrierattr_t *a) {
  (void)a;
  return 0;
}
