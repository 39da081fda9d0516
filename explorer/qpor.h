/* Quasi-optimal partial-order reduction (--por=qpor): Alg. 1 of the QPOR paper over the
 * unfolding, iterative, with k-partial alternatives found in a comb (Sec. 5). */
#ifndef DPU_QPOR_H
#define DPU_QPOR_H

#include <stdint.h>
#include <stdio.h>

#include "../executor/executor.h"
#include "explore.h"

struct dpu_qpor_options {
  unsigned k;          /* k-partial alternatives; 0 = optimal (all of D) */
  unsigned skip_step;  /* step s of the trees' skip pointers (Sec. 5.2) */
  FILE *dot;           /* if not NULL, the unfolding is written there at the end (--dot) */
  unsigned workers;    /* -j: threads exploring (1: alone); each drives execs[i] */
  struct dpu_executor *execs; /* [workers], execs[0] the exec argument (workers > 1 only) */
  unsigned shard, shards;     /* --shard=I/N: explore part I of N (split.h); shards 0: all */
  struct dpu_split_info *split; /* with shards: what the split did, for the report (out) */
};

/* What the QPOR exploration measured (--stats). */
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

/* Explores every maximal configuration of the program's unfolding once (Alg. 1). Sleep-set-
 * blocked runs (en(C) ⊆ D) are counted in c->ssbs; with k = 0 (optimal alternatives) there are
 * none. A run that ends early (defect, process exit) is a maximal configuration. Each goes to
 * o->sink as its run completes. */
enum dpu_explore_status dpu_explore_qpor(struct dpu_executor *exec,
                                         const struct dpu_explore_options *o,
                                         const struct dpu_qpor_options *qo, struct dpu_counts *c,
                                         struct dpu_qpor_stats *st);

/* Prints the QPOR statistics as "dpu: stats: ..." lines: events, trees and their depths, the
 * tree queries with the distribution of depth differences (the paper's Fig. 3), Alt calls. */
void dpu_qpor_print_stats(FILE *f, const struct dpu_qpor_stats *st);

#endif
