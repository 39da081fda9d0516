/* See pes.h. */
#include "pes.h"

#include "../protocol/invariant.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Roots are allocated once, at their largest size, because nodes point at them. */
/* n tree roots: a root (no parent, depth 0, no skip pointer: dpu_node_init(r, NULL, NULL, s))
 * is all zero bytes, so calloc makes them, and the pages of roots never used are never
 * touched (--shard's split makes an unfolding per part it tries). */
static struct dpu_node *alloc_roots(uint32_t n) {
  struct dpu_node *r = calloc(n, sizeof *r);
#if DPU_CHECKS
  struct dpu_node root;
  dpu_node_init(&root, NULL, NULL, 2);
  DPU_ASSERT(!r || memcmp(&root, &r[0], sizeof root) == 0);
#endif
  return r;
}

int dpu_pes_init(struct dpu_pes *p, uint32_t step) {
  memset(p, 0, sizeof *p);
  p->step = step < 2 ? 2 : step;
  p->cap_threads = DPU_PES_MAX_THREADS;
  p->cap_objects = DPU_PES_MAX_OBJECTS;
  p->troot = alloc_roots(p->cap_threads);
  p->oroot = alloc_roots(p->cap_objects);
  p->oloc1 = calloc(p->cap_objects, sizeof *p->oloc1);
  p->ofirst1 = calloc(p->cap_objects, sizeof *p->ofirst1);
  p->onext1 = calloc(p->cap_objects, sizeof *p->onext1);
  p->oisloc = calloc(p->cap_objects, 1);
  return p->troot && p->oroot && p->oloc1 && p->ofirst1 && p->onext1 && p->oisloc ? 0 : -1;
}

void dpu_pes_set_location(struct dpu_pes *p, uint32_t x) {
  p->oisloc[x] = 1;
  p->nlocs++;
}

void dpu_pes_add_reader(struct dpu_pes *p, uint32_t x, uint32_t r) {
  p->oloc1[r] = x + 1u;
  p->onext1[r] = p->ofirst1[x];
  p->ofirst1[x] = r + 1u;
}

_Static_assert(offsetof(struct dpu_event, rpre) + sizeof(void *) <= 64,
               "what Alt's scans read of an event fits in 64 bytes");

size_t dpu_pes_event_bytes(const struct dpu_event *e) {
  return sizeof *e + (e->tnode.nskip + e->onode.nskip) * sizeof(struct dpu_node *) +
         (e->ntmax + e->nomax + e->nrpre) * sizeof(struct dpu_event *);
}

void dpu_pes_destroy(struct dpu_pes *p) {
  struct dpu_event *e = p->events;
  while (e) {
    struct dpu_event *next = e->next;
    dpu_model_free(e);
    free(e);
    e = next;
  }
  free(p->troot);
  free(p->oroot);
  free(p->oloc1);
  free(p->ofirst1);
  free(p->onext1);
  free(p->oisloc);
  memset(p, 0, sizeof *p);
}

/* The deeper of two events of the same tree that are both in one configuration (so one is an
 * ancestor of the other). */
static struct dpu_event *later(struct dpu_event *a, struct dpu_event *b, int thread_tree) {
  if (!a) return b;
  if (!b) return a;
  uint32_t da = thread_tree ? a->tnode.depth : a->onode.depth;
  uint32_t db = thread_tree ? b->tnode.depth : b->onode.depth;
  return da >= db ? a : b;
}

struct dpu_event *dpu_pes_add(struct dpu_pes *p, uint16_t tid, uint8_t op, uint16_t result,
                              uint32_t obj, struct dpu_event *pre_thread,
                              struct dpu_event *pre_obj, struct dpu_event *pre_extra,
                              struct dpu_event *const *rpre, uint32_t nrpre) {
  if (tid >= p->cap_threads || (obj != DPU_NO_OBJECT && obj >= p->cap_objects)) return NULL;
  if (tid >= p->nthreads) p->nthreads = tid + 1u;
  if (obj != DPU_NO_OBJECT && obj >= p->nobjects) p->nobjects = obj + 1u;

  /* The immediate causes: the three named ones that exist, then rpre. */
  struct dpu_event *causes[3 + DPU_PES_MAX_THREADS];
  uint32_t ncauses = 0;
  if (pre_thread) causes[ncauses++] = pre_thread;
  if (pre_obj) causes[ncauses++] = pre_obj;
  if (pre_extra) causes[ncauses++] = pre_extra;
  for (uint32_t i = 0; i < nrpre && i < DPU_PES_MAX_THREADS; i++) causes[ncauses++] = rpre[i];
  uint32_t ntmax = tid + 1u, nomax = obj != DPU_NO_OBJECT ? obj + 1u : 0;
  for (uint32_t i = 0; i < ncauses; i++) {
    if (causes[i]->ntmax > ntmax) ntmax = causes[i]->ntmax;
    if (causes[i]->nomax > nomax) nomax = causes[i]->nomax;
  }
  struct dpu_node *tparent = pre_thread ? &pre_thread->tnode : &p->troot[tid];
  uint32_t tskip = dpu_node_nskip(tparent->depth + 1, p->step);
  struct dpu_node *oparent = NULL;
  uint32_t oskip = 0;
  if (obj != DPU_NO_OBJECT) {
    oparent = pre_obj ? &pre_obj->onode : &p->oroot[dpu_pes_tree_object(p, obj)];
    oskip = dpu_node_nskip(oparent->depth + 1, p->step);
  }
  size_t bytes = sizeof(struct dpu_event) + (tskip + oskip) * sizeof(struct dpu_node *) +
                 (ntmax + nomax + nrpre) * sizeof(struct dpu_event *);
  if (__builtin_expect(p->max_bytes && p->bytes + bytes > p->max_bytes, 0)) {
    p->over = true;
    return NULL;
  }
  struct dpu_event *e = malloc(bytes);
  if (!e) return NULL;
  memset(e, 0, sizeof *e);
  struct dpu_node **skips = (struct dpu_node **)(e + 1);
  e->tmax = (struct dpu_event **)(skips + tskip + oskip);
  e->omax = e->tmax + ntmax;
  if (nrpre) {
    e->rpre = e->omax + nomax;
    memcpy(e->rpre, rpre, nrpre * sizeof *rpre);
  }
  e->nrpre = nrpre;
  e->id = p->nevents++;
  p->live++;
  e->tid = tid;
  e->op = op;
  e->result = result;
  e->obj = obj;
  e->pre_thread = pre_thread;
  e->pre_obj = pre_obj;
  e->pre_extra = pre_extra;
  e->ntmax = ntmax;
  e->nomax = nomax;
  dpu_node_init(&e->tnode, tparent, skips, p->step);
  if (oparent) dpu_node_init(&e->onode, oparent, skips + tskip, p->step);

  /* Def. 7 over ⌈e⌉: the latest of the causes' maps, and e itself on its thread and object.
   * Reads of one reader object in one configuration are ordered by their thread. */
  for (uint32_t i = 0; i < ntmax; i++) {
    struct dpu_event *m = NULL;
    for (uint32_t c = 0; c < ncauses; c++) m = later(m, dpu_event_tmax(causes[c], i), 1);
    e->tmax[i] = m;
  }
  e->tmax[tid] = e;
  for (uint32_t l = 0; l < nomax; l++) {
    struct dpu_event *m = NULL;
    int by_thread = p->nlocs && dpu_pes_reader_location(p, l) != DPU_NO_OBJECT;
    for (uint32_t c = 0; c < ncauses; c++) m = later(m, dpu_event_omax(causes[c], l), by_thread);
    e->omax[l] = m;
  }
  if (obj != DPU_NO_OBJECT) e->omax[obj] = e;

  e->next = p->events;
  p->events = e;
  p->bytes += bytes;
  return e;
}

bool dpu_pes_leq(struct dpu_pes *p, const struct dpu_event *a, const struct dpu_event *b) {
  if (a == b) return true;
  const struct dpu_event *m = a->tid == b->tid ? b : dpu_event_tmax(b, a->tid);
  if (!m) return false;
  return dpu_node_is_ancestor(&a->tnode, &m->tnode, p->step, &p->causality_stats);
}

bool dpu_pes_location_conflict(struct dpu_pes *p, const struct dpu_event *a,
                               const struct dpu_event *b, uint32_t x) {
  const struct dpu_event *wa = dpu_event_omax(a, x), *wb = dpu_event_omax(b, x);
  if (wa == wb) return false; /* the same last write (or none): reads of it commute */
  if (!wb || (wa && wa->onode.depth > wb->onode.depth)) { /* wa: the earlier (none first) */
    const struct dpu_event *t = wa, *u = a;
    wa = wb, wb = t;
    a = b, b = u;
  }
  if (wa && !dpu_node_is_ancestor(&wa->onode, &wb->onode, p->step, &p->conflict_stats))
    return true;
  /* wa is before wb: every read of wa in ⌈a⌉ must be in ⌈b⌉ (before the write after wa).
   * The latest read of each thread suffices: its earlier reads of wa are before it. */
  DPU_PES_FOR_READERS(p, x, r) {
    const struct dpu_event *rd = dpu_event_omax(a, r);
    if (rd && rd->pre_obj == wa && !dpu_pes_leq(p, rd, b)) return true;
  }
  return false;
}

bool dpu_pes_conflict(struct dpu_pes *p, const struct dpu_event *a, const struct dpu_event *b) {
  if (a == b) return false;
  if (a->tid == b->tid)
    return !dpu_node_is_ancestor(&a->tnode, &b->tnode, p->step, &p->conflict_stats) &&
           !dpu_node_is_ancestor(&b->tnode, &a->tnode, p->step, &p->conflict_stats);
  uint32_t n = a->nomax < b->nomax ? a->nomax : b->nomax;
  for (uint32_t l = 0; l < n; l++) {
    const struct dpu_event *x = a->omax[l], *y = b->omax[l];
    if (x == y) continue; /* (on a location: the same last write, whose reads commute) */
    if (p->nlocs) {
      if (dpu_pes_reader_location(p, l) != DPU_NO_OBJECT) continue; /* with its location */
      if (p->oisloc[l]) {
        if (dpu_pes_location_conflict(p, a, b, l)) return true;
        continue;
      }
    }
    if (!x || !y) continue;
    const struct dpu_event *lo = x->onode.depth <= y->onode.depth ? x : y;
    const struct dpu_event *hi = lo == x ? y : x;
    if (!dpu_node_is_ancestor(&lo->onode, &hi->onode, p->step, &p->conflict_stats)) return true;
  }
  return false;
}
