/* See symmetry.h. */
#include "symmetry.h"

#include <stdarg.h>
#include <stdio.h>

#include "race.h"
#include "rt.h"

bool dpu_sym_on;
bool dpu_sym_groups;
uint8_t dpu_sym_watch;

/* Per thread of the run, by canonical id (set as it is created, dpu_sym_created). */
static struct sym_thread {
  int16_t pred;             /* symmetric predecessor, -1: none */
  int16_t group;            /* its group's first member, -1: in no group */
  int16_t window;           /* as a joiner: the group whose window is open, -1 */
  bool named;               /* it asked its identity, or was named by its handle */
  bool ret_read;            /* as a group's first member: a join read a member's return */
  const void *ret_seen;     /* value, ret_seen */
  /* As a creator: its last create (the new thread, -1: none yet; its routine, argument and
   * detach state; the creator's events and virtual time when it returned). */
  int16_t ctid;
  bool cdetached;
  const void *cfn, *carg;
  uint32_t cnevents;
  uint64_t cvtime;
} st[DPU_MAX_THREADS];
static uint32_t nwindows; /* joiners with a window open */
static bool noted;        /* dpu_sym_before_create's notes, for the create under way */
static bool detach;
static const void *key_fn, *key_arg; /* dpu_sym_key's, for the create under way */
static bool key_set;

void dpu_sym_reset(void) {
  dpu_sym_on = dpu_rt.shm->symmetry != 0;
  dpu_sym_watch = 0;
  nwindows = 0;
  dpu_sym_groups = false;
  noted = false;
  key_set = false;
  dpu_race_sym_watch(false);
}

int dpu_sym_first(int tid, uint64_t en, const struct dpu_tset *ws) {
  for (int p = st[tid].pred; p >= 0; p = st[p].pred) {
    const struct dpu_rt_thread *t = &dpu_rt.threads[p];
    if (t->state != DPU_TS_ALIVE || t->nbound > 0) break; /* p made its ordered operation */
    if (ws ? !dpu_tset_has(ws, (unsigned)p) : p >= 64 || !(en >> p & 1)) break;
    tid = p;
  }
  return tid;
}

/* Says in the run's response that the threads of a group were told apart (the first time). */
static __attribute__((format(printf, 1, 2))) void tell(const char *fmt, ...) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (shm->sym_told) return;
  shm->sym_told = 1;
  shm->sym_site = __dpu_site;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(shm->sym_msg, sizeof shm->sym_msg, fmt, ap);
  va_end(ap);
  /* Nothing more to watch in this run: the explorer starts again without symmetry. */
  dpu_sym_watch = 0;
  dpu_race_sym_watch(false);
}

void dpu_sym_before_create(bool detached) {
  noted = true;
  detach = detached;
}

void dpu_sym_key(const void *fn, const void *arg) {
  key_fn = fn, key_arg = arg, key_set = true;
}

int dpu_sym_created(int parent, int tid, const void *fn, const void *arg) {
  if (!dpu_sym_on) return -1;
  if (key_set) fn = key_fn, arg = key_arg, key_set = false;
  struct sym_thread *t = &st[tid];
  t->pred = t->group = t->window = t->ctid = -1;
  t->named = false;
  if (parent < 0) return -1;
  const struct dpu_rt_thread *pt = &dpu_rt.threads[parent];
  struct sym_thread *c = &st[parent];
  if (c->ctid >= 0 && c->cfn == fn && c->carg == arg && c->cdetached == detach && noted &&
      pt->nevents == c->cnevents + 1 && pt->vtime == c->cvtime) {
    int p = c->ctid;
    if (st[p].group < 0) st[p].group = (int16_t)p, st[p].ret_read = false;
    t->pred = (int16_t)p;
    t->group = st[p].group;
    dpu_sym_groups = true;
    /* Its predecessor's identity was used before the group was known (its start routine
     * asked it, its creator named it). */
    if (st[p].named) tell("T%d, created alike before T%d, was told apart by its identity", p, tid);
  }
  c->ctid = (int16_t)tid, c->cdetached = detach, c->cfn = fn, c->carg = arg;
  c->cnevents = pt->nevents, c->cvtime = pt->vtime;
  noted = false; /* a create that does not call dpu_sym_before_create is in no group */
  return t->pred;
}

void dpu_sym_self(const char *what) {
  if (!dpu_sym_on) return;
  st[dpu_rt.cur].named = true;
  if (dpu_sym_groups && st[dpu_rt.cur].group >= 0)
    tell("T%d, one of a group of threads created alike, calls %s", dpu_rt.cur, what);
}

void dpu_sym_target(int tid, const char *what) {
  if (!dpu_sym_on || tid < 0 || tid >= DPU_MAX_THREADS || tid == dpu_rt.cur ||
      dpu_rt.threads[tid].state == DPU_TS_UNUSED)
    return;
  st[tid].named = true;
  if (dpu_sym_groups && st[tid].group >= 0)
    tell("%s names T%d, one of a group of threads created alike", what, tid);
}

/* Whether a member of group g is alive. */
static bool member_alive(int g) {
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    if (st[i].group == g && dpu_rt.threads[i].state == DPU_TS_ALIVE) return true;
  }
  return false;
}

static void close_window(int j) {
  st[j].window = -1;
  if (--nwindows == 0) {
    dpu_sym_watch = 0;
    dpu_race_sym_watch(false);
  }
}

/* The running thread's window, still open (-1: none, or closed now that no member of its group
 * is alive). */
static int open_window(void) {
  int j = dpu_rt.cur;
  if (j < 0 || st[j].window < 0) return -1;
  if (!member_alive(st[j].window)) {
    close_window(j);
    return -1;
  }
  return st[j].window;
}

/* Whether every member of group g that has exited returned ret: then a join that reads one's
 * return value reads what it would read of any, so far (dpu_sym_exited checks those to
 * come). */
static bool same_returns(int g, const void *ret) {
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    const struct dpu_rt_thread *t = &dpu_rt.threads[i];
    if (st[i].group == g && t->state == DPU_TS_EXITED && t->retval != ret) return false;
  }
  return true;
}

void dpu_sym_exited_slow(int tid, const void *ret) {
  int g = st[tid].group;
  if (g >= 0 && st[g].ret_read && ret != st[g].ret_seen)
    tell("a join read a return value that T%d, one of a group of threads created alike, does "
         "not return", tid);
}

void dpu_sym_joined_slow(int tid, bool reads_ret, const void *ret) {
  if (tid < 0 || tid >= DPU_MAX_THREADS) return;
  int g = st[tid].group, j = dpu_rt.cur;
  if (g < 0) return; /* a thread in no group */
  if (reads_ret) {
    if (!same_returns(g, ret) || (st[g].ret_read && st[g].ret_seen != ret)) {
      tell("T%d reads the return value of T%d, one of a group of threads created alike, "
           "which another of them does not return", j, tid);
      return;
    }
    st[g].ret_read = true, st[g].ret_seen = ret;
  }
  if (st[j].window >= 0 && st[j].window != g) return; /* dpu_sym_visible told */
  if (st[j].window < 0 && member_alive(g)) {
    st[j].window = (int16_t)g;
    nwindows++;
    dpu_sym_watch = 1;
    dpu_race_sym_watch(true);
  } else if (st[j].window >= 0 && !member_alive(g)) {
    close_window(j);
  }
}

void dpu_sym_deadlock(void) {
  if (!dpu_sym_groups) return;
  /* A run of --shard's or -j's split that froze an object (dpu_shm.frozen) stops with threads
   * waiting for it: no deadlock of the program. */
  const struct dpu_shm *shm = dpu_rt.shm;
  for (unsigned k = 0; k < dpu_rt.nthreads && shm->frozen; k++) {
    const struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.order[k]];
    if (t->state == DPU_TS_ALIVE && t->pend_obj == shm->frozen_obj &&
        !(dpu_op_flags[t->pend_op] & DPU_OPF_THREAD))
      return;
  }
  /* A deadlock's identity leaves its joins out when another operation is blocked (report/
   * defects.c: a thread joining a blocked one waits because of it): only a deadlock of joins
   * alone is told by which member a join waits for. */
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    const struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.order[k]];
    if (t->state == DPU_TS_ALIVE && t->pend_op != DPU_OP_THREAD_JOIN) return;
  }
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned i = dpu_rt.order[k];
    const struct dpu_rt_thread *t = &dpu_rt.threads[i];
    if (t->state == DPU_TS_ALIVE && t->pend_op == DPU_OP_THREAD_JOIN &&
        t->pend_obj < DPU_MAX_THREADS && st[t->pend_obj].group >= 0) {
      tell("T%u waits for ever to join T%u, one of a group of threads created alike", i,
           (unsigned)t->pend_obj);
      return;
    }
  }
}

void dpu_sym_visible(uint8_t op, uint64_t obj) {
  int g = open_window();
  if (g < 0) return;
  /* A join of a member of its group, or of a thread in no group: independent of the members'
   * operations, it happens as it would have whichever member was joined first. (A member of
   * another group: the window is one group's.) */
  if (op == DPU_OP_THREAD_JOIN && obj < DPU_MAX_THREADS && (st[obj].group == g || st[obj].group < 0))
    return;
  /* Its end and the process's change nothing the members can see. */
  if (op == DPU_OP_THREAD_EXIT || op == DPU_OP_PROCESS_EXIT) return;
  tell("T%d synchronises (%s) between its joins of a group of threads created alike, while "
       "some of them run",
       dpu_rt.cur, dpu_op_name(op));
}

void dpu_sym_access(uintptr_t a, uint64_t size, bool write) {
  if (open_window() < 0) return;
  if (write)
    tell("T%d writes memory between its joins of a group of threads created alike, while "
         "some of them run",
         dpu_rt.cur);
  else if (dpu_race_others_wrote(a, size))
    tell("T%d reads memory another thread wrote between its joins of a group of threads "
         "created alike, while some of them run",
         dpu_rt.cur);
}
