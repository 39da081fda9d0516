/* -j's structures (explorer/workers.c, paths.c): a worker's path copied into a task or a
 * deferred segment, the pool the workers share, and a node's place in the depth-first order of
 * Alg. 1's tree. Internal to explorer/; everything here is touched under the pool's lock. */
#ifndef DPU_WORKERS_H
#define DPU_WORKERS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "qpor_impl.h"

/* A worker's path, copied: frames ev[0, n), D, and what extend.c needs to process a run from
 * frame n (the process's exit sets, the creates of threads, the process object). */
struct path {
  struct dpu_event **ev;
  uint32_t n;
  struct dentry *d; /* [nd], by frame */
  uint32_t nd;
  struct created *cr;       /* [ncr] */
  uint32_t ncr;
};

struct created {
  uint16_t tid;
  struct dpu_event *create;
};

/* The right subtree of the node at frame n = p.n: C = p.ev[0, n), D = p.d (its last entry e_n,
 * at frame n), A = j[0, nj) (J \ C in causal order). */
struct task {
  struct path p;
  struct dpu_event **j;
  uint32_t nj;
};

/* Deferred Alt calls at frames hi, hi - 1, ..., lo of one path: at frame f, Alt(C_f, D_f ∪
 * {e_f}) with C_f = p.ev[0, f), e_f = p.ev[f], D_f = p.d's entries at frames up to f. They were
 * made when U held `stamp` events. */
struct segment {
  struct path p;
  uint32_t lo, hi;
  uint32_t stamp;
  struct parked_on *parks;  /* [nparks] the members parked on the path's frames then */
  uint32_t nparks;
};

/* A parked group member (alt.c) and the frame it is parked on. */
struct parked_on {
  struct dpu_group *g;
  uint32_t i, frame;
};

struct dpu_pool {
  pthread_mutex_t lock;
  pthread_cond_t wake;      /* work, a position changed, or the end */
  pthread_cond_t gathered;  /* DPU_HANDOFF=always: a worker began to wait for work */
  struct dpu_unfolding u;
  struct qpor *w;           /* [n] the workers */
  unsigned n;
  struct qpor *owner;       /* whose marks the events hold (NULL: nobody's) */
  struct task **tasks;      /* [ntasks] a binary heap, earliest task first */
  uint32_t ntasks, tcap;
  struct segment **heap;    /* [nheap] a binary heap, earliest segment first */
  uint32_t nheap, hcap;
  unsigned busy, idle;      /* workers exploring a task, waiting for work */
  double held, ran;         /* seconds the lock was held between runs, and runs took */
  uint64_t runs;
  bool shared;              /* a subtree was handed over: the pairs work at once (until then
                             * one worker explores) */
  bool always_hand;         /* DPU_HANDOFF=always: hand subtrees over whatever they cost (the
                             * tests' way to exercise the pool on programs of a few runs) */
  bool never_hand;          /* DPU_HANDOFF=never: never (the tests' way to have one worker
                             * explore alone whatever the machine's timings) */
  bool random;              /* --order=random: every right subtree becomes a task, and tasks
                             * are taken at random (POR-SE's user-chosen order, App. G; the
                             * deferred calls do what its sweep bit does) */
  unsigned short xsubi[3];  /* nrand48's state, from the seed */
  bool stop;                /* the exploration is over: done, or halted */
  bool failed;              /* out of memory in the pool */
  enum dpu_explore_status status;
};

/* ---- the depth-first order (paths.c) ---- */

/* A place in the tree: the node at frame j of a path whose right turns are D's entries d[0, nd)
 * at frames up to j; with alt, its Alt call (after its left subtree, before its right one). */
struct key {
  const struct dentry *d;
  uint32_t nd, j;
  bool alt;
};

/* -1, 0, 1 as a comes before, is, or comes after b in the depth-first order. O(nd). */
int key_cmp(struct key a, struct key b);

/* The place of task t's node. */
static inline struct key task_key(const struct task *t) {
  return (struct key){t->p.d, t->p.nd, t->p.n, false};
}

/* The place of segment s's deferred call at frame f. */
static inline struct key segment_key(const struct segment *s, uint32_t f) {
  return (struct key){s->p.d, s->p.nd, f, true};
}

/* ---- paths (paths.c) ---- */

/* Frees what p holds (not p). */
void path_free(struct path *p);

/* Frees s and what it holds. */
void segment_free(struct segment *s);

/* Frees t and what it holds. */
void task_free(struct task *t);

/* Copies q's frames ev[0, n) and D (and one more entry (extra, n) when extra is not NULL) into
 * p. q owns the marks. Returns 0, -1 if out of memory. */
int path_copy(struct path *p, struct qpor *q, uint32_t n, struct dpu_event *extra);

/* Makes the events hold q's marks. */
void own(struct qpor *q);

/* Puts q (C and D empty) at the node of p's frame `frames`: C = p.ev[0, frames), D = p's
 * entries at frames up to `frames`. Returns 0, -1 if out of memory. */
int path_enter(struct qpor *q, const struct path *p, uint32_t frames);

/* Takes q back to the root: C = ev[0, frames) and all of D removed, and forgets the creates
 * it knew (a worker alone may prune them meanwhile). */
void path_leave(struct qpor *q, uint32_t frames);

#endif
