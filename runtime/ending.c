/* How a run, or one thread of it, ends: the run's result (the first defect stands), the
 * process's exit, a thread stopped at a defect, and the crash and hang handlers that record a
 * result from a signal (docs/design.md §4). */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backtrace.h"
#include "race.h"
#include "models/tso.h"
#include "rt.h"

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

bool dpu_rt_result_stands(int end) { return result_stands(end); }

/* Records in r where in the run its end happened: the trace events and output before it. */
static void record_place(struct dpu_run_result *r) {
  r->defect_at = dpu_rt.shm->nevents;
  r->defect_output = dpu_rt.shm->output_len;
}

/* A defect after the run's first, which stopped only its thread: one more entry of the
 * run's later defects (protocol.h), or NULL when it is none or there is no room. Its message
 * is the caller's to write. Async-signal-safe. */
static struct dpu_later_defect *add_later(int end, int code, uint32_t site) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (!dpu_end_is_defect(shm->result.end) || !dpu_end_is_later_defect(end) ||
      shm->nlater >= DPU_MAX_LATER || dpu_rt.cur < 0)
    return NULL;
  struct dpu_later_defect *l = &shm->later[shm->nlater++];
  l->end = end;
  l->tid = dpu_rt.cur;
  l->code = code;
  l->site = site;
  l->defect_at = shm->nevents;
  l->defect_output = shm->output_len;
  l->stack = UINT32_MAX; /* taken by the scheduler, where the thread is switched out */
  l->msg[0] = 0;
  return l;
}

/* Records how the run ended in the result, unless result_stands: then a defect is one of the
 * run's later ones. */
static void vset_end(int end, int code, const char *fmt, va_list ap) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  dpu_rt.ended = true;
  if (result_stands(end)) {
    struct dpu_later_defect *l = add_later(end, code, dpu_rt.cur >= 0 ? __dpu_site : 0);
    if (l) {
      vsnprintf(l->msg, sizeof l->msg, fmt, ap);
      __dpu_defect_stop(end, l->tid);
    }
    return;
  }
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
 * (status 0: no defect). The others run on until each has exited or waits for ever
 * (protocol/ops.def: PROCESS_EXIT; runtime/sched.c ends the run then, with this result). A
 * result that an earlier defect recorded stands; a defect that follows, in a thread that runs
 * on, replaces a result of 0 (it happens before the process's end in a real execution). */
_Noreturn void dpu_rt_process_exit(int status, const char *fmt, ...) {
  dpu_rt_visible(DPU_OP_PROCESS_EXIT, 0);
  bool others = dpu_rt.nalive > 1;
  va_list ap;
  va_start(ap, fmt);
  vset_end(status ? DPU_END_EXIT : DPU_END_OK, status, fmt, ap);
  va_end(ap);
  if (others) { /* else the run simply ends here (the common case: every thread joined) */
    dpu_rt.exiting = true;
    dpu_rt.stopped = true;
    dpu_rt.stopping = true;
  }
  dpu_coro_switch(&dpu_rt_cur_thread()->coro, &dpu_rt.sched);
  abort(); /* never resumed */
}

/* Whether a defect `end` stops only the thread at fault, the others going on (see
 * DPU_TS_STOPPED). A run that ends at the first failed assertion hides what the other threads
 * would have done after it: the explorers would never learn their later operations, nor so
 * the configurations where those come first (the failing thread took a lock before them), and
 * the traces counted would depend on how far the others happened to get (-j counted 4 traces
 * of a use after free where -j 1 counted 5 and --por=none 7). The failing thread stays where it
 * is, as if it were descheduled there for ever, which every real execution that fails later
 * allows; what the others do then is real behaviour of the program. So for an access to
 * freed memory or out of a block, and a bad free or realloc (DPU_END_MEMORY, DPU_END_HEAP):
 * they are caught before they act. Not when the access is a visible operation (an atomic
 * access, a pthread object in a freed block, dpu_mem_check_op), which the trace already holds
 * as done: that run ends. A crash, pthread misuse (an operation in the trace that did not act)
 * or exit ends the run: the state may be broken, or the process gone. */
/* So does a thread that would create more threads than DPU_MAX_THREADS (DPU_LIMIT_THREADS):
 * the others' runs are real, the creating thread merely has not got further. */
static bool stops_thread(int end, int code) {
  return end == DPU_END_ASSERT || end == DPU_END_ABORT || end == DPU_END_ASSUME ||
         ((end == DPU_END_MEMORY || end == DPU_END_HEAP) && !dpu_rt.op_defect) ||
         (end == DPU_END_LIMIT && code == DPU_LIMIT_THREADS);
}

_Noreturn void dpu_rt_leave_run(void) {
  if (dpu_rt.cur >= 0) dpu_coro_switch(&dpu_rt_cur_thread()->coro, &dpu_rt.sched);
  /* Unreachable: the scheduler never resumes a thread after the run has ended. */
  abort();
}

uint32_t dpu_rt_tset_put(const struct dpu_tset *s) {
  struct dpu_shm *shm = dpu_rt.shm;
  uint32_t n = shm->ntsets;
  /* Consecutive steps mostly have the same enabled set: it is written once. */
  if (n && memcmp(&dpu_shm_tsets(shm)[n - 1], s, sizeof *s) == 0) return n;
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
  uint32_t ref = dpu_rt_tset_put(s);
  if (!ref) dpu_rt_leave_run();
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
  dpu_rt_leave_run();
}


/* "fault address 0x..." into m, by hand: only async-signal-safe work in a handler. */
static void fault_message(char *m, const siginfo_t *si) {
  static const char hex[] = "0123456789abcdef";
  const char *pre = "fault address 0x";
  size_t k = 0;
  while (pre[k]) { m[k] = pre[k]; k++; }
  uintptr_t a = (uintptr_t)si->si_addr;
  for (int sh = 60; sh >= 0; sh -= 4) m[k++] = hex[(a >> sh) & 15];
  m[k] = 0;
}

static void crash_handler(int sig, siginfo_t *si, void *uctx) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  if (!dpu_rt.ended && result_stands(DPU_END_SIGNAL)) {
    /* After a thread stopped at a defect: a later defect of the run. */
    struct dpu_later_defect *l = add_later(DPU_END_SIGNAL, sig, 0);
    if (l) {
      fault_message(l->msg, si);
      __dpu_defect_stop(DPU_END_SIGNAL, l->tid);
    }
  } else if (!dpu_rt.ended) {
    r->end = DPU_END_SIGNAL;
    record_place(r);
    r->code = sig;
    r->tid = dpu_rt.cur;
    r->site = 0;
    fault_message(r->msg, si);
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
  /* After the process's exit, a thread that runs on for ever is no hang: the process ends
   * while it runs (protocol/ops.def: PROCESS_EXIT). The exit's result stands. */
  if (dpu_rt.exiting && !dpu_rt.ended) {
    dpu_rt.shm->result.ran_on = 1;
    _exit(128 + sig);
  }
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

void dpu_rt_install_handlers(void) {
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
}
