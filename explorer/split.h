/* --shard=I/N (issue #15): one exploration split into parts that N processes explore without
 * talking to each other, every trace in exactly one part (docs/parallel.md, "--shard as
 * built", has the argument; split.c the code).
 *
 * A part is a configuration K of the unfolding, given as a replay; it stands for the maximal
 * configurations that contain K, which Alg. 1 explores from the node (K, ∅, ∅) in an
 * unfolding of its own (qpor_explore_part): with D empty, every Alt call below that node reads
 * only events its own subtree discovered, so the part needs nothing from the others. A part
 * splits at a lock m (a mutex or spin lock) whose last event in K is p: exploring from K with
 * m frozen (no thread may operate on it: dpu_shm.frozen, dpu_model_freeze), the operations
 * that threads wait to make on m at the leaves, where p's state enables them, are the children
 * y of p that a configuration containing K can hold. If every leaf ended with its threads
 * blocked, every maximal configuration containing K holds exactly one of them (they are
 * pairwise in conflict: a lock's events form a chain), so the parts K ∪ ⌈y⌉ partition K's.
 * Every shard makes the same split (runs are deterministic, and the split's budgets are in
 * runs), deals the parts the same way, and explores its own. */
#ifndef DPU_SPLIT_H
#define DPU_SPLIT_H

#include <stdint.h>

#include "../results/results.h" /* struct dpu_split_info: what the split did, for the reports */

/* The number of parts the split aims at per shard: whole levels of splits are made until
 * there are N times this many (then parts whose K is small are split again, up to 4 times as
 * many), enough that dealing them evens out parts of different sizes (bench/README.md). */
#define DPU_SPLIT_PARTS_PER_SHARD 8

/* Runs at most one frozen exploration may take before its split is given up (the part is then
 * explored whole): the split is made by every shard, so it must stay small. */
#define DPU_SPLIT_MAX_RUNS 2000

/* Runs the whole split may take; beyond, the parts not split yet stay as they are. */
#define DPU_SPLIT_MAX_TOTAL 20000

/* With -j N rather than --shard, at most this many times N: the split runs before the workers
 * start, on one core, and the workers take parts as they free up, so coarser parts cost less
 * than a longer split (bench/qpor's MPAT(6), -j 2: 12,289 runs of split and 1.5 s, against
 * 2,000 runs, 30 parts and 1.1 s with this bound; bench/README.md). */
#define DPU_SPLIT_JOBS_RUNS 1000

/* The visible operations that the split's runs may execute in all, and with -j per worker:
 * a budget of runs alone let a program of long runs spend seconds splitting (a user's loop of
 * 2 x 20,000 lock operations, one trace: 28 s with -j 2 against 0.16 s with -j 1, each of the
 * 2,000 runs of its split as long as the program). bench/qpor's MPAT(6) splits in 196,141
 * operations (2 workers), PI(8) in 1,465. Operations, not time: every shard must stop at the
 * same point. */
#define DPU_SPLIT_MAX_EVENTS 3000000
#define DPU_SPLIT_JOBS_EVENTS 150000

/* With -j, the seconds a run of the split may take (at most --run-timeout), and those its runs
 * may take on average: beyond, the split ends, and the exploration goes on with the parts it
 * has, or as without parts when there are fewer than workers (workers that hand each other
 * subtrees, which pays when runs are long). The split runs on one core before the workers
 * start: 16 runs of 0.36 s each made a user's 2-trace program take 5.9 s with -j 2 against
 * 0.75 s with -j 1. bench/qpor's split runs take 0.05-0.4 ms on average. */
#define DPU_SPLIT_JOBS_RUN_TIMEOUT 0.5
#define DPU_SPLIT_JOBS_RUN_SECONDS 0.01

/* Single children a part goes down in one split (operations every trace of the part makes
 * the same way, one after the other) before the next part's turn. */
#define DPU_SPLIT_MAX_STEPS 256

#endif
