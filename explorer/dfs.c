/* See dfs.h. */
#include "dfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fingerprint.h"

/* Words of the thread sets in use (tset.h): enough for every canonical id seen so far, which
 * only grow. Words past them are 0 in every frame (the stack is calloc'd and they were never
 * written), so the sets below touch only these. */
static unsigned nw = 1;

/* The least thread in a \ b, or -1. */
static inline int first_in(const struct dpu_tset *a, const struct dpu_tset *b) {
  for (unsigned w = 0; w < nw; w++) {
    uint64_t rest = a->w[w] & ~b->w[w];
    if (rest) return (int)(w * 64 + (unsigned)__builtin_ctzll(rest));
  }
  return -1;
}

static inline void set_clear(struct dpu_tset *s) {
  s->w[0] = 0; /* the common case in a register store, not a call of memset */
  if (__builtin_expect(nw > 1, 0)) memset(&s->w[1], 0, (nw - 1) * sizeof s->w[0]);
}

/* One choice point of the current interleaving. */
struct frame {
  struct dpu_tset enabled; /* threads that could move */
  struct dpu_tset done;    /* threads already tried here */
  uint16_t chosen;   /* thread taken on the current path */
  /* When the chosen thread's operation is a condition-variable signal with several waiting
   * threads, which one it wakes is a choice too (cond.c): waiters, those tried, the current. */
  uint16_t woken;    /* tid + 1 of the thread the signal wakes on the current path, 0: none;
                      * for a nondet value, its index + 1 (the replay's choice) */
  bool refresh;      /* the chosen thread changed: read the signal's waiters from the next run */
  bool signal;       /* waiters and wdone are set: a signal with a choice */
  struct dpu_tset waiters, wdone;
  uint16_t nvals;    /* a nondet value: the size of its domain, whose indexes are tried in
                      * order (woken - 1 is the current one); 0 for any other operation */
  /* --preemptions (bound.h), set by count_preemptions: the thread that ran before this step
   * (the last one to take a step other than a start; -1: none), and the
   * preemptions of the steps up to this one, this one included. */
  int16_t prev;
  uint16_t pre;
};

/* Whether thread u could move at record i of ev (of the run in shm): its enabled set, which
 * the current run recorded (a frame's own set may be an earlier run's, that ran the step at
 * once past its replay). */
static bool could_move(struct dpu_shm *shm, const struct dpu_event_rec *ev, uint32_t i,
                       uint16_t u) {
  if (!ev[i].wide) return u < 64 && (ev[i].enabled >> u & 1); /* without a copy of the set */
  struct dpu_tset all;
  dpu_rec_enabled(shm, &ev[i], &all);
  return dpu_tset_has(&all, u);
}

/* Whether thread u yielded the CPU (DPU_REC_YIELDED) before its next operation after record
 * i of ev[0, n), the run in shm: a switch away from it there is no preemption (CHESS). */
static bool yielded_before_next(const struct dpu_shm *shm, const struct dpu_event_rec *ev,
                                uint32_t n, uint32_t i, uint16_t u) {
  uint32_t j = i;
  while (j < n && ev[j].tid != u) j++;
  if (j < n) return ev[j].flags & DPU_REC_YIELDED;
  for (uint32_t b = 0; b < shm->result.nblocked; b++)
    if (shm->result.blocked[b].tid == u) return shm->result.blocked[b].yielded;
  return false;
}

/* Whether taking thread t at frame f (whose step is ev[i] of ev[0, n), the run in shm, on
 * the current path) is a preemption: a switch away from f->prev while it could move. The
 * start of a thread, which the runtime runs at once when it is created, is none. */
static bool preempts(const struct frame *f, struct dpu_shm *shm, const struct dpu_event_rec *ev,
                     uint32_t n, uint32_t i, uint16_t t) {
  if (f->prev < 0 || t == (uint16_t)f->prev) return false;
  /* An operation the runtime ran at once past the replay: its record's enabled set is its
   * thread alone, and a flag says whether prev could have moved (protocol.h). */
  if (ev[i].flags & DPU_REC_SOLO) {
    if (!(ev[i].flags & DPU_REC_PREV_EN)) return false;
  } else if (!could_move(shm, ev, i, (uint16_t)f->prev)) {
    return false;
  }
  uint32_t j = i;
  while (j < n && ev[j].tid != t) j++; /* t's step here is its next one on the current path */
  if (j < n && ev[j].op == DPU_OP_THREAD_START) return false;
  return !yielded_before_next(shm, ev, n, i, (uint16_t)f->prev);
}

/* Sets prev and pre of frames [0, n) from the run ev[0, n). */
static void count_preemptions(struct frame *stack, struct dpu_shm *shm,
                              const struct dpu_event_rec *ev, uint32_t n) {
  int16_t prev = -1;
  uint32_t pre = 0;
  for (uint32_t i = 0; i < n; i++) {
    struct frame *f = &stack[i];
    f->prev = prev;
    if (preempts(f, shm, ev, n, i, ev[i].tid)) pre++;
    f->pre = pre > UINT16_MAX ? UINT16_MAX : (uint16_t)pre;
    if (ev[i].op != DPU_OP_THREAD_START) prev = (int16_t)ev[i].tid;
  }
}

/* Sets the signal or nondet choices of frame f from the record of its event (in shm). */
static void set_choices(struct frame *f, struct dpu_shm *shm, const struct dpu_event_rec *e) {
  f->woken = 0;
  f->signal = false;
  f->nvals = 0;
  f->refresh = false;
  if (dpu_op_has_outcomes(e->op, e->aux)) { /* a choice, a store's places (ra/rc11) */
    f->nvals = (uint16_t)e->aux;
    f->woken = (uint16_t)(e->result + 1u);
    return;
  }
  /* A signal's aux refers to its wait set when it has more than one waiter (ops.def). */
  if (e->op != DPU_OP_COND_SIGNAL || !e->aux) return;
  f->signal = true;
  dpu_shm_tset(shm, e->aux, &f->waiters);
  f->woken = e->result;
  set_clear(&f->wdone);
  if (e->result) dpu_tset_add(&f->wdone, e->result - 1u);
}

/* Sets frame f from record e of the run in shm. */
static void set_frame(struct frame *f, struct dpu_shm *shm, const struct dpu_event_rec *e) {
  if (e->wide) {
    dpu_shm_tset(shm, e->wide, &f->enabled);
  } else {
    set_clear(&f->enabled);
    f->enabled.w[0] = e->enabled;
  }
  set_clear(&f->done);
  dpu_tset_add(&f->done, e->tid);
  f->chosen = e->tid;
  set_choices(f, shm, e);
}

/* Fingerprints one finished run of exec, and hands it to sink if its trace is new. Returns 1
 * if it showed a new defect, 0 if not, -1 if out of memory. */
static int account(const struct dpu_explore_sink *sink, struct dpu_executor *exec,
                   struct dpu_fpset *traces, struct dpu_counts *c) {
  struct dpu_shm *shm = exec->shm;
  uint8_t fp[DPU_FP_BYTES];
  if (dpu_fingerprint(dpu_shm_records(shm), shm->nevents, fp) != 0) return -1;
  int fresh = dpu_fpset_add(traces, fp);
  if (fresh < 0) return -1;
  if (!fresh) {
    c->repeated++; /* another interleaving of a trace already seen */
    return 0;
  }
  c->max_configs++;
  if (!sink->trace) return 0;
  struct dpu_run run;
  dpu_run_decode(shm, &run);
  /* last: it may run the program again */
  return sink->trace(sink->arg, exec, &run, sink->fingerprints ? fp : NULL);
}

/* The deepest frame of stack[0..n) with a choice not tried yet, which it takes: the next value
 * of a nondet call, another thread woken by a signal, another enabled thread. With a bound (bound >= 0), only choices whose steps so far
 * have at most `bound` preemptions; frames must have prev and pre of the run ev[0, n) in shm.
 * Returns its index, -1 if every interleaving (within the bound) was explored. */
static int64_t backtrack(struct frame *stack, uint32_t n, struct dpu_shm *shm,
                         const struct dpu_event_rec *ev, int64_t bound) {
  int64_t k = (int64_t)n - 1;
  for (; k >= 0; k--) {
    if (bound >= 0) {
      int64_t before = k ? stack[k - 1].pre : 0;
      if (before > bound) continue; /* every choice here is past the bound */
      if (stack[k].pre > bound) { /* past it by the thread taken here: not the same thread */
        stack[k].nvals = 0;
        stack[k].signal = false;
      }
      if (before == bound) /* the threads that would preempt are out of bounds */
        for (int t = first_in(&stack[k].enabled, &stack[k].done); t >= 0;
             t = first_in(&stack[k].enabled, &stack[k].done)) {
          if (preempts(&stack[k], shm, ev, n, (uint32_t)k, (uint16_t)t)) {
            dpu_tset_add(&stack[k].done, (unsigned)t);
            continue;
          }
          break;
        }
    }
    if (stack[k].woken < stack[k].nvals) { /* the same nondet call, the next value */
      stack[k].woken++;
      break;
    }
    int w = stack[k].signal ? first_in(&stack[k].waiters, &stack[k].wdone) : -1;
    if (w >= 0) { /* the same signal waking another thread */
      dpu_tset_add(&stack[k].wdone, (unsigned)w);
      stack[k].woken = (uint16_t)(w + 1);
      break;
    }
    int rem = first_in(&stack[k].enabled, &stack[k].done);
    if (rem >= 0) {
      uint16_t t = (uint16_t)rem;
      dpu_tset_add(&stack[k].done, t);
      stack[k].chosen = t;
      stack[k].woken = 0;
      stack[k].signal = false;
      stack[k].nvals = 0;
      stack[k].refresh = true;
      break;
    }
  }
  return k;
}

/* Grows *stack (of *cap frames, zeroed past what was used) to hold n. Returns 0, -1 if out of
 * memory (unchanged then). */
static int grow_stack(struct frame **stack, uint32_t *cap, uint32_t n) {
  if (n <= *cap) return 0;
  uint32_t ncap = *cap;
  while (ncap < n) ncap *= 2;
  struct frame *ns = realloc(*stack, (size_t)ncap * sizeof **stack);
  if (!ns) return -1;
  memset(ns + *cap, 0, (size_t)(ncap - *cap) * sizeof **stack);
  *stack = ns, *cap = ncap;
  return 0;
}

/* Sets the frames of a run of n events past the replayed prefix, and refreshes the choices of
 * the prefix's last frame, whose thread was changed by the backtracking. */
static void set_frames(struct frame *stack, struct dpu_shm *shm, const struct dpu_event_rec *ev,
                       uint32_t n, uint32_t prefix) {
  nw = dpu_tset_words(shm->nthread_ids);
  if (prefix && prefix <= n && stack[prefix - 1].refresh)
    set_choices(&stack[prefix - 1], shm, &ev[prefix - 1]);
  for (uint32_t i = prefix; i < n; i++) set_frame(&stack[i], shm, &ev[i]);
}

enum dpu_explore_status dpu_explore_dfs(struct dpu_executor *exec,
                                        const struct dpu_explore_options *o,
                                        struct dpu_explore_result *res) {
  struct dpu_counts *c = &res->counts;
  struct dpu_shm *shm = exec->shm;
  uint32_t cap = shm->records_cap;
  /* Grown as runs get deeper, zeroed: the words of a frame's thread sets past nw stay 0. Not
   * the trace capacity at once: 1M frames of 0.5 KiB are mapped and unmapped by every
   * exploration, which cost runrate's short explorations 10 us a run (bench/README.md). */
  uint32_t stack_cap = 256;
  struct frame *stack = calloc(stack_cap, sizeof *stack);
  struct dpu_replay_step *replay = malloc(cap * sizeof *replay);
  struct dpu_fpset own = {0}, *seen = o->seen ? o->seen : &own; /* traces so far */
  enum dpu_explore_status status = DPU_EXPLORE_COMPLETE;
  if (!stack || !replay) {
    fprintf(stderr, "dpu: error: out of memory\n");
    status = DPU_EXPLORE_FAILED;
    goto out;
  }
  uint32_t prefix = 0; /* stack[0..prefix) is forced by the replay */
  for (;;) {
    uint32_t nr = 0;
    for (uint32_t i = 0; i < prefix; i++)
      dpu_replay_push(replay, &nr, stack[i].chosen, stack[i].woken);
    bool cut = false;
    enum dpu_explore_status ended =
        dpu_explore_ran(dpu_executor_run(exec, replay, nr, o->deadline), o, shm, c, &cut);
    if (ended != DPU_EXPLORE_COMPLETE) {
      status = ended;
      break;
    }
    const struct dpu_event_rec *ev = dpu_shm_records(shm);
    uint32_t n = shm->nevents;
    if (grow_stack(&stack, &stack_cap, n) != 0) {
      fprintf(stderr, "dpu: error: out of memory\n");
      status = DPU_EXPLORE_FAILED;
      break;
    }
    if (cut) status = DPU_EXPLORE_INCOMPLETE;
    if (n < prefix) {
      /* The run ended before the replay did (e.g. the program crashed in a way that differs
       * from run to run): explore what was seen. */
      prefix = n;
    }
    set_frames(stack, shm, ev, n, prefix);
    /* --preemptions: a run past the bound is no trace; its choices within it are explored. */
    int64_t bound = o->bounded ? (int64_t)o->preemptions : -1;
    bool over = false;
    if (bound >= 0) {
      count_preemptions(stack, shm, ev, n);
      over = n && stack[n - 1].pre > bound;
    }
    /* A run cut at the thread limit (DPU_LIMIT_THREADS), or whose replay reached --max-steps
     * (DPU_LIMIT_STEPS), is a prefix: backtracked from, but no trace (as in qpor.c). */
    bool leaf_cut = cut && dpu_limit_is_leaf(shm->result.end, shm->result.code);
    if (leaf_cut) c->cut++;
    else if (over) c->bounded++;
    if (shm->result.limited) status = DPU_EXPLORE_INCOMPLETE; /* a prefix, even with a defect */
    int d = leaf_cut || over ? 0 : account(&o->sink, exec, seen, c);
    if (d < 0) {
      fprintf(stderr, "dpu: error: out of memory\n");
      status = DPU_EXPLORE_FAILED;
      break;
    }
    if (d > 0 && o->stop_on_defect) {
      status = DPU_EXPLORE_STOPPED;
      break;
    }
    int64_t k = backtrack(stack, n, shm, ev, bound);
    if (k < 0) break; /* every interleaving explored */
    prefix = (uint32_t)k + 1;
    if (dpu_explore_must_stop(o, c)) {
      status = DPU_EXPLORE_INCOMPLETE;
      break;
    }
  }
out:
  dpu_fpset_free(&own);
  free(stack);
  free(replay);
  return status;
}
