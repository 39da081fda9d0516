/* The progress line on stderr (docs/design.md §8, issue #4):
 *   dpu: 12034 runs, 11870 max-configs, 0 SSBs, 2 defects, 9712 runs/s, 1.2 s
 * shown when stderr is a terminal and the exploration has run for more than a second,
 * redrawn at most 4 times a second (between runs), and erased before dpu prints anything else
 * and at the end, so that it never mixes with the report. Where stderr is no terminal (a CI
 * log), the same line is printed whole, once a minute (DPU_PROGRESS_LOG_SECONDS overrides
 * the period), and stays. There is one line per process: the
 * state is module-global. Every function is a no-op while the line is not enabled. */
#ifndef DPU_PROGRESS_H
#define DPU_PROGRESS_H

#include <stdbool.h>

#include "defects.h"
#include "report.h"

/* Starts the clock of the line. enable: whether it may be shown at all (the caller checks -q;
 * this checks whether stderr is a terminal). counts and defects are read at each redraw and must
 * outlive the line (until dpu_progress_stop). */
void dpu_progress_start(bool enable, const struct dpu_counts *counts,
                        const struct dpu_defects *defects);

/* Redraws the line if the exploration has run for over a second and the last redraw was at
 * least 0.25 s ago. Cheap when it does nothing (one clock read): called between runs. */
void dpu_progress_tick(void);

/* --shard (explorer/split.h): the line also shows "part DONE+1 of PARTS" (this shard's) and,
 * if estimate > 0, "~ESTIMATE traces in all" (the whole exploration's, all shards). Without
 * it, the line shows the counts' estimate (dpu_counts.estimate) when there is one, and the
 * time left at the rate so far: "~2.4e+05 traces in all, ~3 min left". */
void dpu_progress_parts(uint32_t done, uint32_t parts, double estimate);

/* A duration for people: "45 s", "12 min", "3 h", "9 days" (whole units; minutes from 2 min,
 * hours from 2 h, days from 2 days), into buf; returns buf. */
const char *dpu_duration_text(double secs, char buf[32]);

/* Erases the line if it is shown (it comes back at the next redraw). Call before printing
 * anything on stdout or stderr. */
void dpu_progress_clear(void);

/* Erases the line and disables it. */
void dpu_progress_stop(void);

#endif
