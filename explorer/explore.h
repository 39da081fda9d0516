/* What every explorer shares (docs/design.md §6): the options and limits of an exploration, the
 * sink through which its results flow up, how it ended, the bookkeeping after each run, the
 * building of replays, and --replay. The explorers themselves are dfs.h (exhaustive, the
 * oracle) and qpor.h (QPOR's Alg. 1). */
#ifndef DPU_EXPLORE_H
#define DPU_EXPLORE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../executor/executor.h"
#include "../executor/run.h"
#include "../protocol/protocol.h"
#include "../results/results.h"

struct dpu_fpset;

/* What an exploration hands up as it goes: its runs, its traces, what it warns of, its
 * progress. The explorers call these and know nothing of who listens (docs/design.md §9: the
 * frontend wires the reports in, frontend/sink.h). Every callback may be NULL: nothing is
 * handed up then. With -j, the workers call each but say one at a time (under the lock
 * that guards the counts); say, from any of them at once. */
struct dpu_explore_sink {
  void *arg;                                      /* every callback's first argument */
  /* Every run, explored trace or not (the split's too), once it is counted. */
  void (*ran)(void *arg, const struct dpu_run *run);
  /* A new trace (a maximal configuration): run, which exec's region holds. fp is the trace's
   * fingerprint (DPU_FP_BYTES bytes, explorer/fingerprint.h) when fingerprints is set, else
   * NULL (and always for --replay's run). The callee may run the trace again on exec (the
   * stacks of a data race it showed), so that the region holds another run when this
   * returns: explorers call it last. Returns whether the trace showed a new defect (for
   * --stop-on-defect). */
  bool (*trace)(void *arg, struct dpu_executor *exec, const struct dpu_run *run,
                const uint8_t *fp);
  bool fingerprints;                              /* trace wants fp (--print-traces) */
  /* A warning (note false) or a note for the user: id a short constant ("run-cut", as
   * report/warnings.h names them), text what follows "dpu: warning: ", without newline. The
   * explorers say a fact again whenever it happens: the callee says each text once. */
  void (*say)(void *arg, bool note, const char *id, const char *text);
  /* The same about call site `site` (passes/sites.h): the callee says head, then " at
   * FILE:LINE in FUNCTION", then tail, and keeps the location with it. NULL: said by say,
   * head and tail without the location. */
  void (*say_site)(void *arg, bool note, const char *id, uint32_t site, const char *head,
                   const char *tail);
  /* A run that did not follow its replay (DPU_END_DIVERGED): the runner's message msg and,
   * when it ended at a plain spin loop (DPU_DIVERGED_SPIN, runtime/plainspin.c), the sites of
   * its loads, spin[0, nspin). The run is cut short (dpu_run_was_cut). NULL: said as the
   * warning "run-cut". */
  void (*diverged)(void *arg, const char *msg, const uint32_t *spin, uint32_t nspin);
  /* Between runs (the progress line, a document's rewrite that waits). */
  void (*between_runs)(void *arg);
  /* --shard: this shard explores its part done + 1 of parts now; estimate > 0: the traces of
   * the whole exploration, all shards, estimated from the parts explored (explorer/shard.c).
   * All 0: its parts are explored. */
  void (*parts)(void *arg, uint32_t done, uint32_t parts, double estimate);
};

/* How to explore: the one struct the caller configures the explorers with (the caller's, read
 * only, alive while they run). Zero is every member's default but skip_step's, which QPOR
 * needs. */
struct dpu_explore_options {
  uint64_t max_runs;     /* 0 = no limit */
  uint32_t max_steps;    /* the runner's --max-steps (0: not known): the split (split.c) splits
                          * no part of more than half as many events, whose runs would be
                          * replays too long to tell a hang (runtime/sched.c) */
  double deadline;       /* absolute dpu_now() seconds, 0 = none */
  bool stop_on_defect;
  volatile sig_atomic_t *interrupted; /* if not NULL and non-zero (set by a signal handler):
                                       * stop before the next run */
  /* --preemptions=B (explorer/bound.h): explore the traces with at most `preemptions`
   * preemptions (QPOR: E_B, a superset of them; exhaustive: exactly them), when `bounded` */
  bool bounded;
  uint32_t preemptions;
  /* --preemptions=A..B deepens: the exploration of bound b > A yields only the traces that the
   * one of bound b - 1 did not (QPOR: those with an event whose lb is b; the others are runs
   * `repeated`), so the traces of all bounds add up. `from` is b for those, 0 otherwise;
   * `seen` (the caller's, kept from one bound to the next; NULL: none) the exhaustive
   * explorer's traces so far. */
  uint32_t preemptions_from;
  struct dpu_fpset *seen;
  /* Symmetry reduction (QPOR, explorer/symmetry.h): one trace of each class that differs only
   * by renaming symmetric threads. The executors' regions must watch for what tells such
   * threads apart (dpu_shm.symmetry) when it is set. */
  bool symmetry;
  /* --cutoffs=on (QPOR, explorer/cutoff.h): no event past one that reaches a state reached
   * with a smaller local configuration. The executors must keep state fingerprints
   * (executor.h: state_fingerprints). -j's workers share one unfolding (and its states). */
  bool cutoffs;
  /* --order=random (QPOR, explorer/workers.c): the right subtrees of Alg. 1's tree taken at
   * random, nrand48 seeded from `seed`; false: depth-first */
  bool random_order;
  uint64_t seed;
  /* QPOR (qpor.h) */
  unsigned k;            /* k-partial alternatives; 0 = optimal (all of D) */
  unsigned skip_step;    /* step s of the trees' skip pointers (Sec. 5.2) */
  size_t max_memory;     /* --max-memory: bytes the unfolding's events may hold (0: no limit);
                          * past them the exploration stops, incomplete (counts.memory_limited) */
  FILE *dot;             /* if not NULL, the unfolding is written there at the end (--dot) */
  unsigned workers;      /* -j: threads exploring (1: alone); each drives execs[i] */
  struct dpu_executor *execs; /* [workers], execs[0] the exec argument (workers > 1 only) */
  unsigned shard, shards;     /* --shard=I/N: explore part I of N (split.h); shards 0: all */
  /* The spin kind of every call site, spin_kinds[0, nsites) (passes/sites.h), for the
   * spin-loop rule of QPOR's model (explorer/model.h); NULL: every site is plain. */
  const uint8_t *spin_kinds;
  uint32_t nsites;
  struct dpu_explore_sink sink; /* where the results go */
};

/* What the QPOR explorer measured (--stats): zero for the others. */
struct dpu_qpor_stats {
  uint64_t events;           /* events created in the unfolding */
  uint64_t pruned;           /* of which freed (Alg. 1 line 13, see qpor_prune() in prune.c) */
  uint64_t peak_live;        /* most events held at once */
  uint64_t cex_events;       /* of which created as conflicting extensions */
  uint64_t alt_calls;        /* calls of Alt */
  uint64_t alt_found;        /* ... that found an alternative */
  uint64_t candidates;       /* spike candidates that Alt examined (step 3) */
  uint64_t parked;           /* ... found in a lasting conflict with C, then skipped until it
                              * ended (explorer/qpor.c, park) */
  uint64_t d_violations;     /* free runs that picked an event of D and were redirected */
  uint64_t replay_mismatch;  /* replays whose run did not produce the expected events */
  uint64_t max_depth;        /* longest run, in events */
  uint64_t handed;           /* -j: right subtrees handed to an idle worker */
  uint64_t deferred;         /* -j: failed Alt calls deferred (work before them was not done) */
  uint64_t rechecked;        /* -j: ... of which made again, their spikes having grown */
  uint64_t parts;            /* -j over parts (shard.c): parts of the split explored at once */
  uint64_t bytes;            /* memory held by events */
  double explorer_seconds;   /* time outside the executor */
  uint64_t causality_queries, conflict_queries;
  uint64_t depth_hist[33];   /* depth differences of tree queries (the paper's Fig. 3) */
  uint64_t tree_steps;       /* skip/parent pointers followed */
  uint64_t trees;            /* thread trees + object trees */
  uint64_t tree_nodes;       /* nodes in all trees */
  uint64_t depth_sum, depth_max; /* of tree nodes */
};

/* What an exploration yields (the caller's, zeroed before the first exploration of a program):
 * the explorers add to it as they go, and the reports may read counts and split meanwhile (from
 * the threads that the sink's calls come from). A racy program's explorations add up; the
 * caller restarts the counts between them (results/results.h: dpu_counts_restart). */
struct dpu_explore_result {
  struct dpu_counts counts;
  struct dpu_qpor_stats stats;  /* QPOR's (qpor.h); --stats */
  struct dpu_split_info split;  /* -j's (summed over the explorations) and --shard's split */
};

/* Says text (printf's fmt) through sink->say, if any: a warning, or a note when note is set. */
void dpu_explore_say(const struct dpu_explore_sink *sink, bool note, const char *id,
                     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* How an exploration ended. */
enum dpu_explore_status {
  DPU_EXPLORE_COMPLETE = 0,  /* every interleaving was run */
  DPU_EXPLORE_STOPPED,       /* --stop-on-defect found one */
  DPU_EXPLORE_INCOMPLETE,    /* a limit (time, runs, trace capacity, nondeterminism) cut it */
  DPU_EXPLORE_FAILED,        /* the executor broke (already reported) */
  DPU_EXPLORE_BAD_SCHEDULE,  /* a replay's schedule does not fit the program (said on stderr
                              * as an error): bad input, not an incomplete exploration */
};

/* Says the warnings the runner (or the zygote) of shm left in its notices (protocol.h) and
 * not said yet, through sink. Call it from the thread that runs shm's runs, between runs
 * (dpu_run_was_cut does, after every run), or once the runner is idle. */
void dpu_explore_notices(const struct dpu_explore_sink *sink, struct dpu_shm *shm);

/* Whether the run in shm was cut short by a limit of dpu (trace capacity, threads) or by a
 * replay the program did not follow; if so, says the reason as a warning through sink (or
 * hands a run that did not follow its replay to sink's diverged). First says the runner's
 * notices (dpu_explore_notices). Such a run makes the exploration incomplete; it is not a
 * defect of the program. A run that ended at the thread limit (DPU_LIMIT_THREADS) is a
 * prefix of real runs, which the explorers explore on from as a leaf (not a trace); one in
 * which a thread stopped there and a defect followed (dpu_run_result.limited) is no cut, but
 * the exploration is incomplete too, and the warning is given as well. */
bool dpu_run_was_cut(const struct dpu_explore_sink *sink, struct dpu_shm *shm);

/* The bookkeeping after every run, whatever the explorer: the executor's status rs becomes
 * the exploration's end (FAILED when the executor broke, INCOMPLETE at the deadline; the run
 * is then not counted), or the run is counted in c->runs, handed to o->sink's ran (every run,
 * explored trace or not), and *cut says whether a limit cut it short (dpu_run_was_cut).
 * Returns DPU_EXPLORE_COMPLETE when the caller goes on with the run. */
enum dpu_explore_status dpu_explore_ran(enum dpu_run_status rs,
                                        const struct dpu_explore_options *o,
                                        struct dpu_shm *shm, struct dpu_counts *c, bool *cut);

/* Whether the exploration must stop before its next run: --max-runs or --timeout reached, or
 * interrupted. Calls o->sink's between_runs first. */
bool dpu_explore_must_stop(const struct dpu_explore_options *o, const struct dpu_counts *c);

/* Appends to replay[0..*n) one visible operation of thread tid whose chosen outcome is
 * `choice` (dpu_op_choice: 0 for none): it extends the last step when that step is tid's and
 * carries no choice (a step ends at a chosen outcome), else it starts a new one. replay has
 * room for one more step than *n. */
static inline void dpu_replay_push(struct dpu_replay_step *replay, uint32_t *n, uint16_t tid,
                                   uint16_t choice) {
  if (*n && replay[*n - 1].tid == tid && !replay[*n - 1].choice) replay[*n - 1].count++;
  else replay[(*n)++] = (struct dpu_replay_step){.tid = tid, .count = 1};
  replay[*n - 1].choice = choice;
}

/* Runs the program once along replay[0..n) (--replay) and hands the run to o->sink as a trace
 * (without fingerprint). */
enum dpu_explore_status dpu_explore_replay(struct dpu_executor *exec,
                                           const struct dpu_replay_step *replay, uint32_t n,
                                           const struct dpu_explore_options *o,
                                           struct dpu_explore_result *res);

#endif
