/* See dfs.h. */
#include "dfs.h"

#include <stdio.h>
#include <stdlib.h>

#include "fingerprint.h"
#include "../report/progress.h"

/* One choice point of the current interleaving. */
struct frame {
  uint64_t enabled;  /* threads that could move */
  uint64_t done;     /* threads already tried here */
  uint16_t chosen;   /* thread taken on the current path */
  /* When the chosen thread's operation is a condition-variable signal with several waiting
   * threads, which one it wakes is a choice too (cond.c): waiters, those tried, the current. */
  uint16_t woken;    /* tid + 1 of the thread the signal wakes on the current path, 0: none;
                      * for a nondet value, its index + 1 (the replay's choice) */
  bool refresh;      /* the chosen thread changed: read the signal's waiters from the next run */
  uint64_t waiters, wdone;
  uint16_t nvals;    /* a nondet value: the size of its domain, whose indexes are tried in
                      * order (woken - 1 is the current one); 0 for any other operation */
  /* After the process's exit (protocol.h), a thread may also be killed. Every trace has a
   * run where the kills come after every other event, so one kill is offered per choice
   * point (of the first thread alive: the order of kills does not matter), and a choice point
   * right after a kill offers nothing else (what moves there could have moved before it). */
  bool killed;       /* the step taken is the kill of `chosen` */
  int16_t kill_alt;  /* the thread whose kill is the other choice here, -1: none */
  bool kill_done;
};

/* Sets the signal or nondet choices of frame f from the record of its event. */
static void set_choices(struct frame *f, const struct dpu_event_rec *e) {
  f->woken = 0;
  f->waiters = f->wdone = 0;
  f->nvals = 0;
  f->refresh = false;
  if (e->op == DPU_OP_NONDET) {
    f->nvals = (uint16_t)e->aux;
    f->woken = dpu_op_choice(e->op, e->result);
    return;
  }
  if (e->op != DPU_OP_COND_SIGNAL || __builtin_popcountll(e->aux) < 2) return;
  f->waiters = e->aux;
  f->woken = e->result;
  f->wdone = e->result ? 1ull << (e->result - 1) : 0;
}

/* The threads alive after the exit before record e, given those before the previous record
 * (0 before the exit); the result is for the next record. */
static uint64_t killable_after(uint64_t killable, const struct dpu_event_rec *e) {
  if (e->op == DPU_OP_PROCESS_EXIT) return e->aux;
  if (e->op == DPU_OP_THREAD_KILL || e->op == DPU_OP_THREAD_EXIT) return killable & ~(1ull << e->tid);
  if (killable && e->op == DPU_OP_THREAD_CREATE && e->obj < DPU_MAX_THREADS)
    return killable | 1ull << e->obj;
  return killable;
}

/* The first thread of `killable` that may be killed at record i of ev[0, n): its pending
 * operation (its next record's, or what its kill names) is not one that the runtime runs at
 * once (dpu_op_is_eager), where no kill happens. -1 if none. */
static int16_t kill_choice(const struct dpu_event_rec *ev, uint32_t n, uint32_t i,
                           uint64_t killable) {
  for (; killable; killable &= killable - 1) {
    unsigned t = (unsigned)__builtin_ctzll(killable);
    uint32_t j = i;
    while (j < n && ev[j].tid != t) j++;
    if (j == n) continue;
    uint8_t op = ev[j].op == DPU_OP_THREAD_KILL ? ev[j].result : ev[j].op;
    if (!dpu_op_is_eager(op)) return (int16_t)t;
  }
  return -1;
}

/* Sets frame f from record i of ev[0, n), with `killable` the threads alive after the exit
 * before it. */
static void set_frame(struct frame *f, const struct dpu_event_rec *ev, uint32_t n, uint32_t i,
                      uint64_t killable) {
  const struct dpu_event_rec *e = &ev[i];
  *f = (struct frame){.enabled = e->enabled, .done = 1ull << e->tid, .chosen = e->tid,
                      .kill_alt = -1};
  set_choices(f, e);
  if (e->op == DPU_OP_THREAD_KILL) {
    f->killed = true;
    f->done = 0; /* the thread's own operation is another choice */
    if (i && ev[i - 1].op == DPU_OP_THREAD_KILL) f->enabled = 0;
  } else if (killable) {
    f->kill_alt = kill_choice(ev, n, i, killable);
  }
}

/* Fingerprints and reports one finished run. Returns 1 if it showed a new defect, 0 if not,
 * -1 if out of memory. */
static int account(struct dpu_report *r, struct dpu_shm *shm, struct dpu_fpset *traces,
                   struct dpu_counts *c) {
  uint8_t fp[DPU_FP_BYTES];
  if (dpu_fingerprint(dpu_shm_trace(shm), shm->nevents, fp) != 0) return -1;
  int fresh = dpu_fpset_add(traces, fp);
  if (fresh < 0) return -1;
  if (!fresh) {
    c->repeated++; /* another interleaving of a trace already seen */
    return 0;
  }
  c->max_configs++;
  if (r->print_traces) dpu_report_trace(r, fp, DPU_FP_BYTES);
  return dpu_report_run(r, shm); /* last: it may run the program again */
}

enum dpu_explore_status dpu_explore_dfs(struct dpu_executor *ex, struct dpu_report *r,
                                        const struct dpu_explore_options *o,
                                        struct dpu_counts *c) {
  struct dpu_shm *shm = ex->shm;
  uint32_t cap = shm->trace_cap;
  /* Not zeroed: a frame is written when a run first reaches its depth, before it is read. */
  struct frame *stack = malloc(cap * sizeof *stack);
  struct dpu_replay_step *replay = malloc(cap * sizeof *replay);
  struct dpu_fpset traces = {0};
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
      dpu_replay_push(replay, &nr, stack[i].chosen,
                      stack[i].killed ? DPU_CHOICE_KILL : stack[i].woken);
    bool cut = false;
    enum dpu_explore_status ended =
        dpu_explore_ran(dpu_executor_run(ex, replay, nr, o->deadline), r, shm, c, &cut);
    if (ended != DPU_EXPLORE_COMPLETE) {
      status = ended;
      break;
    }
    const struct dpu_event_rec *ev = dpu_shm_trace(shm);
    uint32_t n = shm->nevents;
    if (cut) status = DPU_EXPLORE_INCOMPLETE;
    if (n < prefix) {
      /* The run ended before the replay did (e.g. the program crashed in a way that differs
       * from run to run): explore what was seen. */
      prefix = n;
    }
    if (prefix && prefix <= n && stack[prefix - 1].refresh) set_choices(&stack[prefix - 1], &ev[prefix - 1]);
    uint64_t killable = 0;
    for (uint32_t i = 0; i < prefix && i < n; i++) killable = killable_after(killable, &ev[i]);
    for (uint32_t i = prefix; i < n; i++) {
      set_frame(&stack[i], ev, n, i, killable);
      killable = killable_after(killable, &ev[i]);
    }
    int d = account(r, shm, &traces, c);
    if (d < 0) {
      fprintf(stderr, "dpu: error: out of memory\n");
      status = DPU_EXPLORE_FAILED;
      break;
    }
    if (d > 0 && o->stop_on_defect) {
      status = DPU_EXPLORE_STOPPED;
      break;
    }
    /* Backtrack to the deepest choice point with an untried thread. */
    int64_t k = (int64_t)n - 1;
    for (; k >= 0; k--) {
      if (stack[k].woken < stack[k].nvals) { /* the same nondet call, the next value */
        stack[k].woken++;
        break;
      }
      uint64_t wrem = stack[k].waiters & ~stack[k].wdone;
      if (wrem) { /* the same signal waking another thread */
        uint16_t w = (uint16_t)__builtin_ctzll(wrem);
        stack[k].wdone |= 1ull << w;
        stack[k].woken = w + 1;
        break;
      }
      uint64_t rem = stack[k].enabled & ~stack[k].done;
      if (rem) {
        uint16_t t = (uint16_t)__builtin_ctzll(rem);
        if (stack[k].killed) { /* the kill taken here was tried */
          stack[k].kill_alt = (int16_t)stack[k].chosen;
          stack[k].kill_done = true;
          stack[k].killed = false;
        }
        stack[k].done |= 1ull << t;
        stack[k].chosen = t;
        stack[k].woken = 0;
        stack[k].waiters = stack[k].wdone = 0;
        stack[k].nvals = 0;
        stack[k].refresh = true;
        break;
      }
      if (stack[k].kill_alt >= 0 && !stack[k].kill_done) {
        stack[k].kill_done = true;
        stack[k].killed = true;
        stack[k].chosen = (uint16_t)stack[k].kill_alt;
        stack[k].woken = 0;
        stack[k].waiters = stack[k].wdone = 0;
        stack[k].nvals = 0;
        stack[k].refresh = false;
        break;
      }
    }
    if (k < 0) break; /* every interleaving explored */
    prefix = (uint32_t)k + 1;
    if (dpu_explore_must_stop(o, c)) {
      status = DPU_EXPLORE_INCOMPLETE;
      break;
    }
  }
out:
  dpu_fpset_free(&traces);
  free(stack);
  free(replay);
  return status;
}
