/* Quasi-optimal partial-order reduction (--por=qpor): Alg. 1 of the QPOR paper over the
 * unfolding, iterative, with k-partial alternatives found in a comb (Sec. 5). */
#ifndef DPU_QPOR_H
#define DPU_QPOR_H

#include <stdint.h>
#include <stdio.h>

#include "../executor/executor.h"
#include "explore.h"

/* Explores every maximal configuration of the program's unfolding once (Alg. 1), with o's k,
 * skip_step, dot, workers and shards. Sleep-set-blocked runs (en(C) ⊆ D) are counted in
 * res->counts.ssbs; with k = 0 (optimal alternatives) there are none. A run that ends early
 * (defect, process exit) is a maximal configuration. Each goes to o->sink as its run
 * completes. */
enum dpu_explore_status dpu_explore_qpor(struct dpu_executor *exec,
                                         const struct dpu_explore_options *o,
                                         struct dpu_explore_result *res);

/* Prints the QPOR statistics as "dpu: stats: ..." lines: events, trees and their depths, the
 * tree queries with the distribution of depth differences (the paper's Fig. 3), Alt calls. */
void dpu_qpor_print_stats(FILE *f, const struct dpu_qpor_stats *st);

#endif
