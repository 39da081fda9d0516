/* See group.h. */
#include "group.h"

#include <stdlib.h>

#include "pes.h"

struct dpu_group *dpu_group_find(struct dpu_group *groups, uint16_t tid) {
  while (groups && groups->tid != tid) groups = groups->next;
  return groups;
}

int dpu_group_add(struct dpu_group **groups, uint16_t tid, struct dpu_event *e, bool read) {
  struct dpu_group *g = dpu_group_find(*groups, tid);
  if (!g) {
    g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->tid = tid;
    g->m = &g->one;
    g->cap = 1;
    g->next = *groups;
    *groups = g;
  }
  if (g->n == g->cap) {
    uint32_t cap = 2 * g->cap;
    struct dpu_member *m = realloc(g->m == &g->one ? NULL : g->m, cap * sizeof *m);
    if (!m) return -1;
    if (g->m == &g->one) m[0] = g->one;
    g->m = m;
    g->cap = cap;
  }
  g->m[g->n++] = (struct dpu_member){.e = e, .cwit = NULL, .read = read};
  return 0;
}

struct dpu_group *dpu_group_filter(struct dpu_group *groups, const uint8_t *keep) {
  struct dpu_group *out = NULL, **tail = &out;
  for (struct dpu_group *g = groups, *next; g; g = next) {
    next = g->next;
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n; i++) {
      struct dpu_member m = g->m[i];
      if (!keep[m.e->id]) continue;
      if (m.cwit && !keep[m.cwit->id]) m.cwit = NULL;
      g->m[n++] = m;
    }
    g->n = n;
    if (!n) {
      if (g->m != &g->one) free(g->m);
      free(g);
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
    if (groups->m != &groups->one) free(groups->m);
    free(groups);
    groups = next;
  }
}
