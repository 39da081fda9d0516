/* What the lower parts hand up, into the report (docs/design.md §9): the explorer's sink
 * (explorer/explore.h) wired to report/'s functions, with the capture run of every new data race
 * (the second run of its trace, which records both accesses' stacks: docs/design.md §7) made
 * here, on the executor that found it; and the instrumentation's notes. The explorer and the
 * passes know nothing of the report, nor the report of the explorer or of how runs are made. */
#ifndef DPU_SINK_H
#define DPU_SINK_H

#include <stdbool.h>

#include "../explorer/explore.h"
#include "../report/report.h"

/* What the sink hands the results to; the caller's, alive while the explorers run. */
struct dpu_sink {
  struct dpu_report *rep;   /* the report (set up by the caller) */
  bool capture;             /* a new race's trace runs again for its stacks; false: the race
                             * is reported without them */
  /* Racy programs (explorer/visible.h): while the visible access sites may still grow, a run
   * that did not follow its replay is expected (an invisible racing access read another
   * value). With defer_divergence, such a run is not warned of: its message is kept for the
   * caller, who warns of it if no new racing site explains it; without, it is the warning
   * "run-cut" at once. */
  bool defer_divergence;
  char divergence[DPU_MSG_MAX]; /* the first such run's message; "" for none */
  /* The load sites of the plain spin loops that such runs ended at (DPU_DIVERGED_SPIN,
   * runtime/plainspin.c): spin[0, nspin), with repeats, at most 64; the caller makes them
   * visible and clears the count. */
  uint32_t spin[64];
  uint32_t nspin;
};

/* The explorer's sink for s: every callback set (arg = s), fingerprints as the caller asks
 * (--print-traces). */
struct dpu_explore_sink dpu_sink_for(struct dpu_sink *s, bool fingerprints);

struct dpu_pass_note;

/* The instrumentation's note n said as "dpu: note: ..." and kept for the reports
 * (report/warnings.h); passes/instrument.h's dpu_instrument_options.note (arg unused). */
void dpu_sink_pass_note(void *arg, const struct dpu_pass_note *n);

#endif
