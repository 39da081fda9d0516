/* Thread groups of an object-tree node: the children of one node of an object's tree (QPOR
 * paper, Sec. 5.1), grouped by thread. A group holds one thread's events right after the node:
 * its operation on the object after each of the thread's histories seen so far. Alt's spikes
 * (explorer/qpor.c) are read from these groups, and most of their members are rejected, so a
 * group is an array of what the scan reads of each member, not a list through the events: a
 * scan touches one entry per member and the member event only when the entry cannot decide;
 * members known to be rejected (parked, below) it skips by their bits. */
#ifndef DPU_GROUP_H
#define DPU_GROUP_H

#include <stdbool.h>
#include <stdint.h>

struct dpu_event;

/* One member. */
struct dpu_member {
  struct dpu_event *e;
  uint8_t read; /* e is a read of a location (pes.h) */
};

/* The events of thread tid right after one object-tree node; groups of one node are linked by
 * next. Members are stored oldest first; dpu_group_at gives the scan order. A member may be
 * parked: the explorer's mark (explorer/qpor.c) that it is incompatible with the explorer's
 * configuration for as long as a given event stays in it. The explorer clears every mark
 * before a prune (dpu_group_filter checks). Owned by the unfolding (explorer/unfold.c), which
 * frees a group with its node. */
struct dpu_group {
  struct dpu_group *next;
  struct dpu_member *m; /* [cap]: &one while cap is 1 (most groups have one member) */
  uint64_t *parked;     /* [(cap + 63) / 64]: member i's bit is bit i % 64 of word i / 64;
                         * &pone while cap <= 64 */
  uint32_t n, cap;
  uint16_t tid;
  struct dpu_member one;
  uint64_t pone;
};

/* The index of the i-th member in scan order: the oldest first, then the newest to the oldest
 * but one. This is the order of the linked lists that the arrays replaced, kept so that the
 * exploration order, on which the SSB counts of k-partial alternatives depend, stays the same
 * (until a prune, after which the lists made the oldest kept member the head). */
static inline uint32_t dpu_group_at(const struct dpu_group *g, uint32_t i) {
  return i == 0 ? 0 : g->n - i;
}

/* Member i's parked bit (i < n). */
static inline bool dpu_group_parked(const struct dpu_group *g, uint32_t i) {
  return g->parked[i / 64] >> (i % 64) & 1;
}
static inline void dpu_group_park(struct dpu_group *g, uint32_t i) {
  g->parked[i / 64] |= 1ull << (i % 64);
}
static inline void dpu_group_unpark(struct dpu_group *g, uint32_t i) {
  g->parked[i / 64] &= ~(1ull << (i % 64));
}

/* A scan of a group's members that are not parked, in dpu_group_at's order: member 0, then the
 * others from the newest, a word of bits at a time. The member just returned may be parked
 * without disturbing the scan; the group must not grow meanwhile. */
struct dpu_group_scan {
  const struct dpu_group *g;
  uint64_t bits; /* members of word w - 1 still to return */
  uint32_t w;    /* 0 once every word is done */
  bool first;    /* member 0 is still to consider */
};

/* Word w - 1's members that are not parked, member 0 excepted (returned first). */
static inline uint64_t dpu_group_word(const struct dpu_group *g, uint32_t w) {
  uint64_t bits = ~g->parked[w - 1];
  uint32_t top = g->n - (w - 1) * 64; /* members in this word */
  if (top < 64) bits &= (1ull << top) - 1;
  return w == 1 ? bits & ~1ull : bits;
}

static inline struct dpu_group_scan dpu_group_scan(const struct dpu_group *g) {
  uint32_t w = (g->n + 63) / 64;
  return (struct dpu_group_scan){.g = g, .bits = w ? dpu_group_word(g, w) : 0, .w = w,
                                 .first = g->n && !dpu_group_parked(g, 0)};
}

/* Sets *i to the next member that was not parked when the scan reached its word; returns
 * false at the end. */
static inline bool dpu_group_scan_next(struct dpu_group_scan *s, uint32_t *i) {
  if (s->first) {
    s->first = false;
    *i = 0;
    return true;
  }
  while (!s->bits) {
    if (s->w <= 1) return false;
    s->bits = dpu_group_word(s->g, --s->w);
  }
  uint32_t b = 63u - (uint32_t)__builtin_clzll(s->bits);
  s->bits &= ~(1ull << b);
  *i = (s->w - 1) * 64 + b;
  return true;
}

/* The group of thread tid in the list `groups`, NULL if none. */
struct dpu_group *dpu_group_find(struct dpu_group *groups, uint16_t tid);

/* Appends e (an event of thread tid) to tid's group in the list *groups, creating the group
 * (at the front of the list) if needed; the new member is not parked. Returns 0, -1 if out of
 * memory. */
int dpu_group_add(struct dpu_group **groups, uint16_t tid, struct dpu_event *e, bool read);

/* Keeps the members whose keep[id] is set, in order; frees the groups left empty. No member may
 * be parked (member indices change). Returns the new list. */
struct dpu_group *dpu_group_filter(struct dpu_group *groups, const uint8_t *keep);

/* Frees every group of the list. */
void dpu_group_free_all(struct dpu_group *groups);

#endif
