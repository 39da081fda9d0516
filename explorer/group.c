/* See group.h. */
#include "group.h"

#include <stdlib.h>
#include <string.h>

#include "../protocol/invariant.h"
#include "pes.h"

struct dpu_group *dpu_group_find(struct dpu_group *groups, uint16_t tid) {
  while (groups && groups->tid != tid) groups = groups->next;
  return groups;
}

static void group_free(struct dpu_group *g) {
  if (g->m != &g->one) free(g->m);
  if (g->parked != &g->pone) free(g->parked);
  free(g);
}

/* Doubles g's capacity. Returns 0, -1 if out of memory. */
static int group_grow(struct dpu_group *g) {
  uint32_t cap = 2 * g->cap;
  struct dpu_member *m = realloc(g->m == &g->one ? NULL : g->m, cap * sizeof *m);
  if (!m) return -1;
  if (g->m == &g->one) m[0] = g->one;
  g->m = m;
  uint32_t words = (g->cap + 63) / 64, nwords = (cap + 63) / 64;
  if (nwords > words) {
    uint64_t *p = realloc(g->parked == &g->pone ? NULL : g->parked, nwords * sizeof *p);
    if (!p) return -1; /* g->m grew: the group stays usable at its old capacity */
    if (g->parked == &g->pone) p[0] = g->pone;
    memset(p + words, 0, (nwords - words) * sizeof *p);
    g->parked = p;
  }
  g->cap = cap;
  return 0;
}

int dpu_group_add(struct dpu_group **groups, uint16_t tid, struct dpu_event *e, bool read) {
  struct dpu_group *g = dpu_group_find(*groups, tid);
  if (!g) {
    g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->tid = tid;
    g->m = &g->one;
    g->parked = &g->pone;
    g->cap = 1;
    g->next = *groups;
    *groups = g;
  }
  if (g->n == g->cap && group_grow(g) != 0) return -1;
  g->m[g->n++] = (struct dpu_member){.e = e, .read = read};
  return 0;
}

struct dpu_group *dpu_group_filter(struct dpu_group *groups, const uint8_t *keep) {
  struct dpu_group *out = NULL, **tail = &out;
  for (struct dpu_group *g = groups, *next; g; g = next) {
    next = g->next;
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n; i++) {
      DPU_ASSERT(!dpu_group_parked(g, i));
      if (keep[g->m[i].e->id]) g->m[n++] = g->m[i];
    }
    g->n = n;
    if (!n) {
      group_free(g);
      continue;
    }
    *tail = g;
    tail = &g->next;
  }
  *tail = NULL;
  return out;
}

void dpu_group_free_all(struct dpu_group *groups) {
  while (groups) {
    struct dpu_group *next = groups->next;
    group_free(groups);
    groups = next;
  }
}
