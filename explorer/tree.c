/* See tree.h. */
#include "tree.h"

#include <stddef.h>

#include "../protocol/invariant.h"

uint32_t dpu_node_nskip(uint32_t depth, uint32_t step) {
  uint32_t k = 0;
  if (depth == 0) return 0;
  while (depth % step == 0) {
    depth /= step;
    k++;
  }
  return k;
}

const struct dpu_node *dpu_node_ancestor_at(const struct dpu_node *n, uint32_t g, uint32_t step,
                                            uint64_t *steps) {
  uint64_t followed = 0;
  while (n->depth > g) {
    uint32_t diff = n->depth - g;
    /* The longest skip that does not overshoot: skip[j] jumps step^(j+1). */
    const struct dpu_node *next = n->parent;
    uint64_t dist = step;
    for (uint32_t j = 0; j < n->nskip && dist <= diff; j++, dist *= step) next = n->skip[j];
    n = next;
    followed++;
  }
  DPU_ASSERT(n->depth == g);
  if (steps) *steps += followed;
  return n;
}

#if DPU_CHECKS
/* Sec. 5.2's shape of node n: one deeper than its parent, and skip[j] its ancestor at depth
 * depth - step^(j+1), the first of them checked by walking step parents. O(step). */
static void check_node(const struct dpu_node *n, uint32_t step) {
  DPU_ASSERT(n->parent ? n->depth == n->parent->depth + 1 : n->depth == 0);
  DPU_ASSERT(n->nskip == dpu_node_nskip(n->depth, step));
  uint64_t dist = step;
  for (uint32_t j = 0; j < n->nskip; j++, dist *= step)
    DPU_ASSERT(n->skip[j] && n->skip[j]->depth == n->depth - dist);
  if (n->nskip) {
    const struct dpu_node *a = n;
    for (uint32_t i = 0; i < step; i++) a = a->parent;
    DPU_ASSERT(a == n->skip[0]);
  }
}
#endif

void dpu_node_init(struct dpu_node *n, struct dpu_node *parent, struct dpu_node **skip,
                   uint32_t step) {
  n->parent = parent;
  n->depth = parent ? parent->depth + 1 : 0;
  n->nskip = dpu_node_nskip(n->depth, step);
  n->skip = skip;
  uint64_t dist = step;
  for (uint32_t j = 0; j < n->nskip; j++, dist *= step)
    skip[j] = (struct dpu_node *)dpu_node_ancestor_at(parent, n->depth - (uint32_t)dist, step,
                                                      NULL);
#if DPU_CHECKS
  check_node(n, step);
#endif
}

bool dpu_node_is_ancestor(const struct dpu_node *a, const struct dpu_node *b, uint32_t step,
                          struct dpu_tree_stats *stats) {
  if (stats) {
    stats->queries++;
    uint32_t diff = b->depth > a->depth ? b->depth - a->depth : a->depth - b->depth;
    stats->hist[diff ? 32 - __builtin_clz(diff) : 0]++;
  }
  if (a->depth > b->depth) return false;
  return dpu_node_ancestor_at(b, a->depth, step, stats ? &stats->steps : NULL) == a;
}
