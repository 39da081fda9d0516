/* The runner's scheduler: one run = reset, then choose a thread at each visible operation,
 * following the replay and then a fixed policy, until every thread has exited, the process
 * exits, or a defect ends the run (DESIGN.md §4). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "backtrace.h"
#include "race.h"
#include "rt.h"

struct dpu_rt dpu_rt;
uint32_t __dpu_site;

/* Globals snapshot (dpu_rt_snapshot_globals). */
static struct {
  void *const *addrs;
  const uint64_t *sizes;
  uint64_t n;
  char *copy;
} globals;

/* argv strings are copied afresh for every run: the program may modify them. */
static char *argv_copy[256];
static char argv_buf[1 << 16];

static struct dpu_rt_thread *cur_thread(void) { return &dpu_rt.threads[dpu_rt.cur]; }

/* Whether the result a stopped thread recorded stands against a new end: the first defect of
 * a run is its result; an assume(0) gives way to a defect that follows (up to the defect, the
 * run is feasible: the assuming thread is only paused before its assume). */
static bool result_stands(int end) {
  int now = dpu_rt.shm->result.end;
  /* A defect after an assume that failed or after a thread stopped at the thread limit is
   * the run's result: those are no defects, and the run went on. */
  bool open = now == DPU_END_ASSUME || now == DPU_END_LIMIT;
  return dpu_rt.stopped && !(open && dpu_end_is_defect(end)) &&
         !(now == DPU_END_OK && end != DPU_END_OK);
}

/* Records in r where in the run its end happened: the trace events and output before it. */
static void record_place(struct dpu_run_result *r) {
  r->defect_at = dpu_rt.shm->nevents;
  r->defect_output = dpu_rt.shm->output_len;
}

/* Records how the run ended in the result, unless result_stands. */
static void vset_end(int end, int code, const char *fmt, va_list ap) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  dpu_rt.ended = true;
  if (result_stands(end)) return;
  r->end = end;
  r->code = code;
  r->tid = dpu_rt.cur;
  r->site = dpu_rt.cur >= 0 ? __dpu_site : 0;
  vsnprintf(r->msg, sizeof r->msg, fmt, ap);
  record_place(r);
  if (__builtin_expect(dpu_end_is_defect(end), 0)) __dpu_defect_stop(end, r->tid);
}

void dpu_rt_set_end(int end, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vset_end(end, code, fmt, ap);
  va_end(ap);
}

/* The process ends (main returned status, or a thread called exit): the exit event, then the
 * exiting thread leaves the run like a thread stopped at a defect, with the run's result
 * (status 0: no defect). The others are not stopped at once: the end of the process is an
 * operation dependent with each one's pending operation (protocol.h), so a replay may still
 * let them perform it, as happening before the exit; each is otherwise killed, which is what
 * the scheduler does past the replay (dpu_rt_run_once). A result that an earlier defect
 * recorded stands; a defect that follows, in a thread that moves before its kill, replaces a
 * result of 0 (it happens before the exit in a real execution). */
_Noreturn void dpu_rt_process_exit(int status, const char *fmt, ...) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_PROCESS_EXIT, 0);
  bool others = false;
  static struct dpu_tset alive;
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    if ((int)i == dpu_rt.cur || dpu_rt.threads[i].state != DPU_TS_ALIVE) continue;
    if (!others) dpu_tset_clear(&alive);
    dpu_tset_add(&alive, i);
    others = true;
  }
  e->aux = others ? dpu_rt_tset_ref(&alive) : 0;
  va_list ap;
  va_start(ap, fmt);
  vset_end(status ? DPU_END_EXIT : DPU_END_OK, status, fmt, ap);
  va_end(ap);
  if (others) { /* else the run simply ends here (the common case: every thread joined) */
    dpu_rt.exiting = true;
    dpu_rt.exiter = dpu_rt.cur;
    dpu_rt.stopped = true;
    dpu_rt.stopping = true;
  }
  dpu_coro_switch(&cur_thread()->coro, &dpu_rt.sched);
  abort(); /* never resumed */
}

/* Whether a defect `end` stops only the thread at fault, the others going on (see
 * DPU_TS_STOPPED). A run that ends at the first failed assertion hides what the other threads
 * would have done after it: the explorers would never learn their later operations, nor so
 * the configurations where those come first (the failing thread took a lock before them), and
 * the traces counted would depend on how far the others happened to get. The failing thread
 * stays where it is, as if it were descheduled there for ever, which every real execution
 * that fails later allows; what the others do then is real behaviour of the program. A crash,
 * heap misuse, pthread misuse or exit ends the run: the state may be broken, or the process
 * gone. */
/* So does a thread that would create more threads than DPU_MAX_THREADS (DPU_LIMIT_THREADS):
 * the others' runs are real, the creating thread merely has not got further. */
static bool stops_thread(int end, int code) {
  return end == DPU_END_ASSERT || end == DPU_END_ABORT || end == DPU_END_ASSUME ||
         (end == DPU_END_LIMIT && code == DPU_LIMIT_THREADS);
}

/* The running thread hands control back to the scheduler for good: the run has ended. */
static _Noreturn void leave_run(void) {
  if (dpu_rt.cur >= 0) dpu_coro_switch(&cur_thread()->coro, &dpu_rt.sched);
  /* Unreachable: the scheduler never resumes a thread after the run has ended. */
  abort();
}

/* Writes s to the next slot of dpu_shm_tsets; returns its ref (slot + 1), or 0 when the
 * slots are full: the run then ends (a limit of dpu, DPU_END_LIMIT). */
static uint32_t tset_put(const struct dpu_tset *s) {
  struct dpu_shm *shm = dpu_rt.shm;
  uint32_t n = shm->ntsets;
  if (n >= shm->tsets_cap) {
    dpu_rt_set_end(DPU_END_LIMIT, 0, "more than %u sets of threads in one run (a run with "
                   "thread ids of 64 or more keeps one per step)", shm->tsets_cap);
    return 0;
  }
  dpu_shm_tsets(shm)[n] = *s;
  shm->ntsets = n + 1;
  return n + 1;
}

uint32_t dpu_rt_tset_ref(const struct dpu_tset *s) {
  uint32_t ref = tset_put(s);
  if (!ref) leave_run();
  return ref;
}

_Noreturn void dpu_rt_end(int end, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vset_end(end, code, fmt, ap);
  va_end(ap);
  if (dpu_rt.cur >= 0 && stops_thread(end, code)) {
    if (end == DPU_END_LIMIT) dpu_rt.shm->result.limited = 1;
    dpu_rt.stopped = true;
    dpu_rt.stopping = true; /* the scheduler sees `ended` and finds it is only this thread */
  }
  leave_run();
}

/* Whether the trace is full: then the run ends (a limit of dpu, DPU_END_LIMIT) and the caller
 * must not append; a running thread must leave_run(). */
static bool trace_full(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (__builtin_expect(shm->nevents < shm->trace_cap, 1)) return false;
  shm->trace_overflow = 1;
  dpu_rt_set_end(DPU_END_LIMIT, 0, "trace capacity of %u events exceeded (raise --max-events)",
                 shm->trace_cap);
  return true;
}

struct dpu_event_rec *dpu_rt_visible(uint8_t op, uint64_t obj) {
  return dpu_rt_visible_aux(op, obj, 0);
}

struct dpu_event_rec *dpu_rt_visible_aux(uint8_t op, uint64_t obj, uint64_t aux) {
  struct dpu_rt_thread *t = cur_thread();
  t->pend_op = op;
  t->pend_obj = obj;
  t->pend_site = __dpu_site;
  t->pend_aux = aux;
  struct dpu_pending *p = &dpu_rt.shm->pending[dpu_rt.cur];
  p->op = op, p->obj = obj, p->site = t->pend_site, p->aux = aux;
  dpu_coro_switch(&t->coro, &dpu_rt.sched);
  p->op = DPU_OP_COUNT;
  dpu_spin_quiet = 0;
  /* Chosen by the scheduler: the operation happens now. */
  struct dpu_shm *shm = dpu_rt.shm;
  if (trace_full()) leave_run();
  uint32_t n = shm->nevents;
  struct dpu_event_rec *e = &dpu_rt.trace[n];
  e->op = op;
  e->result = 0;
  e->tid = (uint16_t)dpu_rt.cur;
  e->site = t->pend_site;
  e->obj = obj;
  e->enabled = dpu_rt.cur_enabled;
  e->wide = dpu_rt.cur_wide;
  e->aux = aux;
  shm->nevents = n + 1;
  t->last_read = false;
  if (!dpu_op_is_read(op)) t->nstreak = 0, t->stuck = false;
  __dpu_site = t->pend_site; /* messages about this operation point at its call site */
  return e;
}

_Noreturn void dpu_rt_thread_exit(void *retval) {
  struct dpu_rt_thread *t = cur_thread();
  dpu_rt_keys_at_exit();
  dpu_rt_visible(DPU_OP_THREAD_EXIT, (uint64_t)dpu_rt.cur);
  dpu_race_thread_exit(dpu_rt.cur); /* exit -> join */
  t->retval = retval;
  t->state = DPU_TS_EXITED;
  dpu_rt.nalive--;
  dpu_coro_switch(&t->coro, &dpu_rt.sched);
  abort(); /* never resumed */
}

/* Entry of every program thread's coroutine: its start event, then its start routine. */
static void thread_entry(void) {
  dpu_coro_started(&dpu_rt.sched);
  struct dpu_rt_thread *t = cur_thread();
  dpu_rt.shm->pending[dpu_rt.cur].op = DPU_OP_COUNT;
  dpu_spin_quiet = 0;
  if (trace_full()) leave_run();
  uint32_t n = dpu_rt.shm->nevents;
  dpu_rt.trace[n] = (struct dpu_event_rec){.op = DPU_OP_THREAD_START,
                                           .tid = (uint16_t)dpu_rt.cur,
                                           .site = t->pend_site,
                                           .obj = (uint64_t)dpu_rt.cur,
                                           .enabled = dpu_rt.cur_enabled,
                                           .wide = dpu_rt.cur_wide};
  dpu_rt.shm->nevents = n + 1;
  void *ret = t->fn(t->arg);
  __dpu_site = 0; /* returned from the start routine: no call site */
  dpu_rt_thread_exit(ret);
}

/* The main thread's start routine: main(argc, argv, envp), then exit with its value. */
void __dpu_exit(int status);
static void *main_routine(void *unused) {
  (void)unused;
  extern char **environ;
  int ret = dpu_rt.cfg.main_fn(dpu_rt.cfg.argc, argv_copy, environ);
  __dpu_site = 0;
  if (ret) dpu_rt_process_exit(ret, "main returned %d", ret);
  dpu_rt_process_exit(0, "main returned 0"); /* no conversion: this is every run's end */
}

/* The canonical id of the index-th thread created by parent, adding it to the shared table
 * when it is new; -1 when the table is full. */
static int canonical_id(int parent, unsigned index) {
  struct dpu_shm *shm = dpu_rt.shm;
  uint32_t n = shm->nthread_ids;
  for (uint32_t i = 0; i < n; i++)
    if (shm->thread_ids[i].parent == parent && shm->thread_ids[i].index == index) return (int)i;
  if (n >= DPU_MAX_THREADS || (dpu_rt.cfg.max_threads && n >= dpu_rt.cfg.max_threads)) return -1;
  shm->thread_ids[n] = (struct dpu_thread_id){.parent = (int16_t)parent, .index = (uint16_t)index};
  shm->nthread_ids = n + 1;
  return (int)n;
}

int dpu_rt_new_thread(void *(*fn)(void *), void *arg) {
  int parent = dpu_rt.cur;
  unsigned index = parent >= 0 ? dpu_rt.threads[parent].ncreated : 0;
  int tid = canonical_id(parent, index);
  if (tid < 0) return -1;
  struct dpu_rt_thread *t = &dpu_rt.threads[tid];
  if (!t->coro.stack_base && dpu_stack_alloc(&t->coro, dpu_rt.cfg.stack_size) != 0) return -1;
  if (parent >= 0) dpu_rt.threads[parent].ncreated++;
  dpu_rt.order[dpu_rt.nthreads++] = (uint16_t)tid;
  if (__builtin_expect(tid >= 64, 0) && dpu_tset_words((unsigned)tid + 1) > dpu_rt.nwords)
    dpu_rt.nwords = dpu_tset_words((unsigned)tid + 1);
  dpu_race_thread_start(parent, tid); /* create -> start */
  dpu_coro_prepare(&t->coro, thread_entry);
  t->state = DPU_TS_ALIVE;
  t->detached = t->joined = false;
  t->ncreated = 0;
  t->sigmask = parent >= 0 ? dpu_rt.threads[parent].sigmask : 0; /* inherited (POSIX) */
  t->spurious = false;
  t->cond_waits = t->cond_woken = t->barrier_at = NULL;
  t->last_read = false;
  t->spin_region = 0;
  t->spin_read = false;
  t->nstreak = 0;
  t->stuck = false;
  t->tls = NULL;
  t->vtime = parent >= 0 ? dpu_rt.threads[parent].vtime : 0; /* its creator's time */
  t->pend_op = DPU_OP_THREAD_START;
  t->pend_obj = (uint64_t)tid;
  t->pend_aux = 0;
  t->pend_site = __dpu_site;
  dpu_rt.shm->pending[tid] = (struct dpu_pending){.op = DPU_OP_THREAD_START, .obj = (uint64_t)tid,
                                                  .site = t->pend_site, .aux = 0};
  t->fn = fn;
  t->arg = arg;
  t->retval = NULL;
  dpu_rt.nalive++;
  return tid;
}



/* On the hot path: called for every live thread at every step. */
static inline __attribute__((always_inline)) bool thread_enabled(const struct dpu_rt_thread *t,
                                                                  int tid) {
  uint8_t op = t->pend_op;
  uint64_t obj = t->pend_obj;
  if (op == DPU_OP_MUTEX_LOCK) { /* the usual case: a free mutex, or one the thread holds */
    int32_t owner = dpu_rt_mutex_owner(obj);
    return owner == 0 || owner == tid + 1 || dpu_rt_mutex_enabled(op, obj, tid);
  }
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
  case DPU_OP_READ:
    return dpu_rt_atomic_enabled(op, obj, tid);
  case DPU_OP_SIG_WAIT:
    return dpu_rt_sig_enabled(t->pend_aux);
  case DPU_OP_PROCESS_EXIT: /* a process exits once: a second exit waits for its kill */
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

static void reset(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  char *src = globals.copy;
  for (uint64_t i = 0; i < globals.n; i++) {
    memcpy(globals.addrs[i], src, globals.sizes[i]);
    src += globals.sizes[i];
  }
  for (unsigned w = 0; w == 0 || w < dpu_rt.nwords; w++) {
    for (uint64_t used = dpu_rt.heaps_used.w[w]; used; used &= used - 1)
      dpu_arena_reset(&dpu_rt.heaps[w * 64 + (unsigned)__builtin_ctzll(used)]);
    dpu_rt.heaps_used.w[w] = 0;
  }
  dpu_rt.nwords = 1;
  shm->ntsets = 0;
  dpu_rt.cur_wide = 0;
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
  dpu_rt_signals_reset();
  dpu_rt.run_stamp++;
  dpu_rt.choice = 0;
  dpu_rt.nthreads = 0;
  dpu_rt.nalive = 0;
  dpu_rt.cur = -1;
  dpu_rt.ended = false;
  dpu_rt.stopping = false;
  dpu_rt.stopped = false;
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
  res->limited = 0;
  res->msg[0] = 0;
  shm->nevents = 0;
  shm->output_len = 0;
  shm->output_truncated = 0;
  shm->trace_overflow = 0;
  dpu_race_reset();
  /* Fresh argv strings. */
  size_t used = 0;
  for (int i = 0; i < dpu_rt.cfg.argc; i++) {
    size_t len = strlen(dpu_rt.cfg.argv[i]) + 1;
    argv_copy[i] = memcpy(argv_buf + used, dpu_rt.cfg.argv[i], len);
    used += len;
  }
  argv_copy[dpu_rt.cfg.argc] = NULL;
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
    r->blocked[r->nblocked++] = (struct dpu_blocked){
        .tid = (uint16_t)i, .op = p->op, .site = p->site, .obj = p->obj, .aux = p->aux};
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

/* Appends one record to the trace; NULL (the run has ended) when the trace is full. */
static struct dpu_event_rec *append(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (trace_full()) return NULL;
  uint32_t n = shm->nevents;
  shm->nevents = n + 1;
  return &dpu_rt.trace[n];
}

/* Thread tid, alive after the process's exit, is killed by it (DPU_OP_THREAD_KILL): the record
 * names the operation it was about to perform, and it leaves the run. Returns false if the run
 * has ended instead (the trace is full). */
static bool kill_thread(int tid) {
  struct dpu_rt_thread *t = &dpu_rt.threads[tid];
  struct dpu_event_rec *e = append();
  if (!e) return false;
  *e = (struct dpu_event_rec){.op = DPU_OP_THREAD_KILL,
                              .result = t->pend_op,
                              .tid = (uint16_t)tid,
                              .site = t->pend_site,
                              .obj = t->pend_obj,
                              .enabled = dpu_rt.cur_enabled,
                              .wide = dpu_rt.cur_wide,
                              .aux = t->pend_aux};
  t->state = DPU_TS_STOPPED;
  dpu_rt.nalive--;
  dpu_rt.shm->pending[tid].op = DPU_OP_COUNT;
  return true;
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
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  t->state = DPU_TS_STOPPED;
  dpu_rt.nalive--;
  dpu_rt.shm->pending[dpu_rt.cur].op = DPU_OP_COUNT;
  /* No kill follows, after the exit either: the trace is the one where it stopped before the
   * exit (the explorers kill only threads that have a next operation in the run). */
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

/* Where the scheduling loop is in the replay, and the thread that ran last. */
struct sched_pos {
  const struct dpu_replay_step *replay;
  uint32_t rlen, ri, rleft;
  int last;
};

enum { STEP_ON, STEP_END, STEP_WIDEN };

/* One step of the scheduling loop: the enabled set, the choice of a thread, and its turn.
 * Returns STEP_ON to go on, STEP_END when the run has ended, and, in a narrow loop (wide
 * false), STEP_WIDEN as soon as the run has a thread id of 64 or more: the caller goes on with
 * wide true. Always inlined with a constant `wide`, so that the loop of runs whose ids are all
 * below 64 (nearly all) keeps the enabled set in one register and pays nothing for the others
 * (bench/README.md, callgrind). */
static inline __attribute__((always_inline)) int sched_step(struct sched_pos *p, const bool wide) {
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
  if (none && (!dpu_rt.exiting || dpu_rt.nalive == 0)) {
    dpu_rt.cur = -1;
    if (dpu_rt.nalive == 0) {
      dpu_rt_set_end(DPU_END_OK, 0, "all threads exited");
    } else {
      record_blocked();
      /* A thread paused before an assume that fails (__VERIFIER_assume(0), SV-COMP's abort)
       * could still move: to that assume, which makes the run infeasible. So the others'
       * waiting is no deadlock: the run ends as the assume's. */
      if (!spin_end() && !(dpu_rt.stopped && dpu_rt.shm->result.end == DPU_END_ASSUME))
        dpu_rt_set_end(DPU_END_DEADLOCK, 0, "%u threads blocked", dpu_rt.nalive);
    }
    return STEP_END;
  }
  /* Thread start, thread exit and thread creation have no dependent operation that could
   * be enabled at the same time (DESIGN.md §5, refined in protocol.h), so running them at
   * once loses no trace: after the replay, they are offered as the only choice. A replay is
   * followed as it is (the QPOR explorer may leave them for later). After the process's
   * exit too: a thread is killed at its next other operation (so it is never killed right
   * before one of these, where it could not be observed). */
  bool eager = false;
  int ei = p->ri < p->rlen ? -1 : first_eager(en, ws);
  if (ei >= 0) {
    eager = true;
    if (ws) {
      dpu_tset_clear(ws);
      dpu_tset_add(ws, (unsigned)ei);
      en = ws->w[0];
    } else {
      en = 1ull << ei;
    }
  }
  int tid;
  bool kill = false;
  dpu_rt.choice = 0;
  if (p->ri < p->rlen) {
    const struct dpu_replay_step *step = &p->replay[p->ri];
    tid = step->tid;
    kill = p->rleft == 1 && step->choice == DPU_CHOICE_KILL;
    if (tid >= DPU_MAX_THREADS ||
        !(kill ? dpu_rt.exiting && dpu_rt.threads[tid].state == DPU_TS_ALIVE
               : en_has(en, ws, (unsigned)tid))) {
      dpu_rt.cur = -1;
      if (getenv("DPU_DEBUG_DIVERGE") && tid < DPU_MAX_THREADS) {
        const struct dpu_rt_thread *t = &dpu_rt.threads[tid];
        dprintf(dpu_rt.cfg.internal_fd, "diverge: T%d pend op %u obj %#llx site %u; last_read %d obj %#llx site %u ver %u\n", tid, t->pend_op, (unsigned long long)t->pend_obj, t->pend_site, t->last_read, (unsigned long long)t->last_obj, t->last_site, t->last_version);
        for (uint32_t k = 0; k < dpu_rt.shm->nevents; k++) dprintf(dpu_rt.cfg.internal_fd, "  ev %u T%u op %u obj %#llx site %u\n", k, dpu_rt.trace[k].tid, dpu_rt.trace[k].op, (unsigned long long)dpu_rt.trace[k].obj, dpu_rt.trace[k].site);
      }
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
    }
  } else if (__builtin_expect(dpu_rt.exiting, 0) && !eager) {
    /* Past the replay, after the exit: the threads still alive are killed, in creation
     * order (the explorers find the runs where they move first as alternatives). */
    kill = true;
    tid = -1;
    for (unsigned k = 0; k < dpu_rt.nthreads && tid < 0; k++)
      if (dpu_rt.threads[dpu_rt.order[k]].state == DPU_TS_ALIVE) tid = dpu_rt.order[k];
  } else {
    /* The policy past the replay: the last thread goes on (see let_others_first). */
    int last = p->last;
    if (!wide) /* every id is below 64 */
      tid = (en >> last & 1) ? last : __builtin_ctzll(en);
    else
      tid = dpu_tset_has(ws, (unsigned)last) ? last : dpu_tset_next(ws, 0);
    if (__builtin_expect(dpu_rt.threads[last].last_read, 0) && tid == last)
      tid = let_others_first(en, ws, last);
  }
  if (++dpu_rt.steps > dpu_rt.cfg.max_steps) {
    dpu_rt.cur = -1;
    record_blocked();
    dpu_rt_set_end(DPU_END_HANG_STEPS, 0, "run exceeded %u steps", dpu_rt.cfg.max_steps);
    return STEP_END;
  }
  dpu_rt.cur_enabled = en;
  if (ws && !(dpu_rt.cur_wide = tset_put(ws))) {
    dpu_rt.cur = -1;
    return STEP_END;
  }
  if (__builtin_expect(kill, 0)) {
    dpu_rt.choice = 0;
    return kill_thread(tid) ? STEP_ON : STEP_END;
  }
  dpu_rt.cur = tid;
  p->last = tid;
  dpu_coro_switch(&dpu_rt.sched, &dpu_rt.threads[tid].coro);
  if (__builtin_expect(dpu_rt.ended, 0) && !thread_stopped()) return STEP_END;
  return STEP_ON;
}

void dpu_rt_run_once(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  reset();
  dpu_rt_new_thread(main_routine, NULL);

  struct sched_pos p = {.replay = dpu_shm_replay(shm), .rlen = shm->replay_len};
  while (p.ri < p.rlen && p.replay[p.ri].count == 0) p.ri++;
  p.rleft = p.ri < p.rlen ? p.replay[p.ri].count : 0;
  int r;
  while ((r = sched_step(&p, false)) == STEP_ON) {
  }
  if (r == STEP_WIDEN)
    while (sched_step(&p, true) == STEP_ON) {
    }
  dpu_rt.cur = -1;
  /* The operation every live thread was about to perform: the deadlock report names them, and
   * the QPOR explorer learns from them what those threads could have done next. */
  record_blocked();
  /* dpu_rt.shm, not the local shm: keeping that live past the loop costs the loop registers
   * (measured: ~10 instructions per scheduling step with callgrind, bench/run.sh). */
  if (__builtin_expect(dpu_race_capturing(), 0)) dpu_race_end_run();
  else if (__builtin_expect(dpu_end_is_defect(dpu_rt.shm->result.end), 0) &&
           !dpu_rt.shm->result.nstacks)
    capture_stacks();
  fflush(stdout);
}

/* ---- crash handling ---------------------------------------------------------------------- */

static void crash_handler(int sig, siginfo_t *si, void *uctx) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  if (!dpu_rt.ended && !result_stands(DPU_END_SIGNAL)) {
    r->end = DPU_END_SIGNAL;
    record_place(r);
    r->code = sig;
    r->tid = dpu_rt.cur;
    r->site = 0;
    /* Only async-signal-safe work here: format the address by hand. */
    static const char hex[] = "0123456789abcdef";
    char *m = r->msg;
    const char *pre = "fault address 0x";
    size_t k = 0;
    while (pre[k]) { m[k] = pre[k]; k++; }
    uintptr_t a = (uintptr_t)si->si_addr;
    for (int sh = 60; sh >= 0; sh -= 4) m[k++] = hex[(a >> sh) & 15];
    m[k] = 0;
    dpu_rt.ended = true;
    /* Raw code addresses only: the zygote symbolises them once this process is gone. A run
     * that captures a race's stacks keeps those. */
    if (!dpu_race_capturing()) dpu_bt_capture(r, uctx);
    __dpu_defect_stop(DPU_END_SIGNAL, r->tid);
  }
  /* The zygote sees the runner die, posts `done` and forks a fresh runner. */
  _exit(128 + sig);
}

/* A run over its time limit: the explorer sends DPU_HANG_SIGNAL before it kills the runner, so
 * that the hang is reported with the stacks of where the threads are looping. */
static void hang_handler(int sig, siginfo_t *si, void *uctx) {
  (void)si;
  if (dpu_rt.ended || result_stands(DPU_END_HANG_TIME)) return; /* the run's result stands */
  struct dpu_run_result *r = &dpu_rt.shm->result;
  r->end = DPU_END_HANG_TIME;
  r->code = 0;
  r->tid = dpu_rt.cur;
  r->site = 0;
  r->msg[0] = 0; /* the explorer words the message: it knows the limit */
  record_place(r);
  dpu_rt.ended = true;
  if (!dpu_race_capturing()) dpu_bt_capture(r, uctx);
  __dpu_defect_stop(DPU_END_HANG_TIME, r->tid);
  _exit(128 + sig);
}

int dpu_rt_first_free_fd_above_all(void) {
  int top = 2;
  DIR *d = opendir("/proc/self/fd");
  if (!d) return 64; /* leave the low ones alone */
  for (struct dirent *e; (e = readdir(d));) {
    int fd = atoi(e->d_name);
    if (fd != dirfd(d) && fd > top) top = fd;
  }
  closedir(d);
  return top + 1;
}

int dpu_rt_init(struct dpu_shm *shm, const struct dpu_rt_config *cfg) {
  memset(&dpu_rt, 0, sizeof dpu_rt);
  dpu_rt.cfg = *cfg;
  dpu_rt.shm = shm;
  dpu_rt.trace = dpu_shm_trace(shm);
  dpu_rt.visible = dpu_shm_visible(shm);
  dpu_rt.cur = -1;
  dpu_rt_clock_init();
  if (cfg->argc >= (int)(sizeof argv_copy / sizeof *argv_copy)) {
    dprintf(cfg->internal_fd, "dpu: error: too many program arguments\n");
    return -1;
  }
  size_t total = 0;
  for (int i = 0; i < cfg->argc; i++) total += strlen(cfg->argv[i]) + 1;
  if (total > sizeof argv_buf) {
    dprintf(cfg->internal_fd, "dpu: error: program arguments too long\n");
    return -1;
  }
  /* A multiple of 16 pages, so that the wide threads' share is whole pages. */
  size_t region = (cfg->heap_size + 65535) & ~(size_t)65535;
  size_t wide = region / DPU_HEAP_WIDE_SHARE;
  size_t heap = 64 * region + (DPU_MAX_THREADS - 64) * wide;
  struct dpu_arena all;
  if (dpu_arena_init(&all, heap) != 0) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve %zu bytes of heap: %s\n", heap,
            strerror(errno));
    return -1;
  }
  dpu_rt.heap_base = all.base;
  dpu_rt.heap_region = region;
  dpu_rt.heap_total = heap;
  /* One shadow byte per 16 bytes of heap (address space only, committed where touched). */
  void *shadow = mmap(NULL, dpu_rt.heap_total / 16, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (shadow == MAP_FAILED) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve the heap's shadow memory: %s\n",
            strerror(errno));
    return -1;
  }
  dpu_rt.heap_shadow = shadow;
  for (unsigned i = 0; i < DPU_MAX_THREADS; i++) {
    size_t off = i < 64 ? i * region : 64 * region + (i - 64) * wide;
    dpu_rt.heaps[i] = (struct dpu_arena){.base = all.base + off, .cap = i < 64 ? region : wide,
                                         .shadow = dpu_rt.heap_shadow + off / 16};
  }
  dpu_bt_init();
  if (dpu_race_init(cfg->races) != 0) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve the shadow memory of the race detector\n");
    return -1;
  }
  dpu_rt.fd_base = dpu_rt_first_free_fd_above_all();
  static char altstack[1 << 16];
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
  sigaltstack(&ss, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = crash_handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
  sa.sa_sigaction = hang_handler;
  sigaction(DPU_HANG_SIGNAL, &sa, NULL);
  return 0;
}

long dpu_rt_global_of(uint64_t a, uint64_t *offset, uint64_t *size) {
  for (uint64_t i = 0; i < globals.n; i++) {
    uint64_t start = (uint64_t)(uintptr_t)globals.addrs[i];
    if (a >= start && a - start < globals.sizes[i]) {
      *offset = a - start;
      *size = globals.sizes[i];
      return (long)i;
    }
  }
  return -1;
}

int dpu_rt_snapshot_globals(void *const *addrs, const uint64_t *sizes, uint64_t n) {
  uint64_t total = 0;
  for (uint64_t i = 0; i < n; i++) total += sizes[i];
  char *copy = malloc(total ? total : 1);
  if (!copy) return -1;
  char *dst = copy;
  for (uint64_t i = 0; i < n; i++) {
    memcpy(dst, addrs[i], sizes[i]);
    dst += sizes[i];
  }
  globals.addrs = addrs;
  globals.sizes = sizes;
  globals.n = n;
  globals.copy = copy;
  return 0;
}
