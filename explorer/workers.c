/* -j N: Alg. 1's tree of calls Explore(C, D, A) explored by N threads that share U, each with
 * its own executor (docs/parallel.md argues the design from the paper).
 *
 * Work. The unit is a node of the tree. A worker explores a node as qpor.c does alone, from its
 * frame (its floor) down; when Alt finds a clue J at frame j while a worker is idle, the right
 * subtree (C_j, D ∪ {e_j}, J) becomes a task for that worker, and the giver goes on backtracking
 * above j. Subtrees of different nodes hold disjoint sets of maximal configurations whatever U
 * holds (the left one contains e_j, the right one not; C ∩ D = ∅ along every path), so no trace
 * is explored twice, and a clue found in any U is a clue (Def. 2: every event of U is an event
 * of the unfolding).
 *
 * Deferred failures. A failed Alt is final only when U holds what the sequential exploration's
 * U holds at that call (Def. 3 rests on it): every node before it in the depth-first order of
 * the tree must be done. When some other work before it is not (another worker's position, a
 * task, an earlier deferred call), the call is deferred: kept with a copy of its path in a
 * segment, and the worker goes on as if it had failed. A segment is resolved when nothing
 * before it is left: a call whose spikes' parents got no child since it was made fails again
 * (Alt reads U only through the children of the parents of e and of D's events in their trees,
 * alt.c step 2), any other is made again; a clue there becomes a task. At each resolution U
 * holds ex(C') of every node before it, as the sequential U does (and more, which a clue
 * search never minds: the comb examines every combination), so Lemmas 5 and 6 give every
 * maximal configuration; docs/parallel.md has the argument in full.
 *
 * Order. A node's place in the depth-first order is the number of right turns taken at each
 * frame of its path: the frames of D's entries (a key, struct key), compared frame by frame;
 * an Alt call at frame j comes after every node below it (its left subtree) and before its
 * right subtree.
 *
 * Random order (--order=random). POR-SE (symbolic-partial-order-execution.txt, App. G) lets
 * the user choose which node of the tree to expand next, and keeps the exploration complete
 * with a sweep bit that simulates the in-order DFS: a right branch is decided for good only
 * when the DFS would decide it. The deferred failures above are that sweep: a failed Alt is
 * final only when nothing before it in the depth-first order is left. So one worker, or N,
 * that hands every right subtree over as a task and takes tasks at random explores every
 * maximal configuration once, as -j does, in an order the seed fixes (with one worker: runs are
 * deterministic, and so is the pool's order).
 *
 * Locking. One lock (the pool's) is held by a worker for everything but its runs: U, the
 * report, the counts and the pool's lists are touched under it only. The marks that Alt and
 * extend.c read in events (in_c, in_d, cframe, the parked bits of groups) are those of one
 * worker at a time, the owner: a worker that takes the lock from another clears the other's
 * and sets its own (own()), O(|C| + |D|). What runs in parallel is the executors' runs and the
 * explorer's work of one worker, so the speed-up is bounded by the share of the runs
 * (bench/README.md has the numbers); a finer lock is the next step. */
#include "workers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "dot.h"

/* Whether nothing before k in the depth-first order is left to do but q's own work: no other
 * worker stands before it (what is left of a worker's task comes after its position), and no
 * task or deferred segment does. */
static bool nothing_before(struct qpor *q, struct key k) {
  struct dpu_pool *pool = q->pool;
  for (unsigned i = 0; i < pool->n; i++) {
    struct qpor *w = &pool->w[i];
    if (w != q && w->busy && key_cmp((struct key){w->d, w->nd, w->nc, false}, k) < 0)
      return false;
  }
  if (pool->ntasks && key_cmp(task_key(pool->tasks[0]), k) < 0) return false;
  return !pool->nheap || key_cmp(segment_key(pool->heap[0], pool->heap[0]->hi), k) >= 0;
}

/* ---- the heap of deferred segments ---------------------------------------------------- */

static bool seg_before(const struct segment *a, const struct segment *b) {
  return key_cmp(segment_key(a, a->hi), segment_key(b, b->hi)) < 0;
}

static int heap_push(struct dpu_pool *pool, struct segment *s) {
  if (ensure((void **)&pool->heap, &pool->hcap, pool->nheap + 1, sizeof *pool->heap) != 0)
    return -1;
  uint32_t i = pool->nheap++;
  while (i > 0 && seg_before(s, pool->heap[(i - 1) / 2])) {
    pool->heap[i] = pool->heap[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  pool->heap[i] = s;
  return 0;
}

static struct segment *heap_pop(struct dpu_pool *pool) {
  struct segment *top = pool->heap[0], *last = pool->heap[--pool->nheap];
  uint32_t i = 0, n = pool->nheap;
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && seg_before(pool->heap[c + 1], pool->heap[c])) c++;
    if (!seg_before(pool->heap[c], last)) break;
    pool->heap[i] = pool->heap[c];
    i = c;
  }
  if (n) pool->heap[i] = last;
  return top;
}

/* ---- the heap of tasks, earliest first (taken from anywhere with --order=random) -------- */

static bool task_before(const struct task *a, const struct task *b) {
  return key_cmp(task_key(a), task_key(b)) < 0;
}

/* Moves t from place i of the tasks' heap up or down to where it belongs. */
static void task_place(struct dpu_pool *pool, uint32_t i, struct task *t) {
  struct task **h = pool->tasks;
  while (i > 0 && task_before(t, h[(i - 1) / 2])) {
    h[i] = h[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  for (uint32_t n = pool->ntasks;;) {
    uint32_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && task_before(h[c + 1], h[c])) c++;
    if (!task_before(h[c], t)) break;
    h[i] = h[c];
    i = c;
  }
  h[i] = t;
}

/* Removes and returns the task at place i of the heap. */
static struct task *task_remove(struct dpu_pool *pool, uint32_t i) {
  struct task *t = pool->tasks[i], *last = pool->tasks[--pool->ntasks];
  if (i < pool->ntasks) task_place(pool, i, last);
  return t;
}

/* Queues the right subtree of q's node at frame f (q stands at its Alt call, e = ev[f] out of
 * C, J in q->jlist[0, nj)). Returns 0, -1 if out of memory. */
static int push_task(struct qpor *q, uint32_t f, struct dpu_event *e, uint32_t nj) {
  struct dpu_pool *pool = q->pool;
  struct task *t = calloc(1, sizeof *t);
  if (!t || ensure((void **)&pool->tasks, &pool->tcap, pool->ntasks + 1, sizeof *pool->tasks)) {
    free(t);
    return -1;
  }
  t->j = malloc(nj * sizeof *t->j);
  if (!t->j || path_copy(&t->p, q, f, e) != 0) {
    free(t->j), free(t); /* path_copy left t->p empty */
    return -1;
  }
  memcpy(t->j, q->jlist, nj * sizeof *t->j);
  t->nj = nj;
  if (!pool->shared) { /* from now on, the pairs run at once: they may have to share cores */
    pool->shared = true;
    dpu_executor_pin_thread(q->exec);
  }
  pool->ntasks++;
  task_place(pool, pool->ntasks - 1, t);
  q->st->handed++;
  pthread_cond_signal(&pool->wake);
  return 0;
}

/* ---- a worker's side of qpor.c ---------------------------------------------------------- */

/* Whether to hand a right subtree to an idle worker. What runs in parallel is the runs (one
 * worker at a time holds the lock), and a handed subtree makes the giver's failed Alt calls
 * wait (deferred, then mostly made again): it pays only when the runs take longer than the
 * explorer's work between them. Measured as the exploration goes: after 64 runs, when they
 * took more than twice the time the lock was held between them. Handing over at every chance
 * made MPAT(6), where the explorer takes 70% of the time, 3 times slower with -j 2 (32 times
 * before deferred calls kept their parked members: docs/parallel.md). */
static bool worth_handing(const struct dpu_pool *pool) {
  if (pool->always_hand || pool->never_hand) return pool->always_hand;
  return pool->runs >= 64 && pool->ran > 2 * pool->held;
}

enum dpu_run_status qpor_workers_run(struct qpor *q, uint32_t j, uint32_t n) {
  struct dpu_pool *pool = q->pool;
  q->nc = j;
  if (pool->idle && pool->nheap) pthread_cond_broadcast(&pool->wake); /* may free a segment */
  double t0 = dpu_now();
  if (q->locked_at > 0) pool->held += t0 - q->locked_at;
  pthread_mutex_unlock(&pool->lock);
  enum dpu_run_status rs = dpu_executor_run(q->exec, q->replay, n, q->o->deadline);
  double t1 = dpu_now();
  pthread_mutex_lock(&pool->lock);
  q->locked_at = dpu_now();
  pool->ran += t1 - t0;
  pool->runs++;
  if (!pool->stop) own(q);
  return rs;
}

bool qpor_workers_alone(struct qpor *q) {
  const struct dpu_pool *pool = q->pool;
  return pool->busy == 1 && !pool->ntasks && !pool->nheap;
}

bool qpor_workers_stopped(struct qpor *q) {
  return q->pool->stop;
}

/* Copies q's parked members into s: they stay rejected on s's path (they are parked on its
 * frames, for a conflict with C's event there or an event of D below it), so that a call of s
 * made again skips them as the deferred call did. Returns 0, -1 if out of memory. */
static int keep_parks(struct segment *s, const struct qpor *q) {
  uint32_t n = 0;
  for (uint32_t f = 0; f < q->nparks; f++) n += q->parks[f].n;
  if (!n) return 0;
  s->parks = malloc(n * sizeof *s->parks);
  if (!s->parks) return -1;
  for (uint32_t f = 0; f < q->nparks; f++)
    for (uint32_t k = 0; k < q->parks[f].n; k++)
      s->parks[s->nparks++] = (struct parked_on){q->parks[f].p[k].g, q->parks[f].p[k].i, f};
  return 0;
}

int64_t qpor_workers_backtrack(struct qpor *q, uint32_t *j) {
  struct dpu_pool *pool = q->pool;
  struct segment *open = NULL; /* the segment of the calls deferred just before */
  while (*j > q->floor) {
    (*j)--;
    struct dpu_event *e = q->ev[*j];
    int64_t nj = qpor_alt_at(q, *j);
    if (nj < 0) return -1;
    if (nj > 0) {
      open = NULL;
      if (pool->random || (pool->idle > pool->ntasks && worth_handing(pool))) {
        if (push_task(q, *j, e, (uint32_t)nj) != 0) return -1;
        continue;
      }
      return qpor_d_push(q, e, *j) != 0 ? -1 : nj;
    }
    if (nothing_before(q, (struct key){q->d, q->nd, *j, true})) {
      open = NULL;
      continue;
    }
    q->st->deferred++;
    if (open) {
      open->lo = *j;
      continue;
    }
    open = calloc(1, sizeof *open);
    if (!open || path_copy(&open->p, q, *j + 1, NULL) != 0) {
      free(open);
      return -1;
    }
    open->lo = open->hi = *j; /* before the push: the heap orders by hi */
    open->stamp = q->u->pes.nevents;
    if (keep_parks(open, q) != 0 || heap_push(pool, open) != 0) {
      segment_free(open);
      return -1;
    }
  }
  return 0;
}

/* ---- resolving deferred calls ----------------------------------------------------------- */

/* Whether a tree parent of d got a child after U held `stamp` events: then Alt may find a
 * member of d's spike that it did not see. */
static bool grew(const struct dpu_unfolding *u, const struct dpu_event *d, uint32_t stamp) {
  uint32_t t = d->pre_thread ? d->pre_thread->newest_child : u->troot_newest[d->tid];
  if (t > stamp) return true;
  if (d->obj == DPU_NO_OBJECT) return false;
  return (d->pre_obj ? d->pre_obj->newest_child
                     : u->oroot_newest[dpu_pes_tree_object(&u->pes, d->obj)]) > stamp;
}

/* Whether Alt at s's frame f may answer otherwise than when it was deferred: a tree parent of
 * e_f or of an event of D that Alt reads (the k - 1 latest, all with k = 0) grew. */
static bool may_differ(struct qpor *q, const struct segment *s, uint32_t f) {
  if (grew(q->u, s->p.ev[f], s->stamp)) return true;
  uint32_t nd = 0;
  while (nd < s->p.nd && s->p.d[nd].frame <= f) nd++;
  uint32_t want = q->o->k ? q->o->k - 1 : nd;
  for (uint32_t i = 0; i < want && i < nd; i++)
    if (grew(q->u, s->p.d[nd - 1 - i].e, s->stamp)) return true;
  return false;
}

/* Resolves s (nothing before its first call is left), from its frame hi down: a call that may
 * answer otherwise is made again; a clue makes a task, and the calls below it wait again (the
 * task comes before them), as do those that some other work now comes before. q is idle.
 * Returns 1 when it made a task, 0 when not, -1 if out of memory. */
static int resolve_segment(struct qpor *q, struct segment *s) {
  struct dpu_pool *pool = q->pool;
  uint32_t in = 0; /* frames of s's path in q's C (0: not entered) */
  bool entered = false;
  int made = 0;
  for (uint32_t f = s->hi;; f--) {
    if (f < s->hi && !nothing_before(q, segment_key(s, f))) {
      s->hi = f;
      if (heap_push(pool, s) != 0) made = -1;
      s = NULL;
      break;
    }
    if (entered || may_differ(q, s, f)) {
      if (!entered) {
        if (path_enter(q, &s->p, f + 1) != 0) {
          made = -1;
          break;
        }
        for (uint32_t k = 0; made == 0 && k < s->nparks; k++)
          if (s->parks[k].frame <= f && !dpu_group_parked(s->parks[k].g, s->parks[k].i) &&
              qpor_park(q, s->parks[k].g, s->parks[k].i, s->parks[k].frame) != 0)
            made = -1;
        if (made) break;
        entered = true;
      }
      struct dpu_event *e = s->p.ev[f];
      in = f;
      q->st->rechecked++;
      int64_t nj = qpor_alt_at(q, f);
      if (nj < 0) {
        made = -1;
        break;
      }
      if (nj > 0) {
        made = push_task(q, f, e, (uint32_t)nj) != 0 ? -1 : 1;
        if (made > 0 && f > s->lo) {
          s->hi = f - 1;
          if (heap_push(pool, s) != 0) made = -1;
          s = NULL;
        }
        break;
      }
    }
    if (f == s->lo) break;
  }
  if (entered) path_leave(q, in);
  if (s) segment_free(s);
  return made;
}

/* Resolves the deferred segments that nothing is left before, earliest first, until one makes
 * a task. q is idle. Returns 0, -1 if out of memory. */
static int resolve(struct qpor *q) {
  struct dpu_pool *pool = q->pool;
  while (pool->nheap && nothing_before(q, segment_key(pool->heap[0], pool->heap[0]->hi))) {
    int made = resolve_segment(q, heap_pop(pool));
    if (made != 0) return made < 0 ? -1 : 0;
  }
  return 0;
}

/* ---- workers ---------------------------------------------------------------------------- */

static void halt(struct dpu_pool *pool, enum dpu_explore_status st) {
  if (st > pool->status) pool->status = st; /* FAILED > INCOMPLETE > STOPPED > COMPLETE */
  pool->stop = true;
  pthread_cond_broadcast(&pool->wake);
}

/* Takes the earliest task, or with --order=random any one, each as likely. */
static struct task *take_task(struct dpu_pool *pool) {
  uint32_t i = 0;
  if (pool->random) i = (uint32_t)((uint64_t)nrand48(pool->xsubi) * pool->ntasks >> 31);
  return task_remove(pool, i);
}

/* Explores task t with q. */
static void run_task(struct qpor *q, struct task *t) {
  struct dpu_pool *pool = q->pool;
  pool->busy++;
  q->busy = true;
  bool halted = true;
  enum dpu_explore_status st = DPU_EXPLORE_FAILED;
  q->floor = t->p.n;
  if (path_enter(q, &t->p, t->p.n) == 0) st = qpor_explore(q, t->p.n, t->j, t->nj, &halted);
  if (st == DPU_EXPLORE_FAILED && !pool->stop && !halted)
    fprintf(stderr, "dpu: error: out of memory in the QPOR explorer\n");
  q->busy = false;
  pool->busy--;
  if (halted) {
    if (!pool->stop) halt(pool, st);
    if (pool->owner == q) pool->owner = NULL; /* its marks are left as they are */
    q->nc = q->nd = 0;
  } else {
    if (st > pool->status) pool->status = st; /* a cut run: incomplete, yet explored on */
    path_leave(q, q->floor);
  }
  task_free(t);
  pthread_cond_broadcast(&pool->wake);
}

static void *worker_main(void *arg) {
  struct qpor *q = arg;
  struct dpu_pool *pool = q->pool;
  pthread_mutex_lock(&pool->lock);
  while (!pool->stop) {
    if (resolve(q) != 0) {
      fprintf(stderr, "dpu: error: out of memory in the QPOR explorer\n");
      halt(pool, DPU_EXPLORE_FAILED);
      break;
    }
    if (pool->ntasks) {
      dpu_executor_pin_thread(q->exec);
      run_task(q, take_task(pool));
      continue;
    }
    if (!pool->busy && !pool->nheap) { /* every node explored or resolved */
      pool->stop = true;
      pthread_cond_broadcast(&pool->wake);
      break;
    }
    pool->idle++;
    if (pool->always_hand) pthread_cond_signal(&pool->gathered);
    pthread_cond_wait(&pool->wake, &pool->lock);
    pool->idle--;
  }
  pthread_mutex_unlock(&pool->lock);
  return NULL;
}

enum dpu_explore_status qpor_explore_workers(const struct dpu_explore_options *o,
                                             struct dpu_explore_result *res) {
  struct dpu_pool pool;
  memset(&pool, 0, sizeof pool);
  pool.n = o->workers;
  const char *hand = getenv("DPU_HANDOFF");
  pool.always_hand = hand && strcmp(hand, "always") == 0;
  pool.never_hand = hand && strcmp(hand, "never") == 0;
  pool.random = o->random_order;
  pool.xsubi[0] = (unsigned short)o->seed, pool.xsubi[1] = (unsigned short)(o->seed >> 16);
  pool.xsubi[2] = (unsigned short)(o->seed >> 32 ^ o->seed >> 48);
  pthread_t threads[DPU_MAX_EXECUTORS];
  unsigned started = 0;
  pthread_mutex_init(&pool.lock, NULL);
  pthread_cond_init(&pool.wake, NULL);
  pthread_cond_init(&pool.gathered, NULL);
  pool.w = calloc(pool.n, sizeof *pool.w);
  struct task *root = calloc(1, sizeof *root);
  bool ok = pool.w && root && dpu_unf_init(&pool.u, o->skip_step) == 0 &&
            ensure((void **)&pool.tasks, &pool.tcap, 1, sizeof *pool.tasks) == 0;
  if (ok) pool.u.bound = dpu_bound_of(o->bounded, o->preemptions);
  if (ok) pool.u.symmetry = o->symmetry;
  if (ok) pool.u.cutoffs = o->cutoffs;
  if (ok) pool.u.pes.max_bytes = o->max_memory;
  for (unsigned i = 0; ok && i < pool.n; i++) {
    struct qpor *q = &pool.w[i];
    q->exec = &o->execs[i], q->o = o, q->c = &res->counts, q->st = &res->stats;
    q->u = &pool.u, q->pool = &pool;
    ok = qpor_init(q) == 0;
  }
  /* The root: Explore(∅, ∅, ∅), run freely. */
  if (ok) ok = path_copy(&root->p, &pool.w[0], 0, NULL) == 0;
  if (!ok) {
    fprintf(stderr, "dpu: error: out of memory in the QPOR explorer\n");
    pool.status = DPU_EXPLORE_FAILED;
    free(root);
  } else {
    /* Under DPU_HANDOFF=always the root waits until every other worker waits for work, so
     * that the first chance to hand a subtree over finds them idle whatever the machine's
     * load (the tests count the hand-overs); the busy count keeps them from stopping. */
    if (!pool.always_hand) pool.tasks[pool.ntasks++] = root;
    else pool.busy = 1;
    for (started = 1; started < pool.n; started++)
      if (pthread_create(&threads[started], NULL, worker_main, &pool.w[started]) != 0) break;
    if (pool.always_hand) {
      pthread_mutex_lock(&pool.lock);
      while (pool.idle + 1 < started) pthread_cond_wait(&pool.gathered, &pool.lock);
      pool.tasks[pool.ntasks++] = root;
      pool.busy = 0;
      pthread_mutex_unlock(&pool.lock);
    }
    worker_main(&pool.w[0]);
    dpu_executor_unpin_thread();
    for (unsigned i = 1; i < started; i++) pthread_join(threads[i], NULL);
    if (pool.status == DPU_EXPLORE_COMPLETE) qpor_livelock(&pool.w[0]);
  }
  if (pool.w) {
    if (o->dot && dpu_unf_write_dot(&pool.u, o->dot) != 0)
      fprintf(stderr, "dpu: error: cannot write the --dot file\n");
    qpor_collect_stats(&pool.w[0]);
  }
  for (uint32_t i = 0; i < pool.ntasks; i++) task_free(pool.tasks[i]); /* left by a halt */
  for (uint32_t i = 0; i < pool.nheap; i++) segment_free(pool.heap[i]);
  free(pool.tasks), free(pool.heap);
  for (unsigned i = 0; pool.w && i < pool.n; i++) qpor_destroy(&pool.w[i]);
  free(pool.w);
  dpu_unf_destroy(&pool.u);
  pthread_mutex_destroy(&pool.lock);
  pthread_cond_destroy(&pool.wake);
  pthread_cond_destroy(&pool.gathered);
  return pool.status;
}
