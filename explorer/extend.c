/* A run's events into U: each frame's event, the enabled events and the conflicting
 * extensions met along the run (Alg. 1 line 3). See qpor_impl.h. */

#include "qpor_impl.h"

#include "bound.h"
#include "symmetry.h"

#include <stdio.h>
#include <string.h>

/* ---- processing a run ------------------------------------------------------------------ */

/* The extra cause of a barrier leave of the thread whose arrival a is (a non-completing
 * ARRIVE in C): the arrival in C that completed a's round, the first completing one after a
 * on the barrier's chain; NULL while the round is not complete (the leave is not enabled).
 *
 * A leave is on no object (dpu_unf_object): it changes no barrier state and waits for a fact
 * that nothing undoes once true (its round is complete; a round completes once, and a destroy
 * or init while threads wait in it ends the run as a misuse), so it commutes with every other
 * operation on the barrier, the next round's arrivals included, as a join does with the
 * joined thread's later siblings. Its causes, its arrival and the completing arrival, name it:
 * the leaves that different orders of a round's arrivals complete are siblings in the thread
 * tree, in conflict through their completing arrivals. Before, the leaves were on the
 * barrier's chain, and every order of a round's leaves and of the next round's arrivals was
 * another trace (a user's pipeline of two barriers, 2 rounds: 324,000 traces). */
static struct dpu_event *round_end(struct qpor *q, const struct dpu_event *a) {
  if (!a || a->op != DPU_OP_BARRIER_ARRIVE || a->result) return NULL;
  struct dpu_event *c = NULL, *x = q->cmax_o[a->obj];
  for (; x && x != a; x = x->pre_obj)
    if (x->op == DPU_OP_BARRIER_ARRIVE && x->result) c = x;
  DPU_ASSERT(x == a); /* a is in C: on the chain of its barrier's events in C */
  return c;
}

/* The extra cause in C of thread t's operation op on obj (with aux) after its event pt, as
 * op's row of protocol/ops.def names it (CAUSE): the create of t for a start, the exit of the
 * joined thread for a join, the arrival that completed the round of pt (t's arrival) for a
 * barrier's leave, for a store buffer's flush the event of the buffer's
 * owner after which it made the store (at depth aux in its thread), for a drain its buffer's
 * flush of the last of the aux stores it made. NULL when C does not have it (op is not enabled
 * at C) and when op has no extra cause (dpu_op_cause: test that first, on the hot path).
 * `ran`: the run performed op at C, and a join follows the joined thread's last event in C
 * whatever it is (a join of a detached thread is a misuse that the run reports after it). */
static struct dpu_event *extra_cause(struct qpor *q, uint16_t t, uint8_t op, uint64_t obj,
                                     uint64_t aux, const struct dpu_event *pt, bool ran) {
  switch (dpu_op_cause(op)) {
  case DPU_CAUSE_CREATOR:
    return q->creator[t];
  case DPU_CAUSE_JOINED_EXIT: {
    struct dpu_event *x = obj < DPU_PES_MAX_THREADS ? q->cmax_t[obj] : NULL;
    return x && (ran || x->op == DPU_OP_THREAD_EXIT) ? x : NULL;
  }
  case DPU_CAUSE_ROUND_END:
    return round_end(q, pt);
  case DPU_CAUSE_STORED: { /* t is a store buffer: its owner's event at depth aux (its
                           * first event is at depth 1) */
    const struct dpu_event *cr = q->creator[t];
    const struct dpu_event *x = cr ? q->cmax_t[cr->tid] : NULL;
    return x && x->tnode.depth >= aux ? q->chain_t[cr->tid].e[aux] : NULL;
  }
  case DPU_CAUSE_FLUSHED: { /* obj: t's buffer; its flushes in C: all aux stores of t's (after
                            * its start, at depth 1) */
    struct dpu_event *x = obj < DPU_PES_MAX_THREADS ? q->cmax_t[obj] : NULL;
    return x && x->op == DPU_OP_TSO_FLUSH && x->tnode.depth == aux + 1 ? x : NULL;
  }
  case DPU_CAUSE_NONE:
    break;
  }
  return NULL;
}

/* The event thread t would perform next at the current configuration, given its pending
 * operation (op, obj, site); NULL if that is not enabled here. */
static struct dpu_event *next_event(struct qpor *q, uint16_t t, uint8_t op, uint64_t obj,
                                    uint32_t site, uint64_t aux) {
  uint32_t oi = dpu_unf_object(q->u, t, op, obj);
  if (oi == DPU_NO_OBJECT - 1) return NULL;
  struct dpu_event *pm = qpor_c_pm(q, oi);
  struct dpu_event *px = NULL;
  if (dpu_op_cause(op) != DPU_CAUSE_NONE &&
      !(px = extra_cause(q, t, op, obj, aux, q->cmax_t[t], false)))
    return NULL;
  uint16_t results[DPU_MODEL_MAX_OUTCOMES];
  unsigned n = dpu_model_outcomes(pm, q->cmax_t[t], t, op, site, aux,
                                  oi != DPU_NO_OBJECT ? q->u->okind[oi] : 0, oi, results);
  struct dpu_event *rpre[DPU_PES_MAX_THREADS];
  uint32_t nrpre = qpor_c_reads(q, t, oi, pm, rpre);
  struct dpu_event *first = NULL;
  for (unsigned i = 0; i < n; i++) { /* every outcome of a signal is enabled */
    struct dpu_event *e = dpu_unf_event_r(q->u, t, op, results[i], oi, q->cmax_t[t], pm, px,
                                          rpre, nrpre, site, aux);
    if (!first) first = e;
  }
  return first;
}

/* Notes on thread t's latest event in C that the thread yielded the CPU after it (a record's
 * DPU_REC_YIELDED, a pending or blocked operation's yielded) before its events after it are
 * made: their gap then holds no forced preemption (bound.c). */
static void note_yield(struct qpor *q, uint16_t t, bool yielded) {
  if (yielded && q->cmax_t[t]) q->cmax_t[t]->yields_after = 1;
}

/* Adds thread t's pending operation (op, obj, site, aux) to U: at C if it is enabled there
 * (returned), else, when it waits for an object, at the earlier positions of the object where
 * it could have gone first (NULL). Returns NULL too for an operation that cannot be placed
 * (a create, whose object is only known when it runs; or no operation, DPU_OP_COUNT). Sets
 * *failed if out of memory. */
static struct dpu_event *add_pending(struct qpor *q, uint16_t t, uint8_t op, uint64_t obj,
                                     uint32_t site, uint64_t aux, bool *failed) {
  if (op >= DPU_OP_COUNT || op == DPU_OP_THREAD_CREATE) return NULL;
  struct dpu_event *e = next_event(q, t, op, obj, site, aux);
  /* An operation that waits for its extra cause (a join for an exit) has no earlier place. */
  if (e || dpu_op_cause(op) != DPU_CAUSE_NONE) return e;
  uint32_t oi = dpu_unf_object(q->u, t, op, obj);
  if (oi == DPU_NO_OBJECT || oi == DPU_NO_OBJECT - 1) return NULL;
  if (dpu_unf_earlier(q->u, t, op, oi, q->cmax_t[t], qpor_c_pm(q, oi), NULL, site, aux, false,
                      q->cmax_o, DPU_PES_MAX_OBJECTS) != 0)
    *failed = true;
  return NULL;
}

/* Adds to U thread t's pending operation at the current frame (see add_enabled); returns it,
 * or NULL when there is none (or out of memory, which next_event does not tell apart). */
static struct dpu_event *add_pending_of(struct qpor *q, struct dpu_shm *shm, uint16_t t) {
  const struct dpu_event_rec *rec = dpu_shm_records(shm);
  uint8_t op;
  uint64_t obj, aux;
  uint32_t site;
  uint32_t nx = q->first_of[t];
  if (nx != UINT32_MAX) {
    op = rec[nx].op, obj = rec[nx].obj, site = rec[nx].site, aux = rec[nx].aux;
    if (op == DPU_OP_COUNT) return NULL;
    note_yield(q, t, rec[nx].flags & DPU_REC_YIELDED);
  } else {
    uint32_t b = 0;
    while (b < shm->result.nblocked && shm->result.blocked[b].tid != t) b++;
    if (b == shm->result.nblocked) return NULL;
    op = shm->result.blocked[b].op, obj = shm->result.blocked[b].obj;
    site = shm->result.blocked[b].site;
    aux = shm->result.blocked[b].aux;
    note_yield(q, t, shm->result.blocked[b].yielded);
  }
  if (op == DPU_OP_THREAD_CREATE) return NULL; /* its object is only known when it runs */
  return next_event(q, t, op, obj, site, aux);
}

/* An enabled event e at the current frame (NULL: none) as line 7's choice: the first one
 * outside D and within the bound (bound.h) goes to *outside_d; q->bound_in_d notes one within
 * the bound that is in D. */
static void offer(struct qpor *q, struct dpu_event *e, struct dpu_event **outside_d) {
  if (!e || dpu_unf_outside(q->u, e)) return;
  if (e->in_d) q->bound_in_d = true;
  else if (!*outside_d) *outside_d = e;
}

/* Thread t's pending operation at the current frame (its next record in this run, or what it
 * was about to do when the run ended): *op, *obj, *site; false if it has none. */
static bool pending_of(struct qpor *q, struct dpu_shm *shm, uint16_t t, uint8_t *op,
                       uint64_t *obj, uint32_t *site) {
  uint32_t nx = q->first_of[t];
  if (nx != UINT32_MAX) {
    const struct dpu_event_rec *x = &dpu_shm_records(shm)[nx];
    *op = x->op, *obj = x->obj, *site = x->site;
    return x->op != DPU_OP_COUNT;
  }
  for (uint32_t b = 0; b < shm->result.nblocked; b++)
    if (shm->result.blocked[b].tid == t) {
      *op = shm->result.blocked[b].op, *obj = shm->result.blocked[b].obj;
      *site = shm->result.blocked[b].site;
      return true;
    }
  return false;
}

/* Symmetry (symmetry.h): e, the event of record r at the current frame, is a thread's ordered
 * operation, which E_sym orders after its predecessor p's. Within E_sym, p's ordered operation
 * in its history must be e's very operation (op, object, site); outside, p must be able to go
 * first: not started yet, or in its prefix and enabled, about to make a free operation or that
 * very operation. Otherwise the two threads were not alike: q->asym says why, and the
 * exploration starts again without symmetry. */
static void check_symmetry(struct qpor *q, struct dpu_shm *shm, const struct dpu_event_rec *r,
                           const struct dpu_event *e) {
  int p;
  if (q->asym[0] || !dpu_sym_ordered(e, &p) || (unsigned)p >= DPU_PES_MAX_THREADS) return;
  const struct dpu_event *pc = q->cmax_t[p];
  if (!e->sym_out) {
    /* p's ordered operation: the first of its events in ⌈e⌉ ⊆ C past its prefix */
    const struct dpu_event *f = pc;
    for (uint32_t k = 2; k <= pc->tnode.depth; k++)
      if (!(f = q->chain_t[p].e[k])->sym_free) break;
    if (f->op != e->op || f->obj != e->obj || f->site != e->site)
      snprintf(q->asym, sizeof q->asym, "the first operations past the reads of T%d and T%u, "
               "threads created alike, differ (%s, %s)", p, e->tid, dpu_op_name(f->op),
               dpu_op_name(e->op));
    return;
  }
  if (!pc) return; /* p's start goes first */
  uint8_t op;
  uint64_t obj;
  uint32_t site;
  struct dpu_tset en;
  dpu_rec_enabled(shm, r, &en);
  if (!pc->sym_free || !pending_of(q, shm, (uint16_t)p, &op, &obj, &site) ||
      !dpu_tset_has(&en, (unsigned)p) ||
      (!dpu_op_sym_free(op) && (op != r->op || obj != r->obj || site != r->site)))
    snprintf(q->asym, sizeof q->asym, "T%u performs %s where T%d, created alike just before "
             "it, cannot", e->tid, dpu_op_name(e->op), p);
}

/* An event outside D at e's own position: e's operation with another outcome, with e's very
 * history (a store's other place in modification order under ra/rc11, which Alg. 1 line 7 may
 * choose as it may another thread's event: en(C_m) holds it), or NULL. */
static struct dpu_event *other_outcome(struct qpor *q, const struct dpu_event *e) {
  struct dpu_event *first = e->pre_thread ? e->pre_thread->tchild : q->u->troot_child[e->tid];
  for (struct dpu_event *s = first; s; s = s->tsibling) {
    if (s == e || s->op != e->op || s->pre_obj != e->pre_obj || s->pre_extra != e->pre_extra ||
        s->nrpre != e->nrpre || s->in_d || dpu_unf_outside(q->u, s))
      continue;
    uint32_t i = 0;
    while (i < s->nrpre && s->rpre[i] == e->rpre[i]) i++;
    if (i == s->nrpre) return s;
  }
  return NULL;
}

/* Adds to U the events enabled at C_m for the threads in record r's enabled set other than the
 * one chosen (Alg. 1 line 4: en(C)). A thread's pending operation at frame m is its next
 * operation in this run, or what it was about to do when the run ended. Returns the first such
 * event not in D and within the bound (offer), or NULL. */
static struct dpu_event *add_enabled(struct qpor *q, struct dpu_shm *shm,
                                     const struct dpu_event_rec *r) {
  struct dpu_event *outside_d = NULL;
  uint16_t chosen = r->tid;
  /* The enabled set: the record's word for ids below 64, the whole set in a wide run. */
  struct dpu_tset wide;
  const uint64_t *words = &r->enabled;
  unsigned nw = 1;
  if (__builtin_expect(r->wide != 0, 0)) {
    dpu_shm_tset(shm, r->wide, &wide);
    words = wide.w, nw = DPU_TSET_WORDS;
  }
  for (unsigned w = 0; w < nw; w++) {
    uint64_t rest = words[w];
    if (chosen >> 6 == w) rest &= ~(1ull << (chosen & 63));
    for (; rest; rest &= rest - 1) {
      uint16_t t = (uint16_t)(w * 64 + (unsigned)__builtin_ctzll(rest));
      offer(q, add_pending_of(q, shm, t), &outside_d);
    }
  }
  return outside_d;
}

/* Adds to U, for every thread that waits at the current frame (not in record r's enabled
 * set) for the operation it performs next in this run, that operation at the earlier positions
 * of its object where it could have gone first (add_pending). Returns 0, -1 if out of
 * memory. */
static int waiting_cex(struct qpor *q, struct dpu_shm *shm, const struct dpu_event_rec *r) {
  const struct dpu_event_rec *rec = dpu_shm_records(shm);
  struct dpu_tset en;
  dpu_rec_enabled(shm, r, &en);
  for (unsigned t = 0; t < q->u->pes.nthreads && t < shm->nthread_ids; t++) {
    if (t == r->tid || dpu_tset_has(&en, t) || q->first_of[t] == UINT32_MAX) continue;
    const struct dpu_event_rec *nr = &rec[q->first_of[t]];
    bool failed = false;
    note_yield(q, (uint16_t)t, nr->flags & DPU_REC_YIELDED);
    add_pending(q, (uint16_t)t, nr->op, nr->obj, nr->site, nr->aux, &failed);
    if (failed) return -1;
  }
  return 0;
}

#if DPU_CHECKS
/* Alg. 1's C after a run (issue #14: the invariants where the paper states them): C is a
 * configuration, causally closed (every immediate cause of an event of C is in C: its thread's
 * previous event, its object's, the extra cause, the reads a write follows) and conflict-free
 * (Theorem 6: on every thread tree and every object tree with one, each event of C lies on the
 * path to C's maximum there); and D ∩ C = ∅ (line 7 chose outside D). O(|C| log |C|). */
static void check_configuration(struct qpor *q) {
  const struct dpu_pes *p = &q->u->pes;
  for (uint32_t m = 0; m < q->n; m++) {
    const struct dpu_event *e = q->ev[m];
    DPU_ASSERT(in_c(q, e) && e->cframe == m && !e->in_d);
    DPU_ASSERT(!e->pre_thread || in_c(q, e->pre_thread));
    DPU_ASSERT(!e->pre_obj || in_c(q, e->pre_obj));
    DPU_ASSERT(!e->pre_extra || in_c(q, e->pre_extra));
    for (uint32_t i = 0; i < e->nrpre; i++) DPU_ASSERT(in_c(q, e->rpre[i]));
    if (e->obj == DPU_NO_OBJECT || p->oisloc[e->obj] ||
        (p->nlocs && dpu_pes_reader_location(p, e->obj) != DPU_NO_OBJECT))
      continue; /* a location's reads are leaves, not a chain: in_c checks the thread tree */
    const struct dpu_event *top = q->cmax_o[e->obj];
    DPU_ASSERT(top && (top == e || dpu_node_is_ancestor(&e->onode, &top->onode, p->step,
                                                    &q->u->pes.conflict_stats)));
  }
}
#endif

/* The state after the event of frame m as the run gave it (cutoff.h), or NULL: the run's
 * fingerprints are not to be trusted (its end-of-run check failed; a data race, whose writes
 * need not be ordered as the xor of the threads' updates needs), or the runner wrote none
 * for it (the entry is of another run). */
static const struct dpu_state_rec *state_after(struct dpu_shm *shm, uint32_t m) {
  const struct dpu_state_rec *r = &dpu_shm_states(shm)[m];
  return shm->state_failed || shm->nraces || r->run != shm->state_run ? NULL : r;
}

/* Chains the run's events from frame `from` on by thread: q->first_of[t] is thread t's first,
 * q->pos_next[m] the next of frame m's thread (UINT32_MAX: none). */
static void chain_by_thread(struct qpor *q, struct dpu_shm *shm, uint32_t from) {
  const struct dpu_event_rec *rec = dpu_shm_records(shm);
  uint32_t last[DPU_PES_MAX_THREADS];
  for (unsigned t = 0, nt = shm->nthread_ids; t < nt; t++) q->first_of[t] = last[t] = UINT32_MAX;
  for (uint32_t m = from, n = shm->nevents; m < n; m++) {
    uint16_t t = rec[m].tid;
    q->pos_next[m] = UINT32_MAX;
    if (last[t] == UINT32_MAX) q->first_of[t] = m;
    else q->pos_next[last[t]] = m;
    last[t] = m;
  }
}

/* The threads still alive at the end of a run: what they were about to do is enabled at C_n
 * (the run ended by exit or a defect) or waits (a lock held, a thread not finished): then the
 * same operation earlier in its object's history is a conflicting extension of C_n. Returns
 * 0, or -1 if out of memory. */
static int blocked_cex(struct qpor *q, const struct dpu_shm *shm) {
  for (uint32_t b = 0; b < shm->result.nblocked; b++) {
    const struct dpu_blocked *bl = &shm->result.blocked[b];
    if (bl->op == DPU_OP_THREAD_CREATE) continue;
    note_yield(q, bl->tid, bl->yielded);
    if (next_event(q, bl->tid, bl->op, bl->obj, bl->site, bl->aux)) continue;
    uint32_t oi = dpu_unf_object(q->u, bl->tid, bl->op, bl->obj);
    if (oi == DPU_NO_OBJECT || oi == DPU_NO_OBJECT - 1) continue;
    if (dpu_op_cause(bl->op) != DPU_CAUSE_NONE) continue; /* waits for its extra cause */
    if (dpu_unf_earlier(q->u, bl->tid, bl->op, oi, q->cmax_t[bl->tid], qpor_c_pm(q, oi), NULL,
                        bl->site, bl->aux, false, q->cmax_o, DPU_PES_MAX_OBJECTS) != 0)
      return -1;
  }
  return 0;
}

/* Turns the run in shm into frames, from frame `from` on (frames before are the replayed
 * prefix, unchanged); cmax_* must describe C_from. Returns n if the run was processed to its
 * end, or the frame m < n at which the run took an event of D (a D violation): then frames
 * stop at m, *redirect is an enabled event at C_m outside D (or NULL: an SSB), and cmax_*
 * describe C_m. Returns -1 if out of memory. */
int64_t qpor_process_run(struct qpor *q, uint32_t from, struct dpu_event **redirect) {
  struct dpu_shm *shm = q->exec->shm;
  const struct dpu_event_rec *rec = dpu_shm_records(shm);
  uint32_t n = shm->nevents;
  q->at_bound = q->at_cutoff = false;
  /* every run counts, also one that stops early at an event of D or past the bound */
  if (n > q->st->max_depth) q->st->max_depth = n;
  /* A run that ended within the prefix C_from it was to replay added nothing: C stays C_from,
   * and the alternative is not explored. A run cut at --max-steps's limit does so when its
   * replay was longer (the prefix of a long free run, and an alternative after it): the
   * exploration is incomplete (qpor.c's run_usable); any other is a replay mismatch
   * (qpor.c's check_replay). */
  if (n < from) {
    q->n = from;
    return from;
  }
  chain_by_thread(q, shm, from);
  for (uint32_t m = from; m < n; m++) {
    const struct dpu_event_rec *r = &rec[m];
    uint16_t t = r->tid;
    q->first_of[t] = q->pos_next[m]; /* from now on, t's next operation is the following one */
    uint32_t oi = dpu_unf_object(q->u, t, r->op, r->obj);
    if (oi == DPU_NO_OBJECT - 1) {
      fprintf(stderr, "dpu: error: more than %u synchronisation objects\n", DPU_PES_MAX_OBJECTS);
      return -1;
    }
    enum dpu_op_cause cause = dpu_op_cause(r->op);
    struct dpu_event *px =
        cause != DPU_CAUSE_NONE ? extra_cause(q, t, r->op, r->obj, r->aux, q->cmax_t[t], true)
                                : NULL;
    /* Main's start has no creator, and a join of an unknown thread (a misuse the run reports)
     * no joined thread; every other operation with an extra cause has it, or the runner and
     * the explorer disagree. */
    if (!px && cause != DPU_CAUSE_NONE && cause != DPU_CAUSE_CREATOR &&
        cause != DPU_CAUSE_JOINED_EXIT) {
      fprintf(stderr, "dpu: error: %s before its extra cause (runtime/explorer mismatch)\n",
              dpu_op_name(r->op));
      return -1;
    }
    dpu_unf_learn(q->u, oi, r->op, r->aux);
    /* What an atomic access did (a CAS exchanged or not) follows from its history: it is not
     * part of the event's name, but its data; a store's place in modification order under
     * ra/rc11 is a choice, part of its name (ops.def). */
    bool atomic = dpu_op_is_atomic(r->op) && r->op != DPU_OP_ATOMIC_STORE;
    struct dpu_event *pm = qpor_c_pm(q, oi), *rpre[DPU_PES_MAX_THREADS];
    uint32_t nrpre = qpor_c_reads(q, t, oi, pm, rpre);
    note_yield(q, t, r->flags & DPU_REC_YIELDED);
    struct dpu_event *e = dpu_unf_event_r(q->u, t, r->op, atomic ? 0 : r->result, oi,
                                          q->cmax_t[t], pm, px, rpre, nrpre, r->site, r->aux);
    if (!e) return -1;
    /* A store made at this position for the first time: its number of places is the record's
     * (the event may have been made as a conflicting extension, before any run knew it).
     * Once its conflicting extensions are made it keeps the number it had: another one would
     * come from what ra.c's run-wide limits cut (docs/memory-models.md), not from its history. */
    if (r->op == DPU_OP_ATOMIC_STORE && e->aux != r->aux && !e->cex_done) e->aux = r->aux;
    if (atomic && e->data != r->result) {
      e->data = r->result;
      dpu_model_free(e);
      dpu_model_apply(e, 0);
    }
    /* A cutoff? Decided when e first runs (cutoff.h). */
    if (q->u->cutoffs && e->fp_state == 0 &&
        dpu_cutoff_decide(&q->u->cut, e, state_after(shm, m)) != 0)
      return -1;
    /* Alg. 1 line 4: en(C_m) ... */
    q->bound_in_d = false;
    struct dpu_event *other = add_enabled(q, shm, r);
    /* Line 7 says: choose outside D, and within the bound and E_sym, and no cutoff (bound.h,
     * symmetry.h, cutoff.h). */
    q->at_bound = dpu_unf_outside(q->u, e);
    q->at_cutoff = e->cut_out;
    if (q->u->sym_groups) check_symmetry(q, shm, r, e);
    if (e->in_d && !other && e->op == DPU_OP_ATOMIC_STORE && e->aux > 1)
      other = other_outcome(q, e);
    if (e->in_d || q->at_bound) {
      /* An event past the bound was never in C: its conflicting extensions (its operation at
       * earlier positions of its object, within the bound perhaps) and those of the operations
       * the other threads wait to perform at C_m are extensions of C_m that no later frame
       * will add (Alg. 1 line 3). */
      if (q->at_bound && (dpu_unf_cex(q->u, e) != 0 || waiting_cex(q, shm, r) != 0)) return -1;
      *redirect = other;
      q->n = m;
      return (int64_t)m;
    }
    /* ... and cex(C_m), computed once per event. */
    if (dpu_unf_cex(q->u, e) != 0) return -1;
    q->ev[m] = e;
    if (qpor_c_add(q, e, m) != 0) return -1;
    if (r->op == DPU_OP_THREAD_CREATE && r->obj < DPU_PES_MAX_THREADS) q->creator[r->obj] = e;
  }
  q->n = n;
#if DPU_CHECKS
  check_configuration(q);
#endif
  return blocked_cex(q, shm) != 0 ? -1 : (int64_t)n;
}
