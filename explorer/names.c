/* See names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "../protocol/invariant.h"

#define MIN_CAP 1024u

/* Fields are folded in by multiplication with an odd constant (a multiplicative hash, as in
 * Knuth's TAOCP 6.4), then mixed once by the finaliser of MurmurHash3, so that the slot index
 * (the low bits) depends on every bit: event pointers are 8-byte aligned and close together. */
#define K 0x9e3779b97f4a7c15ull

static uint64_t name_hash(const struct dpu_name *n) {
  uint64_t h = (uint64_t)n->tid << 48 ^ (uint64_t)n->op << 40 ^ (uint64_t)n->result << 32 ^ n->oi;
  h = (h * K) ^ (uintptr_t)n->pt;
  h = (h * K) ^ (uintptr_t)n->pm;
  h = (h * K) ^ (uintptr_t)n->px;
  for (uint32_t i = 0; i < n->nrpre; i++) h = (h * K) ^ (uintptr_t)n->rpre[i];
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

static struct dpu_name name_of(const struct dpu_event *e) {
  return (struct dpu_name){e->tid, e->op, e->result, e->obj, e->pre_thread,
                           e->obj == DPU_NO_OBJECT ? NULL : e->pre_obj, e->pre_extra, e->rpre,
                           e->nrpre};
}

static bool has_name(const struct dpu_event *e, const struct dpu_name *n) {
  if (e->tid != n->tid || e->op != n->op || e->result != n->result || e->obj != n->oi ||
      e->pre_thread != n->pt || e->pre_extra != n->px || e->nrpre != n->nrpre)
    return false;
  if (n->oi != DPU_NO_OBJECT && e->pre_obj != n->pm) return false;
  for (uint32_t i = 0; i < n->nrpre; i++)
    if (e->rpre[i] != n->rpre[i]) return false;
  return true;
}

int dpu_names_init(struct dpu_names *t) {
  t->slot = calloc(MIN_CAP, sizeof *t->slot);
  t->cap = MIN_CAP;
  t->n = 0;
  return t->slot ? 0 : -1;
}

void dpu_names_destroy(struct dpu_names *t) {
  free(t->slot);
  memset(t, 0, sizeof *t);
}

struct dpu_event *dpu_names_find(const struct dpu_names *t, const struct dpu_name *n) {
  uint32_t mask = t->cap - 1;
  for (uint32_t k = (uint32_t)name_hash(n) & mask;; k = (k + 1) & mask) {
    struct dpu_event *e = t->slot[k];
    if (!e || has_name(e, n)) return e;
  }
}

/* Puts e in a table that has room. */
static void insert(struct dpu_names *t, struct dpu_event *e) {
  struct dpu_name n = name_of(e);
  uint32_t mask = t->cap - 1;
  uint32_t k = (uint32_t)name_hash(&n) & mask;
  while (t->slot[k]) {
    DPU_ASSERT(!has_name(t->slot[k], &n) && "two live events with one name");
    k = (k + 1) & mask;
  }
  t->slot[k] = e;
  t->n++;
}

int dpu_names_rebuild(struct dpu_names *t, struct dpu_event *events, uint32_t count) {
  uint32_t cap = MIN_CAP; /* room for twice count: no growth before the next prune */
  while (cap / 4 < count + 1) cap *= 2;
  struct dpu_event **slot = calloc(cap, sizeof *slot);
  if (slot) {
    free(t->slot);
    t->slot = slot;
    t->cap = cap;
  } else {
    memset(t->slot, 0, t->cap * sizeof *t->slot);
  }
  t->n = 0;
  for (struct dpu_event *e = events; e; e = e->next) insert(t, e);
  return slot ? 0 : -1;
}

int dpu_names_put(struct dpu_names *t, struct dpu_event *e) {
  if (2 * (t->n + 1) > t->cap) {
    struct dpu_names bigger = {calloc(2 * (size_t)t->cap, sizeof *t->slot), 2 * t->cap, 0};
    if (!bigger.slot) return -1;
    for (uint32_t k = 0; k < t->cap; k++)
      if (t->slot[k]) insert(&bigger, t->slot[k]);
    free(t->slot);
    *t = bigger;
  }
  insert(t, e);
  return 0;
}
