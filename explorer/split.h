/* --shard=I/N (issue #15): one exploration split into parts that N processes explore without
 * talking to each other, every trace in exactly one part (docs/parallel.md, "--shard as
 * built", has the argument; split.c the code).
 *
 * A part is a configuration K of the unfolding, given as a replay; it stands for the maximal
 * configurations that contain K, which Alg. 1 explores from the node (K, ∅, ∅) in an
 * unfolding of its own (qpor_explore_part): with D empty, every Alt call below that node reads
 * only events its own subtree discovered, so the part needs nothing from the others. The
 * parts are made by splitting at a lock: at a part K whose runs next take a free mutex m (an
 * event e enabled at K, after m's last event p in K), every maximal configuration that contains
 * K contains exactly one child of p in m's tree (a mutex's children of one event are pairwise
 * in conflict, and one of them is always taken, as checked below), so the parts K ∪ ⌈y⌉, y a
 * child of p compatible with K, partition K's. Those y are found by exploring from K with m
 * frozen (no thread may operate on it): the threads waiting for m at the end of each such run
 * are the y's. The split is accepted only if every such run ended with the threads blocked
 * (so that no maximal configuration leaves m untaken). Every shard makes the same split (it
 * depends only on the program and the options: runs are deterministic), numbers the parts in
 * the order found, and explores those whose number is I modulo N. */
#ifndef DPU_SPLIT_H
#define DPU_SPLIT_H

#include <stdint.h>

/* What the split did, for the report. */
struct dpu_split_info {
  uint32_t parts;     /* parts the exploration was split into (the same in every shard) */
  uint32_t mine;      /* of which this shard explores (numbers ≡ I mod N) */
  uint32_t explored;  /* of which it explored to their end */
  uint32_t levels;    /* times every part was split again */
  uint64_t runs;      /* runs the split took (every shard takes them), not traces */
  double seconds;     /* its wall time */
};

/* The number of parts the split aims at for N shards: enough that dealing them round-robin
 * evens out parts of different sizes. */
#define DPU_SPLIT_PARTS_PER_SHARD 8

/* Runs at most one frozen exploration may take before its split is given up (the part is then
 * explored whole): the split is made by every shard, so it must stay small. */
#define DPU_SPLIT_MAX_RUNS 2000

#endif
