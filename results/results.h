/* What an exploration counts, as plain data below the explorer, which writes it, and the
 * reports, which read it (docs/design.md §9): the explorer (explorer/explore.h) knows nothing
 * of the reports, nor the reports of the explorer; the frontend hands the one's figures to the
 * other. Header only. */
#ifndef DPU_RESULTS_H
#define DPU_RESULTS_H

#include <stdbool.h>
#include <stdint.h>

/* What an exploration counted. Every run is one of: a new trace (max_configs), a
 * sleep-set-blocked run (ssbs), a QPOR run that took an event of D and was run again along
 * another enabled event (redirected), an exhaustive run of a trace seen before (repeated: an
 * interleaving of it), a run cut short by a limit of dpu or by a plain spin loop (cut), a run
 * that went past --preemptions' bound where nothing within the bound could go on (bounded), or
 * a run of an earlier exploration of a racy program (earlier), so that runs is their sum. */
struct dpu_counts {
  uint64_t max_configs;  /* distinct Mazurkiewicz traces (maximal configurations) */
  uint64_t ssbs;         /* sleep-set-blocked runs (0 in exhaustive mode) */
  uint64_t runs;
  uint64_t redirected, repeated, cut, earlier, bounded;
  uint64_t cut_off;      /* of the max_configs, those that end where every way on is a
                          * cutoff event (explorer/cutoff.h): traces of the unfolding without
                          * cutoffs, which a run went past (not counted again in runs' sum) */
  uint64_t cutoff_events; /* events found to be cutoffs (not runs) */
  uint64_t cutoff_ended;  /* with cutoffs, max_configs in which the program ended (it exited,
                           * every thread did, or they deadlocked): 0 in a complete
                           * exploration means that no execution of the program ends */
  uint64_t events;       /* visible operations the runs executed (--shard's and -j's split
                          * bound their cost with it: explorer/split.h) */
  uint64_t timed_out;    /* runs that --run-timeout ended (the split stops at the first) */
  uint64_t memory_limited; /* the QPOR explorer stopped at --max-memory (1), and so the
                            * exploration is incomplete */
  uint64_t asymmetric;   /* the QPOR explorer stopped because threads taken for symmetric were
                          * told apart (explorer/symmetry.h) (1): the caller explores again
                          * without symmetry */
  uint64_t symmetric;    /* the exploration met symmetric threads and explored them up to
                          * renaming (1): max_configs counts one trace of each class of
                          * renamings (explorer/symmetry.h) */
  double estimate;       /* the whole exploration's max-configs, estimated from the part of the
                          * tree explored so far (explorer/estimate.c), refined as it goes; 0:
                          * none (the exhaustive explorer, --shard, fewer than 16 runs);
                          * DPU_ESTIMATE_MAX: that many or more */
};

/* The largest estimate (dpu_counts.estimate): a tree of runs of tens of thousands of steps
 * can be estimated at 10^20000 traces; reports say "more than 1e+300". */
#define DPU_ESTIMATE_MAX 1e300

/* The counts of a new exploration of the same program (a racy program's, once more access
 * sites are visible: explorer/visible.h): the runs so far become runs of earlier
 * explorations, and everything else that sums to runs starts again from 0. */
static inline void dpu_counts_restart(struct dpu_counts *c) {
  c->max_configs = c->ssbs = c->redirected = c->repeated = c->cut = c->bounded = 0;
  c->cut_off = c->cutoff_events = c->cutoff_ended = 0;
  c->estimate = 0;
  c->asymmetric = c->symmetric = 0;
  c->earlier = c->runs;
}

/* What the split of -j and --shard=I/N did (explorer/split.h), for the reports. */
struct dpu_split_info {
  uint32_t parts;     /* parts the exploration was split into (the same in every shard) */
  uint32_t mine;      /* of which this shard explores (explorer/shard.c, deal()) */
  uint32_t explored;  /* of which it explored to their end */
  uint32_t splits;    /* parts split (each into two or more) */
  uint64_t runs;      /* runs the split took (every shard takes them), not traces */
  bool asymmetric;    /* its runs told threads taken for symmetric apart (explorer/symmetry.h):
                       * the exploration starts again without symmetry */
  double seconds;     /* its wall time */
};

#endif
