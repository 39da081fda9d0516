/* What the lower parts hand up, into the report (docs/design.md §9): the explorer's sink
 * (explorer/explore.h) wired to report/'s functions, with the capture run of every new data race
 * (the second run of its trace, which records both accesses' stacks: docs/design.md §7) made
 * here, on the executor that found it. The explorer knows nothing of the report, nor the
 * report of the explorer or of how runs are made. */
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
};

/* The explorer's sink for s: every callback set (arg = s), fingerprints as the caller asks
 * (--print-traces). */
struct dpu_explore_sink dpu_sink_for(struct dpu_sink *s, bool fingerprints);

#endif
