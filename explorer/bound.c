/* See bound.h. */
#include "bound.h"

#include <stddef.h>

#include "../protocol/ops.h"
#include "model.h"

/* A lock e of a mutex (or spinlock, or atomic section) after its thread's event x: the
 * greatest depth L such that, when e's thread runs without a switch from its event at depth L
 * to x, the mutex is free right after x in every schedule of ⌈e⌉. X, the mutex's last event in
 * ⌈x⌉, left it free (else 0), and the first event Y after X on the mutex's chain up to e, if
 * any, must not have run yet: it is after the thread's event at depth L (Y's latest event of
 * the thread is at depth L or deeper). */
static uint32_t lock_cap(const struct dpu_event *e, const struct dpu_event *x) {
  const struct dpu_event *m = dpu_event_omax(x, e->obj);
  if (m && m->st.owner != 0) return 0;
  const struct dpu_event *y = e->pre_obj;
  if (y == m) return UINT32_MAX;
  while (y && y->pre_obj != m) y = y->pre_obj;
  const struct dpu_event *w = y ? dpu_event_tmax(y, x->tid) : NULL;
  return w ? w->tnode.depth : 0;
}

/* For the gap between e's thread predecessor x and e: the greatest depth L such that a first
 * switch away from the thread in it, the thread having run without one since its event at
 * depth L, is a preemption in every schedule of ⌈e⌉ (e is enabled there). 0: none. */
static uint32_t gap_cap(const struct dpu_pes *p, const struct dpu_event *e,
                        const struct dpu_event *x) {
  /* A switch at a yield (sched_yield, a sleep) is none (CHESS); the thread may yield in the
   * gap (DPU_REC_YIELDED). A trylock retried in a spin loop waits for its lock to change
   * (runtime/sched.c). */
  if (x->yields_after || dpu_op_is_try(e->op)) return 0;
  if (!dpu_op_has(e->op, DPU_OPF_BLOCKS)) return UINT32_MAX;
  switch (e->op) {
  case DPU_OP_ATOMIC_LOAD:
  case DPU_OP_ATOMIC_CAS:
  case DPU_OP_ATOMIC_RMW:
  case DPU_OP_READ:
    /* Enabled unless a spin-loop rule holds it back (explorer/model.h, protocol/rules.h:
     * dpu_spin_read_blocks), which needs x to access the same location, or, for a read, a
     * thread stuck in a spin region, whose last operation x was a read. */
    if (dpu_op_is_read(e->op) && dpu_op_is_read(x->op)) return 0;
    return dpu_op_is_access(x->op) && x->obj != DPU_NO_OBJECT &&
                   dpu_pes_tree_object(p, x->obj) == dpu_pes_tree_object(p, e->obj)
               ? 0
               : UINT32_MAX;
  case DPU_OP_MUTEX_LOCK:
  case DPU_OP_SPIN_LOCK:
  case DPU_OP_ATOMIC_BEGIN:
    return lock_cap(e, x);
  default: /* a join, a wait, ...: enabled by what comes between (no preemption then) */
    return 0;
  }
}

/* The deepest event of e's thread before one of e's causes of another thread (0: none): an
 * event of another thread lies between it and e in every schedule. */
static uint32_t left_end(const struct dpu_event *e) {
  uint32_t left = 0;
  const struct dpu_event *c[3] = {e->pre_obj, e->pre_extra, NULL};
  for (uint32_t i = 0; i < 2 + e->nrpre; i++) {
    const struct dpu_event *x = i < 2 ? c[i] : e->rpre[i - 2];
    if (!x || x->tid == e->tid) continue;
    const struct dpu_event *a = dpu_event_tmax(x, e->tid);
    if (a && a->tnode.depth > left) left = a->tnode.depth;
  }
  return left;
}

/* The longest interval whose gaps bound.c checks one by one; a longer one counts as no
 * forced preemption (lb stays a lower bound). */
#define MAX_WALK 256

void dpu_bound_event(const struct dpu_pes *p, struct dpu_event *e) {
  const struct dpu_event *pt = e->pre_thread;
  uint32_t forced = pt ? pt->forced : 0, stab = pt ? pt->stab : 0;
  e->cap = pt ? gap_cap(p, e, pt) : 0;
  uint32_t lmax = left_end(e);
  /* For every depth L <= lmax, the interval from the thread's event at depth L to e holds a
   * switch in every schedule; the first one in it is a preemption if every gap of it allows
   * (cap >= L). Greedy stabbing by right ends counts the most disjoint such intervals: one
   * more ending at e if one of them lies after the last one counted (L >= stab). */
  if (lmax && stab <= lmax) {
    const struct dpu_event *x = e;
    uint32_t m = UINT32_MAX; /* the least cap of the gaps between x and e */
    for (unsigned walked = 0; x && walked <= MAX_WALK; walked++) {
      uint32_t d = x->tnode.depth;
      if (d < stab || d == 0) break;
      if (d <= lmax && m >= d) { /* the interval from x (depth d) to e */
        forced++, stab = e->tnode.depth;
        break;
      }
      if (x->cap < m) m = x->cap;
      x = x->pre_thread;
    }
  }
  e->stab = stab;
  e->forced = forced > UINT16_MAX ? UINT16_MAX : (uint16_t)forced;
  uint32_t lb = 0;
  for (uint32_t t = 0; t < e->ntmax; t++) {
    const struct dpu_event *m = t == e->tid ? e : e->tmax[t];
    if (m) lb += m->forced;
  }
  e->lb = lb > UINT16_MAX ? UINT16_MAX : (uint16_t)lb;
}
