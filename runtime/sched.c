/* The runner's scheduler: one run = reset, then choose a thread at each visible operation,
 * following the replay and then a fixed policy, until every thread has exited, the process
 * exits, or a defect ends the run (docs/design.md §4). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../protocol/invariant.h"
#include "backtrace.h"
#include "memcheck.h"
#include "race.h"
#include "models/ra.h"
#include "models/tso.h"
#include "rt.h"
#include "statefp.h"
#include "symmetry.h"

/* On the hot path: called for every live thread at every step. */
static inline __attribute__((always_inline)) bool thread_enabled(const struct dpu_rt_thread *t,
                                                                  int tid) {
  uint8_t op = t->pend_op;
  uint64_t obj = t->pend_obj;
  if (op == DPU_OP_MUTEX_LOCK) { /* the usual case: a free mutex, or one the thread holds */
    int32_t owner = dpu_rt_mutex_owner(obj);
    return owner == 0 || owner == tid + 1 || dpu_rt_mutex_enabled(op, obj, tid);
  }
  /* A trylock retried in a spin loop waits for its lock to change (mutex.c). */
  if (__builtin_expect(t->last_try, 0) && (op == DPU_OP_MUTEX_TRYLOCK || op == DPU_OP_SPIN_TRYLOCK))
    return !dpu_rt_try_blocks(t, obj);
  if (!(dpu_op_flags[op] & DPU_OPF_BLOCKS)) return true; /* ops.def: cannot block */
  switch (op) {
  case DPU_OP_SPIN_LOCK:
    return dpu_rt_spin_enabled(obj, tid);
  case DPU_OP_ATOMIC_BEGIN:
    return dpu_rt_section_enabled(tid);
  case DPU_OP_COND_RESUME:
    return dpu_rt_cond_enabled(op, obj, tid);
  case DPU_OP_RWLOCK_RDLOCK:
  case DPU_OP_RWLOCK_WRLOCK:
    return dpu_rt_rwlock_enabled(op, obj, tid);
  case DPU_OP_SEM_WAIT:
    return dpu_rt_sem_enabled(op, obj, tid);
  case DPU_OP_BARRIER_LEAVE:
    return dpu_rt_barrier_enabled(op, obj, tid);
  case DPU_OP_ONCE_ENTER:
    return dpu_rt_once_enabled(op, obj, tid);
  case DPU_OP_ATOMIC_LOAD:
  case DPU_OP_ATOMIC_CAS:
  case DPU_OP_ATOMIC_RMW:
  case DPU_OP_READ:
    return dpu_rt_atomic_enabled(op, obj, tid);
  case DPU_OP_SIG_WAIT:
    return dpu_rt_sig_enabled(t->pend_aux);
  case DPU_OP_TSO_FLUSH:
    return dpu_tso_flush_enabled(tid);
  case DPU_OP_TSO_DRAIN:
    return dpu_tso_drained(tid);
  case DPU_OP_PROCESS_EXIT: /* a process exits once: a second exit waits for ever */
    return !dpu_rt.exiting;
  case DPU_OP_THREAD_JOIN: {
    uint64_t target = obj;
    /* An unknown target is "enabled": joining it is reported as misuse when it executes. */
    if (target >= DPU_MAX_THREADS) return true;
    const struct dpu_rt_thread *u = &dpu_rt.threads[target];
    if (u->state == DPU_TS_UNUSED) return true;
    return u->state == DPU_TS_EXITED || u->detached || u->joined;
  }
  default:
    return true;
  }
}

/* Runs thread tid until it switches back, with state fingerprints (statefp.h): it performs
 * its pending operation now, and its local state is taken when it is back. */
static __attribute__((noinline, cold)) void fingerprinted_switch(int tid) {
  uint32_t n0 = dpu_rt.shm->nevents;
  dpu_sfp_resuming(tid);
  dpu_coro_switch(&dpu_rt.sched, &dpu_rt.threads[tid].coro);
  uint32_t n = dpu_rt.shm->nevents; /* its record of this turn, if it made one */
  dpu_sfp_switched_out(tid, n > n0 && dpu_rt.records[n - 1].tid == tid ? n - 1 : UINT32_MAX);
}

static void reset(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  dpu_rt_world_reset();
  dpu_rt.yielded = 0;
  for (unsigned w = 0; w == 0 || w < dpu_rt.nwords; w++) {
    for (uint64_t used = dpu_rt.heaps_used.w[w]; used; used &= used - 1)
      dpu_arena_reset(&dpu_rt.heaps[w * 64 + (unsigned)__builtin_ctzll(used)]);
    dpu_rt.heaps_used.w[w] = 0;
  }
  dpu_rt.nwords = 1;
  shm->ntsets = 0;
  dpu_rt.cur_wide = 0;
  dpu_rt.last_real = -1;
  for (unsigned i = 0; i < dpu_rt.nthreads; i++) {
    dpu_rt.threads[dpu_rt.order[i]].state = DPU_TS_UNUSED;
    shm->pending[dpu_rt.order[i]].op = DPU_OP_COUNT;
  }
  dpu_rt_close_files();
  close_range((unsigned)dpu_rt.fd_base, ~0u, 0);
  /* Every run reads the same input (issue #13): from its start, with no stdio buffer left. */
  if (dpu_rt.cfg.stdin_rewind) fseek(stdin, 0, SEEK_SET);
  else clearerr(stdin);
  dpu_rt_atomic_reset();
  if (dpu_tso_on) dpu_tso_reset();
  if (dpu_ra_on) dpu_ra_reset();
  dpu_rt_signals_reset();
  dpu_rt.run_stamp++;
  dpu_rt.obj_epoch = dpu_sfp_on ? 1 : dpu_rt.run_stamp;
  dpu_rt.choice = 0;
  dpu_rt.nthreads = 0;
  dpu_rt.nalive = 0;
  dpu_rt.cur = -1;
  dpu_rt.ended = false;
  dpu_rt.stopping = false;
  dpu_rt.stopped = false;
  dpu_rt.op_defect = false;
  dpu_rt.exiting = false;
  dpu_rt.steps = 0;
  dpu_spin_quiet = 0;
  shm->nspin_sites = 0;
  shm->reread_site = 0;
  __dpu_site = 0;
  /* Only what says which parts are valid: blocked[] and stacks are read up to their counts. */
  struct dpu_run_result *res = &shm->result;
  res->end = DPU_END_NONE;
  res->tid = -1;
  res->code = 0;
  res->site = 0;
  res->nblocked = 0;
  res->nstacks = 0;
  res->nheap = 0;
  res->limited = 0;
  res->killed_outside = 0;
  res->ran_on = 0;
  res->msg[0] = 0;
  shm->nlater = 0;
  shm->nevents = 0;
  shm->output_len = 0;
  shm->output_truncated = 0;
  shm->records_overflow = 0;
  shm->sym_told = 0;
  shm->sym_msg[0] = 0;
  dpu_sym_reset();
  dpu_race_reset();
  dpu_sfp_reset();
}

/* A run that ran out of --max-steps: the threads enabled at its last step (sched_step), which
 * record_blocked marks. */
static uint64_t hang_en;
static const struct dpu_tset *hang_ws;
static bool hang_steps;

static inline bool en_has(uint64_t en, const struct dpu_tset *ws, unsigned t);

/* Out of line and cold: kept off sched_step's registers (it runs at every step). */
static __attribute__((noinline, cold)) void note_hang(uint64_t en, const struct dpu_tset *ws) {
  hang_en = en, hang_ws = ws, hang_steps = true;
}

static void record_blocked(void) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  r->nblocked = 0;
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    const struct dpu_pending *p = &dpu_rt.shm->pending[i];
    /* Only operations still to perform: the thread that ended the run may have performed its
     * last one (exit) already. */
    if (dpu_rt.threads[i].state != DPU_TS_ALIVE || p->op == DPU_OP_COUNT) continue;
    if (dpu_tso_on && dpu_tso_idle_buffer((int)i)) continue; /* waits for stores, blocks nothing */
    r->blocked[r->nblocked++] = (struct dpu_blocked){
        .tid = (uint16_t)i, .op = p->op, .yielded = p->yielded != 0, .site = p->site, .obj = p->obj,
        .aux = p->aux};
  }
  if (__builtin_expect(hang_steps, 0)) { /* off the path of every other run's end */
    for (uint32_t k = 0; k < r->nblocked; k++)
      r->blocked[k].enabled = en_has(hang_en, hang_ws, r->blocked[k].tid);
    hang_steps = false;
  }
}

/* When every live thread is blocked and one of them waits for an atomic location it just read
 * to change (a spin loop: see atomic.c), the run ends as a hang naming it rather than as a
 * deadlock. Returns whether it did. */
static bool spin_end(void) {
  /* A thread stuck in a spin loop (atomic.c) whose locations changed after it stopped: this
   * run repeats what another order explores; it ends silently. */
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    const struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.order[k]];
    if (t->state == DPU_TS_ALIVE && t->stuck && dpu_rt_stuck_changed(t)) {
      dpu_rt_set_end(DPU_END_ASSUME, 0, "T%u stopped in a spin loop that another order explores",
                     dpu_rt.order[k]);
      return true;
    }
  }
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    const struct dpu_rt_thread *t = &dpu_rt.threads[i];
    if (t->state != DPU_TS_ALIVE || !dpu_op_is_access(t->pend_op)) continue;
    uint32_t site = __dpu_site;
    __dpu_site = t->pend_site;
    dpu_rt.cur = (int)i;
    dpu_rt.shm->result.addr = t->pend_obj;
    dpu_rt.shm->result.op = t->pend_op;
    dpu_rt_set_end(DPU_END_HANG_STEPS, DPU_HANG_SPIN,
                   "T%u spins forever: it keeps reading the %slocation %#llx, which no "
                   "other thread will change",
                   i, t->pend_op == DPU_OP_READ ? "" : "atomic ",
                   (unsigned long long)t->pend_obj);
    dpu_rt.cur = -1;
    __dpu_site = site;
    return true;
  }
  return false;
}

/* The stacks of a run that ended with a defect. Every thread is switched out now, the one at
 * fault too: they are all unwound from here, on the runner's own stack (a program thread's may
 * be small). Kept out of line, so that the scheduling loop compiles as if it were not there. */
static __attribute__((noinline, cold)) void capture_stacks(void) {
  dpu_bt_capture(&dpu_rt.shm->result, NULL);
  dpu_bt_symbolise(&dpu_rt.shm->result);
}

/* The stacks of the run's later defects (protocol.h) that have none yet, each of its thread,
 * from here, where every thread is switched out. (A later crash has none: its process is
 * gone.) */
static __attribute__((noinline, cold)) void capture_later_stacks(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  for (uint32_t i = 0; i < shm->nlater && i < DPU_MAX_LATER; i++)
    if (shm->later[i].stack == UINT32_MAX)
      shm->later[i].stack = dpu_bt_capture_later(&shm->result, shm->later[i].tid);
}

/* After the running thread stopped at a defect (dpu_rt_end): the stacks at the defect, as the
 * report shows them (every thread is switched out), then the thread leaves the run and the
 * others go on. Returns false if the run has ended instead. */
static __attribute__((noinline, cold)) bool thread_stopped(void) {
  if (!dpu_rt.stopping) return false;
  dpu_rt.stopping = false;
  dpu_rt.ended = false;
  struct dpu_run_result *r = &dpu_rt.shm->result;
  if (!r->nstacks && dpu_end_is_defect(r->end) && !dpu_race_capturing()) capture_stacks();
  else if (dpu_rt.shm->nlater && !dpu_race_capturing()) capture_later_stacks();
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  t->state = DPU_TS_STOPPED;
  dpu_rt.nalive--;
  dpu_rt.shm->pending[dpu_rt.cur].op = DPU_OP_COUNT;
  return true;
}

/* The policy past the replay when the last thread, still enabled, last read a location: it
 * goes on, unless it would only read again what it read (a waiting loop that is no spin
 * region): then another enabled thread goes first, as a fair scheduler would, rather than the
 * waiting thread spinning to --max-steps. The first such read's site is kept for the
 * explorer's warning (dpu_shm.reread_site). Out of line: the scheduling loop's common path
 * only tests last_read. */
static __attribute__((noinline)) int let_others_first(uint64_t en, const struct dpu_tset *ws,
                                                      int last) {
  int other;
  if (ws) {
    other = dpu_tset_next(ws, 0);
    if (other == last) other = dpu_tset_next(ws, (unsigned)last + 1);
  } else {
    uint64_t others = last < 64 ? en & ~(1ull << last) : en;
    other = others ? __builtin_ctzll(others) : -1;
  }
  const struct dpu_rt_thread *t = &dpu_rt.threads[last];
  if (other < 0 || !dpu_rt_rereads(t)) return last;
  if (!dpu_rt.shm->reread_site) dpu_rt.shm->reread_site = t->pend_site;
  return other;
}

/* The enabled set at a choice point is en, its word 0, in a run whose thread ids are all below
 * 64 (ws NULL), else the whole set *ws (en = ws->w[0]). */
static inline bool en_has(uint64_t en, const struct dpu_tset *ws, unsigned t) {
  return __builtin_expect(ws != NULL, 0) ? dpu_tset_has(ws, t) : t < 64 && (en >> t & 1);
}

/* The threads enabled now, in a run with thread ids of 64 or more: into *ws. Out of line: the
 * scheduling loop's common path builds word 0 in a register. */
static __attribute__((noinline)) void enabled_wide(struct dpu_tset *ws) {
  dpu_tset_clear(ws);
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    const struct dpu_rt_thread *t = &dpu_rt.threads[i];
    if (t->state == DPU_TS_ALIVE && thread_enabled(t, (int)i)) dpu_tset_add(ws, i);
  }
}

/* The first thread of the enabled set (en, ws) whose pending operation the runtime runs at once
 * (dpu_op_is_eager), or -1. */
static inline int first_eager(uint64_t en, const struct dpu_tset *ws) {
  if (__builtin_expect(ws != NULL, 0)) {
    for (int i = dpu_tset_next(ws, 0); i >= 0; i = dpu_tset_next(ws, (unsigned)i + 1))
      if (dpu_op_is_eager(dpu_rt.threads[i].pend_op)) return i;
    return -1;
  }
  for (uint64_t m = en; m; m &= m - 1) {
    unsigned i = (unsigned)__builtin_ctzll(m);
    if (dpu_op_is_eager(dpu_rt.threads[i].pend_op)) return (int)i;
  }
  return -1;
}

/* DPU_DEBUG_DIVERGE=1 (for dpu's developers): why a replay diverged, on the internal
 * descriptor: what the thread the replay asks for is about to do, and the run's records. */
static __attribute__((noinline, cold)) void debug_divergence(int tid) {
  const struct dpu_rt_thread *t = &dpu_rt.threads[tid];
  int fd = dpu_rt.cfg.internal_fd;
  dprintf(fd, "diverge: T%d pend op %u obj %#llx site %u; last_read %d obj %#llx site %u ver %u\n",
          tid, t->pend_op, (unsigned long long)t->pend_obj, t->pend_site, t->last_read,
          (unsigned long long)t->last_obj, t->last_site, t->last_version);
  for (uint32_t k = 0; k < dpu_rt.shm->nevents; k++) {
    const struct dpu_event_rec *r = &dpu_rt.records[k];
    dprintf(fd, "  ev %u T%u op %u obj %#llx site %u\n", k, r->tid, r->op,
            (unsigned long long)r->obj, r->site);
  }
}

/* Where the scheduling loop is in the replay, and the thread that ran last. */
struct sched_pos {
  const struct dpu_replay_step *replay;
  uint32_t rlen, ri, rleft;
  uint32_t free_from; /* dpu_rt.steps when the replay ended (0: no replay) */
  int last;
  uint32_t streak; /* steps the policy has let `last` take in a row, but its first */
  uint32_t fair;   /* the most steps in a row it lets one thread take (take_turns) */
};

/* The most steps the policy past the replay lets one thread take in a row while another could
 * move (take_turns); a quarter of --max-steps if that is fewer, so that a run the fair policy
 * would end is not a hang at a small limit. */
#define DPU_FAIR_STEPS 256u

/* The policy's choice after `last` has taken DPU_FAIR_STEPS steps in a row: the next enabled
 * thread after it in id order, round the ids (last itself if it is the only one). A scheduler
 * that let one thread run for ever while another could move made a false `hang` of any
 * waiting loop that reads more than one location (a consumer polling an empty queue starved
 * its producer until --max-steps); a real scheduler is fair. Which thread goes first changes
 * only the order in which traces are explored: the explorers take every other choice as an
 * alternative. Out of line: the common path only counts. */
static __attribute__((noinline)) int take_turns(uint64_t en, const struct dpu_tset *ws, int last) {
  if (ws) {
    int t = dpu_tset_next(ws, (unsigned)last + 1);
    if (t < 0) t = dpu_tset_next(ws, 0);
    return t;
  }
  uint64_t others = en & ~(1ull << last);
  if (!others) return last;
  uint64_t after = last < 63 ? others & ~((2ull << last) - 1) : 0;
  return __builtin_ctzll(after ? after : others);
}

enum { STEP_ON, STEP_END, STEP_WIDEN };

/* Whether thread t's pending operation is on the frozen object (dpu_shm.frozen_obj), so that
 * it does not move past the replay. A thread operation's obj is a thread id, never an address. */
static inline bool on_frozen(const struct dpu_rt_thread *t) {
  return t->pend_obj == dpu_rt.shm->frozen_obj && !(dpu_op_flags[t->pend_op] & DPU_OPF_THREAD);
}

/* Takes the threads pending on the frozen object out of the enabled set (en, ws). Out of line:
 * only runs of --shard's split freeze an object. */
static __attribute__((noinline)) uint64_t unfreeze_mask(uint64_t en, struct dpu_tset *ws) {
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    if (!on_frozen(&dpu_rt.threads[i])) continue;
    if (ws) dpu_tset_del(ws, i);
    else if (i < 64) en &= ~(1ull << i);
  }
  return ws ? ws->w[0] : en;
}

/* One step of the scheduling loop: the enabled set, the choice of a thread, and its turn.
 * Returns STEP_ON to go on, STEP_END when the run has ended, and, in a narrow loop (wide
 * false), STEP_WIDEN as soon as the run has a thread id of 64 or more: the caller goes on with
 * wide true. Always inlined with a constant `wide`, so that the loop of runs whose ids are all
 * below 64 (nearly all) keeps the enabled set in one register and pays nothing for the others
 * (bench/README.md, callgrind). Over 100 lines (issue #14's limit) on purpose: it is the
 * runner's hottest code, and its parts (enabled set, eager operations, replay or policy,
 * limits, the switch) share the enabled set and the replay position in registers. */
static inline __attribute__((always_inline)) int sched_step(struct sched_pos *p, const bool wide,
                                                            const bool frozen) {
  static struct dpu_tset wide_en;
  uint64_t en = 0;
  struct dpu_tset *ws = NULL; /* the whole enabled set, in a run with ids of 64 or more */
  bool none;
  if (!wide) {
    if (__builtin_expect(dpu_rt.nwords > 1, 0)) return STEP_WIDEN;
    for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
      unsigned i = dpu_rt.order[k];
      const struct dpu_rt_thread *t = &dpu_rt.threads[i];
      if (t->state == DPU_TS_ALIVE && thread_enabled(t, (int)i)) en |= 1ull << i;
    }
    none = !en;
  } else {
    ws = &wide_en;
    enabled_wide(ws);
    en = ws->w[0];
    none = dpu_tset_empty(ws);
  }
  if (frozen && p->ri >= p->rlen) {
    en = unfreeze_mask(en, ws);
    none = ws ? dpu_tset_empty(ws) : !en;
  }
  if (none) {
    dpu_rt.cur = -1;
    /* After the process's exit, threads that wait for ever are no deadlock: the process ends
     * (protocol/ops.def: PROCESS_EXIT); the exit's result stands. */
    if (__builtin_expect(dpu_rt.exiting, 0)) return STEP_END;
    if (dpu_rt.nalive == 0 || (dpu_tso_on && dpu_tso_only_buffers_alive())) {
      dpu_rt_set_end(DPU_END_OK, 0, "all threads exited");
    } else {
      record_blocked();
      /* A thread paused before an assume that fails (__VERIFIER_assume(0), SV-COMP's abort)
       * could still move: to that assume, which makes the run infeasible. So the others'
       * waiting is no deadlock: the run ends as the assume's. */
      if (!spin_end() && !(dpu_rt.stopped && dpu_rt.shm->result.end == DPU_END_ASSUME)) {
        dpu_sym_deadlock();
        dpu_rt_set_end(DPU_END_DEADLOCK, 0, "%u threads blocked",
                       dpu_rt.nalive - (dpu_tso_on ? dpu_tso_buffers_alive() : 0));
      }
    }
    return STEP_END;
  }
  /* Thread start, thread exit and thread creation have no dependent operation that could
   * be enabled at the same time (docs/design.md §5, refined in protocol/ops.h), so running them at
   * once loses no trace: after the replay, they are offered as the only choice. A replay is
   * followed as it is (the QPOR explorer may leave them for later). */
  int ei = p->ri < p->rlen ? -1 : first_eager(en, ws);
  dpu_rt.cur_flags = 0;
  if (ei >= 0) {
    dpu_rt.cur_flags = DPU_REC_SOLO;
    if (dpu_rt.last_real >= 0 && en_has(en, ws, (unsigned)dpu_rt.last_real))
      dpu_rt.cur_flags |= DPU_REC_PREV_EN;
    if (ws) {
      dpu_tset_clear(ws);
      dpu_tset_add(ws, (unsigned)ei);
      en = ws->w[0];
    } else {
      en = 1ull << ei;
    }
  }
  int tid;
  dpu_rt.choice = 0;
  if (p->ri < p->rlen) {
    const struct dpu_replay_step *step = &p->replay[p->ri];
    tid = step->tid;
    if (tid >= DPU_MAX_THREADS || !en_has(en, ws, (unsigned)tid)) {
      dpu_rt.cur = -1;
      if (getenv("DPU_DEBUG_DIVERGE") && tid < DPU_MAX_THREADS) debug_divergence(tid);
      dpu_rt_set_end(DPU_END_DIVERGED, tid,
                     "replay step %u asks for T%d, which cannot move: the program does not "
                     "behave the same way on every run (time, randomness, input?)",
                     p->ri, tid);
      return STEP_END;
    }
    if (--p->rleft == 0) {
      dpu_rt.choice = step->choice;
      while (++p->ri < p->rlen && p->replay[p->ri].count == 0) {
      }
      if (p->ri < p->rlen) p->rleft = p->replay[p->ri].count;
      else p->free_from = dpu_rt.steps + 1;
    }
  } else {
    /* The policy past the replay: the last thread goes on (see let_others_first) until it
     * yields, for at most DPU_FAIR_STEPS steps in a row (take_turns). */
    int last = p->last;
    if (!wide) /* every id is below 64 */
      tid = (en >> last & 1) ? last : __builtin_ctzll(en);
    else
      tid = dpu_tset_has(ws, (unsigned)last) ? last : dpu_tset_next(ws, 0);
    if (__builtin_expect(dpu_rt.threads[last].last_read, 0) && tid == last)
      tid = let_others_first(en, ws, last);
    /* A thread that yielded the CPU (sched_yield, a sleep) lets the next one go, as a real
     * scheduler does: no preemption (DPU_REC_YIELDED), and a poll loop lets the others on. */
    if (tid == last && __builtin_expect(dpu_rt.shm->pending[last].yielded, 0))
      tid = take_turns(en, ws, last);
    if (tid != last) p->streak = 0;
    else if (__builtin_expect(++p->streak >= p->fair, 0)) tid = take_turns(en, ws, last);
    /* A thread's ordered operation after its symmetric predecessor's (runtime/symmetry.h). */
    if (__builtin_expect(dpu_sym_groups, 0) && dpu_rt.threads[tid].nbound == 0 &&
        !dpu_op_sym_free(dpu_rt.threads[tid].pend_op))
      tid = dpu_sym_first(tid, en, ws);
  }
  /* With N = --max-steps: a run past its replay is a hang once it took more than N steps,
   * more than N / 2 of them past the replay, or more than 2N in all: the scheduler's own
   * policy (fair: take_turns) ran that long. A replay of more than 3N is no hang of the
   * program but an exploration that reached runs of unbounded length (a thread that polls
   * under a lock while another waits for it: each trace polls more times than the last; a
   * user's thread pools): the run is cut there, and the exploration is incomplete. Replays
   * between N and 3N are followed (the prefix of a hang's run and the operation after it,
   * which --shard's parts and the alternatives of a hang replay, is longer than the run). */
  uint64_t n = dpu_rt.cfg.max_steps;
  if (++dpu_rt.steps > n && (p->ri < p->rlen ? dpu_rt.steps > 3 * n
                                             : dpu_rt.steps - p->free_from > n / 2)) {
    dpu_rt.cur = -1;
    /* After the process's exit: the others ran on as far as a run goes, and the process ends
     * there (as it does while they run); the exit's result stands, no hang. */
    if (__builtin_expect(dpu_rt.exiting, 0)) return STEP_END;
    if (p->ri < p->rlen) {
      dpu_rt_set_end(DPU_END_LIMIT, DPU_LIMIT_STEPS,
                     "the exploration reached runs of more than %llu steps (3 x --max-steps): "
                     "the program has executions of every length (a loop that polls, e.g. under "
                     "a lock another thread waits for, may go round any number of times); those "
                     "of at most that many steps were explored (if its states repeat, "
                     "--cutoffs=on ends it)",
                     3 * (unsigned long long)n);
      return STEP_END;
    }
    note_hang(en, ws); /* for record_blocked, at the run's end */
    dpu_rt_set_end(DPU_END_HANG_STEPS, 0, "run exceeded %u steps", dpu_rt.cfg.max_steps);
    return STEP_END;
  }
  dpu_rt.cur_enabled = en;
  if (ws && !(dpu_rt.cur_wide = dpu_rt_tset_put(ws))) {
    dpu_rt.cur = -1;
    return STEP_END;
  }
  /* A thread runs only alive and enabled: the policy and the replay chose among those. */
  DPU_ASSERT(dpu_rt.threads[tid].state == DPU_TS_ALIVE && thread_enabled(&dpu_rt.threads[tid], tid));
  dpu_rt.cur = tid;
  p->last = tid;
  if (__builtin_expect(dpu_sfp_on, 0)) fingerprinted_switch(tid);
  else dpu_coro_switch(&dpu_rt.sched, &dpu_rt.threads[tid].coro);
  if (__builtin_expect(dpu_rt.ended, 0) && !thread_stopped()) return STEP_END;
  return STEP_ON;
}

/* The end-of-run check of the state fingerprints (statefp.h): a run's memory changed in a
 * way the hooks did not see. The explorer learns it (dpu_shm.state_failed); with
 * DPU_STATE_FINGERPRINT, the runner also says it, once. */
static void check_fingerprint(void) {
  static bool said;
  struct dpu_shm *shm = dpu_rt.shm;
  if (dpu_sfp_check(shm->state_msg, sizeof shm->state_msg)) return;
  shm->state_failed = 1;
  if (said || !dpu_sfp_env()) return;
  said = true;
  dprintf(dpu_rt.cfg.internal_fd, "dpu: state fingerprint check: run %u: %s\n",
          dpu_rt.run_stamp, shm->state_msg);
}

void dpu_rt_run_once(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  reset();
  dpu_rt_start_main();

  uint32_t quarter = dpu_rt.cfg.max_steps / 4 ? dpu_rt.cfg.max_steps / 4 : 1;
  struct sched_pos p = {.replay = dpu_shm_replay(shm), .rlen = shm->replay_len,
                        .fair = quarter < DPU_FAIR_STEPS ? quarter : DPU_FAIR_STEPS};
  while (p.ri < p.rlen && p.replay[p.ri].count == 0) p.ri++;
  p.rleft = p.ri < p.rlen ? p.replay[p.ri].count : 0;
  int r;
  if (__builtin_expect(shm->frozen, 0)) { /* a copy of the loop: ordinary runs pay nothing */
    while ((r = sched_step(&p, false, true)) == STEP_ON) {
    }
    if (r == STEP_WIDEN)
      while (sched_step(&p, true, true) == STEP_ON) {
      }
  } else {
    while ((r = sched_step(&p, false, false)) == STEP_ON) {
    }
    if (r == STEP_WIDEN)
      while (sched_step(&p, true, false) == STEP_ON) {
      }
  }
  dpu_rt.cur = -1;
  if (__builtin_expect(dpu_sfp_on, 0)) check_fingerprint();
  /* The operation every live thread was about to perform: the deadlock report names them, and
   * the QPOR explorer learns from them what those threads could have done next. */
  record_blocked();
  /* dpu_rt.shm, not the local shm: keeping that live past the loop costs the loop registers
   * (measured: ~10 instructions per scheduling step with callgrind, bench/run.sh). */
  if (__builtin_expect(dpu_race_capturing() || dpu_end_is_defect(dpu_rt.shm->result.end), 0))
    dpu_mem_name_objects(); /* the heap blocks its steps name */
  if (__builtin_expect(dpu_race_capturing(), 0)) dpu_race_end_run();
  else if (__builtin_expect(dpu_end_is_defect(dpu_rt.shm->result.end), 0) &&
           !dpu_rt.shm->result.nstacks)
    capture_stacks();
  else if (__builtin_expect(dpu_rt.shm->nlater, 0))
    capture_later_stacks();
  fflush(stdout);
}
