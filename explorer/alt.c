/* Alt (Alg. 1 line 11): k-partial alternatives in a comb (Sec. 5, steps 1-5), and the parking
 * of candidates rejected until a frame is backtracked. See qpor_impl.h. */

#include "qpor_impl.h"

#include <string.h>

/* ---- Alt: k-partial alternatives in a comb (Sec. 5, steps 1-5) -------------------------- */

static int ensure_marks(struct qpor *q) {
  if (q->u->pes.nevents <= q->emark_cap) return 0;
  uint32_t old = q->emark_cap;
  if (ensure((void **)&q->emark, &q->emark_cap, q->u->pes.nevents, sizeof *q->emark) != 0)
    return -1;
  memset(q->emark + old, 0, (q->emark_cap - old) * sizeof *q->emark); /* no stale marks */
  return 0;
}

/* One walk of ⌈x⌉ \ C for step 3 (see admissible). */
struct walk {
  const struct dpu_event *extra;
  struct dpu_event *wit;  /* the earliest event of C found in conflict with ⌈x⌉, or NULL */
  bool hits_d;
  uint32_t dframe;        /* if hits_d: the lowest frame of an event of D ∪ {extra} met */
  bool loc_conflict;      /* a location met past the first 8 conflicts (c_location_conflict) */
  uint32_t nlocs;
  uint32_t locs[8];       /* the first 8 locations met, checked after the walk */
};

/* Keeps the earliest witness, which stays in C longest. */
static void earlier(struct walk *w, struct dpu_event *wit) {
  if (!w->wit || wit->cframe < w->wit->cframe) w->wit = wit;
}

/* Whether the walk must visit y: an event not yet visited and not in C. */
static bool unvisited(struct qpor *q, const struct dpu_event *y) {
  return y && q->emark[y->id] != q->mark && !in_c(q, y);
}

/* Walks ⌈x⌉ \ C (x not in C; marking events with the current generation), depth first with
 * q->wstack holding the causes still to visit. For each event z met whose tree predecessor on
 * its thread (or its object, not a location) is in C or the root: C may hold no other child of
 * that predecessor, that is C's last event there must be it. Otherwise z and C's child are
 * siblings, in immediate conflict (Sec. 5.1); w->wit keeps the earliest such child of C (the
 * lowest frame: it stays in C longest). Also notes in w whether ⌈x⌉ \ C meets D ∪ {extra}, and
 * the locations it touches. Returns false when it found a conflict, -1 if out of memory, true
 * otherwise. */
static int walk(struct qpor *q, struct dpu_event *x, struct walk *w) {
  const struct dpu_pes *p = &q->u->pes;
  uint32_t n = 0;
  if (ensure((void **)&q->wstack, &q->wcap, 1, sizeof *q->wstack) != 0) return -1;
  q->wstack[n++] = x;
  while (n) {
    for (struct dpu_event *y = q->wstack[--n]; unvisited(q, y); y = y->pre_thread) {
      q->emark[y->id] = q->mark;
      if (y->in_d || y == w->extra) { /* extra: ev[j] of Alt's frame j, out of C at cframe j */
        w->hits_d = true;
        if (y->cframe < w->dframe) w->dframe = y->cframe;
      }
      struct dpu_event *pt = y->pre_thread, *pm = y->pre_obj;
      if ((!pt || in_c(q, pt)) && q->cmax_t[y->tid] != pt)
        earlier(w, q->chain_t[y->tid].e[y->tnode.depth]);
      if (y->obj != DPU_NO_OBJECT) {
        uint32_t to = dpu_pes_tree_object(p, y->obj);
        if (!p->oisloc[to]) {
          if ((!pm || in_c(q, pm)) && q->cmax_o[to] != pm)
            earlier(w, q->chain_o[to].e[y->onode.depth]);
        } else {
          uint32_t i = 0;
          while (i < w->nlocs && w->locs[i] != to) i++;
          if (i == w->nlocs) {
            if (w->nlocs < 8) w->locs[w->nlocs++] = to;
            else w->loc_conflict |= qpor_c_location_conflict(q, x, to); /* perhaps again */
          }
        }
      }
      if (ensure((void **)&q->wstack, &q->wcap, n + 2 + y->nrpre, sizeof *q->wstack) != 0)
        return -1;
      if (unvisited(q, pm)) q->wstack[n++] = pm;
      if (unvisited(q, y->pre_extra)) q->wstack[n++] = y->pre_extra;
      for (uint32_t i = 0; i < y->nrpre; i++)
        if (unvisited(q, y->rpre[i])) q->wstack[n++] = y->rpre[i];
    }
  }
  return !w->wit;
}

/* Step 3 for a candidate x: whether ⌈x⌉ ∪ C is a configuration and ⌈x⌉ \ C avoids D ∪ {extra}
 * ([ê] ∩ D = ∅ and J ∩ D = ∅; C ∩ D is empty in Alg. 1, so only the part of ⌈x⌉ outside C can
 * meet D). One walk of ⌈x⌉ \ C decides both: a conflict between ⌈x⌉ and C has below it an
 * immediate one between some z of ⌈x⌉ \ C and an event of C, siblings on a thread or object
 * tree (Sec. 5.1, Theorem 6), which walk() finds unless the tree is a location's; on a
 * location, the events of ⌈x⌉ and C conflict only if ⌈x⌉ \ C has events there, and
 * c_location_conflict decides. When x is rejected for a reason that lasts (park()), *park
 * receives the frame to park it on, else it is left alone: for a conflict on a thread or
 * non-location object tree, the frame of C's event in it, which stays in conflict with x while
 * it is in C; for an event d of D in ⌈x⌉, the frame below d's entry in D, whose backtracking
 * takes d out of D (qpor_d_pop_above); the lower of the two if both. The debug build checks the
 * answer against Theorem 6's query (qpor_compatible). */
static int admissible(struct qpor *q, struct dpu_event *x, const struct dpu_event *extra,
                      uint32_t *park) {
  struct walk w = {.extra = extra, .dframe = UINT32_MAX};
  q->st->candidates++;
  q->mark++;
  int ok = walk(q, x, &w);
  if (ok < 0) return -1;
  if (!ok) {
    DPU_ASSERT(in_c(q, w.wit) && q->ev[w.wit->cframe] == w.wit);
    *park = w.wit->cframe;
  } else {
    ok = !w.loc_conflict;
    for (uint32_t i = 0; ok && i < w.nlocs; i++) ok = !qpor_c_location_conflict(q, x, w.locs[i]);
  }
  DPU_ASSERT(ok == qpor_compatible(q, x));
  if (w.hits_d) {
    uint32_t below = w.dframe ? w.dframe - 1 : 0; /* frame 0's entries stay to the end */
    if (below < *park) *park = below;
  }
  return ok && !w.hits_d;
}

#if DPU_CHECKS
/* Whether ⌈x⌉ \ C meets D ∪ {extra} (the debug build's check of parked members). */
static bool meets_d(struct qpor *q, struct dpu_event *x, const struct dpu_event *extra) {
  struct walk w = {.extra = extra, .dframe = UINT32_MAX};
  q->mark++;
  return walk(q, x, &w) >= 0 && w.hits_d;
}
#endif

/* ---- parked members: rejected until a frame is backtracked -------------------------------- */

/* Parks g->m[i] on frame f: it is rejected by step 3 until the backtracking undoes the event of
 * C at frame f (qpor_c_undo), because that event conflicts with it, or because an event of D in its
 * history leaves D only then (its entry's frame is f + 1). A member parked on frame 0 for D
 * (whose frame-0 entries stay to the end) is looked at again when the event at frame 0 changes:
 * a wasted look, never a missed candidate. */
int qpor_park(struct qpor *q, struct dpu_group *g, uint32_t i, uint32_t f) {
  uint32_t old = q->nparks;
  if (ensure((void **)&q->parks, &q->nparks, f + 1, sizeof *q->parks) != 0) return -1;
  memset(q->parks + old, 0, (q->nparks - old) * sizeof *q->parks); /* empty lists */
  struct frame_parks *fp = &q->parks[f];
  if (ensure((void **)&fp->p, &fp->cap, fp->n + 1, sizeof *fp->p) != 0) return -1;
  fp->p[fp->n++] = (struct parked){g, i};
  q->st->parked++;
  dpu_group_park(g, i);
  return 0;
}

/* Adds s to the current spike if it is compatible with C and avoids D (step 3). When it is
 * rejected until a frame is backtracked, *park receives that frame (admissible()). An event
 * past --preemptions' bound is rejected for good. */
static int spike_consider(struct qpor *q, uint32_t *n, struct dpu_event *s, uint32_t *park,
                          const struct dpu_event *extra) {
  /* Past the bound or outside E_sym, and so is every J that holds it (bound.h, symmetry.h). */
  if (dpu_unf_outside(q->u, s)) return 0;
  int ok = admissible(q, s, extra, park);
  if (ok <= 0) return ok;
  if (ensure((void **)&q->spikes, &q->scap, *n + 1, sizeof *q->spikes) != 0) return -1;
  q->spikes[(*n)++] = s;
  return 0;
}

/* The spike of d on an object (step 2): the children of pm(d) of the other threads, and of
 * d's own thread those that own_thread_alternative allows. */
static int spike_object(struct qpor *q, uint32_t *n, struct dpu_group *groups,
                        const struct dpu_event *d, const struct dpu_event *extra) {
  if (ensure_marks(q) != 0) return -1;
  for (struct dpu_group *g = groups; g; g = g->next) {
    bool own = g->tid == d->tid;
    if (own && !has_own_thread_alternatives(d)) continue;
#if DPU_CHECKS
    for (uint32_t i = 0; i < g->n; i++)
      DPU_ASSERT(!dpu_group_parked(g, i) || !qpor_compatible(q, g->m[i].e) ||
             meets_d(q, g->m[i].e, extra));
#endif
    struct dpu_group_scan scan = dpu_group_scan(g);
    for (uint32_t at; dpu_group_scan_next(&scan, &at);) {
      struct dpu_member *m = &g->m[at];
      if (own && !own_thread_alternative(d, m->e)) continue;
      /* On a location, reads conflict with writes only, and the reads that d's history holds
       * (children of its pm too) do not conflict with d. */
      if (m->read && (dpu_op_is_read(d->op) || dpu_pes_leq(&q->u->pes, m->e, d))) continue;
      uint32_t frame = UINT32_MAX;
      if (spike_consider(q, n, m->e, &frame, extra) != 0) return -1;
      if (frame != UINT32_MAX && qpor_park(q, g, at, frame) != 0) return -1;
    }
  }
  return 0;
}

/* The spike of d without an object (step 2): its other children of pt(d) in the thread tree. */
static int spike_thread(struct qpor *q, uint32_t *n, struct dpu_event *first,
                        const struct dpu_event *d, const struct dpu_event *extra) {
  if (spike_empty(d)) {
#if DPU_CHECKS
    DPU_ASSERT(!d->pre_extra || in_c(q, d->pre_extra));
    for (struct dpu_event *s = first; s; s = s->tsibling)
      DPU_ASSERT(s == d || !qpor_compatible(q, s));
#endif
    return 0;
  }
  if (ensure_marks(q) != 0) return -1;
  for (struct dpu_event *s = first; s; s = s->tsibling) {
    uint32_t frame = UINT32_MAX;
    if (s != d && spike_consider(q, n, s, &frame, extra) != 0) return -1;
  }
  return 0;
}

/* Step 4: a combination of pairwise conflict-free events, one per spike. */
static bool combine(struct qpor *q, uint32_t i, uint32_t k) {
  if (i == k) return true;
  for (uint32_t a = q->spike_start[i]; a < q->spike_start[i + 1]; a++) {
    struct dpu_event *x = q->spikes[a];
    bool ok = true;
    for (uint32_t b = 0; b < i && ok; b++)
      if (dpu_pes_conflict(&q->u->pes, x, q->pick[b])) ok = false;
    if (!ok) continue;
    q->pick[i] = x;
    if (combine(q, i + 1, k)) return true;
  }
  return false;
}

/* Collects ⌈x⌉ \ C into jlist (marking events with the current generation). */
static int collect(struct qpor *q, struct dpu_event *x, uint32_t *nj) {
  if (!x || in_c(q, x)) return 0;
  if (ensure_marks(q) != 0) return -1;
  if (q->emark[x->id] == q->mark) return 0;
  q->emark[x->id] = q->mark;
  if (collect(q, x->pre_thread, nj) || collect(q, x->pre_obj, nj) || collect(q, x->pre_extra, nj))
    return -1;
  for (uint32_t i = 0; i < x->nrpre; i++)
    if (collect(q, x->rpre[i], nj)) return -1;
  if (ensure((void **)&q->jlist, &q->jcap, *nj + 1, sizeof *q->jlist) != 0) return -1;
  q->jlist[(*nj)++] = x;
  return 0;
}

static int by_id(const void *a, const void *b) {
  uint32_t x = (*(struct dpu_event *const *)a)->id, y = (*(struct dpu_event *const *)b)->id;
  return x < y ? -1 : x > y;
}

#if DPU_CHECKS
/* Whether cause y of x, in J, is in C or listed in J \ C before x (collect marked it). */
static bool in_j_or_c(struct qpor *q, const struct dpu_event *y, const struct dpu_event *x) {
  return in_c(q, y) || (q->emark[y->id] == q->mark && y->id < x->id);
}

/* The comb and the alternative it gave (Sec. 5, steps 2-5): pick i, from the spike of d_i (e
 * for i = 0, else the i-th latest event of D), is in conflict with d_i; J \ C = q->jlist[0..nj)
 * is causally closed (listed in causal order: each event's immediate causes are in C or listed
 * before it), meets neither C nor D, and J ∪ C is conflict-free, so J is a k-partial
 * alternative to D ∪ {e} after C (Def. 5). O(nj^2) conflict queries. */
static void check_alternative(struct qpor *q, struct dpu_event *e, uint32_t want, uint32_t nj) {
  struct dpu_pes *p = &q->u->pes;
  for (uint32_t i = 0; i < want; i++)
    DPU_ASSERT(dpu_pes_conflict(p, q->pick[i], i == 0 ? e : q->d[q->nd - i].e));
  for (uint32_t a = 0; a < nj; a++) {
    const struct dpu_event *x = q->jlist[a];
    DPU_ASSERT(!in_c(q, x) && !x->in_d && qpor_compatible(q, x));
    const struct dpu_event *pre[3] = {x->pre_thread, x->pre_obj, x->pre_extra};
    for (int c = 0; c < 3; c++) DPU_ASSERT(!pre[c] || in_j_or_c(q, pre[c], x));
    for (uint32_t r = 0; r < x->nrpre; r++) DPU_ASSERT(in_j_or_c(q, x->rpre[r], x));
    for (uint32_t b = 0; b < a; b++) DPU_ASSERT(!dpu_pes_conflict(p, q->jlist[b], x));
  }
}
#endif

/* Alt(C_j, D ∪ {e}) (line 11): returns the number of events of J \ C_j, linearised in q->jlist
 * in causal order, 0 if there is no k-partial alternative, -1 if out of memory. */
int64_t qpor_alt(struct qpor *q, struct dpu_event *e) {
  q->st->alt_calls++;
  /* Step 1: e and the k - 1 events most recently added to D (all of D when k = 0). */
  uint32_t want = q->o->k ? q->o->k : q->nd + 1;
  if (want > q->nd + 1) want = q->nd + 1;
  if (ensure((void **)&q->spike_start, &q->sscap, want + 1, sizeof *q->spike_start) != 0 ||
      ensure((void **)&q->pick, &q->pcap, want, sizeof *q->pick) != 0)
    return -1;
  uint32_t ns = 0;
  for (uint32_t i = 0; i < want; i++) {
    const struct dpu_event *d = i == 0 ? e : q->d[q->nd - i].e;
    q->spike_start[i] = ns;
    /* Step 2: events in conflict with d that could join C. An event e' in conflict with d has
     * below it one in immediate conflict with d on a tree of d; for ⌈e'⌉ ∪ C to be a
     * configuration it must branch off at d's parent (d's history is in C). For d on an object,
     * the other children of its parent in the object tree suffice: a sibling in the thread tree
     * is d's action at another position of the object, either earlier (then in conflict with
     * C) or later, and then its history holds the child of pm(d) on the way there, itself a
     * sibling of d in the object tree, with a smaller history. Events without an object (thread
     * start and exit) branch in their thread tree only. */
    if (d->obj != DPU_NO_OBJECT) {
      uint32_t to = dpu_pes_tree_object(&q->u->pes, d->obj);
      struct dpu_group *groups = d->pre_obj ? d->pre_obj->ogroups : q->u->oroot_groups[to];
      if (spike_object(q, &ns, groups, d, e)) return -1;
    } else if (spike_thread(q, &ns, first_sibling(q, d), d, e)) {
      return -1;
    }
    if (ns == q->spike_start[i]) return 0; /* an empty spike: no alternative */
  }
  q->spike_start[want] = ns;
  if (!combine(q, 0, want)) return 0;
  /* Step 5: J = ⌈pick_1⌉ ∪ ... ∪ ⌈pick_k⌉; the replay needs J \ C in causal order. */
  q->mark++;
  uint32_t nj = 0;
  for (uint32_t i = 0; i < want; i++)
    if (collect(q, q->pick[i], &nj) != 0) return -1;
  qsort(q->jlist, nj, sizeof *q->jlist, by_id);
  if (nj == 0) return 0; /* J ⊆ C: cannot happen, as J conflicts with e, enabled at C */
#if DPU_CHECKS
  check_alternative(q, e, want, nj);
#endif
  q->st->alt_found++;
  return (int64_t)nj;
}
