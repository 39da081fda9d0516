/* Exhaustive exploration (--por=none): depth-first search over every interleaving of visible
 * operations, counting distinct Mazurkiewicz traces by fingerprint (DESIGN.md §6). It is the
 * oracle the QPOR explorer is tested against. */
#ifndef DPU_DFS_H
#define DPU_DFS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "../runtime/executor.h"
#include "report.h"

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
};

/* Whether the run in shm was cut short by a limit of dpu (trace capacity, threads) or by a
 * replay the program did not follow; if so, prints the reason as a warning on stderr. Such a
 * run makes the exploration incomplete; it is not a defect of the program. Shared by both
 * explorers. */
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

/* Whether the exploration must stop before its next run: --max-runs or --timeout reached, or
 * interrupted. Calls o->between_runs first. Shared by both explorers. */
bool dpu_explore_must_stop(const struct dpu_explore_options *o, const struct dpu_counts *c);

/* Explores every interleaving, running the program through ex. Defects are reported through r
 * as their trace is first seen (once per trace); counts go to *c. */
enum dpu_explore_status dpu_explore_dfs(struct dpu_executor *ex, struct dpu_report *r,
                                        const struct dpu_explore_options *o,
                                        struct dpu_counts *c);

/* Runs the program once along replay[0..n) and reports it (--replay). */
enum dpu_explore_status dpu_explore_replay(struct dpu_executor *ex, struct dpu_report *r,
                                           const struct dpu_replay_step *replay, uint32_t n,
                                           const struct dpu_explore_options *o,
                                           struct dpu_counts *c);

#endif
