/* --shard=I/N: the parts of the split (split.c) dealt to the shards, and one shard's parts
 * explored, with the estimate of the whole exploration's size on the progress line. */
#include "split.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpor_impl.h"

/* splitmix64's finaliser: a fixed shuffle of part numbers. */
static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static const struct dpu_parts *sort_parts; /* for by_size (qsort has no argument) */

/* qsort: part numbers, those with the smallest K first (their traces are the most: see
 * estimate()), ties in a fixed shuffled order. */
static int by_size(const void *a, const void *b) {
  uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
  uint32_t ki = sort_parts->v[i].nevents, kj = sort_parts->v[j].nevents;
  if (ki != kj) return ki < kj ? -1 : 1;
  uint64_t hi = mix(i), hj = mix(j);
  return (hi > hj) - (hi < hj);
}

/* The part numbers into order[0, ps->n), in by_size's order. */
static void sort_by_size(const struct dpu_parts *ps, uint32_t *order) {
  for (uint32_t i = 0; i < ps->n; i++) order[i] = i;
  sort_parts = ps;
  qsort(order, ps->n, sizeof *order, by_size);
}

/* Deals the parts to n shards: shard[i] for part i. In the order of by_size, back and forth
 * (0, 1, ..., n-1, n-1, ..., 0, 0, 1, ...): every shard gets as many parts as another, give or
 * take one, and as many of the largest. Round-robin in the parts' own order gave one shard the
 * same child of every split whenever n and the number of children share a factor (MPC(3,5),
 * 16 shards: the largest shard held 1.93× the mean); a hash alone, parts of equal size in
 * unequal numbers (PI(8), 8 shards: 1.21×; bench/README.md). order[] gets the parts in
 * by_size's order. */
static void deal(const struct dpu_parts *ps, uint32_t n, uint32_t *order, uint32_t *shard) {
  sort_by_size(ps, order);
  for (uint32_t j = 0; j < ps->n; j++) {
    uint32_t round = j / n, pos = j % n;
    shard[order[j]] = round % 2 ? n - 1 - pos : pos;
  }
}

/* The whole exploration's traces, estimated from the parts explored so far: mine[0, done)
 * (part numbers), part mine[d] holding traces[d] (counted, or estimated while it is explored:
 * -j). A part's traces fall about geometrically
 * with the events its K decided (DISP(5,4): 25 events, 900-1,500 traces; 55 events, 10-90; a
 * symmetric program's parts of one level are equal), so ln(traces) is fitted to a line in K's
 * events by least squares over the parts explored, and every other part of every shard is
 * given the line's value (the mean, when the explored K's are all of one size or the slope is
 * not negative). 0 before the first part is explored. */
static double estimate(const struct dpu_parts *ps, const uint32_t *mine, const double *traces,
                       uint32_t done) {
  if (!done) return 0;
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = done, known = 0;
  for (uint32_t d = 0; d < done; d++) {
    double x = ps->v[mine[d]].nevents, y = log(traces[d] >= 1 ? traces[d] : 1.0);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
    known += traces[d];
  }
  double var = sxx - sx * sx / n, slope = var > 0 ? (sxy - sx * sy / n) / var : 0;
  double rest = 0; /* the parts not explored: all parts, less those explored */
  for (uint32_t i = 0; i < ps->n; i++)
    rest += slope < 0 ? exp(sy / n + slope * (ps->v[i].nevents - sx / n)) : known / n;
  for (uint32_t d = 0; d < done; d++)
    rest -= slope < 0 ? exp(sy / n + slope * (ps->v[mine[d]].nevents - sx / n)) : known / n;
  return known + (rest > 0 ? rest : 0);
}

/* This shard's parts in the order to explore them: from deal()'s order (smallest K first),
 * alternately from its two ends, so that the estimate's line has parts of both sizes from the
 * second part on (DISP(5,4): 516 traces estimated after its smallest part, 15,282 in all).
 * Into mine[], returns how many. */
static uint32_t shard_order(const uint32_t *order, const uint32_t *shard, uint32_t nparts,
                            uint32_t me, uint32_t *mine) {
  uint32_t n = 0;
  for (uint32_t j = 0; j < nparts; j++)
    if (shard[order[j]] == me) mine[n++] = order[j];
  uint32_t *tmp = malloc((n + 1) * sizeof *tmp);
  if (!tmp) return n; /* the order of deal() then: no worse than that */
  for (uint32_t a = 0, b = n, d = 0; d < n; d++) tmp[d] = d % 2 ? mine[--b] : mine[a++];
  memcpy(mine, tmp, n * sizeof *mine);
  free(tmp);
  return n;
}

enum dpu_explore_status qpor_explore_shard(struct dpu_executor *exec,
                                           const struct dpu_explore_options *o,
                                           struct dpu_explore_result *res) {
  struct dpu_split_info *info = &res->split;
  struct dpu_counts *c = &res->counts;
  const struct dpu_explore_sink *sink = &o->sink;
  struct dpu_parts ps = {0};
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  if (dpu_split_parts(exec, o, o->shards * DPU_SPLIT_PARTS_PER_SHARD, &ps, info,
                      &status) != 0) {
    if (status == DPU_EXPLORE_FAILED) fprintf(stderr, "dpu: error: the split for --shard failed\n");
    dpu_parts_free(&ps);
    return status;
  }
  uint32_t *shard = malloc((ps.n + 1) * sizeof *shard), *order = malloc((ps.n + 1) * sizeof *order);
  uint32_t *mine = malloc((ps.n + 1) * sizeof *mine);
  double *traces = malloc((ps.n + 1) * sizeof *traces);
  if (!shard || !order || !mine || !traces) {
    status = DPU_EXPLORE_FAILED;
  } else {
    deal(&ps, o->shards, order, shard);
    info->mine = shard_order(order, shard, ps.n, o->shard, mine);
  }
  for (uint32_t d = 0; status != DPU_EXPLORE_FAILED && d < info->mine; d++) {
    bool halt;
    const struct dpu_part *k = &ps.v[mine[d]];
    struct qpor_part qp = {.prefix = k->v, .nprefix = k->n, .nevents = k->nevents};
    uint64_t before = c->max_configs + c->ssbs + c->cut;
    if (sink->parts) sink->parts(sink->arg, d, info->mine, estimate(&ps, mine, traces, d));
    enum dpu_explore_status pst = qpor_explore_part(exec, o, c, &res->stats, &qp, &halt);
    traces[d] = (double)(c->max_configs + c->ssbs + c->cut - before);
    if (getenv("DPU_SPLIT_DEBUG")) /* for dpu's developers: the parts' sizes, the estimate */
      fprintf(stderr, "dpu: split: part %u: %u events in K%s, %llu traces; estimate %.0f\n",
              mine[d], k->nevents, k->whole ? " (splits no further)" : "",
              (unsigned long long)traces[d], estimate(&ps, mine, traces, d + 1));
    if (pst != DPU_EXPLORE_COMPLETE) status = pst;
    if (halt) break;
    info->explored++;
  }
  if (sink->parts) sink->parts(sink->arg, 0, 0, 0);
  free(mine), free(traces), free(shard), free(order);
  dpu_parts_free(&ps);
  return status;
}

/* ---- -j N over parts ---------------------------------------------------------------------- */

/* The workers of -j over parts: each takes the next part, largest first (by_size's order), and
 * explores it with its own runner and unfolding; they share the counts and the sink under
 * `lock` (qpor.acct), and stop all when one stops (a limit, --stop-on-defect). */
struct jobs {
  pthread_mutex_t lock;
  /* The runner's table of canonical thread ids after the split (protocol.h, dpu_shm): a
   * region's table grows with the threads its runs meet first, so two regions number the
   * threads of different parts differently, and a part's replay (numbered by region 0's split)
   * would not be followed. Each part starts from this copy. */
  uint32_t nids;
  struct dpu_thread_id ids[DPU_MAX_THREADS];
  const struct dpu_parts *ps;
  const uint32_t *order;
  uint32_t next;
  volatile bool stop;
  enum dpu_explore_status status;
  const struct dpu_explore_options *o;
  struct dpu_explore_result *res; /* counts and stats; each worker sums its stats at its end */
  /* The estimate (estimate.c): est[i], part i's leaves estimated while it is explored and
   * counted once it is, -1 before it starts; pe[i] the argument of part i's callback; idx and
   * val, scratch for estimate(). */
  double *est, *val;
  uint32_t *idx;
  struct part_est *pe;
};

struct part_est {
  struct jobs *js;
  uint32_t part;
};

/* qpor.estimated for the parts of -j (under js->lock): the exploration's traces are the parts'
 * estimates, and for the parts not started, estimate()'s fit of those. */
static void job_estimated(void *arg, double leaves) {
  struct part_est *pe = arg;
  struct jobs *js = pe->js;
  js->est[pe->part] = leaves;
  uint32_t n = 0;
  for (uint32_t i = 0; i < js->ps->n; i++)
    if (js->est[i] >= 0) js->idx[n] = i, js->val[n++] = js->est[i];
  js->res->counts.estimate = estimate(js->ps, js->idx, js->val, n);
}

struct job {
  struct jobs *js;
  struct dpu_executor *exec;
};

/* How bad an end is, to keep the worst of the workers'. */
static int badness(enum dpu_explore_status s) {
  return s == DPU_EXPLORE_FAILED ? 3 : s == DPU_EXPLORE_STOPPED ? 2 : s == DPU_EXPLORE_INCOMPLETE;
}

static void *job_main(void *arg) {
  struct job *jb = arg;
  struct jobs *js = jb->js;
  struct dpu_qpor_stats st = {0};
  dpu_executor_pin_thread(jb->exec);
  for (;;) {
    pthread_mutex_lock(&js->lock);
    if (js->stop || js->next == js->ps->n) {
      pthread_mutex_unlock(&js->lock);
      break;
    }
    uint32_t part = js->order[js->next++];
    const struct dpu_part *k = &js->ps->v[part];
    pthread_mutex_unlock(&js->lock);
    struct dpu_shm *shm = jb->exec->shm;
    memcpy(shm->thread_ids, js->ids, js->nids * sizeof *js->ids);
    shm->nthread_ids = js->nids;
    struct qpor_part qp = {.prefix = k->v, .nprefix = k->n, .nevents = k->nevents,
                           .acct = &js->lock, .stop = &js->stop};
    if (js->pe) qp.estimated = job_estimated, qp.est_arg = &js->pe[part];
    bool halt;
    enum dpu_explore_status pst =
        qpor_explore_part(jb->exec, js->o, &js->res->counts, &st, &qp, &halt);
    pthread_mutex_lock(&js->lock);
    if (!js->stop) { /* the first to stop says why; the others stopped because it did */
      if (badness(pst) > badness(js->status)) js->status = pst;
      if (halt) js->stop = true;
    }
    pthread_mutex_unlock(&js->lock);
  }
  pthread_mutex_lock(&js->lock);
  qpor_stats_add(&js->res->stats, &st);
  pthread_mutex_unlock(&js->lock);
  return NULL;
}

enum dpu_explore_status qpor_explore_jobs(struct dpu_executor *exec,
                                          const struct dpu_explore_options *o,
                                          struct dpu_explore_result *res) {
  struct dpu_split_info info;
  struct dpu_parts ps = {0};
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  int sr = dpu_split_parts(exec, o, o->workers * DPU_SPLIT_PARTS_PER_SHARD, &ps, &info,
                           &status);
  /* for --stats: every exploration's split (a racy program has several) */
  res->split.runs += info.runs;
  res->split.seconds += info.seconds;
  res->split.parts = info.parts;
  if (info.asymmetric) res->counts.asymmetric = 1; /* explored again without symmetry */
  if (sr != 0) {
    dpu_parts_free(&ps);
    return status;
  }
  uint32_t *order = malloc((ps.n + 1) * sizeof *order);
  if (ps.n < o->workers || !order) { /* too few parts: workers sharing one unfolding */
    free(order);
    dpu_parts_free(&ps);
    return qpor_explore_workers(o, res);
  }
  sort_by_size(&ps, order); /* the largest first */
  res->stats.parts += ps.n;
  static struct jobs js; /* (its table of ids is large) */
  js = (struct jobs){.ps = &ps, .order = order, .o = o, .res = res};
  js.est = malloc(ps.n * sizeof *js.est), js.val = malloc(ps.n * sizeof *js.val);
  js.idx = malloc(ps.n * sizeof *js.idx), js.pe = malloc(ps.n * sizeof *js.pe);
  if (!js.est || !js.val || !js.idx || !js.pe) { /* no estimate, then */
    free(js.est), free(js.val), free(js.idx), free(js.pe);
    js.pe = NULL;
  } else {
    for (uint32_t i = 0; i < ps.n; i++) js.est[i] = -1, js.pe[i] = (struct part_est){&js, i};
  }
  js.nids = exec->shm->nthread_ids;
  memcpy(js.ids, exec->shm->thread_ids, js.nids * sizeof *js.ids);
  pthread_mutex_init(&js.lock, NULL);
  struct job jobs[DPU_MAX_EXECUTORS];
  pthread_t threads[DPU_MAX_EXECUTORS];
  unsigned started = 1;
  for (unsigned i = 0; i < o->workers && i < DPU_MAX_EXECUTORS; i++)
    jobs[i] = (struct job){&js, i ? &o->execs[i] : exec};
  for (; started < o->workers && started < DPU_MAX_EXECUTORS; started++)
    if (pthread_create(&threads[started], NULL, job_main, &jobs[started]) != 0) break;
  job_main(&jobs[0]);
  dpu_executor_unpin_thread();
  for (unsigned i = 1; i < started; i++) pthread_join(threads[i], NULL);
  pthread_mutex_destroy(&js.lock);
  if (js.pe) free(js.est), free(js.val), free(js.idx), free(js.pe);
  free(order);
  dpu_parts_free(&ps);
  return js.status;
}
