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
#include "qpor_impl.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "bound.h"
#include "dot.h"
#include "fingerprint.h"

static void oom(void) {
  fprintf(stderr, "dpu: error: out of memory in the QPOR explorer\n");
}

/* ---- runs -------------------------------------------------------------------------------- */

/* Replays e_0..e_{j-1} then the events list[0..nl) (their threads), and continues freely. */
static enum dpu_run_status run(struct qpor *q, uint32_t j, struct dpu_event **list, uint32_t nl) {
  uint32_t nr = 0;
  if (q->nfirst) { /* a part's first run (split.c): its K */
    memcpy(q->replay, q->first, q->nfirst * sizeof *q->replay);
    nr = q->nfirst;
    q->nfirst = 0;
  }
  for (uint32_t i = 0; i < j + nl; i++) {
    const struct dpu_event *e = i < j ? q->ev[i] : list[i - j];
    /* A step ends at a chosen outcome, which it carries (a signal's thread to wake, a nondet
     * value). */
    dpu_replay_push(q->replay, &nr, e->tid, dpu_op_choice(e->op, e->result));
  }
  if (q->pool) return qpor_workers_run(q, j, nr);
  return dpu_executor_run(q->exec, q->replay, nr, q->o->deadline);
}

/* Accounts a run that reached a maximal configuration, and hands it to the sink. Returns 1 if
 * it showed a new defect. */
static int finish_run(struct qpor *q) {
  struct dpu_shm *shm = q->exec->shm;
  const struct dpu_explore_sink *sink = &q->o->sink;
  if (q->o->preemptions_from) { /* --preemptions=A..B: a trace of a lower bound's? */
    uint32_t level = 0;
    for (uint32_t i = 0; i < q->n; i++)
      if (q->ev[i]->lb > level) level = q->ev[i]->lb;
    if (level < q->o->preemptions_from) {
      q->c->repeated++;
      return 0;
    }
  }
  q->c->max_configs++;
  q->traces++;
  q->c->cutoff_ended = ++q->u->cut.ended; /* (with cutoffs: no cutoff cut it) */
  if (!sink->trace) return 0;
  uint8_t fp[DPU_FP_BYTES];
  bool print = sink->fingerprints && dpu_fingerprint(dpu_shm_records(shm), shm->nevents, fp) == 0;
  struct dpu_run run;
  dpu_run_decode(shm, &run);
  /* last: it may run the program again, on this explorer's executor (-j: the worker's) */
  return sink->trace(sink->arg, q->exec, &run, print ? fp : NULL);
}

/* Says once per exploration that a run stopped at the bound (--preemptions) showed a defect
 * (its end; nothing if it showed none) past it: the bound's result stands (a defect is reported at the bound that reaches it), but
 * the user learns that the program has one. A user's thread pool: the free runs' fair turns
 * (runtime/sched.c take_turns) are preemptions, every run left E_0, and the misuse that the
 * unbounded exploration reports in its first run went unsaid at --preemptions=0. */
static void note_past_bound(struct qpor *q, const struct dpu_shm *shm) {
  static atomic_bool said;
  const struct dpu_run_result *res = &shm->result;
  if (!dpu_end_is_defect(res->end) || atomic_exchange(&said, true)) return;
  char head[280];
  snprintf(head, sizeof head, "a run past the bound (more preemptions than --preemptions=%u) "
           "showed a defect (%.200s)", q->o->preemptions, res->msg);
  const char *tail = ": not reported, as it is past the bound; a higher bound or none explores "
                     "it";
  const struct dpu_explore_sink *k = &q->o->sink;
  if (k->say_site && res->site)
    k->say_site(k->arg, true, "defect-past-bound", res->site, head, tail);
  else dpu_explore_say(k, true, "defect-past-bound", "%s%s", head, tail);
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
  if (st->parts)
    fprintf(f, "dpu: stats: workers: %llu parts of the split explored at once\n",
            (unsigned long long)st->parts);
  if (st->handed || st->deferred)
    fprintf(f, "dpu: stats: workers: %llu subtrees handed over, %llu Alt calls deferred, %llu "
               "made again\n", (unsigned long long)st->handed, (unsigned long long)st->deferred,
            (unsigned long long)st->rechecked);
}

int qpor_init(struct qpor *q) {
  q->cap = q->exec->shm->records_cap;
  q->ev = malloc(q->cap * sizeof *q->ev);
  q->pos_next = malloc(q->cap * sizeof *q->pos_next);
  q->replay = malloc((q->cap + 1) * sizeof *q->replay);
  q->cmax_o = calloc(DPU_PES_MAX_OBJECTS, sizeof *q->cmax_o);
  q->chain_o = calloc(DPU_PES_MAX_OBJECTS, sizeof *q->chain_o);
  if (!q->ev || !q->pos_next || !q->replay || !q->cmax_o || !q->chain_o) return -1;
  return 0;
}

/* Counts (and warns once) when the events of the run processed from frame `from` are not the
 * alternative expect[0..n) it was to replay. A run stopped by the clock (--run-timeout, or the
 * split's shorter limit, under a loaded machine) before it got there is no such run: where it
 * stopped depends on the time, not on the program; nor is one stopped by --max-steps within
 * its replay. */
static void check_replay(struct qpor *q, uint32_t from, struct dpu_event **expect, uint32_t n) {
  const struct dpu_run_result *res = &q->exec->shm->result;
  bool timed_out = res->end == DPU_END_HANG_TIME ||
                   (res->end == DPU_END_LIMIT && res->code == DPU_LIMIT_STEPS);
  /* An event of the list that this run found to be a cutoff (cutoff.h) ends the frames
   * there: its alternative was chosen before it was known to be one. */
  if (q->at_cutoff && q->n < from + n) n = q->n > from ? q->n - from : 0;
  for (uint32_t i = 0; i < n; i++)
    if (from + i >= q->n ? !timed_out : q->ev[from + i] != expect[i]) {
      q->st->replay_mismatch++;
      if (getenv("DPU_DEBUG_MISMATCH")) { /* for dpu's developers: what differed */
        fprintf(stderr, "mismatch at %u of %u:\n", i, n);
        for (uint32_t k = 0; k < n; k++) {
          struct dpu_event *x = expect[k], *y = from + k < q->n ? q->ev[from + k] : NULL;
          fprintf(stderr, "  want #%u(pt #%d) T%u op %u res %u aux %llu | got T%d op %d res %d aux %llu\n", x->id, x->pre_thread ? (int)x->pre_thread->id : -1,
                  x->tid, x->op, x->result, (unsigned long long)x->aux, y ? y->tid : -1,
                  y ? y->op : -1, y ? y->result : -1, y ? (unsigned long long)y->aux : 0ull);
        }
      }
      /* said once per process, whatever the workers */
      dpu_explore_say(&q->o->sink, false, "replay-mismatch", "a replay did not produce the "
                      "events the unfolding predicted (is the program deterministic?)");
      return;
    }
}

/* Refreshes the estimate of the exploration's size (estimate.c) at a leaf, every 16 leaves:
 * whose path is frames [0, n): into c->estimate, or through q->estimated for a part of -j's
 * split. The caller holds acct. */
static void update_estimate(struct qpor *q, uint32_t n) {
  if (q->leaf || (++q->leaves & 15) != 0) return;
  if (q->estimated) {
    double leaves = qpor_estimate_leaves(q, n, q->leaves);
    if (leaves > 0) q->estimated(q->est_arg, leaves);
    return;
  }
  /* The whole tree: not a part of --shard's, nor a subtree that -j's workers handed over (the
   * worker of the root estimates from its path, the leaves of every worker: those of handed
   * subtrees are to the right of its path, so it overestimates a little). */
  if (q->floor) return;
  const struct dpu_counts *c = q->c;
  uint64_t seen = q->pool ? c->max_configs + c->ssbs + c->cut : q->leaves;
  double leaves = qpor_estimate_leaves(q, n, seen);
  if (leaves > 0)
    q->c->estimate = leaves * (double)(q->pool ? c->max_configs : q->traces) / (double)seen;
}

/* Backtracks from frame *j: frames *j-1, *j-2, ...: Alt(C_i, D ∪ {e_i}) (Alg. 1 line 11), until
 * one has an alternative, whose frame is left in *j and events in q->jlist, with e_i added to
 * D. Returns the alternative's length, 0 if every frame was backtracked (the exploration is
 * done), -1 if out of memory. */
static int64_t backtrack(struct qpor *q, uint32_t *j) {
  while (*j > q->floor) {
    (*j)--;
    int64_t nj = qpor_alt_at(q, *j);
    if (nj < 0) return -1;
    if (nj > 0) return qpor_d_push(q, q->ev[*j], *j) != 0 ? -1 : nj;
    qpor_estimate_finished(q, *j);
  }
  return 0;
}

void qpor_collect_stats(struct qpor *q) {
  struct dpu_qpor_stats *st = q->st;
  /* Sums, so that --shard's parts, each in an unfolding of its own, add up. */
  uint64_t trees = q->u->pes.nthreads + q->u->pes.nobjects;
  if (trees > st->trees) st->trees = trees;
  if (q->u->pes.live > st->peak_live) st->peak_live = q->u->pes.live;
  for (const struct dpu_event *e = q->u->pes.events; e; e = e->next) {
    st->tree_nodes++;
    st->depth_sum += e->tnode.depth;
    if (e->tnode.depth > st->depth_max) st->depth_max = e->tnode.depth;
    if (e->obj != DPU_NO_OBJECT) {
      st->tree_nodes++;
      st->depth_sum += e->onode.depth;
      if (e->onode.depth > st->depth_max) st->depth_max = e->onode.depth;
    }
  }
  st->events += q->u->pes.nevents;
  st->cex_events += q->u->cex_created;
  if (q->u->pes.bytes > st->bytes) st->bytes = q->u->pes.bytes;
  st->causality_queries += q->u->pes.causality_stats.queries;
  st->conflict_queries += q->u->pes.conflict_stats.queries;
  st->tree_steps += q->u->pes.causality_stats.steps + q->u->pes.conflict_stats.steps;
  for (int b = 0; b < 33; b++)
    st->depth_hist[b] += q->u->pes.causality_stats.hist[b] + q->u->pes.conflict_stats.hist[b];
}

void qpor_stats_add(struct dpu_qpor_stats *dst, const struct dpu_qpor_stats *src) {
#define ADD(f) dst->f += src->f
#define MAX(f) dst->f = dst->f > src->f ? dst->f : src->f
  ADD(events), ADD(pruned), MAX(peak_live), ADD(cex_events), ADD(alt_calls), ADD(alt_found);
  ADD(candidates), ADD(parked), ADD(d_violations), ADD(replay_mismatch), MAX(max_depth);
  ADD(handed), ADD(deferred), ADD(rechecked), ADD(parts), MAX(bytes), ADD(explorer_seconds);
  ADD(causality_queries), ADD(conflict_queries), ADD(tree_steps), MAX(trees);
  ADD(tree_nodes), ADD(depth_sum), MAX(depth_max);
  for (int b = 0; b < 33; b++) ADD(depth_hist[b]);
#undef ADD
#undef MAX
}

void qpor_destroy(struct qpor *q) {
  free(q->ev), free(q->pos_next), free(q->replay);
  free(q->cmax_o), free(q->d);
  free(q->spikes), free(q->spike_start), free(q->pick), free(q->jlist), free(q->emark);
  free(q->wstack);
  for (uint32_t f = 0; f < q->nparks; f++) free(q->parks[f].p);
  for (unsigned t = 0; t < DPU_PES_MAX_THREADS; t++) free(q->chain_t[t].e);
  /* Chains exist for the objects of U only (qpor_c_add). */
  for (uint32_t o = 0; q->chain_o && q->u && o < q->u->pes.nobjects; o++) free(q->chain_o[o].e);
  free(q->chain_o);
  free(q->parks);
}

/* Accounts the run that ended with rs (explore.c's dpu_explore_ran). Returns whether it is to
 * be processed; if not, the exploration ends with *status. A run cut at the thread limit is a
 * prefix of real runs (DPU_LIMIT_THREADS): it is explored from as a leaf (*leaf_cut), so that
 * the interleavings of the first threads are, but it is no maximal configuration; so is a run
 * whose replay reached --max-steps (DPU_LIMIT_STEPS), so that every shorter trace is. Any other cut
 * ends the exploration. A prefix, cut or limited, makes *status incomplete. */
static bool run_usable(struct qpor *q, enum dpu_run_status rs, enum dpu_explore_status *status,
                       bool *leaf_cut) {
  struct dpu_shm *shm = q->exec->shm;
  bool cut = false;
  enum dpu_explore_status ended = dpu_explore_ran(rs, q->o, shm, q->c, &cut);
  *leaf_cut = false;
  if (ended != DPU_EXPLORE_COMPLETE) {
    *status = ended;
    return false;
  }
  *leaf_cut = cut && dpu_limit_is_leaf(shm->result.end, shm->result.code);
  if (shm->result.limited) *status = DPU_EXPLORE_INCOMPLETE; /* a prefix, even with a defect */
  if (cut) {
    *status = DPU_EXPLORE_INCOMPLETE;
    if (!*leaf_cut) {
      q->c->cut++;
      return false;
    }
  }
  return true;
}

/* The accounting lock of -j with parts (qpor.acct), if any. */
static inline void acct_lock(struct qpor *q) {
  if (q->acct) pthread_mutex_lock(q->acct);
}
static inline void acct_unlock(struct qpor *q) {
  if (q->acct) pthread_mutex_unlock(q->acct);
}

/* The unfolding has reached --max-memory (pes.c: dpu_pes_add, while a run was processed or an
 * alternative sought): says so once, and the exploration ends, incomplete; the traces and
 * defects found so far stand. */
static enum dpu_explore_status memory_limited(struct qpor *q) {
  acct_lock(q);
  if (!q->c->memory_limited++)
    dpu_explore_say(&q->o->sink, false, "memory-limit", "the unfolding's events reached "
                    "their limit of %.0f MiB (--max-memory, shared by -j's workers): the "
                    "exploration stops there (a smaller program, fewer locations or shorter "
                    "runs, or a larger --max-memory may let it go on)",
                    (double)q->u->pes.max_bytes / (1 << 20));
  acct_unlock(q);
  return DPU_EXPLORE_INCOMPLETE;
}

/* Whether the warning that a thread read one value more than MAX_READS_OF times
 * (explorer/unfold.c) was said: once per process, at the first such read's site. */
static atomic_bool reads_unexplored_said;

/* Whether the warning that a run's state fingerprints failed their check was said: once per
 * process. */
static atomic_bool state_failed_said;

/* Threads taken for symmetric were told apart (symmetry.h): the exploration stops, and the
 * caller explores again without symmetry (counts.asymmetric). Says why, once. */
static enum dpu_explore_status told_apart(struct qpor *q) {
  struct dpu_shm *shm = q->exec->shm;
  acct_lock(q);
  if (!q->c->asymmetric) {
    q->c->asymmetric = 1;
    dpu_explore_say(&q->o->sink, true, "symmetry", "%s: exploring again without symmetry "
                    "reduction", q->asym[0] ? q->asym : shm->sym_msg);
  }
  acct_unlock(q);
  return DPU_EXPLORE_INCOMPLETE;
}

/* The exploration cannot go on for want of memory: --max-memory's limit (memory_limited), or
 * the machine's, said (`say`) unless the caller has said it. */
static enum dpu_explore_status failed(struct qpor *q, bool say) {
  if (q->u->pes.over) return memory_limited(q);
  if (say) oom();
  return DPU_EXPLORE_FAILED;
}

enum dpu_explore_status qpor_explore(struct qpor *q, uint32_t from, struct dpu_event **list,
                                     uint32_t nl, bool *halt) {
  const struct dpu_explore_options *o = q->o;
  struct dpu_counts *c = q->c;
  struct dpu_qpor_stats *st = q->st;
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  *halt = true;
  /* Each iteration: process the last run from frame `from`, and decide the next run. */
  struct dpu_event **expect = list; /* the J the last run was to follow */
  uint32_t nexpect = nl;
  int64_t redirected_at = -1; /* frame of the last redirection, while it goes on */
  enum dpu_run_status rs = run(q, from, list, nl);
  for (;;) {
    if (q->pool && qpor_workers_stopped(q)) return status;
    struct dpu_shm *shm = q->exec->shm;
    bool leaf_cut;
    acct_lock(q);
    /* With -j over parts, another worker may have stopped the exploration, or reached
     * --max-runs, while this run went on: it is then not counted, so that the limit holds. */
    bool over = q->acct && o->max_runs && c->runs >= o->max_runs;
    bool usable = !(q->stop && *q->stop) && !over && run_usable(q, rs, &status, &leaf_cut);
    if (q->stop && *q->stop) status = DPU_EXPLORE_STOPPED; /* another part's explorer ended it */
    else if (over) status = DPU_EXPLORE_INCOMPLETE;
    acct_unlock(q);
    if (!usable) return status;
    struct dpu_event *redirect = NULL;
    int64_t m = qpor_process_run(q, from, &redirect);
    if (m < 0) return failed(q, false);
    if (__builtin_expect(q->u->symmetry && (q->asym[0] || shm->sym_told), 0))
      return told_apart(q);
    if (__builtin_expect(q->u->reads_unexplored != 0, 0) &&
        !atomic_exchange(&reads_unexplored_said, true)) { /* said once per process */
      char head[64];
      snprintf(head, sizeof head, "a thread read one value more than %u times",
               q->u->reads_unexplored);
      const char *tail = ": the orders of the writes after its earlier reads are not all "
                         "explored (if it polls there, each number of rounds is another "
                         "trace, and the exploration does not end by itself)";
      const struct dpu_explore_sink *k = &q->o->sink;
      if (k->say_site) k->say_site(k->arg, false, "reads-unexplored", q->u->reads_unexplored_site,
                                   head, tail);
      else dpu_explore_say(k, false, "reads-unexplored", "%s%s", head, tail);
    }
    q->u->reads_unexplored = 0;
    if (__builtin_expect(q->u->cutoffs && shm->state_failed, 0) &&
        !atomic_exchange(&state_failed_said, true))
      dpu_explore_say(&q->o->sink, false, "cutoffs-unseen", "cutoffs: %s: the events first "
                      "run then are no cutoffs, nor those after them (docs/cutoffs.md)",
                      shm->state_msg);
    if (q->u->pes.live > st->peak_live) st->peak_live = q->u->pes.live;
    /* Pruning frees events that other workers' paths, tasks and deferred calls hold: with -j,
     * only while the worker is alone. */
    if ((!q->pool || qpor_workers_alone(q)) && qpor_prune(q, redirect) != 0)
      return failed(q, true);
    if (expect) {
      check_replay(q, from, expect, nexpect);
      expect = NULL;
    }
    uint32_t j; /* the frame to backtrack from */
    acct_lock(q); /* c and r: to the end of the run's accounting */
    if (q->u->sym_groups) c->symmetric = 1;
    if (q->u->cutoffs) c->cutoff_events = q->u->cut.events;
    if ((uint32_t)m < q->floor) {
      /* An event of a part's K (split.c) lies outside E_sym: so does every trace of the part,
       * each a renaming of another part's (symmetry.h). Nothing to explore here. */
      DPU_ASSERT(q->at_bound);
      c->repeated++;
      acct_unlock(q);
      *halt = false;
      return status;
    }
    if ((uint32_t)m < shm->nevents) {
      /* The free run took an event of D, or one past the bound, at frame m. */
      if (!q->at_bound) st->d_violations++;
      /* A redirected run that again takes an event of D at the same frame did not follow the
       * redirection (a replay mismatch): count it as blocked rather than loop. */
      if (redirect && redirected_at == (int64_t)m) redirect = NULL;
      if (redirect && !(o->max_runs && c->runs >= o->max_runs)) {
        struct dpu_event *one[1] = {redirect};
        c->redirected++;
        acct_unlock(q);
        from = (uint32_t)m;
        redirected_at = m;
        rs = run(q, from, one, 1);
        continue;
      }
      if (q->at_bound && !q->bound_in_d && q->at_cutoff) {
        /* C_m is a maximal configuration of the cutoff-free unfolding: a trace of it */
        if (qpor_finish_cut_off(q) && o->stop_on_defect) {
          acct_unlock(q);
          return DPU_EXPLORE_STOPPED;
        }
      } else if (q->at_bound && !q->bound_in_d) {
        c->bounded++; /* C_m is maximal in E_B */
        note_past_bound(q, shm);
      } else {
        c->ssbs++; /* en(C_m) ⊆ D: line 5 */
      }
      j = (uint32_t)m;
    } else if (q->leaf) {
      if (q->leaf(q, q->leaf_arg)) return DPU_EXPLORE_STOPPED; /* (no acct: alone) */
      j = q->n;
    } else {
      if (leaf_cut) c->cut++; /* counted here: a cut run that took an event of D is an SSB */
      else if (finish_run(q) && o->stop_on_defect) {
        acct_unlock(q);
        return DPU_EXPLORE_STOPPED;
      }
      j = q->n;
    }
    update_estimate(q, j);
    /* The executor notices the deadline only when a run outlives its polling window; runs of
     * a few microseconds never do, so it is checked between runs too. */
    bool must_stop = dpu_explore_must_stop(o, c);
    acct_unlock(q);
    if (must_stop) return DPU_EXPLORE_INCOMPLETE;
    redirected_at = -1;
    int64_t nj = q->pool ? qpor_workers_backtrack(q, &j) : backtrack(q, &j);
    if (nj < 0) return failed(q, true);
    if (nj == 0) break; /* every frame backtracked: done */
    from = j;
    expect = q->jlist;
    nexpect = (uint32_t)nj;
    rs = run(q, j, q->jlist, (uint32_t)nj);
  }
  *halt = false;
  return status;
}

enum dpu_explore_status dpu_explore_qpor(struct dpu_executor *exec,
                                         const struct dpu_explore_options *o,
                                         struct dpu_explore_result *res) {
  dpu_model_set_spin_kinds(o->spin_kinds, o->nsites);
  if (o->shards) return qpor_explore_shard(exec, o, res);
  /* Bounded, the parts of the split (split.h) are not known to hold every trace within the
   * bound (difftest --bound with -j 2 lost some): the workers share one unfolding. */
  if (o->workers > 1)
    return o->dot || o->bounded || o->random_order || o->cutoffs || getenv("DPU_JOBS_SHARED")
               ? qpor_explore_workers(o, res)
               : qpor_explore_jobs(exec, o, res);
  if (o->random_order) { /* one worker of the pool, which takes its tasks at random */
    struct dpu_explore_options one = *o;
    one.execs = exec;
    return qpor_explore_workers(&one, res);
  }
  bool halt;
  struct qpor_part whole = {0};
  return qpor_explore_part(exec, o, &res->counts, &res->stats, &whole, &halt);
}

enum dpu_explore_status qpor_explore_part(struct dpu_executor *exec,
                                          const struct dpu_explore_options *o,
                                          struct dpu_counts *c, struct dpu_qpor_stats *st,
                                          const struct qpor_part *p, bool *halt) {
  struct qpor q;
  struct dpu_unfolding u;
  memset(&q, 0, sizeof q);
  q.exec = exec, q.o = o, q.c = c, q.st = st, q.u = &u;
  q.first = p->prefix, q.nfirst = p->nprefix, q.floor = p->nevents;
  q.leaf = p->leaf, q.leaf_arg = p->arg, q.acct = p->acct, q.stop = p->stop;
  q.estimated = p->estimated, q.est_arg = p->est_arg;
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  *halt = true;
  if (dpu_unf_init(&u, o->skip_step) != 0 || qpor_init(&q) != 0) {
    oom();
    status = DPU_EXPLORE_FAILED;
  } else {
    u.bound = dpu_bound_of(o->bounded, o->preemptions);
    u.symmetry = o->symmetry;
    u.cutoffs = o->cutoffs;
    u.pes.max_bytes = o->max_memory;
    if (p->freeze) { /* the object's index in this unfolding, before any run names it */
      uint32_t oi = dpu_unf_object(&u, p->freeze_tid, p->freeze_op, p->freeze_addr);
      dpu_model_freeze(oi, p->freeze_depth);
      exec->shm->frozen = 1;
      exec->shm->frozen_obj = p->freeze_addr;
    }
    status = qpor_explore(&q, 0, NULL, 0, halt); /* the first run: no replay but K's */
    if (status == DPU_EXPLORE_COMPLETE && !p->leaf && !p->acct) qpor_livelock(&q);
    if (q.estimated && status == DPU_EXPLORE_COMPLETE) { /* the part's leaves, counted */
      acct_lock(&q);
      q.estimated(q.est_arg, (double)q.leaves);
      acct_unlock(&q);
    }
    if (p->freeze) {
      dpu_model_freeze(DPU_NO_OBJECT, 0);
      exec->shm->frozen = 0;
    }
  }
  if (o->dot && !p->leaf && dpu_unf_write_dot(&u, o->dot) != 0)
    fprintf(stderr, "dpu: error: cannot write the --dot file\n");
  if (!p->leaf) qpor_collect_stats(&q);
  qpor_destroy(&q);
  dpu_unf_destroy(&u);
  return status;
}
