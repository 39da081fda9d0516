/* Line 13 of Alg. 1: U := U ∩ Q_{C,D}, narrowed to what Alt reads. See qpor_impl.h. */

#include "qpor_impl.h"

#include <string.h>

/* ---- line 13: U := U ∩ Q_{C,D} ------------------------------------------------------------ */

static void keep_closure(struct qpor *q, struct dpu_event *x) {
  while (x && !q->keep[x->id]) {
    q->keep[x->id] = 1;
    keep_closure(q, x->pre_obj);
    keep_closure(q, x->pre_extra);
    for (uint32_t i = 0; i < x->nrpre; i++) keep_closure(q, x->rpre[i]);
    x = x->pre_thread;
  }
}

/* Keeps e and, with their causes, its siblings that a spike of e may hold (see qpor_alt()). e is
 * the event of C at some frame f or an event of D added at f: every Alt call that reads its
 * spike has C ⊇ C_f (Alg. 1: C only grows below f until f is backtracked, and D loses e then).
 * A member parked on the event of an earlier frame conflicts with C_f, so no such spike takes
 * it: it is not kept for e. The caller has unparked the members of frames f and above. */
static void keep_siblings(struct qpor *q, struct dpu_event *e) {
  keep_closure(q, e);
  if (e->obj != DPU_NO_OBJECT) {
    struct dpu_group *groups =
        e->pre_obj ? e->pre_obj->ogroups
                   : q->u->oroot_groups[dpu_pes_tree_object(&q->u->pes, e->obj)];
    for (struct dpu_group *g = groups; g; g = g->next) {
      bool own = g->tid == e->tid;
      if (own && !has_own_thread_alternatives(e)) continue;
      for (uint32_t i = 0; i < g->n; i++)
        if (!dpu_group_parked(g, i) && (!own || own_thread_alternative(e, g->m[i].e)))
          keep_closure(q, g->m[i].e);
    }
  }
  if (e->obj == DPU_NO_OBJECT && !spike_empty(e))
    for (struct dpu_event *s = first_sibling(q, e); s; s = s->tsibling) keep_closure(q, s);
}

/* The number of live events below which U is not pruned. The debug build prunes from a few
 * events on, so that every test exercises pruning (as Lua's HARDMEMTESTS do its collector). */
#if !DPU_CHECKS
#define PRUNE_FROM 4096
#else
#define PRUNE_FROM 64
#endif

/* Line 13 keeps Q_{C,D} = C ∪ D ∪ #(C ∪ D). Our Alt reads less: the siblings (in the object
 * tree, or the thread tree for events without object; see qpor_alt()) of events of C ∪ D (every
 * spike of a later Alt call is made of siblings of an event of D or of the event chosen at a
 * frame of C), and the causes of those.
 * In programs with many lock races nearly all of U conflicts with C, so Q keeps nearly
 * everything; keeping only what Alt reads (a subset of Q, so as sound for this Alt) is what
 * makes memory follow the current path. Of those siblings, the ones parked on an event of C
 * below the frame where they would be read are never read again (keep_siblings): on MPAT(6)
 * this keeps 40,811 events at most instead of 182,920. An event pruned and met again is simply
 * re-created.
 * Pruning runs when U has doubled since the last time, so its cost stays proportional to the
 * events created. redirect: the next run's step, if any. Returns -1 if out of memory. */
int qpor_prune(struct qpor *q, struct dpu_event *redirect) {
  struct dpu_pes *p = &q->u->pes;
  if (p->live < 2 * q->live_after_prune || p->live < PRUNE_FROM) return 0;
  uint8_t *keep = calloc(p->nevents ? p->nevents : 1, 1);
  if (!keep) return -1;
  q->keep = keep;
  /* Frames from the top down, each unparking its members first (keep_siblings). D is a stack
   * of non-decreasing frames. Member indices change in the prune: nothing stays parked. */
  uint32_t top = q->n > q->nparks ? q->n : q->nparks, nd = q->nd;
  for (uint32_t f = top; f-- > 0;) {
    qpor_unpark(q, f);
    for (; nd && q->d[nd - 1].frame >= f; nd--) {
      DPU_ASSERT(nd < 2 || q->d[nd - 2].frame <= q->d[nd - 1].frame);
      keep_siblings(q, q->d[nd - 1].e);
    }
    if (f < q->n) keep_siblings(q, q->ev[f]);
  }
  for (; nd; nd--) keep_siblings(q, q->d[nd - 1].e);
  keep_closure(q, redirect); /* the next run's step, if the last run took an event of D */
  for (unsigned t = 0, nt = q->exec->shm->nthread_ids; t < nt; t++)
    if (q->creator[t] && !keep[q->creator[t]->id]) q->creator[t] = NULL;
  q->st->pruned += dpu_unf_prune(q->u, keep);
  /* The conflicting extensions of a kept event may have gone (an event is kept as a cause of
   * a sibling that Alt may read, not for its own extensions): computed again if it is executed
   * again. Those of the events of C stay, as siblings of events of C (dpu_unf_cex places e's
   * action at earlier positions of its object, where C holds another thread's event, or, a
   * signal's other outcomes, at e's own position: own_thread_alternative), and C's events are
   * not processed again before they leave C. (Such an extension conflicts with C only through
   * that event of C, its sibling, so it is parked on no lower frame and keep_siblings keeps
   * it.) */
  for (struct dpu_event *e = p->events; e; e = e->next) e->cex_done = 0;
  for (uint32_t i = 0; i < q->n; i++) q->ev[i]->cex_done = 1;
  q->live_after_prune = p->live;
  q->keep = NULL;
  free(keep);
  return 0;
}
