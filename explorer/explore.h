/* What every explorer shares (docs/design.md §6): the options and limits of an exploration, how it
 * ended, the bookkeeping after each run, the building of replays, and --replay. The explorers
 * themselves are dfs.h (exhaustive, the oracle) and qpor.h (QPOR's Alg. 1). */
#ifndef DPU_EXPLORE_H
#define DPU_EXPLORE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "../executor/executor.h"
#include "../protocol/protocol.h"
#include "../report/report.h"

/* Limits and hooks of one exploration; the caller's, read only. */
struct dpu_explore_options {
  uint64_t max_runs;     /* 0 = no limit */
  double deadline;       /* absolute dpu_now() seconds, 0 = none */
  bool stop_on_defect;
  volatile sig_atomic_t *interrupted; /* if not NULL and non-zero (set by a signal handler):
                                       * stop before the next run */
  void (*between_runs)(void *arg);    /* if not NULL, called between runs (progress line) */
  void *arg;
};

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
 * not said yet, through report/warnings.h. Call it from the thread that runs shm's runs,
 * between runs (dpu_run_was_cut does, after every run), or once the runner is idle. */
void dpu_explore_notices(struct dpu_shm *shm);

/* Whether the run in shm was cut short by a limit of dpu (trace capacity, threads) or by a
 * replay the program did not follow; if so, says the reason as a warning (report/warnings.h:
 * once per process for each reason). First says the runner's notices (dpu_explore_notices). Such a run makes the exploration incomplete; it is not a
 * defect of the program. A run that ended at the thread limit (DPU_LIMIT_THREADS) is a
 * prefix of real runs, which the explorers explore on from as a leaf (not a trace); one in
 * which a thread stopped there and a defect followed (dpu_run_result.limited) is no cut, but
 * the exploration is incomplete too, and the warning is given as well. */
bool dpu_run_was_cut(struct dpu_shm *shm);

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
 * is then not counted), or the run is counted in c->runs, its racing sites are reported to r
 * (every run, explored trace or not), and *cut says whether a limit cut it short
 * (dpu_run_was_cut). Returns DPU_EXPLORE_COMPLETE when the caller goes on with the run. */
enum dpu_explore_status dpu_explore_ran(enum dpu_run_status rs, struct dpu_report *r,
                                        struct dpu_shm *shm, struct dpu_counts *c, bool *cut);

/* Whether the exploration must stop before its next run: --max-runs or --timeout reached, or
 * interrupted. Calls o->between_runs first. */
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

/* Runs the program once along replay[0..n) and reports it (--replay), its output shown. */
enum dpu_explore_status dpu_explore_replay(struct dpu_executor *exec, struct dpu_report *r,
                                           const struct dpu_replay_step *replay, uint32_t n,
                                           const struct dpu_explore_options *o,
                                           struct dpu_counts *c);

#endif
