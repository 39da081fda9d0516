/* Thread groups of an object-tree node: the children of one node of an object's tree (QPOR
 * paper, Sec. 5.1), grouped by thread. A group holds one thread's events right after the node:
 * its operation on the object after each of the thread's histories seen so far. Alt's spikes
 * (explorer/qpor.c) are read from these groups, and most of their members are rejected, so a
 * group is an array of what the scan reads of each member, not a list through the events: a
 * scan touches one entry per member and the member event only when the entry cannot decide. */
#ifndef DPU_GROUP_H
#define DPU_GROUP_H

#include <stdbool.h>
#include <stdint.h>

struct dpu_event;

/* One member. cwit is the explorer's slot for a witness of incompatibility (explorer/qpor.c):
 * when not NULL, an event in conflict with ⌈e⌉ on a thread or non-location object tree that was
 * in the explorer's configuration when e was last found incompatible with it; while it stays
 * in the configuration, so does the incompatibility. dpu_group_filter clears witnesses that
 * pruning frees. */
struct dpu_member {
  struct dpu_event *e;
  struct dpu_event *cwit;
  uint8_t read; /* e is a read of a location (pes.h) */
};

/* The events of thread tid right after one object-tree node; groups of one node are linked by
 * next. Members are stored oldest first; dpu_group_at gives the scan order. Owned by the
 * unfolding (explorer/unfold.c), which frees a group with its node. */
struct dpu_group {
  struct dpu_group *next;
  struct dpu_member *m; /* [cap]: &one while cap is 1 (most groups have one member) */
  uint32_t n, cap;
  uint16_t tid;
  struct dpu_member one;
};

/* The index of the i-th member in scan order: the oldest first, then the newest to the oldest
 * but one. This is the order of the linked lists that the arrays replaced, kept so that the
 * exploration order, on which the SSB counts of k-partial alternatives depend, stays the same
 * (until a prune, after which the lists made the oldest kept member the head). */
static inline uint32_t dpu_group_at(const struct dpu_group *g, uint32_t i) {
  return i == 0 ? 0 : g->n - i;
}

/* The group of thread tid in the list `groups`, NULL if none. */
struct dpu_group *dpu_group_find(struct dpu_group *groups, uint16_t tid);

/* Appends e (an event of thread tid) to tid's group in the list *groups, creating the group
 * (at the front of the list) if needed. Returns 0, -1 if out of memory. */
int dpu_group_add(struct dpu_group **groups, uint16_t tid, struct dpu_event *e, bool read);

/* Keeps the members whose keep[id] is set, in order; clears witnesses that are not kept; frees
 * the groups left empty. Returns the new list. */
struct dpu_group *dpu_group_filter(struct dpu_group *groups, const uint8_t *keep);

/* Frees every group of the list. */
void dpu_group_free_all(struct dpu_group *groups);

#endif
