/* Alg. 1 of the QPOR paper, iterative and driven by runs; see qpor.h.
 *
 * The exploration tree of Alg. 1 is kept as the current run: frame m holds the event e_m that
 * Explore(C_m, D, A) chose, with C_m = {e_0, ..., e_{m-1}}. The left calls are the run itself;
 * backtracking walks the frames from the deepest, and at frame j asks Alt(C_j, D ∪ {e_j})
 * (line 11); an alternative J becomes the next run's replay, a linearisation of C_j ∪ J
 * (line 12), after which the runtime continues freely. D is a stack of (event, frame): the
 * events added at a frame belong to it and to the frames below (left calls inherit D), and go
 * when backtracking passes above that frame.
 *
 * Line 7 (choose from en(C) \ D) cannot be imposed on the runtime's free policy, which does not
 * know D. When a free run takes an event of D at frame m, the explorer re-runs with another
 * enabled event at m if there is one outside D, and otherwise counts the SSB of line 5 and
 * backtracks. With optimal alternatives (k = 0) every event of D conflicts with C ∪ J, so this
 * never happens. */
#include "qpor.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dot.h"
#include "fingerprint.h"
#include "../report/progress.h"
#include "unfold.h"

struct dentry {
  struct dpu_event *e;
  uint32_t frame;
};

/* A parked group member (group.h): g->m[i] cannot join a spike while the frame whose list
 * holds this entry is not backtracked (see park()). */
struct parked {
  struct dpu_group *g;
  uint32_t i;
};

struct frame_parks {
  struct parked *p;
  uint32_t n, cap;
};

/* C's events on one thread or non-location object tree, by depth: e[d] at depth d, for d from
 * 1 to the depth of C's last event there (a configuration's events on such a tree are a path
 * from the root). */
struct chain {
  struct dpu_event **e;
  uint32_t cap;
};

struct qpor {
  struct dpu_unfolding u;
  struct dpu_executor *ex;
  struct dpu_report *r;
  const struct dpu_explore_options *o;
  const struct dpu_qpor_options *qo;
  struct dpu_counts *c;
  struct dpu_qpor_stats *st;
  uint32_t cap;                   /* trace capacity */
  uint32_t n;                     /* frames of the current run */
  struct dpu_event **ev;          /* [cap] e_m */
  /* The process's end (protocol.h: DPU_OP_PROCESS_EXIT). killable_after[m]: the threads
   * alive after the exit in C_{m+1}, which may be killed there, as an index into ksets (0, the
   * empty set, while C_{m+1} has no exit). A set is appended when it changes, so the sets of
   * frames up to m are ksets[0, killable_after[m]]: a run processed from frame `from` drops
   * the others. */
  uint32_t *killable_after;       /* [cap] */
  struct dpu_tset *ksets;
  uint32_t nksets, ksets_cap;
  uint32_t proc;                  /* the process object, DPU_NO_OBJECT until an exit is seen */
  /* Maxima of the configuration the backtracking stands at, per thread and object. */
  struct dpu_event *cmax_t[DPU_PES_MAX_THREADS];
  struct dpu_event **cmax_o;      /* [DPU_PES_MAX_OBJECTS] */
  struct dpu_event *creator[DPU_PES_MAX_THREADS];
  struct chain chain_t[DPU_PES_MAX_THREADS];
  struct chain *chain_o;          /* [DPU_PES_MAX_OBJECTS]; locations and readers have none */
  struct dentry *d;               /* the set D, as a stack */
  uint32_t nd, dcap;
  struct dpu_replay_step *replay; /* [cap + 1] */
  /* Scratch for Alt. */
  struct dpu_event **spikes;      /* candidates of all spikes, concatenated */
  uint32_t *spike_start;          /* [k + 1] */
  struct dpu_event **pick;        /* [k] */
  struct dpu_event **jlist;       /* J \ C */
  struct dpu_event **wstack;      /* admissible()'s walk */
  uint32_t scap, jcap, sscap, pcap, wcap;
  uint32_t mark;                  /* generation for event marks */
  uint32_t *emark;                /* indexed by event id */
  uint32_t emark_cap;
  /* The pending operation of each thread, per frame of a run being processed. */
  uint32_t *pos_next;             /* [cap] index of the same thread's next event, or UINT32_MAX */
  uint32_t first_of[DPU_PES_MAX_THREADS];
  int warned_mismatch;
  uint8_t *keep;                  /* prune(): events of Q_{C,D} and their causes */
  /* Members parked on the event of C at frame f, per f; unparked when c_undo removes it. */
  struct frame_parks *parks;      /* [nparks] */
  uint32_t nparks;
  uint32_t live_after_prune;
};

static void oom(void) {
  fprintf(stderr, "dpu: error: out of memory in the QPOR explorer\n");
}

/* ---- the configuration C: maxima per thread and object --------------------------------- */

/* Grows *p (an array of *cap elements of `size` bytes, malloc'd or NULL) to hold at least
 * `need`, doubling from 64. Returns 0, -1 if out of memory (*p unchanged). */
static int ensure(void **p, uint32_t *cap, uint32_t need, size_t size) {
  if (need <= *cap) return 0;
  uint32_t ncap = *cap ? *cap : 64;
  while (ncap < need) ncap *= 2;
  void *np = realloc(*p, ncap * size);
  if (!np) return -1;
  *p = np;
  *cap = ncap;
  return 0;
}

static int chain_set(struct chain *c, uint32_t depth, struct dpu_event *e) {
  if (ensure((void **)&c->e, &c->cap, depth + 1, sizeof *c->e) != 0) return -1;
  c->e[depth] = e;
  return 0;
}

/* Whether object o's events form one path in every configuration: neither a location (whose
 * reads are leaves) nor a reader object (which has no tree). */
static bool chained(const struct dpu_pes *p, uint32_t o) {
  return !p->oisloc[o] && dpu_pes_reader_location(p, o) == DPU_NO_OBJECT;
}

/* Adds e, an event enabled at C, as the event of `frame`. Returns 0, -1 if out of memory. */
static int c_add(struct qpor *q, struct dpu_event *e, uint32_t frame) {
  e->in_c = 1;
  e->cframe = frame;
  q->cmax_t[e->tid] = e;
  if (chain_set(&q->chain_t[e->tid], e->tnode.depth, e) != 0) return -1;
  if (e->obj == DPU_NO_OBJECT) return 0;
  q->cmax_o[e->obj] = e;
  return chained(&q->u.pes, e->obj) ? chain_set(&q->chain_o[e->obj], e->onode.depth, e) : 0;
}

static void unpark(struct qpor *q, uint32_t frame);

/* Removes e, the last event of the current prefix (it is maximal in its thread and object). */
static void c_undo(struct qpor *q, struct dpu_event *e) {
  e->in_c = 0;
  unpark(q, e->cframe);
  q->cmax_t[e->tid] = e->pre_thread;
  if (e->obj == DPU_NO_OBJECT) return;
  /* A read's object is its thread's reader object: the thread's read before it. */
  if (dpu_pes_reader_location(&q->u.pes, e->obj) != DPU_NO_OBJECT)
    q->cmax_o[e->obj] = e->pre_thread ? dpu_event_omax(e->pre_thread, e->obj) : NULL;
  else q->cmax_o[e->obj] = e->pre_obj;
}

/* The previous event on oi's tree in C (for a read: the write it reads). */
static struct dpu_event *c_pm(struct qpor *q, uint32_t oi) {
  return oi != DPU_NO_OBJECT ? q->cmax_o[dpu_pes_tree_object(&q->u.pes, oi)] : NULL;
}

/* For thread t's write-class operation on location x after pm, the reads of pm in C by the
 * other threads (their latest), sorted by thread, into rpre; returns how many. */
static uint32_t c_reads(struct qpor *q, uint16_t t, uint32_t x, const struct dpu_event *pm,
                        struct dpu_event **rpre) {
  const struct dpu_pes *p = &q->u.pes;
  uint32_t n = 0;
  if (x == DPU_NO_OBJECT || !p->oisloc[x]) return 0;
  DPU_PES_FOR_READERS(p, x, r) {
    struct dpu_event *rd = q->cmax_o[r];
    if (!rd || rd->pre_obj != pm || rd->tid == t) continue;
    uint32_t j = n++;
    while (j > 0 && rpre[j - 1]->tid > rd->tid) rpre[j] = rpre[j - 1], j--;
    rpre[j] = rd;
  }
  return n;
}

/* Whether x is in C: the flag that c_add and c_undo keep, which the debug build checks
 * against Theorem 6's query (x is in C iff it is an ancestor of C's last event of its thread). */
static bool in_c(struct qpor *q, const struct dpu_event *x) {
#ifndef NDEBUG
  const struct dpu_event *m = q->cmax_t[x->tid];
  assert(x->in_c == (m && dpu_node_is_ancestor(&x->tnode, &m->tnode, q->u.pes.step,
                                                &q->u.pes.causality_stats)));
#else
  (void)q;
#endif
  return x->in_c;
}

/* Whether a and b, events of one tree (thread trees if thread_tree, else object trees) with b
 * C's last event on it, can be in one configuration: one is an ancestor of the other (NULL is
 * comparable with anything). An event of C is an ancestor of b; an event outside C can only
 * be a descendant. */
static bool comparable(struct qpor *q, const struct dpu_event *a, const struct dpu_event *b,
                       int thread_tree) {
  if (!a || !b || a == b || in_c(q, a)) return true;
  const struct dpu_node *na = thread_tree ? &a->tnode : &a->onode;
  const struct dpu_node *nb = thread_tree ? &b->tnode : &b->onode;
  return nb->depth < na->depth &&
         dpu_node_is_ancestor(nb, na, q->u.pes.step, &q->u.pes.conflict_stats);
}

/* dpu_pes_location_conflict between ⌈x⌉ and C, on location l. */
static bool c_location_conflict(struct qpor *q, const struct dpu_event *x, uint32_t l) {
  const struct dpu_pes *p = &q->u.pes;
  const struct dpu_event *wx = dpu_event_omax(x, l), *wc = q->cmax_o[l];
  if (wx == wc) return false;
  bool x_earlier = !wx || (wc && wx->onode.depth <= wc->onode.depth);
  if (!comparable(q, wx, wc, 0)) return true;
  DPU_PES_FOR_READERS(p, l, r) {
    if (x_earlier) { /* every read of wx in ⌈x⌉ must be in C */
      const struct dpu_event *rd = dpu_event_omax(x, r);
      if (rd && rd->pre_obj == wx && !in_c(q, rd)) return true;
    } else { /* every read of wc in C must be in ⌈x⌉ */
      const struct dpu_event *rd = q->cmax_o[r];
      if (rd && rd->pre_obj == wc && !dpu_pes_leq(&q->u.pes, rd, x)) return true;
    }
  }
  return false;
}

#ifndef NDEBUG
/* Whether ⌈x⌉ ∪ C is a configuration: on every thread and object tree, x's maximum and C's
 * are comparable (Theorem 6). The debug build's oracle for admissible(), which decides the
 * same by one walk of ⌈x⌉ \ C. */
static bool compatible(struct qpor *q, const struct dpu_event *x) {
  const struct dpu_pes *p = &q->u.pes;
  for (uint32_t t = 0; t < x->ntmax; t++)
    if (!comparable(q, x->tmax[t], q->cmax_t[t], 1)) return false;
  for (uint32_t l = 0; l < x->nomax; l++) {
    if (x->omax[l] == q->cmax_o[l]) continue;
    if (p->nlocs) {
      if (dpu_pes_reader_location(p, l) != DPU_NO_OBJECT) continue; /* with its location */
      if (p->oisloc[l]) {
        if (c_location_conflict(q, x, l)) return false;
        continue;
      }
    }
    if (!comparable(q, x->omax[l], q->cmax_o[l], 0)) return false;
  }
  /* A location that x never touches but whose reader objects it does (x holds reads only):
   * covered, as the reads' location has an index below theirs (made first). */
  return true;
}
#endif

/* ---- D --------------------------------------------------------------------------------- */

static int d_push(struct qpor *q, struct dpu_event *e, uint32_t frame) {
  if (q->nd == q->dcap) {
    q->dcap = q->dcap ? q->dcap * 2 : 64;
    q->d = realloc(q->d, q->dcap * sizeof *q->d);
    if (!q->d) return -1;
  }
  q->d[q->nd++] = (struct dentry){e, frame};
  assert(!e->in_c && (!e->in_d || e->cframe <= frame));
  if (!e->in_d++) e->cframe = frame; /* its first entry's, which leaves D last */
  return 0;
}

static void d_pop_above(struct qpor *q, uint32_t frame) {
  while (q->nd && q->d[q->nd - 1].frame > frame) q->d[--q->nd].e->in_d--;
}

/* ---- processing a run ------------------------------------------------------------------ */

/* The event thread t would perform next at the current configuration, given its pending
 * operation (op, obj, site); NULL if that is not enabled here. */
static struct dpu_event *next_event(struct qpor *q, uint16_t t, uint8_t op, uint64_t obj,
                                    uint32_t site, uint64_t aux) {
  uint32_t oi = dpu_unf_object(&q->u, t, op, obj);
  if (oi == DPU_NO_OBJECT - 1) return NULL;
  struct dpu_event *pm = c_pm(q, oi);
  struct dpu_event *px = NULL;
  if (op == DPU_OP_THREAD_START) {
    px = q->creator[t];
    if (!px) return NULL;
  } else if (op == DPU_OP_THREAD_JOIN) {
    if (obj >= DPU_PES_MAX_THREADS) return NULL;
    px = q->cmax_t[obj];
    if (!px || px->op != DPU_OP_THREAD_EXIT) return NULL;
  }
  uint16_t results[DPU_MODEL_MAX_OUTCOMES];
  unsigned n = dpu_model_outcomes(pm, q->cmax_t[t], t, op, site, aux,
                                  oi != DPU_NO_OBJECT ? q->u.okind[oi] : 0, oi, results);
  struct dpu_event *rpre[DPU_PES_MAX_THREADS];
  uint32_t nrpre = c_reads(q, t, oi, pm, rpre);
  struct dpu_event *first = NULL;
  for (unsigned i = 0; i < n; i++) { /* every outcome of a signal is enabled */
    struct dpu_event *e = dpu_unf_event_r(&q->u, t, op, results[i], oi, q->cmax_t[t], pm, px,
                                          rpre, nrpre, site, aux);
    if (!first) first = e;
  }
  return first;
}

/* The exit in C, NULL if none. */
static struct dpu_event *c_exit(struct qpor *q) {
  return q->proc != DPU_NO_OBJECT ? q->cmax_o[q->proc] : NULL;
}

/* Thread t's kill (protocol.h: DPU_OP_THREAD_KILL) by the exit x after its event pt, at the
 * site where it stands (of its pending operation). NULL if out of memory. */
static struct dpu_event *kill_after(struct qpor *q, uint16_t t, struct dpu_event *pt,
                                    struct dpu_event *x, uint32_t site) {
  q->u.kills = true;
  return dpu_unf_event(&q->u, t, DPU_OP_THREAD_KILL, 0, DPU_NO_OBJECT, pt, NULL, x, site, 0);
}

/* Thread t's kill by the exit of C after its last event in C. */
static struct dpu_event *kill_event(struct qpor *q, uint16_t t, uint32_t site) {
  assert(c_exit(q));
  return kill_after(q, t, q->cmax_t[t], c_exit(q), site);
}

/* The conflicting extensions of C that its kills give rise to: the operation that a kill k
 * of C cut, after k's thread predecessor, at every position of its object's tree in C where
 * the object's state enables it (it conflicts with k on the thread tree only; C's events after
 * k on the object make positions that no run had when k was processed). The pending
 * operation is read from the kill's record (protocol.h). Returns 0, -1 if out of memory. */
static int kill_cex(struct qpor *q) {
  const struct dpu_event_rec *rec = dpu_shm_trace(q->ex->shm);
  for (unsigned t = 0; t < q->u.pes.nthreads; t++) {
    struct dpu_event *k = q->cmax_t[t];
    if (!k || k->op != DPU_OP_THREAD_KILL) continue;
    const struct dpu_event_rec *r = &rec[k->cframe];
    if (r->result >= DPU_OP_COUNT) continue;
    uint8_t op = (uint8_t)r->result;
    if (dpu_op_is_eager(op)) continue;
    uint32_t oi = dpu_unf_object(&q->u, (uint16_t)t, op, r->obj);
    if (oi == DPU_NO_OBJECT || oi == DPU_NO_OBJECT - 1) continue;
    if (op == DPU_OP_THREAD_JOIN) { /* only after the joined thread's exit, if C has it */
      struct dpu_event *px = r->obj < DPU_PES_MAX_THREADS ? q->cmax_t[r->obj] : NULL;
      if (px && px->op == DPU_OP_THREAD_EXIT &&
          !dpu_unf_event(&q->u, (uint16_t)t, op, 0, oi, k->pre_thread, c_pm(q, oi), px,
                         r->site, r->aux))
        return -1;
      continue;
    }
    if (dpu_unf_earlier(&q->u, (uint16_t)t, op, oi, k->pre_thread, c_pm(q, oi), NULL, r->site,
                        r->aux, true, q->cmax_o, DPU_PES_MAX_OBJECTS) != 0)
      return -1;
  }
  return 0;
}

/* The conflicting extensions of C_n (the frames [0, n)) that its exit x gives rise to (Alg. 1's
 * cex(C)): the kill of every other thread right before each of its events y in C_n outside
 * ⌈x⌉, in conflict with y on its thread tree (its history, y's predecessor and x, is in C; nothing
 * but kills follows x causally). They depend on C, not on one event: for frames before
 * `from`, the replayed prefix, they were added when the run that first had both y and x was
 * processed, and are kept by pruning as siblings of y. Not before a start, exit or create
 * (dpu_op_is_eager), where no thread is killed. Returns 0, -1 if out of memory. */
static int exit_cex(struct qpor *q, uint32_t from, uint32_t n) {
  struct dpu_event *x = c_exit(q);
  if (!x) return 0;
  for (uint32_t i = x->cframe < from ? from : 0; i < n; i++) {
    struct dpu_event *y = q->ev[i];
    if (y->tid == x->tid || dpu_op_is_eager(y->op) || y->op == DPU_OP_THREAD_KILL ||
        !y->pre_thread)
      continue;
    /* y in x's history (x joined y's thread after it, say): no kill before y can follow x. */
    const struct dpu_event *xt = dpu_event_tmax(x, y->tid);
    if (xt && y->tnode.depth <= xt->tnode.depth) continue;
    if (!kill_after(q, y->tid, y->pre_thread, x, y->site)) return -1;
  }
  return kill_cex(q);
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
  if (e || op == DPU_OP_THREAD_JOIN) return e; /* a join waits for an exit: no earlier place */
  uint32_t oi = dpu_unf_object(&q->u, t, op, obj);
  if (oi == DPU_NO_OBJECT || oi == DPU_NO_OBJECT - 1) return NULL;
  if (dpu_unf_earlier(&q->u, t, op, oi, q->cmax_t[t], c_pm(q, oi), NULL, site, aux, false,
                      q->cmax_o, DPU_PES_MAX_OBJECTS) != 0)
    *failed = true;
  return NULL;
}

/* Adds to U the events enabled at C_m for the threads in `enabled` other than the one chosen
 * (Alg. 1 line 4: en(C)), and after an exit, the kills of the threads in `killable` and, when
 * the chosen event r is a kill, the pending operation it cut. A thread's pending operation at
 * frame m is its next operation in this run (the one its kill names), or what it was about to
 * do when the run ended. Returns the first such event not in D, or NULL; sets *failed if out
 * of memory. */
/* Adds to U thread t's pending operation at the current frame (see add_enabled); returns it,
 * or NULL when there is none (or out of memory, which next_event does not tell apart). */
static struct dpu_event *add_pending_of(struct qpor *q, struct dpu_shm *shm, uint16_t t) {
  const struct dpu_event_rec *rec = dpu_shm_trace(shm);
  uint8_t op;
  uint64_t obj, aux;
  uint32_t site;
  uint32_t nx = q->first_of[t];
  if (nx != UINT32_MAX) {
    op = rec[nx].op, obj = rec[nx].obj, site = rec[nx].site, aux = rec[nx].aux;
    if (op == DPU_OP_THREAD_KILL) op = (uint8_t)rec[nx].result; /* what the kill cut */
    if (op == DPU_OP_COUNT) return NULL;
  } else {
    uint32_t b = 0;
    while (b < shm->result.nblocked && shm->result.blocked[b].tid != t) b++;
    if (b == shm->result.nblocked) return NULL;
    op = shm->result.blocked[b].op, obj = shm->result.blocked[b].obj;
    site = shm->result.blocked[b].site;
    aux = shm->result.blocked[b].aux;
  }
  if (op == DPU_OP_THREAD_CREATE) return NULL; /* its object is only known when it runs */
  return next_event(q, t, op, obj, site, aux);
}

static struct dpu_event *add_enabled(struct qpor *q, struct dpu_shm *shm,
                                     const struct dpu_event_rec *r,
                                     const struct dpu_tset *killable, bool *failed) {
  const struct dpu_event_rec *rec = dpu_shm_trace(shm);
  struct dpu_event *outside_d = NULL;
  uint16_t chosen = r->tid;
  if (__builtin_expect(killable != NULL, 0)) {
    for (int kt = dpu_tset_next(killable, 0); kt >= 0; kt = dpu_tset_next(killable, kt + 1u)) {
      uint16_t t = (uint16_t)kt;
      if (t == chosen && r->op == DPU_OP_THREAD_KILL) continue;
      /* t's pending operation: a thread is not killed right before a start, exit or create,
       * which the runtime runs at once (protocol.h: dpu_op_is_eager). */
      const struct dpu_event_rec *nr = t == chosen ? r
                                      : q->first_of[t] != UINT32_MAX ? &rec[q->first_of[t]]
                                                                     : NULL;
      if (!nr) continue;
      if (dpu_op_is_eager(nr->op == DPU_OP_THREAD_KILL ? (uint8_t)nr->result : nr->op)) continue;
      struct dpu_event *k = kill_event(q, t, nr->site);
      if (!k) {
        *failed = true;
        return NULL;
      }
      if (!k->in_d && !outside_d) outside_d = k;
    }
    if (r->op == DPU_OP_THREAD_KILL) {
      struct dpu_event *e =
          add_pending(q, chosen, (uint8_t)r->result, r->obj, r->site, r->aux, failed);
      if (e && !e->in_d && !outside_d) outside_d = e;
    }
  }
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
      struct dpu_event *e = add_pending_of(q, shm, t);
      if (e && !e->in_d && !outside_d) outside_d = e;
    }
  }
  return outside_d;
}

#ifndef NDEBUG
/* Alg. 1's C after a run (issue #14: the invariants where the paper states them): C is a
 * configuration, causally closed (every immediate cause of an event of C is in C: its thread's
 * previous event, its object's, the extra cause, the reads a write follows) and conflict-free
 * (Theorem 6: on every thread tree and every object tree with one, each event of C lies on the
 * path to C's maximum there); and D ∩ C = ∅ (line 7 chose outside D). O(|C| log |C|). */
static void check_configuration(struct qpor *q) {
  const struct dpu_pes *p = &q->u.pes;
  for (uint32_t m = 0; m < q->n; m++) {
    const struct dpu_event *e = q->ev[m];
    assert(in_c(q, e) && e->cframe == m && !e->in_d);
    assert(!e->pre_thread || in_c(q, e->pre_thread));
    assert(!e->pre_obj || in_c(q, e->pre_obj));
    assert(!e->pre_extra || in_c(q, e->pre_extra));
    for (uint32_t i = 0; i < e->nrpre; i++) assert(in_c(q, e->rpre[i]));
    if (e->obj == DPU_NO_OBJECT || p->oisloc[e->obj] ||
        (p->nlocs && dpu_pes_reader_location(p, e->obj) != DPU_NO_OBJECT))
      continue; /* a location's reads are leaves, not a chain: in_c checks the thread tree */
    const struct dpu_event *top = q->cmax_o[e->obj];
    assert(top && (top == e || dpu_node_is_ancestor(&e->onode, &top->onode, p->step,
                                                    &q->u.pes.conflict_stats)));
  }
}
#endif

/* Turns the run in shm into frames, from frame `from` on (frames before are the replayed
 * prefix, unchanged); cmax_* must describe C_from. Returns n if the run was processed to its
 * end, or the frame m < n at which the run took an event of D (a D violation): then frames
 * stop at m, *redirect is an enabled event at C_m outside D (or NULL: an SSB), and cmax_*
 * describe C_m. Returns -1 if out of memory. */
static int64_t process_run(struct qpor *q, uint32_t from, struct dpu_event **redirect) {
  struct dpu_shm *shm = q->ex->shm;
  const struct dpu_event_rec *rec = dpu_shm_trace(shm);
  uint32_t n = shm->nevents;
  /* Next event of each thread: pos_next chains the run's events by thread. */
  uint32_t last[DPU_PES_MAX_THREADS];
  for (unsigned t = 0, nt = shm->nthread_ids; t < nt; t++) q->first_of[t] = last[t] = UINT32_MAX;
  for (uint32_t m = from; m < n; m++) {
    uint16_t t = rec[m].tid;
    q->pos_next[m] = UINT32_MAX;
    if (last[t] == UINT32_MAX) q->first_of[t] = m;
    else q->pos_next[last[t]] = m;
    last[t] = m;
  }
  uint32_t kref = from ? q->killable_after[from - 1] : 0;
  q->nksets = kref + 1; /* the sets of frames from `from` on are made again */
  bool kany = kref != 0; /* after the exit */
  struct dpu_tset killable; /* read only while kany, and set at the exit */
  if (kany) killable = q->ksets[kref];
  for (uint32_t m = from; m < n; m++) {
    const struct dpu_event_rec *r = &rec[m];
    uint16_t t = r->tid;
    q->first_of[t] = q->pos_next[m]; /* from now on, t's next operation is the following one */
    uint32_t oi = dpu_unf_object(&q->u, t, r->op, r->obj);
    if (r->op == DPU_OP_PROCESS_EXIT) q->proc = oi;
    if (oi == DPU_NO_OBJECT - 1) {
      fprintf(stderr, "dpu: error: more than %u synchronisation objects\n", DPU_PES_MAX_OBJECTS);
      return -1;
    }
    struct dpu_event *px = NULL;
    if (r->op == DPU_OP_THREAD_START) px = q->creator[t];
    else if (r->op == DPU_OP_THREAD_JOIN && r->obj < DPU_PES_MAX_THREADS) px = q->cmax_t[r->obj];
    else if (r->op == DPU_OP_THREAD_KILL) px = c_exit(q);
    dpu_unf_learn(&q->u, oi, r->op, r->aux);
    /* What an atomic access did (a CAS exchanged or not) follows from its history: it is not
     * part of the event's name, but its data. */
    bool atomic = dpu_op_is_atomic(r->op);
    struct dpu_event *pm = c_pm(q, oi), *rpre[DPU_PES_MAX_THREADS];
    uint32_t nrpre = c_reads(q, t, oi, pm, rpre);
    bool kill = r->op == DPU_OP_THREAD_KILL;
    if (kill && !px) {
      fprintf(stderr, "dpu: error: a thread killed without an exit (runtime/explorer mismatch)\n");
      return -1;
    }
    struct dpu_event *e = kill ? kill_event(q, t, r->site)
                               : dpu_unf_event_r(&q->u, t, r->op, atomic ? 0 : r->result, oi,
                                                 q->cmax_t[t], pm, px, rpre, nrpre, r->site,
                                                 r->aux);
    if (!e) return -1;
    if (atomic && e->data != r->result) {
      e->data = r->result;
      dpu_model_free(e);
      dpu_model_apply(e, 0);
    }
    /* Alg. 1 line 4: en(C_m) ... */
    bool failed = false;
    struct dpu_event *other = add_enabled(q, shm, r, kany ? &killable : NULL, &failed);
    if (failed) return -1;
    if (e->in_d) { /* line 7 says: choose outside D */
      *redirect = other;
      q->n = m;
      return exit_cex(q, from, m) != 0 ? -1 : (int64_t)m;
    }
    /* ... and cex(C_m), computed once per event. */
    if (dpu_unf_cex(&q->u, e) != 0) return -1;
    q->ev[m] = e;
    if (c_add(q, e, m) != 0) return -1;
    bool kchange = false;
    if (r->op == DPU_OP_THREAD_CREATE && r->obj < DPU_PES_MAX_THREADS) {
      q->creator[r->obj] = e;
      if (kany) dpu_tset_add(&killable, (unsigned)r->obj), kchange = true; /* alive */
    }
    if (r->op == DPU_OP_PROCESS_EXIT) {
      dpu_shm_tset(shm, r->aux, &killable);
      kany = kchange = true;
    } else if (kany && (kill || r->op == DPU_OP_THREAD_EXIT)) {
      dpu_tset_del(&killable, t);
      kchange = true;
    }
    if (__builtin_expect(kchange, 0)) {
      if (ensure((void **)&q->ksets, &q->ksets_cap, q->nksets + 1, sizeof *q->ksets) != 0)
        return -1;
      q->ksets[q->nksets] = killable;
      kref = q->nksets++;
    }
    q->killable_after[m] = kref;
  }
  q->n = n;
#ifndef NDEBUG
  check_configuration(q);
#endif
  if (n > q->st->max_depth) q->st->max_depth = n;
  if (exit_cex(q, from, n) != 0) return -1;
  /* The threads still alive at the end: what they were about to do is enabled at C_n (the run
   * ended by exit or a defect) or waits (a lock held, a thread not finished): then the same
   * operation earlier in its object's history is a conflicting extension of C_n. */
  for (uint32_t b = 0; b < shm->result.nblocked; b++) {
    const struct dpu_blocked *bl = &shm->result.blocked[b];
    if (bl->op == DPU_OP_THREAD_CREATE) continue;
    if (next_event(q, bl->tid, bl->op, bl->obj, bl->site, bl->aux)) continue;
    uint32_t oi = dpu_unf_object(&q->u, bl->tid, bl->op, bl->obj);
    if (oi == DPU_NO_OBJECT || oi == DPU_NO_OBJECT - 1) continue;
    struct dpu_event *px = NULL;
    if (bl->op == DPU_OP_THREAD_JOIN) continue; /* waits for an exit: no earlier position */
    if (dpu_unf_earlier(&q->u, bl->tid, bl->op, oi, q->cmax_t[bl->tid], c_pm(q, oi), px,
                        bl->site, bl->aux, false, q->cmax_o, DPU_PES_MAX_OBJECTS) != 0)
      return -1;
  }
  return n;
}

/* ---- Alt: k-partial alternatives in a comb (Sec. 5, steps 1-5) -------------------------- */

static int ensure_marks(struct qpor *q) {
  if (q->u.pes.nevents <= q->emark_cap) return 0;
  uint32_t old = q->emark_cap;
  if (ensure((void **)&q->emark, &q->emark_cap, q->u.pes.nevents, sizeof *q->emark) != 0)
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
  const struct dpu_pes *p = &q->u.pes;
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
            else w->loc_conflict |= c_location_conflict(q, x, to); /* perhaps again */
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
 * takes d out of D (d_pop_above); the lower of the two if both. The debug build checks the
 * answer against Theorem 6's query (compatible). */
static int admissible(struct qpor *q, struct dpu_event *x, const struct dpu_event *extra,
                      uint32_t *park) {
  struct walk w = {.extra = extra, .dframe = UINT32_MAX};
  q->st->candidates++;
  q->mark++;
  int ok = walk(q, x, &w);
  if (ok < 0) return -1;
  if (!ok) {
    assert(in_c(q, w.wit) && q->ev[w.wit->cframe] == w.wit);
    *park = w.wit->cframe;
  } else {
    ok = !w.loc_conflict;
    for (uint32_t i = 0; ok && i < w.nlocs; i++) ok = !c_location_conflict(q, x, w.locs[i]);
  }
  assert(ok == compatible(q, x));
  if (w.hits_d) {
    uint32_t below = w.dframe ? w.dframe - 1 : 0; /* frame 0's entries stay to the end */
    if (below < *park) *park = below;
  }
  return ok && !w.hits_d;
}

#ifndef NDEBUG
/* Whether ⌈x⌉ \ C meets D ∪ {extra} (the debug build's check of parked members). */
static bool meets_d(struct qpor *q, struct dpu_event *x, const struct dpu_event *extra) {
  struct walk w = {.extra = extra, .dframe = UINT32_MAX};
  q->mark++;
  return walk(q, x, &w) >= 0 && w.hits_d;
}
#endif

/* ---- parked members: rejected until a frame is backtracked -------------------------------- */

/* Parks g->m[i] on frame f: it is rejected by step 3 until the backtracking undoes the event of
 * C at frame f (c_undo), because that event conflicts with it, or because an event of D in its
 * history leaves D only then (its entry's frame is f + 1). A member parked on frame 0 for D
 * (whose frame-0 entries stay to the end) is looked at again when the event at frame 0 changes:
 * a wasted look, never a missed candidate. */
static int park(struct qpor *q, struct dpu_group *g, uint32_t i, uint32_t f) {
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

/* Unparks the members parked on `frame`, whose event leaves C. */
static void unpark(struct qpor *q, uint32_t frame) {
  if (frame >= q->nparks) return;
  struct frame_parks *fp = &q->parks[frame];
  for (uint32_t k = 0; k < fp->n; k++) dpu_group_unpark(fp->p[k].g, fp->p[k].i);
  fp->n = 0;
}

/* Adds s to the current spike if it is compatible with C and avoids D (step 3). When it is
 * rejected until a frame is backtracked, *park receives that frame (admissible()). */
static int spike_consider(struct qpor *q, uint32_t *n, struct dpu_event *s, uint32_t *park,
                          const struct dpu_event *extra) {
  int ok = admissible(q, s, extra, park);
  if (ok <= 0) return ok;
  if (ensure((void **)&q->spikes, &q->scap, *n + 1, sizeof *q->spikes) != 0) return -1;
  q->spikes[(*n)++] = s;
  return 0;
}

/* Whether s, a child of pm(d) in d's object tree by d's own thread, can be in a spike of d.
 * Such a child is d's operation after another history of the thread; its history holds a
 * sibling of d in d's thread tree, hence (same operation, other position) one in the object
 * tree with a smaller history, so it adds nothing; except when it has d's very history and
 * another outcome (a signal waking another thread), which conflicts with d on both trees.
 * (A write on a location after d's pm with fewer reads before it has d's history too, but
 * conflicts with a read of C that d follows, so it is never compatible with C.) Pruning keeps
 * exactly these, so that the rule is one. Given has_own_thread_alternatives(d). */
static bool own_thread_alternative(const struct dpu_event *d, const struct dpu_event *s) {
  return s != d && s->pre_thread == d->pre_thread;
}

/* Whether d can have own_thread_alternative siblings at all: only a signal has several
 * outcomes. Tested first, as d's own group can be long (a read of a value: one per history of
 * the thread). */
static bool has_own_thread_alternatives(const struct dpu_event *d) {
  return d->op == DPU_OP_COND_SIGNAL;
}

/* The spike of d on an object (step 2): the children of pm(d) of the other threads, and of
 * d's own thread those that own_thread_alternative allows. */
static int spike_object(struct qpor *q, uint32_t *n, struct dpu_group *groups,
                        const struct dpu_event *d, const struct dpu_event *extra) {
  if (ensure_marks(q) != 0) return -1;
  for (struct dpu_group *g = groups; g; g = g->next) {
    bool own = g->tid == d->tid;
    if (own && !has_own_thread_alternatives(d)) continue;
#ifndef NDEBUG
    for (uint32_t i = 0; i < g->n; i++)
      assert(!dpu_group_parked(g, i) || !compatible(q, g->m[i].e) || meets_d(q, g->m[i].e, extra));
#endif
    struct dpu_group_scan scan = dpu_group_scan(g);
    for (uint32_t at; dpu_group_scan_next(&scan, &at);) {
      struct dpu_member *m = &g->m[at];
      if (own && !own_thread_alternative(d, m->e)) continue;
      /* On a location, reads conflict with writes only, and the reads that d's history holds
       * (children of its pm too) do not conflict with d. */
      if (m->read && (dpu_op_is_read(d->op) || dpu_pes_leq(&q->u.pes, m->e, d))) continue;
      uint32_t frame = UINT32_MAX;
      if (spike_consider(q, n, m->e, &frame, extra) != 0) return -1;
      if (frame != UINT32_MAX && park(q, g, at, frame) != 0) return -1;
    }
  }
  return 0;
}

/* Whether d's spike holds no more than kills (spike_kills) without a look: d is a thread
 * start. Its other siblings in the thread tree are the starts of its thread after the other
 * creates of it. A canonical thread id
 * names the index-th create of one parent (runtime/sched.c), so two creates of a thread are
 * two positions of that create in its parent's thread, in conflict there; d's create is in C
 * (d's history is: e is enabled at C, and an event of D was when it joined D, with C only
 * growing since), so every other start is in conflict with C. Pruning keeps none of them. */
static bool spike_empty(const struct dpu_event *d) {
  return d->op == DPU_OP_THREAD_START;
}

/* d's first sibling in its thread tree (d included). */
static struct dpu_event *first_sibling(struct qpor *q, const struct dpu_event *d) {
  return d->pre_thread ? d->pre_thread->tchild : q->u.troot_child[d->tid];
}

/* The kills among d's siblings in its thread tree (protocol.h: DPU_OP_THREAD_KILL, the
 * process's exit stopping d's thread where d would run). A kill conflicts with d on d's thread
 * tree only, which the spike of an event on an object (spike_object) and spike_empty do not
 * read. Nothing to do before the first kill. */
static int spike_kills(struct qpor *q, uint32_t *n, const struct dpu_event *d,
                       const struct dpu_event *extra) {
  if (!q->u.kills) return 0;
  if (ensure_marks(q) != 0) return -1;
  for (struct dpu_event *s = first_sibling(q, d); s; s = s->tsibling) {
    uint32_t frame = UINT32_MAX;
    if (s != d && s->op == DPU_OP_THREAD_KILL && spike_consider(q, n, s, &frame, extra) != 0)
      return -1;
  }
  return 0;
}

/* The spike of d without an object (step 2): its other children of pt(d) in the thread tree. */
static int spike_thread(struct qpor *q, uint32_t *n, struct dpu_event *first,
                        const struct dpu_event *d, const struct dpu_event *extra) {
  if (spike_empty(d)) {
#ifndef NDEBUG
    assert(!d->pre_extra || in_c(q, d->pre_extra));
    for (struct dpu_event *s = first; s; s = s->tsibling)
      assert(s == d || s->op == DPU_OP_THREAD_KILL || !compatible(q, s));
#endif
    return spike_kills(q, n, d, extra);
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
      if (dpu_pes_conflict(&q->u.pes, x, q->pick[b])) ok = false;
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

/* Alt(C_j, D ∪ {e}) (line 11): returns the number of events of J \ C_j, linearised in q->jlist
 * in causal order, 0 if there is no k-partial alternative, -1 if out of memory. */
static int64_t alt(struct qpor *q, struct dpu_event *e) {
  q->st->alt_calls++;
  /* Step 1: e and the k - 1 events most recently added to D (all of D when k = 0). */
  uint32_t want = q->qo->k ? q->qo->k : q->nd + 1;
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
      uint32_t to = dpu_pes_tree_object(&q->u.pes, d->obj);
      struct dpu_group *groups = d->pre_obj ? d->pre_obj->ogroups : q->u.oroot_groups[to];
      if (spike_object(q, &ns, groups, d, e) || spike_kills(q, &ns, d, e))
        return -1;
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
  q->st->alt_found++;
  return (int64_t)nj;
}

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

/* Keeps e and, with their causes, its siblings that a spike of e may hold (see alt()). e is
 * the event of C at some frame f or an event of D added at f: every Alt call that reads its
 * spike has C ⊇ C_f (Alg. 1: C only grows below f until f is backtracked, and D loses e then).
 * A member parked on the event of an earlier frame conflicts with C_f, so no such spike takes
 * it: it is not kept for e. The caller has unparked the members of frames f and above. */
static void keep_siblings(struct qpor *q, struct dpu_event *e) {
  keep_closure(q, e);
  if (e->obj != DPU_NO_OBJECT) {
    struct dpu_group *groups =
        e->pre_obj ? e->pre_obj->ogroups
                   : q->u.oroot_groups[dpu_pes_tree_object(&q->u.pes, e->obj)];
    for (struct dpu_group *g = groups; g; g = g->next) {
      bool own = g->tid == e->tid;
      if (own && !has_own_thread_alternatives(e)) continue;
      for (uint32_t i = 0; i < g->n; i++)
        if (!dpu_group_parked(g, i) && (!own || own_thread_alternative(e, g->m[i].e)))
          keep_closure(q, g->m[i].e);
    }
  }
  bool all = e->obj == DPU_NO_OBJECT && !spike_empty(e);
  if (all || q->u.kills)
    for (struct dpu_event *s = first_sibling(q, e); s; s = s->tsibling)
      if (all || s->op == DPU_OP_THREAD_KILL) keep_closure(q, s);
}

/* The number of live events below which U is not pruned. The debug build prunes from a few
 * events on, so that every test exercises pruning (as Lua's HARDMEMTESTS do its collector). */
#ifdef NDEBUG
#define PRUNE_FROM 4096
#else
#define PRUNE_FROM 64
#endif

/* Line 13 keeps Q_{C,D} = C ∪ D ∪ #(C ∪ D). Our Alt reads less: the siblings (in the object
 * tree, or the thread tree for events without object; see alt()) of events of C ∪ D (every
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
static int prune(struct qpor *q, struct dpu_event *redirect) {
  struct dpu_pes *p = &q->u.pes;
  if (p->live < 2 * q->live_after_prune || p->live < PRUNE_FROM) return 0;
  uint8_t *keep = calloc(p->nevents ? p->nevents : 1, 1);
  if (!keep) return -1;
  q->keep = keep;
  /* Frames from the top down, each unparking its members first (keep_siblings). D is a stack
   * of non-decreasing frames. Member indices change in the prune: nothing stays parked. */
  uint32_t top = q->n > q->nparks ? q->n : q->nparks, nd = q->nd;
  for (uint32_t f = top; f-- > 0;) {
    unpark(q, f);
    for (; nd && q->d[nd - 1].frame >= f; nd--) {
      assert(nd < 2 || q->d[nd - 2].frame <= q->d[nd - 1].frame);
      keep_siblings(q, q->d[nd - 1].e);
    }
    if (f < q->n) keep_siblings(q, q->ev[f]);
  }
  for (; nd; nd--) keep_siblings(q, q->d[nd - 1].e);
  keep_closure(q, redirect); /* the next run's step, if the last run took an event of D */
  for (unsigned t = 0, nt = q->ex->shm->nthread_ids; t < nt; t++)
    if (q->creator[t] && !keep[q->creator[t]->id]) q->creator[t] = NULL;
  q->st->pruned += dpu_unf_prune(&q->u, keep);
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

/* ---- runs -------------------------------------------------------------------------------- */

/* Replays e_0..e_{j-1} then the events list[0..nl) (their threads), and continues freely. */
static enum dpu_run_status run(struct qpor *q, uint32_t j, struct dpu_event **list, uint32_t nl) {
  uint32_t nr = 0;
  for (uint32_t i = 0; i < j + nl; i++) {
    const struct dpu_event *e = i < j ? q->ev[i] : list[i - j];
    /* A step ends at a chosen outcome, which it carries (a signal's thread to wake, a nondet
     * value, a kill). */
    dpu_replay_push(q->replay, &nr, e->tid, dpu_op_choice(e->op, e->result));
  }
  return dpu_executor_run(q->ex, q->replay, nr, q->o->deadline);
}

/* Accounts a run that reached a maximal configuration. Returns 1 if it showed a defect. */
static int finish_run(struct qpor *q) {
  struct dpu_shm *shm = q->ex->shm;
  q->c->max_configs++;
  if (q->r->print_traces) {
    uint8_t fp[DPU_FP_BYTES];
    if (dpu_fingerprint(dpu_shm_trace(shm), shm->nevents, fp) == 0)
      dpu_report_trace(q->r, fp, DPU_FP_BYTES);
  }
  return dpu_report_run(q->r, shm); /* last: it may run the program again */
}

void dpu_qpor_print_stats(FILE *f, const struct dpu_qpor_stats *st) {
  fprintf(f, "dpu: stats: events %llu (%llu conflicting extensions), %llu pruned, at most %llu "
             "held, %.1f MiB at the end\n",
          (unsigned long long)st->events, (unsigned long long)st->cex_events,
          (unsigned long long)st->pruned, (unsigned long long)st->peak_live,
          (double)st->bytes / (1 << 20));
  fprintf(f, "dpu: stats: trees %llu, nodes %llu, depth average %.1f maximum %llu\n",
          (unsigned long long)st->trees, (unsigned long long)st->tree_nodes,
          st->tree_nodes ? (double)st->depth_sum / (double)st->tree_nodes : 0.0,
          (unsigned long long)st->depth_max);
  fprintf(f, "dpu: stats: queries causality %llu, conflict %llu, pointers followed %llu\n",
          (unsigned long long)st->causality_queries, (unsigned long long)st->conflict_queries,
          (unsigned long long)st->tree_steps);
  fprintf(f, "dpu: stats: depth differences:");
  for (int b = 0; b < 33; b++) {
    if (!st->depth_hist[b]) continue;
    if (b == 0) fprintf(f, " 0: %llu", (unsigned long long)st->depth_hist[b]);
    else fprintf(f, " %llu-%llu: %llu", 1ull << (b - 1), (1ull << b) - 1,
                 (unsigned long long)st->depth_hist[b]);
  }
  fprintf(f, "\n");
  fprintf(f, "dpu: stats: Alt calls %llu, found %llu; spike candidates examined %llu, parked "
             "%llu; D redirections %llu; replay mismatches %llu; longest run %llu events\n",
          (unsigned long long)st->alt_calls, (unsigned long long)st->alt_found,
          (unsigned long long)st->candidates, (unsigned long long)st->parked,
          (unsigned long long)st->d_violations, (unsigned long long)st->replay_mismatch,
          (unsigned long long)st->max_depth);
}

enum dpu_explore_status dpu_explore_qpor(struct dpu_executor *ex, struct dpu_report *r,
                                         const struct dpu_explore_options *o,
                                         const struct dpu_qpor_options *qo, struct dpu_counts *c,
                                         struct dpu_qpor_stats *st) {
  struct qpor q;
  memset(&q, 0, sizeof q);
  q.ex = ex, q.r = r, q.o = o, q.qo = qo, q.c = c, q.st = st;
  q.cap = ex->shm->trace_cap;
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  q.ev = malloc(q.cap * sizeof *q.ev);
  q.killable_after = malloc(q.cap * sizeof *q.killable_after);
  q.proc = DPU_NO_OBJECT;
  q.pos_next = malloc(q.cap * sizeof *q.pos_next);
  q.replay = malloc((q.cap + 1) * sizeof *q.replay);
  q.cmax_o = calloc(DPU_PES_MAX_OBJECTS, sizeof *q.cmax_o);
  q.chain_o = calloc(DPU_PES_MAX_OBJECTS, sizeof *q.chain_o);
  if (!q.ev || ensure((void **)&q.ksets, &q.ksets_cap, 1, sizeof *q.ksets) != 0 ||
      !q.killable_after || !q.pos_next || !q.replay || !q.cmax_o || !q.chain_o ||
      dpu_unf_init(&q.u, qo->skip_step) != 0) {
    oom();
    status = DPU_EXPLORE_FAILED;
    goto out;
  }
  dpu_tset_clear(&q.ksets[0]);
  q.nksets = 1;

  /* The first run: no replay. Then, each iteration: process the last run from frame `from`,
   * and decide the next run. */
  uint32_t from = 0;
  struct dpu_event **expect = NULL; /* the J the last run was to follow */
  uint32_t nexpect = 0;
  int64_t redirected_at = -1; /* frame of the last redirection, while it goes on */
  enum dpu_run_status rs = run(&q, 0, NULL, 0);
  for (;;) {
    struct dpu_shm *shm = ex->shm;
    bool cut = false;
    enum dpu_explore_status ended = dpu_explore_ran(rs, r, shm, c, &cut);
    if (ended != DPU_EXPLORE_COMPLETE) {
      status = ended;
      break;
    }
    /* A run cut at the thread limit is a prefix of real runs (DPU_LIMIT_THREADS): it is
     * explored from as a leaf, so that the interleavings of the first threads are, but it is
     * no maximal configuration. Any other cut ends the exploration. */
    bool leaf_cut = cut && shm->result.end == DPU_END_LIMIT &&
                    shm->result.code == DPU_LIMIT_THREADS;
    if (shm->result.limited) status = DPU_EXPLORE_INCOMPLETE; /* a prefix, even with a defect */
    if (cut) {
      status = DPU_EXPLORE_INCOMPLETE;
      if (!leaf_cut) {
        c->cut++;
        break;
      }
    }
    struct dpu_event *redirect = NULL;
    int64_t m = process_run(&q, from, &redirect);
    if (m < 0) {
      status = DPU_EXPLORE_FAILED;
      break;
    }
    if (q.u.pes.live > st->peak_live) st->peak_live = q.u.pes.live;
    if (prune(&q, redirect) != 0) {
      oom();
      status = DPU_EXPLORE_FAILED;
      break;
    }
    if (expect) {
      for (uint32_t i = 0; i < nexpect; i++)
        if (from + i >= q.n || q.ev[from + i] != expect[i]) {
          st->replay_mismatch++;
          if (!q.warned_mismatch++) {
            dpu_progress_clear();
            fprintf(stderr, "dpu: warning: a replay did not produce the events the unfolding "
                            "predicted (is the program deterministic?)\n");
          }
          break;
        }
      expect = NULL;
    }
    uint32_t j; /* the frame to backtrack from */
    if ((uint32_t)m < shm->nevents) {
      /* The free run took an event of D at frame m. */
      st->d_violations++;
      /* A redirected run that again takes an event of D at the same frame did not follow the
       * redirection (a replay mismatch): count it as blocked rather than loop. */
      if (redirect && redirected_at == (int64_t)m) redirect = NULL;
      if (redirect && !(o->max_runs && c->runs >= o->max_runs)) {
        struct dpu_event *one[1] = {redirect};
        c->redirected++;
        from = (uint32_t)m;
        redirected_at = m;
        rs = run(&q, from, one, 1);
        continue;
      }
      c->ssbs++; /* en(C_m) ⊆ D: line 5 */
      j = (uint32_t)m;
    } else {
      if (leaf_cut) c->cut++; /* counted here: a cut run that took an event of D is an SSB */
      else if (finish_run(&q) && o->stop_on_defect) {
        status = DPU_EXPLORE_STOPPED;
        break;
      }
      j = q.n;
    }
    /* The executor notices the deadline only when a run outlives its polling window; runs of
     * a few microseconds never do, so it is checked between runs too. */
    if (dpu_explore_must_stop(o, c)) {
      status = DPU_EXPLORE_INCOMPLETE;
      break;
    }
    redirected_at = -1;
    /* Backtrack: frames j-1, j-2, ...: Alt(C_i, D ∪ {e_i}). */
    int64_t nj = 0;
    while (j-- > 0) {
      struct dpu_event *e = q.ev[j];
      c_undo(&q, e);
      d_pop_above(&q, j);
      nj = alt(&q, e);
      if (nj < 0) {
        oom();
        status = DPU_EXPLORE_FAILED;
        goto out;
      }
      if (nj > 0) {
        if (d_push(&q, e, j) != 0) {
          oom();
          status = DPU_EXPLORE_FAILED;
          goto out;
        }
        break;
      }
    }
    if (nj <= 0) break; /* every frame backtracked: done */
    from = j;
    expect = q.jlist;
    nexpect = (uint32_t)nj;
    rs = run(&q, j, q.jlist, (uint32_t)nj);
  }
out:
  if (qo->dot && dpu_unf_write_dot(&q.u, qo->dot) != 0)
    fprintf(stderr, "dpu: error: cannot write the --dot file\n");
  st->trees = q.u.pes.nthreads + q.u.pes.nobjects;
  if (q.u.pes.live > st->peak_live) st->peak_live = q.u.pes.live;
  for (const struct dpu_event *e = q.u.pes.events; e; e = e->next) {
    st->tree_nodes++;
    st->depth_sum += e->tnode.depth;
    if (e->tnode.depth > st->depth_max) st->depth_max = e->tnode.depth;
    if (e->obj != DPU_NO_OBJECT) {
      st->tree_nodes++;
      st->depth_sum += e->onode.depth;
      if (e->onode.depth > st->depth_max) st->depth_max = e->onode.depth;
    }
  }
  st->events = q.u.pes.nevents;
  st->cex_events = q.u.cex_created;
  st->bytes = q.u.pes.bytes;
  st->causality_queries = q.u.pes.causality_stats.queries;
  st->conflict_queries = q.u.pes.conflict_stats.queries;
  st->tree_steps = q.u.pes.causality_stats.steps + q.u.pes.conflict_stats.steps;
  for (int b = 0; b < 33; b++)
    st->depth_hist[b] = q.u.pes.causality_stats.hist[b] + q.u.pes.conflict_stats.hist[b];
  dpu_unf_destroy(&q.u);
  free(q.ev), free(q.ksets), free(q.killable_after), free(q.pos_next), free(q.replay), free(q.cmax_o), free(q.d);
  free(q.spikes), free(q.spike_start), free(q.pick), free(q.jlist), free(q.emark), free(q.wstack);
  for (uint32_t f = 0; f < q.nparks; f++) free(q.parks[f].p);
  for (unsigned t = 0; t < DPU_PES_MAX_THREADS; t++) free(q.chain_t[t].e);
  for (uint32_t o = 0; q.chain_o && o < DPU_PES_MAX_OBJECTS; o++) free(q.chain_o[o].e);
  free(q.chain_o);
  free(q.parks);
  return status;
}
