/* --shard=I/N: the split into parts and the exploration of one shard's parts; see split.h for
 * what a part is and why the parts partition the traces. */
#include "split.h"

#include <stdio.h>
#include <string.h>

#include "qpor_impl.h"
#include "../report/progress.h"

/* A part: the replay of its configuration K, which makes `nevents` events. */
struct part {
  struct dpu_replay_step *v;
  uint32_t n, nevents;
  bool whole; /* no split found for it: it stays as it is */
};

struct parts {
  struct part *v;
  uint32_t n, cap;
};

static void parts_free(struct parts *ps) {
  for (uint32_t i = 0; i < ps->n; i++) free(ps->v[i].v);
  free(ps->v);
  *ps = (struct parts){0};
}

/* Appends a part whose replay is steps[0, n) (copied). Returns it, NULL if out of memory. */
static struct part *parts_push(struct parts *ps, const struct dpu_replay_step *steps, uint32_t n,
                               uint32_t nevents) {
  if (ensure((void **)&ps->v, &ps->cap, ps->n + 1, sizeof *ps->v) != 0) return NULL;
  struct part *p = &ps->v[ps->n];
  /* One step more than n: a child's replay appends its events to its parent's. */
  p->v = malloc((n + 1) * sizeof *p->v);
  if (!p->v) return NULL;
  if (n) memcpy(p->v, steps, n * sizeof *p->v);
  p->n = n, p->nevents = nevents, p->whole = false;
  ps->n++;
  return p;
}

/* ---- the probe: which lock to split at ---------------------------------------------------- */

#define MAX_CANDIDATES 3

/* A lock that a part's first run takes of a mutex or spin lock (at address addr) that K leaves
 * free: its last event in K is at depth `depth` of its tree. */
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

static bool takes_a_lock(uint8_t op) {
  return op == DPU_OP_MUTEX_LOCK || op == DPU_OP_MUTEX_TRYLOCK || op == DPU_OP_MUTEX_TIMEDLOCK ||
         op == DPU_OP_SPIN_LOCK || op == DPU_OP_SPIN_TRYLOCK;
}

/* Whether x is NULL or an event of K (a frame below the floor). */
static bool in_k(const struct qpor *q, const struct dpu_event *x) {
  return !x || (x->in_c && x->cframe < q->floor);
}

/* The probe's leaf: the first locks of objects that K leaves free, in the order the run took
 * them. Stops after the first run. */
static int probe_leaf(struct qpor *q, void *arg) {
  struct probe *pr = arg;
  const struct dpu_event_rec *rec = dpu_shm_records(q->exec->shm);
  for (uint32_t f = q->floor; f < q->n && pr->n < MAX_CANDIDATES; f++) {
    const struct dpu_event *e = q->ev[f];
    if (!takes_a_lock(e->op) || !in_k(q, e->pre_obj) || (e->pre_obj && e->pre_obj->st.owner))
      continue;
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
  const struct part *parent;
  uint64_t addr;
  struct parts *children;
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
  const struct part *k = fz->parent;
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
  struct part *c = parts_push(fz->children, steps, n, nevents + 1);
  free(steps);
  return c ? 0 : -1;
}

static int frozen_leaf(struct qpor *q, void *arg) {
  struct frozen *fz = arg;
  const struct dpu_run_result *res = &q->exec->shm->result;
  bool waits = false;
  if (res->end == DPU_END_DEADLOCK)
    for (uint32_t i = 0; i < res->nblocked; i++) {
      if (res->blocked[i].obj != fz->addr || (dpu_op_flags[res->blocked[i].op] & DPU_OPF_THREAD))
        continue;
      waits = true;
      if (add_child(q, fz, res->blocked[i].tid) != 0) {
        fz->oom = true;
        return 1;
      }
    }
  if (!waits) fz->refused = true;
  return !waits;
}

/* ---- splitting a part --------------------------------------------------------------------- */

struct split {
  struct dpu_executor *exec;
  struct dpu_report *r;
  const struct dpu_explore_options *o;
  const struct dpu_qpor_options *qo;
  struct dpu_explore_options so; /* o with the split's own run limit */
  struct dpu_counts c;           /* the split's runs */
  struct dpu_qpor_stats st;
};

/* Whether the user's limits (time, interrupt) ended the split: then nothing is explored, as
 * the shards could no longer agree on the parts. */
static bool stopped(const struct split *s) {
  return (s->o->deadline > 0 && dpu_now() >= s->o->deadline) ||
         (s->o->interrupted && *s->o->interrupted);
}

/* Splits part k into *children (appended). Returns 1 if split, 0 if k stays whole, -1 on an
 * error (out of memory, the executor failed, or the user's limits: *status says which). */
static int split_part(struct split *s, const struct part *k, struct parts *children,
                      enum dpu_explore_status *status) {
  struct probe pr = {0};
  bool halt;
  struct qpor_part qp = {.prefix = k->v, .nprefix = k->n, .nevents = k->nevents,
                         .leaf = probe_leaf, .arg = &pr};
  uint64_t runs0 = s->c.runs;
  s->so.max_runs = runs0 + 1;
  enum dpu_explore_status st = qpor_explore_part(s->exec, s->r, &s->so, s->qo, &s->c, &s->st, &qp,
                                                 &halt);
  if (st == DPU_EXPLORE_FAILED || stopped(s)) {
    *status = st == DPU_EXPLORE_FAILED ? st : DPU_EXPLORE_INCOMPLETE;
    return -1;
  }
  for (unsigned i = 0; i < pr.n; i++) {
    uint32_t before = children->n;
    struct frozen fz = {.parent = k, .addr = pr.c[i].addr, .children = children};
    qp = (struct qpor_part){.prefix = k->v, .nprefix = k->n, .nevents = k->nevents,
                            .leaf = frozen_leaf, .arg = &fz, .freeze = true,
                            .freeze_addr = pr.c[i].addr, .freeze_depth = pr.c[i].depth,
                            .freeze_tid = pr.c[i].tid, .freeze_op = pr.c[i].op};
    s->so.max_runs = s->c.runs + DPU_SPLIT_MAX_RUNS;
    st = qpor_explore_part(s->exec, s->r, &s->so, s->qo, &s->c, &s->st, &qp, &halt);
    free(fz.seen);
    if (st == DPU_EXPLORE_FAILED || fz.oom || stopped(s)) {
      *status = st == DPU_EXPLORE_FAILED || fz.oom ? DPU_EXPLORE_FAILED : DPU_EXPLORE_INCOMPLETE;
      return -1;
    }
    /* Complete (every run of the frozen program ended with its threads blocked, the object's
     * waiters found in each) or not used at all. */
    if (st == DPU_EXPLORE_COMPLETE && !fz.refused && children->n > before) return 1;
    for (uint32_t c = before; c < children->n; c++) free(children->v[c].v);
    children->n = before;
  }
  return 0;
}

/* Splits the parts level by level until there are `target` or none splits. Returns 0, or -1
 * with *status set. */
static int split(struct split *s, uint32_t target, struct parts *ps, struct dpu_split_info *info,
                 enum dpu_explore_status *status) {
  if (!parts_push(ps, NULL, 0, 0)) return -1;
  while (ps->n < target) {
    struct parts next = {0};
    bool any = false;
    for (uint32_t i = 0; i < ps->n; i++) {
      const struct part *k = &ps->v[i];
      int r = k->whole ? 0 : split_part(s, k, &next, status);
      if (r < 0) {
        parts_free(&next);
        return -1;
      }
      any |= r > 0;
      if (r == 0) {
        struct part *same = parts_push(&next, k->v, k->n, k->nevents);
        if (!same) {
          parts_free(&next);
          *status = DPU_EXPLORE_FAILED;
          return -1;
        }
        same->whole = true;
      }
    }
    parts_free(ps);
    *ps = next;
    if (!any) break;
    info->levels++;
  }
  return 0;
}

enum dpu_explore_status qpor_explore_shard(struct dpu_executor *exec, struct dpu_report *r,
                                           const struct dpu_explore_options *o,
                                           const struct dpu_qpor_options *qo,
                                           struct dpu_counts *c, struct dpu_qpor_stats *st) {
  struct dpu_split_info scratch = {0}, *info = qo->split ? qo->split : &scratch;
  *info = (struct dpu_split_info){0};
  struct split s = {.exec = exec, .r = r, .o = o, .qo = qo, .so = *o};
  s.so.stop_on_defect = false;
  struct parts ps = {0};
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  double t0 = dpu_now();
  int sr = split(&s, qo->shards * DPU_SPLIT_PARTS_PER_SHARD, &ps, info, &status);
  info->runs = s.c.runs;
  info->seconds = dpu_now() - t0;
  info->parts = ps.n;
  if (sr != 0) {
    if (status == DPU_EXPLORE_FAILED) fprintf(stderr, "dpu: error: the split for --shard failed\n");
    parts_free(&ps);
    return status;
  }
  for (uint32_t i = qo->shard; i < ps.n; i += qo->shards) info->mine++;
  for (uint32_t i = qo->shard; i < ps.n; i += qo->shards) {
    bool halt;
    const struct part *k = &ps.v[i];
    struct qpor_part qp = {.prefix = k->v, .nprefix = k->n, .nevents = k->nevents};
    enum dpu_explore_status pst = qpor_explore_part(exec, r, o, qo, c, st, &qp, &halt);
    if (pst != DPU_EXPLORE_COMPLETE) status = pst;
    if (halt) break;
    info->explored++;
  }
  parts_free(&ps);
  return status;
}
