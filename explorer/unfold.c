/* See unfold.h. */
#include "unfold.h"

#include "bound.h"
#include "symmetry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dpu_unf_init(struct dpu_unfolding *u, uint32_t step) {
  memset(u, 0, sizeof *u);
  u->bound = DPU_BOUND_NONE;
  if (dpu_pes_init(&u->pes, step) != 0) return -1;
  u->ocap = 1024;
  u->okeys = malloc(u->ocap * sizeof *u->okeys);
  u->oidx = malloc(u->ocap * sizeof *u->oidx);
  u->oroot_groups = calloc(DPU_PES_MAX_OBJECTS, sizeof *u->oroot_groups);
  u->oroot_newest = calloc(DPU_PES_MAX_OBJECTS, sizeof *u->oroot_newest);
  u->okind = calloc(DPU_PES_MAX_OBJECTS, sizeof *u->okind);
  if (!u->okeys || !u->oidx || !u->oroot_groups || !u->oroot_newest || !u->okind || dpu_names_init(&u->names) != 0)
    return -1;
  memset(u->okeys, 0xff, u->ocap * sizeof *u->okeys);
  return 0;
}

void dpu_unf_destroy(struct dpu_unfolding *u) {
  for (struct dpu_event *e = u->pes.events; e; e = e->next) dpu_group_free_all(e->ogroups);
  for (uint32_t l = 0; u->oroot_groups && l < u->pes.nobjects; l++)
    dpu_group_free_all(u->oroot_groups[l]);
  dpu_pes_destroy(&u->pes);
  free(u->okeys);
  free(u->oidx);
  free(u->oroot_groups);
  free(u->oroot_newest);
  free(u->okind);
  dpu_names_destroy(&u->names);
  dpu_cutoffs_free(&u->cut);
  free(u->choices);
  memset(u, 0, sizeof *u);
}

static uint64_t hash64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

static int ogrow(struct dpu_unfolding *u) {
  uint32_t ncap = u->ocap * 2;
  uint64_t *keys = malloc(ncap * sizeof *keys);
  uint32_t *idx = malloc(ncap * sizeof *idx);
  if (!keys || !idx) {
    free(keys), free(idx);
    return -1;
  }
  memset(keys, 0xff, ncap * sizeof *keys);
  for (uint32_t i = 0; i < u->ocap; i++) {
    if (u->okeys[i] == UINT64_MAX) continue;
    uint32_t k = (uint32_t)hash64(u->okeys[i]) & (ncap - 1);
    while (keys[k] != UINT64_MAX) k = (k + 1) & (ncap - 1);
    keys[k] = u->okeys[i];
    idx[k] = u->oidx[i];
  }
  free(u->okeys), free(u->oidx);
  u->okeys = keys;
  u->oidx = idx;
  u->ocap = ncap;
  return 0;
}

/* The index of the object with this key, a new one if none; DPU_NO_OBJECT - 1 when full. */
static uint32_t object_of_key(struct dpu_unfolding *u, uint64_t key) {
  if (key == UINT64_MAX) key = UINT64_MAX - 1; /* the empty-slot marker */
  uint32_t k = (uint32_t)hash64(key) & (u->ocap - 1);
  while (u->okeys[k] != UINT64_MAX) {
    if (u->okeys[k] == key) return u->oidx[k];
    k = (k + 1) & (u->ocap - 1);
  }
  if (u->on >= DPU_PES_MAX_OBJECTS) return DPU_NO_OBJECT - 1;
  u->okeys[k] = key;
  u->oidx[k] = u->on++;
  if (u->on * 2 > u->ocap && ogrow(u) != 0) return DPU_NO_OBJECT - 1;
  return u->on - 1;
}

uint32_t dpu_unf_object(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint64_t obj) {
  /* The object and its key are the operation's row of protocol/ops.def (FAMILY): the exits
   * of a process, for one, are the operations of one object, whose key no thread or address
   * has: two exits are in conflict (a process ends once). */
  if (dpu_op_on_no_object(op)) return DPU_NO_OBJECT;
  uint64_t key = dpu_op_key(op, obj);
  uint32_t x = object_of_key(u, key);
  if (x >= DPU_NO_OBJECT - 1 || !dpu_op_is_access(op)) return x;
  /* A location: reads (visible plain reads and atomic loads) are on the reader object of
   * their thread (pes.h); every other access (a write, an atomic store, read-modify-write or
   * compare-and-swap, which may write) is a write. Keys of reader objects: bit 62 and the
   * thread + 1 in bits 48-58, above the 47 bits of a user-space address. */
  if (!u->pes.oisloc[x]) dpu_pes_set_location(&u->pes, x);
  if (!dpu_op_is_read(op)) return x;
  uint32_t before = u->on;
  uint32_t r = object_of_key(u, key ^ 1ull << 62 ^ (uint64_t)(tid + 1u) << 48);
  if (r < DPU_NO_OBJECT - 1 && u->on != before) dpu_pes_add_reader(&u->pes, x, r);
  return r;
}

struct dpu_event *dpu_unf_event(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint16_t result,
                                uint32_t oi, struct dpu_event *pt, struct dpu_event *pm,
                                struct dpu_event *px, uint32_t site, uint64_t aux) {
  return dpu_unf_event_r(u, tid, op, result, oi, pt, pm, px, NULL, 0, site, aux);
}

struct dpu_event *dpu_unf_event_r(struct dpu_unfolding *u, uint16_t tid, uint8_t op,
                                  uint16_t result, uint32_t oi, struct dpu_event *pt,
                                  struct dpu_event *pm, struct dpu_event *px,
                                  struct dpu_event *const *rpre, uint32_t nrpre, uint32_t site,
                                  uint64_t aux) {
  struct dpu_name name = {tid, op, result, oi, pt, oi == DPU_NO_OBJECT ? NULL : pm, px,
                          rpre, nrpre};
  struct dpu_event *found = dpu_names_find(&u->names, &name);
  if (found) return found;
  struct dpu_event *e = dpu_pes_add(&u->pes, tid, op, result, oi, pt, pm, px, rpre, nrpre);
  if (!e) return NULL;
  if (dpu_names_put(&u->names, e) != 0) return NULL;
  e->site = site;
  e->aux = aux;
  e->data = DPU_DATA_UNKNOWN;
  struct dpu_event **first = pt ? &pt->tchild : &u->troot_child[tid];
  e->tsibling = *first;
  *first = e;
  uint32_t to = oi != DPU_NO_OBJECT ? dpu_pes_tree_object(&u->pes, oi) : 0;
  *(pt ? &pt->newest_child : &u->troot_newest[tid]) = e->id + 1;
  if (oi != DPU_NO_OBJECT) *(pm ? &pm->newest_child : &u->oroot_newest[to]) = e->id + 1;
  if (oi != DPU_NO_OBJECT &&
      dpu_group_add(pm ? &pm->ogroups : &u->oroot_groups[to],
                    tid, e, dpu_op_is_read(op)) != 0)
    return NULL;
  dpu_model_apply(e, oi != DPU_NO_OBJECT ? u->okind[oi] : 0);
  if (u->bound != DPU_BOUND_NONE) dpu_bound_event(&u->pes, e);
  if (u->symmetry) {
    dpu_sym_prefix(e);
    if (op == DPU_OP_THREAD_START && aux) u->sym_groups = true;
    if (u->sym_groups) dpu_sym_event(e);
  }
  if (u->cutoffs) dpu_cutoff_created(e);
  return e;
}

/* The later of two events of one object tree that lie in one configuration (either may be
 * NULL). */
static struct dpu_event *later_on(struct dpu_event *a, struct dpu_event *b) {
  if (!a) return b;
  if (!b) return a;
  return a->onode.depth >= b->onode.depth ? a : b;
}

/* Keeps the kept events of a thread-tree children list, in order. */
static struct dpu_event *filter(struct dpu_event *first, const uint8_t *keep) {
  struct dpu_event *head = NULL, **tail = &head;
  for (struct dpu_event *e = first; e; e = e->tsibling) {
    if (!keep[e->id]) continue;
    *tail = e;
    tail = &e->tsibling;
  }
  *tail = NULL;
  return head;
}

uint32_t dpu_unf_prune(struct dpu_unfolding *u, const uint8_t *keep) {
  for (uint32_t t = 0; t < u->pes.nthreads; t++) u->troot_child[t] = filter(u->troot_child[t], keep);
  for (uint32_t l = 0; l < u->pes.nobjects; l++)
    u->oroot_groups[l] = dpu_group_filter(u->oroot_groups[l], keep);
  for (struct dpu_event *e = u->pes.events; e; e = e->next) {
    if (!keep[e->id]) continue;
    e->tchild = filter(e->tchild, keep);
    e->ogroups = dpu_group_filter(e->ogroups, keep);
  }
  uint32_t freed = 0;
  struct dpu_event **link = &u->pes.events;
  while (*link) {
    struct dpu_event *e = *link;
    if (keep[e->id]) {
      link = &e->next;
      continue;
    }
    *link = e->next;
    u->pes.bytes -= dpu_pes_event_bytes(e);
    dpu_group_free_all(e->ogroups); /* its children are not kept either (keep is closed) */
    dpu_model_free(e);
    free(e);
    freed++;
  }
  u->pes.live -= freed;
  /* The index keeps no freed event. Out of memory, the old table is reused, which holds the
   * fewer live events as well. */
  (void)dpu_names_rebuild(&u->names, u->pes.events, u->pes.live);
  return freed;
}

/* The reads of write x (NULL: the initial value) of reader object r in the configuration whose
 * per-object maxima are conf[0, nconf), newest first, into out[0, cap); returns how many. Sets
 * *unexplored to cap when there were more. */
static uint32_t reads_of(struct dpu_event *const *conf, uint32_t nconf, uint32_t r,
                         const struct dpu_event *x, struct dpu_event **out, uint32_t cap,
                         uint32_t *unexplored, uint32_t *site) {
  struct dpu_event *rd = r < nconf ? conf[r] : NULL;
  uint32_t dx = x ? x->onode.depth : 0;
  while (rd && rd->pre_obj != x) { /* skip the reads of later writes */
    if ((rd->pre_obj ? rd->pre_obj->onode.depth : 0) <= dx) return 0;
    rd = rd->pre_thread ? dpu_event_omax(rd->pre_thread, r) : NULL;
  }
  uint32_t n = 0;
  for (; rd && rd->pre_obj == x && n < cap; n++) {
    out[n] = rd;
    rd = rd->pre_thread ? dpu_event_omax(rd->pre_thread, r) : NULL;
  }
  if (rd && rd->pre_obj == x) *unexplored = cap, *site = rd->site;
  return n;
}

/* The later of two reads of one thread (either may be NULL). */
static struct dpu_event *later_read(struct dpu_event *a, struct dpu_event *b) {
  if (!a) return b;
  if (!b) return a;
  return a->tnode.depth >= b->tnode.depth ? a : b;
}

#define MAX_READS_OF 256

/* earlier_write's choice of reads on one reader object. */
struct dpu_unf_choice {
  uint32_t obj;
  struct dpu_event *list[MAX_READS_OF]; /* choosable reads, newest first; then NULL (none) */
  uint32_t n, pick;
};

/* The events of thread tid doing write-class operation op on location x0 right after write x
 * (NULL: first), after pt, with every set of reads of x that the configuration conf holds and
 * the new event's history may hold: per other thread j, none (if pt does not hold one) or any
 * of j's reads of x from the latest that pt holds on. Each set is closed under the histories
 * of its reads and named by its latest read per thread (the event's rpre). */
static int earlier_write(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint32_t x0,
                         struct dpu_event *pt, struct dpu_event *x, struct dpu_event *px,
                         uint32_t site, uint64_t aux, struct dpu_event *const *conf,
                         uint32_t nconf) {
  struct dpu_pes *p = &u->pes;
  /* The unfolding's scratch, not a static one: -j's workers over parts (explorer/shard.c)
   * extend unfoldings of their own at once. */
  if (!u->choices && !(u->choices = malloc(DPU_PES_MAX_THREADS * sizeof *u->choices))) return -1;
  struct dpu_unf_choice *ch = u->choices;
  uint32_t nch = 0;
  DPU_PES_FOR_READERS(p, x0, r) {
    struct dpu_unf_choice *c = &ch[nch];
    c->n = reads_of(conf, nconf, r, x, c->list, MAX_READS_OF, &u->reads_unexplored,
                    &u->reads_unexplored_site);
    if (!c->n || c->list[0]->tid == tid) continue; /* own reads: in pt's history already */
    struct dpu_event *lb = pt ? dpu_event_omax(pt, r) : NULL;
    if (px) lb = later_read(lb, dpu_event_omax(px, r)); /* a store buffer's flush */
    if (lb && lb->pre_obj != x) lb = NULL;
    if (lb) { /* no choice older than what pt holds */
      uint32_t i = 0;
      while (i < c->n && c->list[i] != lb) i++;
      c->n = i < c->n ? i + 1 : c->n;
    } else {
      if (c->n == MAX_READS_OF) c->n--;
      c->list[c->n++] = NULL;
    }
    c->obj = r;
    c->pick = 0;
    nch++;
  }
  uint16_t results[DPU_MODEL_MAX_OUTCOMES];
  unsigned nres = dpu_model_outcomes(x, pt, tid, op, site, aux, u->okind[x0], x0, results);
  if (!nres) return 0;
  struct dpu_event *rpre[DPU_PES_MAX_THREADS];
  for (;;) {
    /* The history's latest read of x per thread: the picks, and what their histories and pt's
     * hold. */
    uint32_t n = 0;
    for (uint32_t i = 0; i < nch; i++) {
      struct dpu_event *m = ch[i].list[ch[i].pick];
      for (uint32_t k = 0; k < nch; k++) {
        struct dpu_event *o = ch[k].list[ch[k].pick];
        struct dpu_event *h = o ? dpu_event_omax(o, ch[i].obj) : NULL;
        if (h && h->pre_obj == x) m = later_read(m, h);
      }
      struct dpu_event *h = pt ? dpu_event_omax(pt, ch[i].obj) : NULL;
      if (h && h->pre_obj == x) m = later_read(m, h);
      h = px ? dpu_event_omax(px, ch[i].obj) : NULL;
      if (h && h->pre_obj == x) m = later_read(m, h);
      if (!m) continue;
      uint32_t j = n++; /* insertion by thread */
      while (j > 0 && rpre[j - 1]->tid > m->tid) rpre[j] = rpre[j - 1], j--;
      rpre[j] = m;
    }
    for (unsigned i = 0; i < nres; i++) {
      uint32_t before = p->nevents;
      if (!dpu_unf_event_r(u, tid, op, results[i], x0, pt, x, px, rpre, n, site, aux)) return -1;
      u->cex_created += p->nevents - before;
    }
    uint32_t i = 0; /* the next combination */
    while (i < nch && ++ch[i].pick == ch[i].n) ch[i++].pick = 0;
    if (i == nch) return 0;
  }
}

int dpu_unf_earlier(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint32_t oi,
                    struct dpu_event *pt, struct dpu_event *pm, struct dpu_event *px,
                    uint32_t site, uint64_t aux, bool at_pm, struct dpu_event *const *conf,
                    uint32_t nconf) {
  if (oi == DPU_NO_OBJECT) return 0;
  uint32_t to = dpu_pes_tree_object(&u->pes, oi);
  bool loc_write = u->pes.oisloc[oi] != 0; /* oi is a location (reads are on reader objects) */
  if (!pm && !loc_write) return 0;
  /* lo: the last event on the object that the history must keep (what the thread predecessor
   * and the extra cause depend on). Positions from pm's parent up to lo are candidates. */
  struct dpu_event *lo = NULL;
  if (pt) lo = later_on(lo, dpu_event_omax(pt, to));
  if (px) lo = later_on(lo, dpu_event_omax(px, to));
  uint16_t results[DPU_MODEL_MAX_OUTCOMES];
  for (struct dpu_event *x = at_pm || loc_write ? pm : pm->pre_obj;; x = x->pre_obj) {
    /* x: the new position's object predecessor (NULL: the object's first operation). */
    if (lo && (!x || x->onode.depth < lo->onode.depth)) break; /* above lo (the root is) */
    if (loc_write) {
      if (earlier_write(u, tid, op, oi, pt, x, px, site, aux, conf, nconf) != 0) return -1;
    } else {
      unsigned n = dpu_model_outcomes(x, pt, tid, op, site, aux, u->okind[to], oi, results);
      for (unsigned i = 0; i < n; i++) {
        uint32_t before = u->pes.nevents;
        if (!dpu_unf_event(u, tid, op, results[i], oi, pt, x, px, site, aux)) return -1;
        u->cex_created += u->pes.nevents - before;
      }
    }
    if (!x || x == lo) break;
  }
  return 0;
}

int dpu_unf_cex(struct dpu_unfolding *u, struct dpu_event *e) {
  if (e->cex_done) return 0;
  e->cex_done = 1;
  if (e->op == DPU_OP_ATOMIC_STORE && e->aux > 1) {
    /* ra/rc11: its other places in modification order, at its own position (the record's aux
     * counts them: a function of its history, which the runner computed) */
    for (unsigned i = 0; i < e->aux && i < DPU_NONDET_MAX_VALUES; i++) {
      uint32_t before = u->pes.nevents;
      if (!dpu_unf_event_r(u, e->tid, e->op, (uint16_t)i, e->obj, e->pre_thread, e->pre_obj,
                           e->pre_extra, e->rpre, e->nrpre, e->site, e->aux))
        return -1;
      u->cex_created += u->pes.nevents - before;
    }
  }
  if (dpu_op_is_choice(e->op)) { /* the other outcomes, at its place on its choices object */
    for (unsigned i = 0; i < e->aux && i < DPU_NONDET_MAX_VALUES; i++) {
      uint32_t before = u->pes.nevents;
      if (!dpu_unf_event(u, e->tid, e->op, (uint8_t)i, e->obj, e->pre_thread, e->pre_obj, NULL,
                         e->site, e->aux))
        return -1;
      u->cex_created += u->pes.nevents - before;
    }
    return 0;
  }
  /* A signal's other choices of the thread to wake are alternatives at its own position; so are
   * a write's smaller sets of reads before it. Its reads come from its own history. */
  /* (A store's aux counts its places at its own position: elsewhere it is unknown until a
   * run makes it, and its record says.) */
  return dpu_unf_earlier(u, e->tid, e->op, e->obj, e->pre_thread, e->pre_obj, e->pre_extra,
                         e->site, e->op == DPU_OP_ATOMIC_STORE ? 0 : e->aux,
                         e->op == DPU_OP_COND_SIGNAL, e->omax, e->nomax);
}
