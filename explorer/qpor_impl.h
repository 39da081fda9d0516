/* The QPOR explorer's state and what its files share. Internal to explorer/: qpor.c runs
 * Alg. 1's loop (runs, backtracking, accounting), cset.c keeps the configuration C and the set
 * D, extend.c turns a run into events of U (line 3: ex(C)), alt.c computes Alt (line 11, the
 * comb of Sec. 5) and parks rejected candidates, prune.c removes from U what Alt will not read
 * (line 13). Frame m of the current run holds e_m, the event Explore(C_m, D, A) chose, with
 * C_m = {e_0, ..., e_{m-1}} (qpor.c's opening comment). */
#ifndef DPU_QPOR_IMPL_H
#define DPU_QPOR_IMPL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../protocol/invariant.h"
#include "group.h"
#include "qpor.h"
#include "split.h"
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
  struct dpu_unfolding *u;        /* U: the explorer's own, or shared by -j's workers
                                   * (workers.c) */
  struct dpu_executor *exec;
  const struct dpu_explore_options *o; /* with the sink that the traces go to */
  struct dpu_counts *c;
  struct dpu_qpor_stats *st;
  uint32_t cap;                   /* trace capacity */
  uint32_t n;                     /* frames of the current run */
  struct dpu_event **ev;          /* [cap] e_m */
  /* The last qpor_process_run stopped at an event past the bound; at that frame, an enabled
   * event within the bound was in D. */
  bool at_bound, bound_in_d;
  bool at_cutoff;                 /* that event is a cutoff, or after one (cutoff.h) */
  /* Symmetry reduction (symmetry.h): why two threads taken for symmetric are not, as a run
   * showed ("": they are alike so far); the exploration then stops and starts again without
   * it. */
  char asym[160];
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
  uint8_t *keep;                  /* prune(): events of Q_{C,D} and their causes */
  /* -j (workers.c); pool is NULL when the explorer works alone. */
  struct dpu_pool *pool;
  uint32_t floor;                 /* the frame of the node its task starts at, which
                                   * backtracking does not pass */
  uint32_t nc;                    /* frames in C while it is out of the pool's lock */
  double locked_at;               /* dpu_now() when it last took the lock after a run */
  bool busy;                      /* exploring a task; then, out of the lock, it stands at
                                   * the node of frame nc (its position, workers.c) */
  /* --shard (split.c): the first run replays first[0, nfirst) (a part's configuration K, whose
   * nfirst steps make `floor` events: frames below floor are K, never backtracked), and, when
   * leaf is not NULL, every leaf of the tree calls leaf(q, leaf_arg) instead of being
   * accounted as a trace (a run of the split is no trace); a non-zero return stops the
   * exploration (DPU_EXPLORE_STOPPED). */
  const struct dpu_replay_step *first;
  uint32_t nfirst;
  int (*leaf)(struct qpor *q, void *arg);
  void *leaf_arg;
  /* -j with parts (shard.c): explorers of different parts, each with its own unfolding and
   * statistics, share c and the sink: acct, if not NULL, is held while they are used (the
   * accounting after each run), and a non-zero *stop (read under acct) ends the exploration
   * (another part's explorer stopped: a limit, --stop-on-defect). */
  pthread_mutex_t *acct;
  const volatile bool *stop;
  /* Members parked on the event of C at frame f, per f; unparked when c_undo removes it. */
  struct frame_parks *parks;      /* [nparks] */
  uint32_t nparks;
  uint32_t live_after_prune;
  /* The estimate (estimate.c): the leaves of this explorer's tree seen so far, and of them
   * the maximal configurations; with -j over parts (shard.c), estimated(est_arg, leaves)
   * takes the estimate of the part's leaves (under acct; once the part is explored, its count
   * of leaves), else the explorer's tree is the exploration's and its estimate goes into
   * c->estimate. */
  uint64_t leaves, traces;
  void (*estimated)(void *arg, double leaves);
  void *est_arg;
  /* Over the nodes the exploration finished (qpor_estimate_finished), their children beyond
   * the first, and the other threads' groups their events had beside them: the share of such
   * groups that became children, by which estimate.c scales its guess. */
  double est_children, est_groups;
};

/* ---- estimate.c ---- */

/* The leaves (runs that ended at a maximal configuration or an SSB) of the subtree of Alg. 1's
 * tree below frame q->floor, estimated with Knuth's estimator along the path to the current
 * leaf (frames floor..n-1 of the current run, n <= q->n) and the unfolding's conflicts (see
 * estimate.c), given that `leaves` of them were seen. Call at a leaf, before backtracking.
 * O(n + D + siblings of the path's events). */
double qpor_estimate_leaves(const struct qpor *q, uint32_t n, uint64_t leaves);

/* The node at frame m is finished (Alt found no more alternative there, Alg. 1 line 11, and
 * no deferred call can add one): learns how many of the groups beside its event became
 * children (e_m and one per entry of D at m: each backtracking to m added one). Only after
 * every 16th leaf (a sample: each costs a walk of the node's siblings, 1.6 % of the explorer's
 * instructions on MPAT(5) when every node was taken). O(D entries above m + siblings). */
void qpor_estimate_finished(struct qpor *q, uint32_t m);

/* ---- small helpers (inline: on the hot paths of extend.c and alt.c) ---- */

/* Grows *p (an array of *cap elements of `size` bytes, malloc'd or NULL) to hold at least
 * `need`, doubling from 64. Returns 0, -1 if out of memory (*p unchanged). */
static inline int ensure(void **p, uint32_t *cap, uint32_t need, size_t size) {
  if (need <= *cap) return 0;
  uint32_t ncap = *cap ? *cap : 64;
  while (ncap < need) ncap *= 2;
  void *np = realloc(*p, ncap * size);
  if (!np) return -1;
  *p = np;
  *cap = ncap;
  return 0;
}

/* Whether x is in C: the flag that qpor_c_add and qpor_c_undo keep, which the debug build checks
 * against Theorem 6's query (x is in C iff it is an ancestor of C's last event of its thread). */
static inline bool in_c(struct qpor *q, const struct dpu_event *x) {
#if DPU_CHECKS
  const struct dpu_event *m = q->cmax_t[x->tid];
  DPU_ASSERT(x->in_c == (m && dpu_node_is_ancestor(&x->tnode, &m->tnode, q->u->pes.step,
                                                &q->u->pes.causality_stats)));
#else
  (void)q;
#endif
  return x->in_c;
}

/* ---- C and D (inline: once per event and per backtracked frame) ---- */

/* Releases the group members parked on `frame` (alt.c), whose event leaves C. */
static inline void qpor_unpark(struct qpor *q, uint32_t frame) {
  if (frame >= q->nparks) return;
  struct frame_parks *fp = &q->parks[frame];
  for (uint32_t k = 0; k < fp->n; k++) dpu_group_unpark(fp->p[k].g, fp->p[k].i);
  fp->n = 0;
}

/* Sets c->e[depth] = e, growing the chain. Returns 0, -1 if out of memory. */
static inline int chain_set(struct chain *c, uint32_t depth, struct dpu_event *e) {
  if (ensure((void **)&c->e, &c->cap, depth + 1, sizeof *c->e) != 0) return -1;
  c->e[depth] = e;
  return 0;
}

/* Whether object o's events form one path in every configuration: neither a location (whose
 * reads are leaves) nor a reader object (which has no tree). */
static inline bool chained(const struct dpu_pes *p, uint32_t o) {
  return !p->oisloc[o] && dpu_pes_reader_location(p, o) == DPU_NO_OBJECT;
}

/* Adds e, an event enabled at C, as the event of `frame`. Returns 0, -1 if out of memory. */
static inline int qpor_c_add(struct qpor *q, struct dpu_event *e, uint32_t frame) {
  e->in_c = 1;
  e->cframe = frame;
  q->cmax_t[e->tid] = e;
  if (chain_set(&q->chain_t[e->tid], e->tnode.depth, e) != 0) return -1;
  if (e->obj == DPU_NO_OBJECT) return 0;
  q->cmax_o[e->obj] = e;
  return chained(&q->u->pes, e->obj) ? chain_set(&q->chain_o[e->obj], e->onode.depth, e) : 0;
}

/* Removes e, the last event of the current prefix (it is maximal in its thread and object). */
static inline void qpor_c_undo(struct qpor *q, struct dpu_event *e) {
  e->in_c = 0;
  qpor_unpark(q, e->cframe);
  q->cmax_t[e->tid] = e->pre_thread;
  if (e->obj == DPU_NO_OBJECT) return;
  /* A read's object is its thread's reader object: the thread's read before it. */
  if (dpu_pes_reader_location(&q->u->pes, e->obj) != DPU_NO_OBJECT)
    q->cmax_o[e->obj] = e->pre_thread ? dpu_event_omax(e->pre_thread, e->obj) : NULL;
  else q->cmax_o[e->obj] = e->pre_obj;
}

/* Pushes e on D as added at `frame` (it belongs to that frame and the ones above). Returns 0,
 * -1 if out of memory. */
static inline int qpor_d_push(struct qpor *q, struct dpu_event *e, uint32_t frame) {
  if (q->nd == q->dcap) {
    q->dcap = q->dcap ? q->dcap * 2 : 64;
    q->d = realloc(q->d, q->dcap * sizeof *q->d);
    if (!q->d) return -1;
  }
  q->d[q->nd++] = (struct dentry){e, frame};
  DPU_ASSERT(!e->in_c && (!e->in_d || e->cframe <= frame));
  if (!e->in_d++) e->cframe = frame; /* its first entry's, which leaves D last */
  return 0;
}

/* Pops the entries of D added above `frame`. */
static inline void qpor_d_pop_above(struct qpor *q, uint32_t frame) {
  while (q->nd && q->d[q->nd - 1].frame > frame) q->d[--q->nd].e->in_d--;
}

/* ---- cset.c: queries against C ---- */

/* The previous event on object oi's tree in C (for a read: the write it reads); NULL if none
 * or oi is DPU_NO_OBJECT. */
static inline struct dpu_event *qpor_c_pm(struct qpor *q, uint32_t oi) {
  return oi != DPU_NO_OBJECT ? q->cmax_o[dpu_pes_tree_object(&q->u->pes, oi)] : NULL;
}

/* For thread t's write-class operation on location x after pm, the reads of pm in C by the
 * other threads (their latest), sorted by thread, into rpre (room for one per thread); returns
 * how many. */
uint32_t qpor_c_reads(struct qpor *q, uint16_t t, uint32_t x, const struct dpu_event *pm,
                      struct dpu_event **rpre);

/* Whether ⌈x⌉ and C conflict on location l (dpu_pes_location_conflict against C's maxima). */
bool qpor_c_location_conflict(struct qpor *q, const struct dpu_event *x, uint32_t l);

#if DPU_CHECKS
/* Whether ⌈x⌉ ∪ C is a configuration (Theorem 6): the debug build's oracle for alt.c. */
bool qpor_compatible(struct qpor *q, const struct dpu_event *x);
#endif

/* ---- extend.c: a run's events into U ---- */

/* Turns the run in the executor's shared memory into frames, from frame `from` on (frames
 * before are the replayed prefix, unchanged), adding the events and their conflicting
 * extensions to U; cmax_* must describe C_from. Returns n if the run was processed to its end,
 * or the frame m < n at which the run took an event of D, or one past --preemptions' bound
 * (q->at_bound; bound.h): then frames stop at m, *redirect is an enabled event at C_m outside
 * D and within the bound (or NULL: an SSB, or a leaf of E_B when q->bound_in_d is false too),
 * and cmax_* describe C_m. Returns -1 if out of memory. */
int64_t qpor_process_run(struct qpor *q, uint32_t from, struct dpu_event **redirect);

/* ---- alt.c: Alt and parked candidates ---- */

/* Alt(C_j, D ∪ {e}) (Alg. 1 line 11, k-partial alternatives by the comb of Sec. 5), with e =
 * ev[j] just undone from C: returns the number of events of J \ C_j, linearised in q->jlist in
 * causal order, 0 if there is no k-partial alternative, -1 if out of memory. */
int64_t qpor_alt(struct qpor *q, struct dpu_event *e);

/* Parks g->m[i] on frame f (alt.c): Alt's scans skip it until the backtracking undoes frame f
 * (qpor_c_undo). Returns 0, -1 if out of memory. */
int qpor_park(struct qpor *q, struct dpu_group *g, uint32_t i, uint32_t f);

/* Whether s, a child of pm(d) in d's object tree by d's own thread, can be in a spike of d.
 * Such a child is d's operation after another history of the thread; its history holds a
 * sibling of d in d's thread tree, hence (same operation, other position) one in the object
 * tree with a smaller history, so it adds nothing; except when it has d's very history and
 * another outcome (a signal waking another thread, another value of a choice), which conflicts with d on both trees.
 * (A write on a location after d's pm with fewer reads before it has d's history too, but
 * conflicts with a read of C that d follows, so it is never compatible with C.) Pruning keeps
 * exactly these, so that the rule is one. Given has_own_thread_alternatives(d). */
static inline bool own_thread_alternative(const struct dpu_event *d, const struct dpu_event *s) {
  return s != d && s->pre_thread == d->pre_thread;
}

/* Whether d can have own_thread_alternative siblings at all: only a signal, a choice (a
 * nondet value, a reads-from: on the thread's own choices object) and a store with several
 * places in modification order (ra/rc11) have several outcomes. Tested first, as d's own
 * group can be long (a read of a value: one per history of the thread). */
static inline bool has_own_thread_alternatives(const struct dpu_event *d) {
  return d->op == DPU_OP_COND_SIGNAL || dpu_op_has_outcomes(d->op, d->aux);
}

/* Whether d's spike is empty without a look: d is a thread
 * start. Its other siblings in the thread tree are the starts of its thread after the other
 * creates of it. A canonical thread id
 * names the index-th create of one parent (runtime/sched.c), so two creates of a thread are
 * two positions of that create in its parent's thread, in conflict there; d's create is in C
 * (d's history is: e is enabled at C, and an event of D was when it joined D, with C only
 * growing since), so every other start is in conflict with C. Pruning keeps none of them. */
static inline bool spike_empty(const struct dpu_event *d) {
  return d->op == DPU_OP_THREAD_START;
}

/* d's first sibling in its thread tree (d included). */
static inline struct dpu_event *first_sibling(struct qpor *q, const struct dpu_event *d) {
  return d->pre_thread ? d->pre_thread->tchild : q->u->troot_child[d->tid];
}

/* ---- qpor.c: the explorer of one worker ---- */

/* Allocates q's arrays (q->exec and q->o set). Returns 0, -1 if out of memory (what was
 * allocated is freed by qpor_destroy). */
int qpor_init(struct qpor *q);

/* Frees q's arrays (any of them may be NULL); not its unfolding. */
void qpor_destroy(struct qpor *q);

/* The unfolding's statistics for --stats, into q->st. */
void qpor_collect_stats(struct qpor *q);

/* Alg. 1 below the node q stands at, frame `from` (C = ev[0..from), D = q->d, every mark of
 * C and D set): runs C ∪ list[0..nl) (list: J \ C in causal order; nl = 0: the runtime's free
 * choice), explores its left subtree, and backtracks to frame q->floor included (Alt's right
 * subtrees). Returns how it ended; *halt is false when it backtracked to the floor, true when
 * the whole exploration must stop (a limit, a defect with --stop-on-defect, an error: then
 * the status says which; or, with -j, another worker stopped it). */
enum dpu_explore_status qpor_explore(struct qpor *q, uint32_t from, struct dpu_event **list,
                                     uint32_t nl, bool *halt);

/* How split.c explores one part: below a prefix, maybe with an object frozen. */
struct qpor_part {
  const struct dpu_replay_step *prefix; /* the part's K as a replay (NULL, 0: the whole tree) */
  uint32_t nprefix, nevents;            /* its steps, and the events they make */
  int (*leaf)(struct qpor *q, void *arg); /* qpor.leaf (NULL: leaves are traces) */
  void *arg;
  pthread_mutex_t *acct;                /* qpor.acct and qpor.stop (NULL: alone) */
  const volatile bool *stop;
  void (*estimated)(void *arg, double leaves); /* qpor.estimated (NULL: none) */
  void *est_arg;
  bool freeze;                          /* freeze freeze_addr (a synchronisation object) after */
  uint64_t freeze_addr;                 /* its event at depth freeze_depth (dpu_model_freeze, */
  uint32_t freeze_depth;                /* dpu_shm.frozen); freeze_tid and freeze_op are an */
  uint16_t freeze_tid;                  /* operation on it (to name the object) */
  uint8_t freeze_op;
};

/* Alg. 1 from the node (K, ∅, ∅) of part p, in an unfolding of its own (Explore(K, ∅, ∅) of
 * Alg. 1: every maximal configuration that contains K, and only those). Returns how it ended;
 * *halt as qpor_explore's. */
enum dpu_explore_status qpor_explore_part(struct dpu_executor *exec,
                                          const struct dpu_explore_options *o,
                                          struct dpu_counts *c, struct dpu_qpor_stats *st,
                                          const struct qpor_part *p, bool *halt);

/* A part of --shard's split (split.h): the replay v[0, n) of its configuration K, which makes
 * `nevents` events; whole: no split was found for it. */
struct dpu_part {
  struct dpu_replay_step *v;
  uint32_t n, nevents;
  bool whole;
};

/* Parts, in the split's order (the same in every shard). Zero-initialise before use. */
struct dpu_parts {
  struct dpu_part *v;
  uint32_t n, cap;
};

/* Frees the parts' replays and the array; ps is empty afterwards. */
void dpu_parts_free(struct dpu_parts *ps);

/* The split (split.c): the whole exploration split into at least `target` parts when the
 * program's locks allow, into *ps (empty before), with what it did in *info. Its runs are not
 * counted in the exploration's counts. Returns 0, or -1 with *status FAILED (out of memory,
 * the executor) or INCOMPLETE (the deadline or a signal came during the split: the shards
 * could no longer agree on the parts). */
int dpu_split_parts(struct dpu_executor *exec, const struct dpu_explore_options *o,
                    uint32_t target, struct dpu_parts *ps, struct dpu_split_info *info,
                    enum dpu_explore_status *status);

/* Adds the statistics of one explorer (src) to dst: counts summed, maxima kept. */
void qpor_stats_add(struct dpu_qpor_stats *dst, const struct dpu_qpor_stats *src);

/* dpu_explore_qpor with --shard: the split, then this shard's parts (shard.c). */
enum dpu_explore_status qpor_explore_shard(struct dpu_executor *exec,
                                           const struct dpu_explore_options *o,
                                           struct dpu_explore_result *res);

/* dpu_explore_qpor with -j N (shard.c): the split into parts (as for --shard, 8 per worker),
 * explored by N threads at once, each part by one, largest first; with fewer parts than
 * workers (a program with few lock operations), qpor_explore_workers. */
enum dpu_explore_status qpor_explore_jobs(struct dpu_executor *exec,
                                          const struct dpu_explore_options *o,
                                          struct dpu_explore_result *res);

/* ---- workers.c: -j ---- */

/* dpu_explore_qpor with o->workers threads, worker i driving o->execs[i]
 * (docs/parallel.md). */
enum dpu_explore_status qpor_explore_workers(const struct dpu_explore_options *o,
                                             struct dpu_explore_result *res);

/* Accounts the run in q's shared region that stopped at a cutoff (cutoff.h) at a configuration
 * C_m = ev[0, q->n) that is maximal in the unfolding without cutoffs (Alg. 2 of the symbolic
 * POR paper explores those): a trace, handed to the sink as a run to a maximal configuration
 * is, with the run's records whole (its fingerprint, C_m's records'). Its defects are those
 * that happened within C_m (before the run's m-th record: dpu_run_result.defect_at); what the
 * run did past C_m is the future of states reached before, explored from there (a deadlock at
 * the run's end, an assertion after a thread's event past the cut), but for an endless spin
 * and a run that a fair schedule kept going to --max-steps past the cut, whose future is cut
 * there too: a livelock of the threads that went round (docs/cutoffs.md, "Livelock"). Keeps
 * the first such configuration with the process alive for qpor_livelock. Called with the
 * accounting lock held (-j). Returns 1 if the run showed a new defect. */
int qpor_finish_cut_off(struct qpor *q);

/* After a complete exploration with cutoffs in which no explored maximal configuration ended
 * the program (cutoff.h, dpu_cutoffs.ended): no execution ends. Runs the kept configuration
 * where a run went on past cutoffs with the process alive again, and hands it to the sink as
 * a livelock (DPU_END_LIVELOCK) of the threads that went round. Otherwise nothing. */
void qpor_livelock(struct qpor *q);

/* Runs the replay q->replay[0..n) on q's executor out of the pool's lock, with C = ev[0..j). */
enum dpu_run_status qpor_workers_run(struct qpor *q, uint32_t j, uint32_t n);

/* Whether q, a busy worker, is alone: no other is busy, and no task or deferred call holds
 * events (idle workers hold none), so that it may prune U as if it explored alone. */
bool qpor_workers_alone(struct qpor *q);

/* Whether another worker ended the exploration while q ran (its run is then not counted). */
bool qpor_workers_stopped(struct qpor *q);

/* backtrack() of qpor.c for a worker: down to q->floor; a right subtree goes to an idle
 * worker, and a failed Alt is deferred while work before it in the depth-first order is not
 * done. Returns as backtrack(). */
int64_t qpor_workers_backtrack(struct qpor *q, uint32_t *j);

/* Backtracking to frame j (Alg. 1 line 11): takes e_j = ev[j] out of C and D's entries above j
 * off, and asks Alt(C_j, D ∪ {e_j}). Returns as qpor_alt. */
static inline int64_t qpor_alt_at(struct qpor *q, uint32_t j) {
  qpor_c_undo(q, q->ev[j]);
  qpor_d_pop_above(q, j);
  return qpor_alt(q, q->ev[j]);
}

/* ---- prune.c: line 13 ---- */

/* U := U ∩ (what Alt may read), when U has doubled since the last prune; redirect: the next
 * run's step, if any. Returns 0, -1 if out of memory. */
int qpor_prune(struct qpor *q, struct dpu_event *redirect);

#endif
