/* What every explorer shares (docs/design.md §6): the options and limits of an exploration, the
 * sink through which its results flow up, how it ended, the bookkeeping after each run, the
 * building of replays, and --replay. The explorers themselves are dfs.h (exhaustive, the
 * oracle) and qpor.h (QPOR's Alg. 1). */
#ifndef DPU_EXPLORE_H
#define DPU_EXPLORE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "../executor/executor.h"
#include "../executor/run.h"
#include "../protocol/protocol.h"
#include "../results/results.h"

/* What an exploration hands up as it goes: its runs, its traces, what it warns of, its
 * progress. The explorers call these and know nothing of who listens (docs/design.md §9: the
 * frontend wires the reports in, frontend/sink.h). Every callback may be NULL: nothing is
 * handed up then. With -j, the workers call ran, trace and between_runs one at a time (under
 * the lock that guards the counts), say from any of them at once. */
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
  /* Between runs (the progress line, a document's rewrite that waits). */
  void (*between_runs)(void *arg);
  /* --shard: this shard explores its part done + 1 of parts now; estimate > 0: the traces of
   * the whole exploration, all shards, estimated from the parts explored (explorer/shard.c).
   * All 0: its parts are explored. */
  void (*parts)(void *arg, uint32_t done, uint32_t parts, double estimate);
};

/* Limits and hooks of one exploration; the caller's, read only. */
struct dpu_explore_options {
  uint64_t max_runs;     /* 0 = no limit */
  double deadline;       /* absolute dpu_now() seconds, 0 = none */
  bool stop_on_defect;
  volatile sig_atomic_t *interrupted; /* if not NULL and non-zero (set by a signal handler):
                                       * stop before the next run */
  struct dpu_explore_sink sink;       /* where the results go */
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
 * replay the program did not follow; if so, says the reason as a warning through sink. First
 * says the runner's notices (dpu_explore_notices). Such a run makes the exploration
 * incomplete; it is not a defect of the program. A run that ended at the thread limit (DPU_LIMIT_THREADS) is a
 * prefix of real runs, which the explorers explore on from as a leaf (not a trace); one in
 * which a thread stopped there and a defect followed (dpu_run_result.limited) is no cut, but
 * the exploration is incomplete too, and the warning is given as well. */
bool dpu_run_was_cut(const struct dpu_explore_sink *sink, struct dpu_shm *shm);

/* Racy programs (explorer/visible.h): while the visible access sites may still grow, a run
 * that did not follow its replay is expected (an invisible racing access read another value)
 * and is not warned about at once: with dpu_explore_defer_divergence set, dpu_run_was_cut
 * keeps the first such message in dpu_explore_divergence (NUL-terminated; "" for none) for the
 * caller, who prints it if no new racing site explains it. */
extern bool dpu_explore_defer_divergence;
extern char dpu_explore_divergence[DPU_MSG_MAX];
/* With dpu_explore_defer_divergence set, the load sites of the plain spin loops that runs
 * ended at (DPU_DIVERGED_SPIN, runtime/plainspin.c): dpu_explore_spin[0, dpu_explore_nspin),
 * with repeats, at most 64; the caller makes them visible and clears the count. */
extern uint32_t dpu_explore_spin[64];
extern uint32_t dpu_explore_nspin;

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
                                           struct dpu_counts *c);

#endif
