/* A program thread's life in the run: its visible operations (the switch to the scheduler and
 * the trace record), its start, main's start routine, the creation of threads with canonical
 * ids, and a thread's exit. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "memcheck.h"
#include "models/tso.h"
#include "race.h"
#include "rt.h"
#include "statefp.h"
#include "symmetry.h"

struct dpu_event_rec *dpu_rt_visible(uint8_t op, uint64_t obj) {
  return dpu_rt_visible_aux(op, obj, 0);
}

/* Whether op waits for its thread's store buffer to empty under x86-TSO (tso.c): every
 * operation but a load, a plain read, a choice of the thread and the buffers' own. */
static inline bool drains(uint8_t op) {
  return op != DPU_OP_ATOMIC_LOAD && op != DPU_OP_READ && !dpu_op_is_choice(op) &&
         op != DPU_OP_TSO_FLUSH && op != DPU_OP_TSO_DRAIN;
}

struct dpu_event_rec *dpu_rt_visible_aux(uint8_t op, uint64_t obj, uint64_t aux) {
  if (__builtin_expect(dpu_tso_undrained != 0, 0) && drains(op)) dpu_tso_drain();
  if (__builtin_expect(dpu_sym_watch, 0)) dpu_sym_visible(op, obj);
  struct dpu_rt_thread *t = dpu_rt_cur_thread();
  t->pend_op = op;
  t->pend_obj = obj;
  t->pend_site = __dpu_site;
  t->pend_aux = aux;
  struct dpu_pending *p = &dpu_rt.shm->pending[dpu_rt.cur];
  p->op = op, p->obj = obj, p->site = t->pend_site, p->aux = aux;
  uint8_t yielded = dpu_rt.yielded; /* since the thread's last operation */
  dpu_rt.yielded = 0;
  p->yielded = yielded;
  dpu_coro_switch(&t->coro, &dpu_rt.sched);
  p->op = DPU_OP_COUNT;
  dpu_spin_quiet = 0;
  /* Chosen by the scheduler: the operation happens now. */
  struct dpu_shm *shm = dpu_rt.shm;
  if (dpu_rt_records_full()) dpu_rt_leave_run();
  uint32_t n = shm->nevents;
  struct dpu_event_rec *e = &dpu_rt.records[n];
  e->op = op;
  e->flags = dpu_rt.cur_flags | yielded;
  e->result = 0;
  e->tid = (uint16_t)dpu_rt.cur;
  dpu_rt.last_real = dpu_rt.cur;
  e->site = t->pend_site;
  e->obj = obj;
  e->enabled = dpu_rt.cur_enabled;
  e->wide = dpu_rt.cur_wide;
  e->aux = aux;
  shm->nevents = n + 1;
  t->nevents++;
  t->last_read = false;
  t->last_try = false;
  if (!dpu_op_is_read(op)) {
    t->nstreak = 0, t->stuck = false;
    t->nbound += !dpu_op_sym_free(op);
  }
  __dpu_site = t->pend_site; /* messages about this operation point at its call site */
  /* A pthread object's bytes (an atomic access checks its own, with its size) may have been
   * freed while the thread waited to be scheduled. Objects that are no address (a thread id,
   * DPU_SIGNALS_OBJ, 0) lie outside the heap, where the check costs one comparison. */
  if (!dpu_op_has(op, DPU_OPF_THREAD | DPU_OPF_ACCESS)) dpu_mem_check_op(obj, 1, e->site, op);
  return e;
}

_Noreturn void dpu_rt_thread_exit(void *retval) {
  struct dpu_rt_thread *t = dpu_rt_cur_thread();
  uint32_t site = __dpu_site; /* pthread_exit's call, 0 for a return */
  dpu_rt_keys_at_exit();
  __dpu_site = site; /* not the last call of a key's destructor (a user test) */
  dpu_rt_visible(DPU_OP_THREAD_EXIT, (uint64_t)dpu_rt.cur);
  dpu_race_thread_exit(dpu_rt.cur); /* exit -> join */
  t->retval = retval;
  dpu_sym_exited(dpu_rt.cur, retval);
  t->state = DPU_TS_EXITED;
  dpu_rt.nalive--;
  dpu_coro_switch(&t->coro, &dpu_rt.sched);
  abort(); /* never resumed */
}

/* Entry of every program thread's coroutine: its start event, then its start routine. */
static void thread_entry(void) {
  dpu_coro_started(&dpu_rt.sched);
  struct dpu_rt_thread *t = dpu_rt_cur_thread();
  dpu_rt.shm->pending[dpu_rt.cur].op = DPU_OP_COUNT;
  dpu_spin_quiet = 0;
  if (dpu_rt_records_full()) dpu_rt_leave_run();
  uint32_t n = dpu_rt.shm->nevents;
  dpu_rt.records[n] = (struct dpu_event_rec){.op = DPU_OP_THREAD_START,
                                           .tid = (uint16_t)dpu_rt.cur,
                                           .site = t->pend_site,
                                           .obj = (uint64_t)dpu_rt.cur,
                                           .flags = dpu_rt.cur_flags,
                                           .enabled = dpu_rt.cur_enabled,
                                           .wide = dpu_rt.cur_wide,
                                           .aux = t->pend_aux};
  dpu_rt.shm->nevents = n + 1;
  t->nevents = 1;
  void *ret = t->fn(t->arg);
  __dpu_site = 0; /* returned from the start routine: no call site */
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_returning((uint64_t)(uintptr_t)ret);
  dpu_rt_thread_exit(ret);
}

/* The main thread's start routine: main(argc, argv, envp), then exit with its value. */
void __dpu_exit(int status);
static void *main_routine(void *unused) {
  (void)unused;
  extern char **environ;
  int ret = dpu_rt.cfg.main_fn(dpu_rt.cfg.argc, dpu_rt_argv(), environ);
  __dpu_site = 0;
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_returning((uint64_t)(unsigned)ret);
  dpu_rt_run_exit_handlers(ret, false); /* a return from main is a call of exit */
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
  if (!t->coro.stack_base) {
    if (dpu_stack_alloc(&t->coro, dpu_rt.cfg.stack_size) != 0) return -1;
  } else if (__builtin_expect(dpu_sfp_on, 0)) {
    /* An earlier run's stack: zero pages again (fresh from the kernel where touched), so that
     * no stale byte is part of the thread's local state nor a stale object met (rt.h,
     * obj_epoch). */
    madvise(t->coro.stack_base, t->coro.stack_size, MADV_DONTNEED);
  }
  if (parent >= 0) dpu_rt.threads[parent].ncreated++;
  dpu_rt.order[dpu_rt.nthreads++] = (uint16_t)tid;
  if (__builtin_expect(tid >= 64, 0) && dpu_tset_words((unsigned)tid + 1) > dpu_rt.nwords)
    dpu_rt.nwords = dpu_tset_words((unsigned)tid + 1);
  dpu_race_thread_start(parent, tid); /* create -> start */
  dpu_coro_prepare(&t->coro, thread_entry);
  t->state = DPU_TS_ALIVE;
  t->detached = t->joined = false;
  t->ncreated = 0;
  t->nevents = 0;
  t->nbound = 0;
  t->sigmask = parent >= 0 ? dpu_rt.threads[parent].sigmask : 0; /* inherited (POSIX) */
  t->spurious = false;
  t->cond_waits = t->cond_woken = t->barrier_at = NULL;
  t->last_read = false;
  t->last_try = false;
  t->polls = 0;
  t->spin_region = 0;
  t->spin_read = false;
  t->nstreak = 0;
  t->stuck = false;
  t->tls = NULL;
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_thread_start(tid);
  t->vtime = parent >= 0 ? dpu_rt.threads[parent].vtime : 0; /* its creator's time */
  t->pend_op = DPU_OP_THREAD_START;
  t->pend_obj = (uint64_t)tid;
  /* Its start's aux: its symmetric predecessor + 1 (symmetry.h), also while it is pending. */
  t->pend_aux = (uint64_t)(dpu_sym_created(parent, tid, (const void *)fn, arg) + 1);
  t->pend_site = __dpu_site;
  dpu_rt.shm->pending[tid] = (struct dpu_pending){.op = DPU_OP_THREAD_START, .obj = (uint64_t)tid,
                                                  .site = t->pend_site, .aux = t->pend_aux};
  t->fn = fn;
  t->arg = arg;
  t->retval = NULL;
  dpu_rt.nalive++;
  return tid;
}

void dpu_rt_start_main(void) { dpu_rt_new_thread(main_routine, NULL); }
