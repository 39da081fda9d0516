/* Nodes of the trees that encode causality and conflict among the events of one thread or one
 * object (QPOR paper, Sec. 5.1), with skip pointers for the ancestor query (Sec. 5.2). */
#ifndef DPU_TREE_H
#define DPU_TREE_H

#include <stdbool.h>
#include <stdint.h>

/* A tree node. The root of every tree is a node of depth 0 that stands for no event, so that
 * two first events of a thread or object are siblings (in conflict). Besides its parent, a node
 * at depth d stores skip pointers to its ancestors at depths d - s, d - s^2, ..., d - s^k where
 * s is the tree's step and k the number of trailing zeros of d written in base s (Sec. 5.2).
 * Ownership: skip points into memory owned by whoever allocated the node (the PES). */
struct dpu_node {
  struct dpu_node *parent;  /* NULL for a root */
  struct dpu_node **skip;   /* skip[j]: ancestor at depth - step^(j+1), j < nskip */
  uint32_t depth;
  uint32_t nskip;
};

/* Depth-difference statistics of ancestor queries, for --stats (the paper's Fig. 3). */
struct dpu_tree_stats {
  uint64_t queries;         /* calls of dpu_node_is_ancestor */
  uint64_t steps;           /* pointers followed */
  uint64_t hist[33];        /* hist[b]: queries whose depth difference has b significant bits */
};

/* Number of skip pointers a node at depth d has with step s: the trailing zeros of d in base
 * s (0 for d = 0). */
uint32_t dpu_node_nskip(uint32_t depth, uint32_t step);

/* Initialises n as a child of parent (NULL: n is a root). skip must have room for
 * dpu_node_nskip(parent->depth + 1, step) pointers (it may be NULL when that is 0).
 * O(log^2 depth). */
void dpu_node_init(struct dpu_node *n, struct dpu_node *parent, struct dpu_node **skip,
                   uint32_t step);

/* q(n, g) of Sec. 5.2: the ancestor of n at depth g (g <= n->depth), following skip pointers;
 * O(log(n->depth - g)) pointers for a fixed step. */
const struct dpu_node *dpu_node_ancestor_at(const struct dpu_node *n, uint32_t g, uint32_t step,
                                            uint64_t *steps);

/* Whether a is an ancestor of b or b itself (a ≤ b in the tree). Both must be in the same tree.
 * stats may be NULL. */
bool dpu_node_is_ancestor(const struct dpu_node *a, const struct dpu_node *b, uint32_t step,
                          struct dpu_tree_stats *stats);

#endif
