/* -j's paths (workers.h): a node's place in the depth-first order, a worker's path copied and
 * entered again, and the swap of the marks that events hold for the worker that holds the
 * pool's lock. */
#include "workers.h"

#include <stdlib.h>
#include <string.h>

/* The key's symbol at frame f (f at most j + 1): 1 + the right turns at f; past j, the node's
 * own place: before every node below it (0), or, for its Alt call, after them (the maximum).
 * Advances *i over D's entries at f. */
static uint64_t key_symbol(const struct key *k, uint32_t *i, uint32_t f) {
  if (f > k->j) return k->alt ? UINT64_MAX : 0;
  uint64_t s = 1;
  while (*i < k->nd && k->d[*i].frame == f) (*i)++, s++;
  return s;
}

/* The first frame from entry i on that can tell k from another key: D's next entry, or j + 1. */
static uint32_t key_next(const struct key *k, uint32_t i) {
  return i < k->nd && k->d[i].frame <= k->j ? k->d[i].frame : k->j + 1;
}

int key_cmp(struct key a, struct key b) {
  uint32_t ia = 0, ib = 0;
  for (;;) {
    uint32_t na = key_next(&a, ia), nb = key_next(&b, ib);
    uint32_t f = na < nb ? na : nb; /* frames before f have no right turn in either */
    uint64_t sa = key_symbol(&a, &ia, f), sb = key_symbol(&b, &ib, f);
    if (sa != sb) return sa < sb ? -1 : 1;
    if (f > a.j) return 0;
  }
}

void path_free(struct path *p) {
  free(p->ev), free(p->d), free(p->cr);
}

void segment_free(struct segment *s) {
  path_free(&s->p);
  free(s->parks);
  free(s);
}

void task_free(struct task *t) {
  path_free(&t->p);
  free(t->j);
  free(t);
}

int path_copy(struct path *p, struct qpor *q, uint32_t n, struct dpu_event *extra) {
  memset(p, 0, sizeof *p);
  p->n = n;
  p->nd = q->nd + (extra != NULL);
  uint32_t nt = q->u->pes.nthreads;
  p->ev = malloc((n ? n : 1) * sizeof *p->ev);
  p->d = malloc((p->nd ? p->nd : 1) * sizeof *p->d);
  p->cr = malloc((nt ? nt : 1) * sizeof *p->cr);
  if (!p->ev || !p->d || !p->cr) {
    path_free(p);
    memset(p, 0, sizeof *p); /* empty again: freeing it twice is harmless */
    return -1;
  }
  memcpy(p->ev, q->ev, n * sizeof *p->ev);
  if (q->nd) memcpy(p->d, q->d, q->nd * sizeof *p->d); /* q->d is NULL before its first entry */
  if (extra) p->d[q->nd] = (struct dentry){extra, n};
  for (uint32_t t = 0; t < nt; t++) {
    struct dpu_event *cr = q->creator[t];
    if (cr && cr->in_c && cr->cframe < n) p->cr[p->ncr++] = (struct created){(uint16_t)t, cr};
  }
  return 0;
}

/* Clears the marks of w's C and D in the events, and unparks its parked members. */
static void detach(struct qpor *w) {
  for (uint32_t f = 0; f < w->nc; f++) w->ev[f]->in_c = 0;
  for (uint32_t i = 0; i < w->nd; i++) w->d[i].e->in_d = 0;
  for (uint32_t f = 0; f < w->nparks; f++)
    for (uint32_t k = 0; k < w->parks[f].n; k++)
      dpu_group_unpark(w->parks[f].p[k].g, w->parks[f].p[k].i);
}

/* Sets the marks of w's C (frames [0, nc)) and D, and parks its parked members again. */
static void attach(struct qpor *w) {
  for (uint32_t f = 0; f < w->nc; f++) {
    w->ev[f]->in_c = 1;
    w->ev[f]->cframe = f;
  }
  for (uint32_t i = 0; i < w->nd; i++)
    if (!w->d[i].e->in_d++) w->d[i].e->cframe = w->d[i].frame;
  for (uint32_t f = 0; f < w->nparks; f++)
    for (uint32_t k = 0; k < w->parks[f].n; k++)
      dpu_group_park(w->parks[f].p[k].g, w->parks[f].p[k].i);
}

void own(struct qpor *q) {
  struct dpu_pool *pool = q->pool;
  if (pool->owner == q) return;
  if (pool->owner) detach(pool->owner);
  attach(q);
  pool->owner = q;
}

int path_enter(struct qpor *q, const struct path *p, uint32_t frames) {
  own(q);
  for (uint32_t f = 0; f < frames; f++) {
    q->ev[f] = p->ev[f];
    if (qpor_c_add(q, p->ev[f], f) != 0) return -1;
  }
  for (uint32_t i = 0; i < p->ncr; i++) q->creator[p->cr[i].tid] = p->cr[i].create;
  for (uint32_t i = 0; i < p->nd && p->d[i].frame <= frames; i++)
    if (qpor_d_push(q, p->d[i].e, p->d[i].frame) != 0) return -1;
  q->n = frames;
  return 0;
}

void path_leave(struct qpor *q, uint32_t frames) {
  while (frames > 0) qpor_c_undo(q, q->ev[--frames]);
  while (q->nd) q->d[--q->nd].e->in_d--;
  q->n = q->nc = 0;
  memset(q->creator, 0, q->u->pes.nthreads * sizeof *q->creator);
}
