/* --shard=I/N: the split of one exploration into parts; see split.h for what a part is and
 * why the parts partition the traces, shard.c for the parts' dealing and exploration. */
#include "split.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "qpor_impl.h"

void dpu_parts_free(struct dpu_parts *ps) {
  for (uint32_t i = 0; i < ps->n; i++) free(ps->v[i].v);
  free(ps->v);
  *ps = (struct dpu_parts){0};
}

/* Appends a part whose replay is steps[0, n) (copied). Returns it, NULL if out of memory. */
static struct dpu_part *parts_push(struct dpu_parts *ps, const struct dpu_replay_step *steps,
                                   uint32_t n, uint32_t nevents) {
  if (ensure((void **)&ps->v, &ps->cap, ps->n + 1, sizeof *ps->v) != 0) return NULL;
  struct dpu_part *p = &ps->v[ps->n];
  p->v = malloc((n ? n : 1) * sizeof *p->v);
  if (!p->v) return NULL;
  if (n) memcpy(p->v, steps, n * sizeof *p->v);
  p->n = n, p->nevents = nevents, p->whole = false;
  ps->n++;
  return p;
}

/* ---- the probe: which lock to split at ---------------------------------------------------- */

#define MAX_CANDIDATES 8

/* An operation that a part's first run makes on a mutex or spin lock (at address addr) right
 * after the object's last event p in K, which is at depth `depth` of its tree. */
struct candidate {
  uint64_t addr;
  uint32_t depth;
  uint16_t tid;
  uint8_t op;
};

struct probe {
  struct candidate c[MAX_CANDIDATES];
  unsigned n;
};

/* Whether op is on a mutex or a spin lock: objects whose events form one chain per
 * configuration, so that the children of one event are pairwise in conflict. */
static bool on_a_lock(uint8_t op) {
  switch (op) {
  case DPU_OP_MUTEX_INIT: case DPU_OP_MUTEX_DESTROY: case DPU_OP_MUTEX_LOCK:
  case DPU_OP_MUTEX_UNLOCK: case DPU_OP_MUTEX_TRYLOCK: case DPU_OP_MUTEX_TIMEDLOCK:
  case DPU_OP_SPIN_INIT: case DPU_OP_SPIN_DESTROY: case DPU_OP_SPIN_LOCK: case DPU_OP_SPIN_UNLOCK:
  case DPU_OP_SPIN_TRYLOCK:
    return true;
  default:
    return false;
  }
}

/* Whether x is NULL or an event of K (a frame below the floor). */
static bool in_k(const struct qpor *q, const struct dpu_event *x) {
  return !x || (x->in_c && x->cframe < q->floor);
}

/* The probe's leaf: the first operations on locks right after their last event in K, in the
 * order the run took them. Stops after the first run. */
static int probe_leaf(struct qpor *q, void *arg) {
  struct probe *pr = arg;
  const struct dpu_event_rec *rec = dpu_shm_records(q->exec->shm);
  for (uint32_t f = q->floor; f < q->n && pr->n < MAX_CANDIDATES; f++) {
    const struct dpu_event *e = q->ev[f];
    if (!on_a_lock(e->op) || !in_k(q, e->pre_obj)) continue;
    struct candidate c = {rec[f].obj, e->pre_obj ? e->pre_obj->onode.depth : 0, e->tid, e->op};
    bool seen = false;
    for (unsigned i = 0; i < pr->n; i++)
      seen |= pr->c[i].addr == c.addr && pr->c[i].depth == c.depth;
    if (!seen) pr->c[pr->n++] = c;
  }
  return 1;
}

/* ---- the frozen exploration: the children of p -------------------------------------------- */

struct frozen {
  const struct dpu_part *parent;
  uint64_t addr;
  uint32_t depth;     /* of p, the object's last event in K */
  struct dpu_parts *children;
  uint64_t *seen;     /* (tid, id of its last event + 1) of each child found, as tid << 32 | id */
  uint32_t nseen, seen_cap;
  bool refused;       /* a run ended otherwise than with every thread blocked */
  bool oom;
};

/* Appends to the children K ∪ ⌈y⌉ for y the operation on the frozen object that thread tid
 * waits for at this leaf: K's replay, the events of the run after K that y's thread depends on
 * (the history of its last event pt), and y. */
static int add_child(struct qpor *q, struct frozen *fz, uint16_t tid) {
  struct dpu_event *pt = q->cmax_t[tid];
  uint64_t key = (uint64_t)tid << 32 | (pt ? pt->id + 1u : 0u);
  for (uint32_t i = 0; i < fz->nseen; i++)
    if (fz->seen[i] == key) return 0;
  if (ensure((void **)&fz->seen, &fz->seen_cap, fz->nseen + 1, sizeof *fz->seen) != 0) return -1;
  fz->seen[fz->nseen++] = key;
  const struct dpu_part *k = fz->parent;
  struct dpu_replay_step *steps = malloc((k->n + q->n + 2) * sizeof *steps);
  if (!steps) return -1;
  memcpy(steps, k->v, k->n * sizeof *steps);
  uint32_t n = k->n, nevents = k->nevents;
  for (uint32_t f = q->floor; f < q->n; f++) {
    const struct dpu_event *e = q->ev[f];
    if (!pt || !dpu_pes_leq(&q->u->pes, e, pt)) continue;
    dpu_replay_push(steps, &n, e->tid, dpu_op_choice(e->op, e->result));
    nevents++;
  }
  dpu_replay_push(steps, &n, tid, 0);
  struct dpu_part *c = parts_push(fz->children, steps, n, nevents + 1);
  free(steps);
  return c ? 0 : -1;
}

/* Whether b, a thread waiting for the frozen object at this leaf, could do its operation right
 * after p (the object's state there enables it: an unlock of a held mutex, a lock of a free
 * one, a trylock of either), which makes it a child of p in the object's tree. */
static bool child_of_p(struct qpor *q, const struct frozen *fz, const struct dpu_blocked *b) {
  uint32_t oi = dpu_unf_object(q->u, b->tid, b->op, b->obj);
  if (oi >= DPU_NO_OBJECT - 1) return false;
  uint16_t results[DPU_MODEL_MAX_OUTCOMES];
  dpu_model_freeze(DPU_NO_OBJECT, 0); /* the object as it is, not frozen */
  unsigned n = dpu_model_outcomes(q->cmax_o[oi], q->cmax_t[b->tid], b->tid, b->op, b->site,
                                  b->aux, q->u->okind[oi], oi, results);
  dpu_model_freeze(oi, fz->depth);
  return n > 0;
}

/* Whether thread t's next operation op, if it is t's ordered operation, would be outside E_sym
 * (symmetry.h) at the leaf's configuration: its symmetric predecessor has not made its own
 * ordered operation there. A child made of it holds no trace of E_sym. */
static bool sym_outside(const struct qpor *q, uint16_t t, uint8_t op) {
  const struct dpu_event *s = q->cmax_t[t];
  if (!q->u->sym_groups || !s || !s->sym_free || !s->sym_pred1 || dpu_op_sym_free(op))
    return false;
  const struct dpu_event *p = q->cmax_t[s->sym_pred1 - 1];
  return !p || p->sym_free;
}

static int frozen_leaf(struct qpor *q, void *arg) {
  struct frozen *fz = arg;
  const struct dpu_run_result *res = &q->exec->shm->result;
  bool waits = false;
  if (res->end == DPU_END_DEADLOCK)
    for (uint32_t i = 0; i < res->nblocked; i++) {
      const struct dpu_blocked *b = &res->blocked[i];
      if (b->obj != fz->addr || (dpu_op_flags[b->op] & DPU_OPF_THREAD) || !child_of_p(q, fz, b))
        continue;
      waits = true;
      if (sym_outside(q, b->tid, b->op)) continue;
      if (add_child(q, fz, b->tid) != 0) {
        fz->oom = true;
        return 1;
      }
    }
  if (!waits) fz->refused = true;
  return !waits;
}

/* ---- splitting a part --------------------------------------------------------------------- */

/* Locks whose frozen exploration ran out of a budget (index into split_part's budgets) at an
 * earlier part: at the parts after, they are tried at that budget only after the others (a
 * part's child is often as costly to freeze there), so a lock that every part takes late is
 * not explored again at every step. */
#define OUT_MEMORY 64
struct out_memory {
  uint64_t addr;
  uint32_t depth;
  unsigned budget;
};

struct split {
  struct out_memory outs[OUT_MEMORY]; /* a ring, the last OUT_MEMORY */
  unsigned nouts;
  struct dpu_executor *exec;
  const struct dpu_explore_options *o;
  struct dpu_explore_options so; /* o with the split's own run limit */
  struct dpu_counts c;           /* the split's runs */
  struct dpu_qpor_stats st;
  uint64_t max_runs;             /* the split's runs at most (split.h) */
  uint64_t max_events;           /* and the visible operations of those runs (split.h) */
  double t1;                     /* when the split was first seen past its first run (which
                                  * also pays for the runner's start), 0 before */
  uint64_t runs1;                /* its runs then */
};

/* Whether the split has spent its budget: no further part or candidate is tried. A run that
 * --run-timeout ended spends it too: the split's runs are run again by the exploration, and a
 * program whose thread never ends paid the timeout twice (a user test: 10 s with -j 2, 5 s
 * with -j 1). */
static bool spent(struct split *s) {
  if (s->c.runs >= s->max_runs || s->c.events >= s->max_events || s->c.timed_out) return true;
  /* With -j, runs that cost more than DPU_SPLIT_JOBS_RUN_SECONDS on average, past the first
   * (not with --shard: times differ between machines, and every shard must make the same
   * split). */
  if (s->o->shards || !s->c.runs) return false;
  double now = dpu_now();
  if (!s->t1) s->t1 = now, s->runs1 = s->c.runs;
  return s->c.runs > s->runs1 &&
         now - s->t1 > DPU_SPLIT_JOBS_RUN_SECONDS * (double)(s->c.runs - s->runs1);
}

/* Whether the user's limits (time, interrupt) ended the split: then nothing is explored, as
 * the shards could no longer agree on the parts. */
static bool stopped(const struct split *s) {
  return (s->o->deadline > 0 && dpu_now() >= s->o->deadline) ||
         (s->o->interrupted && *s->o->interrupted) ||
         s->c.asymmetric; /* threads taken for symmetric were told apart (symmetry.h) */
}

/* The budget (index) at which candidate c ran out before, or -1. */
static int known_out(const struct split *s, const struct candidate *c) {
  int b = -1;
  for (unsigned i = 0; i < s->nouts && i < OUT_MEMORY; i++)
    if (s->outs[i].addr == c->addr && s->outs[i].depth == c->depth && (int)s->outs[i].budget > b)
      b = (int)s->outs[i].budget;
  return b;
}

static void remember_out(struct split *s, const struct candidate *c, unsigned budget) {
  s->outs[s->nouts++ % OUT_MEMORY] = (struct out_memory){c->addr, c->depth, budget};
}

/* Splits part k into *children (appended). Returns 1 if split, 0 if k stays whole, -1 on an
 * error (out of memory, the executor failed, or the user's limits: *status says which). */
static int split_part(struct split *s, const struct dpu_part *k, struct dpu_parts *children,
                      enum dpu_explore_status *status) {
  if (spent(s)) return 0;
  /* A part as deep as half --max-steps (a thread that retries without end, say) stays whole:
   * a replay of its K and the run after it would be too long to tell a hang. */
  if (s->o->max_steps && k->nevents >= s->o->max_steps / 2) return 0;
  struct probe pr = {0};
  bool halt;
  struct qpor_part qp = {.prefix = k->v, .nprefix = k->n, .nevents = k->nevents,
                         .leaf = probe_leaf, .arg = &pr};
  uint64_t runs0 = s->c.runs;
  s->so.max_runs = runs0 + 1;
  enum dpu_explore_status st = qpor_explore_part(s->exec, &s->so, &s->c, &s->st, &qp, &halt);
  if (st == DPU_EXPLORE_FAILED || stopped(s)) {
    *status = st == DPU_EXPLORE_FAILED ? st : DPU_EXPLORE_INCOMPLETE;
    return -1;
  }
  /* The cheapest frozen exploration first: every candidate with a small budget of runs, then
   * those that ran out with larger ones (freezing the lock that every thread takes first
   * stops the threads early; a lock taken late leaves most of the exploration to do). */
  static const uint64_t budgets[] = {4, 32, 256, DPU_SPLIT_MAX_RUNS};
  bool out[MAX_CANDIDATES] = {0}; /* ran out of its budget: tried again with the next */
  for (unsigned i = 0; i < pr.n; i++) out[i] = true;
  for (unsigned b = 0; b < sizeof budgets / sizeof *budgets; b++) {
    bool tried[MAX_CANDIDATES] = {0};
    for (unsigned pass = 0; pass < 2; pass++)
      for (unsigned i = 0; i < pr.n; i++) {
        /* First pass: the candidates not known (from earlier parts) to run out at this budget;
         * second: those. One that ran out in the first pass is not tried again with the same
         * budget (it was, on bench/qpor's MPAT(6): 13,009 runs of the split, 28% of the
         * exploration's). */
        if (!out[i] || tried[i] || (known_out(s, &pr.c[i]) >= (int)b) != (pass == 1)) continue;
        if (spent(s) && s->c.runs < s->max_runs) return 0; /* (runs: checked per part) */
        tried[i] = true;
        uint32_t before = children->n;
        struct frozen fz = {.parent = k, .addr = pr.c[i].addr, .depth = pr.c[i].depth,
                            .children = children};
        qp = (struct qpor_part){.prefix = k->v, .nprefix = k->n, .nevents = k->nevents,
                                .leaf = frozen_leaf, .arg = &fz, .freeze = true,
                                .freeze_addr = pr.c[i].addr, .freeze_depth = pr.c[i].depth,
                                .freeze_tid = pr.c[i].tid, .freeze_op = pr.c[i].op};
        s->so.max_runs = s->c.runs + budgets[b];
        st = qpor_explore_part(s->exec, &s->so, &s->c, &s->st, &qp, &halt);
        free(fz.seen);
        if (st == DPU_EXPLORE_FAILED || fz.oom || stopped(s)) {
          bool failed = st == DPU_EXPLORE_FAILED || fz.oom;
          *status = failed ? DPU_EXPLORE_FAILED : DPU_EXPLORE_INCOMPLETE;
          return -1;
        }
        if (getenv("DPU_SPLIT_DEBUG")) /* for dpu's developers: which lock, at what cost */
          fprintf(stderr, "dpu: split: K %u events, candidate %u/%u op %s depth %u budget %llu: "
                  "%s, %u children, runs now %llu\n", k->nevents, i, pr.n,
                  dpu_op_name(pr.c[i].op), pr.c[i].depth, (unsigned long long)budgets[b],
                  st == DPU_EXPLORE_COMPLETE ? (fz.refused ? "refused" : "done") : "out",
                  children->n - before, (unsigned long long)s->c.runs);
        /* Complete (every run of the frozen program ended with its threads blocked, the
         * object's waiters found in each) or not used at all. */
        if (st == DPU_EXPLORE_COMPLETE && !fz.refused && children->n > before) return 1;
        out[i] = st == DPU_EXPLORE_INCOMPLETE && !fz.refused && s->c.runs >= s->so.max_runs;
        if (out[i]) remember_out(s, &pr.c[i], b);
        for (uint32_t c = before; c < children->n; c++) free(children->v[c].v);
        children->n = before;
      }
  }
  return 0;
}

/* Splits part k into *children, going on at once with a part that has one child (an
 * operation on a lock that every trace of the part makes the same way: its K grows by that
 * operation, and the next one is tried), at most DPU_SPLIT_MAX_STEPS times. Returns 1 if
 * parts were appended to *children (several, or k's deepest single child), 0 if none (k does
 * not split), -1 with *status set. */
static int split_deep(struct split *s, const struct dpu_part *k, struct dpu_parts *children,
                      enum dpu_explore_status *status) {
  struct dpu_part at = {0}; /* the deepest single child so far (owned); none: k */
  int rc = 0;
  for (unsigned step = 0;; step++) {
    uint32_t before = children->n;
    int r = step < DPU_SPLIT_MAX_STEPS ? split_part(s, at.v ? &at : k, children, status) : 0;
    if (r < 0) {
      rc = -1;
      break;
    }
    if (r > 0 && children->n - before > 1) {
      rc = 1;
      break;
    }
    if (r == 0) {
      if (at.v) { /* k went down single children to at, which splits no further */
        struct dpu_part *p = parts_push(children, at.v, at.n, at.nevents);
        if (!p) {
          *status = DPU_EXPLORE_FAILED;
          rc = -1;
          break;
        }
        p->whole = step < DPU_SPLIT_MAX_STEPS;
        rc = 1;
      }
      break;
    }
    free(at.v); /* one child: split it in turn */
    at = children->v[--children->n];
  }
  free(at.v);
  return rc;
}

/* The median of the parts' K sizes (events). */
static uint32_t median_k(const struct dpu_parts *ps) {
  uint32_t *v = malloc(ps->n * sizeof *v), m = 0;
  if (!v) return 0;
  for (uint32_t i = 0; i < ps->n; i++) v[i] = ps->v[i].nevents;
  for (uint32_t i = 1; i < ps->n; i++) /* insertion sort: a few hundred parts */
    for (uint32_t j = i; j > 0 && v[j - 1] > v[j]; j--) m = v[j], v[j] = v[j - 1], v[j - 1] = m;
  m = v[ps->n / 2];
  free(v);
  return m;
}

/* After the levels: parts whose K is much smaller than most (a quarter below the median) are
 * split again, the smallest K first, up to 4 × target parts. Their K being small, their
 * traces are many: the split of a program that is not symmetric (a thread that locks early in
 * some parts and late in others) leaves parts of very different sizes, the largest those that
 * decided least (DISP(5,4): parts with K of 25 events held 900-1,500 traces, those of 55 held
 * 10-90; bench/README.md). Returns 0, or -1 with *status set. */
static int refine(struct split *s, uint32_t target, struct dpu_parts *ps,
                  struct dpu_split_info *info, enum dpu_explore_status *status) {
  uint32_t limit = median_k(ps) * 3 / 4;
  while (ps->n < 4 * target) {
    uint32_t best = UINT32_MAX;
    for (uint32_t i = 0; i < ps->n; i++)
      if (!ps->v[i].whole && ps->v[i].nevents < limit &&
          (best == UINT32_MAX || ps->v[i].nevents < ps->v[best].nevents))
        best = i;
    if (best == UINT32_MAX) break;
    struct dpu_parts children = {0};
    int r = split_deep(s, &ps->v[best], &children, status);
    if (r <= 0) {
      dpu_parts_free(&children);
      if (r < 0) return -1;
      ps->v[best].whole = true;
      continue;
    }
    /* The children in the part's place, the parts after it shifted. */
    if (ensure((void **)&ps->v, &ps->cap, ps->n + children.n, sizeof *ps->v) != 0) {
      dpu_parts_free(&children);
      *status = DPU_EXPLORE_FAILED;
      return -1;
    }
    free(ps->v[best].v);
    memmove(&ps->v[best + children.n], &ps->v[best + 1], (ps->n - best - 1) * sizeof *ps->v);
    memcpy(&ps->v[best], children.v, children.n * sizeof *ps->v);
    ps->n += children.n - 1;
    free(children.v);
    info->splits++;
  }
  return 0;
}

/* Splits every part, level by level, until there are `target` parts or none splits further:
 * a level splits all its parts, so that the parts of one level, made the same way, are of
 * similar sizes (a symmetric program's are equal), and their children take their place in the
 * numbering. The split's runs are bounded by DPU_SPLIT_MAX_TOTAL (runs, not time, so that
 * every shard stops at the same point). Returns 0, or -1 with *status set. */
static int split(struct split *s, uint32_t target, struct dpu_parts *ps,
                 struct dpu_split_info *info, enum dpu_explore_status *status) {
  if (!parts_push(ps, NULL, 0, 0)) return -1;
  while (ps->n < target) {
    struct dpu_parts next = {0};
    bool any = false;
    for (uint32_t i = 0; i < ps->n; i++) {
      const struct dpu_part *k = &ps->v[i];
      int r = k->whole ? 0 : split_deep(s, k, &next, status);
      struct dpu_part *same = r == 0 ? parts_push(&next, k->v, k->n, k->nevents) : NULL;
      if (r < 0 || (r == 0 && !same)) {
        if (r == 0) *status = DPU_EXPLORE_FAILED;
        dpu_parts_free(&next);
        return -1;
      }
      if (same) same->whole = true;
      if (r > 0) info->splits++;
      any |= r > 0;
    }
    dpu_parts_free(ps);
    *ps = next;
    if (!any) break;
  }
  return refine(s, target, ps, info, status);
}

int dpu_split_parts(struct dpu_executor *exec, const struct dpu_explore_options *o,
                    uint32_t target, struct dpu_parts *ps, struct dpu_split_info *info,
                    enum dpu_explore_status *status) {
  *info = (struct dpu_split_info){0};
  struct split s = {.exec = exec, .o = o, .so = *o,
                    .max_runs = DPU_SPLIT_MAX_TOTAL, .max_events = DPU_SPLIT_MAX_EVENTS};
  if (!o->shards && DPU_SPLIT_JOBS_RUNS * o->workers < s.max_runs) {
    s.max_runs = DPU_SPLIT_JOBS_RUNS * o->workers;
    s.max_events = DPU_SPLIT_JOBS_EVENTS * o->workers;
  }
  s.so.stop_on_defect = false;
  /* With -j, a split run that takes DPU_SPLIT_JOBS_RUN_TIMEOUT s ends the split (spent): the
   * exploration runs it again anyway, with the user's --run-timeout, and a program whose
   * thread never ends paid that twice. Not with --shard: a bound in time could end the split
   * at different points in different shards. */
  double run_timeout = exec->run_timeout;
  if (!o->shards && (run_timeout <= 0 || run_timeout > DPU_SPLIT_JOBS_RUN_TIMEOUT))
    exec->run_timeout = DPU_SPLIT_JOBS_RUN_TIMEOUT;
  double t0 = dpu_now();
  /* The split makes an unfolding and an explorer per part it tries, each with arrays of
   * DPU_PES_MAX_OBJECTS entries that it barely touches: with glibc's dynamic threshold, once
   * such an array is freed the next ones come from the heap and calloc clears them whole
   * (90% of the split's instructions on DISP(5,4), callgrind); a fixed threshold keeps them
   * mmapped, zeroed by the kernel page by page as touched. */
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  int sr = split(&s, target, ps, info, status);
  exec->run_timeout = run_timeout;
  info->runs = s.c.runs;
  info->asymmetric = s.c.asymmetric != 0;
  info->seconds = dpu_now() - t0;
  if (getenv("DPU_SPLIT_DEBUG"))
    fprintf(stderr, "dpu: split: %llu runs, %llu events, %.3f s\n", (unsigned long long)s.c.runs,
            (unsigned long long)s.c.events, info->seconds);
  info->parts = ps->n;
  return sr;
}
