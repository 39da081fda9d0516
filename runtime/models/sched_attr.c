/* pthread functions that change nothing dpu explores: scheduling hints and parameters, thread
 * names, signal masks. They are accepted (so programs that call them can be checked) and
 * answer as a single-CPU system with default scheduling would. None is a visible operation:
 * sched_yield in particular changes no state, since dpu already explores every order of the
 * operations that matter; it only marks where the thread gives the CPU up (dpu_rt.yielded:
 * the free runs' policy switches there, and --preemptions counts no preemption there). A loop
 * that yields while waiting for a plain (non-atomic) variable is a data race on that variable,
 * which the default --races=on schedules, and whose run is cut short otherwise (dpu_rt_poll). */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>

#include "../interpose.h"
#include "../rt.h"
#include "../symmetry.h"

void dpu_rt_poll(void) {
  if (dpu_rt.cur < 0) return;
  dpu_rt.yielded = DPU_REC_YIELDED;
  if (dpu_rt.shm->spin_watch) return; /* the watch makes reads of a plain variable visible */
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  if (t->poll_step != dpu_rt.steps) t->poll_step = dpu_rt.steps, t->polls = 0;
  if (++t->polls == DPU_POLLS_MAX)
    dpu_rt_end(DPU_END_LIMIT, 0, "T%d slept or yielded %u times with no visible operation in "
               "between: it polls something no scheduled operation changes, e.g. a plain variable "
               "(--races=report and --races=off schedule synchronisation only; the default, "
               "--races=on, schedules such accesses); the run was cut short", dpu_rt.cur,
               DPU_POLLS_MAX);
}

int __dpu_sched_yield(void) {
  dpu_rt_poll();
  return 0;
}

int __dpu_pthread_yield(void) {
  dpu_rt_poll();
  return 0;
}

/* Names are kept per thread for pthread_getname_np (16 bytes, as Linux). */
static char names[DPU_MAX_THREADS][16];
static uint32_t names_run;

static char *name_of(pthread_t t) {
  if (names_run != dpu_rt.run_stamp) {
    memset(names, 0, sizeof names);
    names_run = dpu_rt.run_stamp;
  }
  int tid = dpu_rt_pthread_to_tid(t);
  return tid < 0 ? NULL : names[tid];
}

int __dpu_pthread_setname_np(pthread_t t, const char *name) {
  dpu_sym_target(dpu_rt_pthread_to_tid(t), "pthread_setname_np");
  char *n = name_of(t);
  if (!n) return ESRCH;
  if (strlen(name) >= 16) return ERANGE;
  strcpy(n, name);
  return 0;
}

int __dpu_pthread_getname_np(pthread_t t, char *name, size_t len) {
  dpu_sym_target(dpu_rt_pthread_to_tid(t), "pthread_getname_np");
  char *n = name_of(t);
  if (!n) return ESRCH;
  if (strlen(n) >= len) return ERANGE;
  strcpy(name, n);
  return 0;
}

int __dpu_pthread_attr_setscope(pthread_attr_t *a, int scope) {
  (void)a;
  return scope == PTHREAD_SCOPE_SYSTEM ? 0 : scope == PTHREAD_SCOPE_PROCESS ? ENOTSUP : EINVAL;
}

int __dpu_pthread_attr_getscope(const pthread_attr_t *a, int *scope) {
  (void)a;
  *scope = PTHREAD_SCOPE_SYSTEM;
  return 0;
}

int __dpu_pthread_attr_setguardsize(pthread_attr_t *a, size_t size) {
  (void)a, (void)size;
  return 0;
}

int __dpu_pthread_attr_getguardsize(const pthread_attr_t *a, size_t *size) {
  (void)a;
  *size = 4096;
  return 0;
}

int __dpu_pthread_attr_setschedpolicy(pthread_attr_t *a, int policy) {
  (void)a;
  return policy == SCHED_OTHER || policy == SCHED_FIFO || policy == SCHED_RR ? 0 : EINVAL;
}

int __dpu_pthread_attr_setinheritsched(pthread_attr_t *a, int inherit) {
  (void)a;
  return inherit == PTHREAD_INHERIT_SCHED || inherit == PTHREAD_EXPLICIT_SCHED ? 0 : EINVAL;
}

int __dpu_pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p) {
  (void)a, (void)p;
  return 0;
}

int __dpu_pthread_attr_getschedparam(const pthread_attr_t *a, struct sched_param *p) {
  (void)a;
  p->sched_priority = 0;
  return 0;
}

int __dpu_pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p) {
  (void)policy, (void)p;
  dpu_sym_target(dpu_rt_pthread_to_tid(t), "pthread_setschedparam");
  return dpu_rt_pthread_to_tid(t) < 0 ? ESRCH : 0;
}

int __dpu_pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p) {
  dpu_sym_target(dpu_rt_pthread_to_tid(t), "pthread_getschedparam");
  if (dpu_rt_pthread_to_tid(t) < 0) return ESRCH;
  *policy = SCHED_OTHER;
  p->sched_priority = 0;
  return 0;
}

static int concurrency;
static uint32_t concurrency_run;
int __dpu_pthread_setconcurrency(int level) {
  if (level < 0) return EINVAL;
  concurrency = level;
  concurrency_run = dpu_rt.run_stamp;
  return 0;
}
int __dpu_pthread_getconcurrency(void) {
  return concurrency_run == dpu_rt.run_stamp ? concurrency : 0;
}

int __dpu_pthread_attr_getschedpolicy(const pthread_attr_t *a, int *policy) {
  (void)a;
  *policy = SCHED_OTHER;
  return 0;
}

int __dpu_pthread_attr_getinheritsched(const pthread_attr_t *a, int *inherit) {
  (void)a;
  *inherit = PTHREAD_INHERIT_SCHED;
  return 0;
}

/* CPU affinity: one CPU, as far as the program can tell; setting any mask that includes it
 * succeeds. */
int __dpu_pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t *set) {
  (void)size, (void)set;
  return dpu_rt_pthread_to_tid(t) < 0 ? ESRCH : 0;
}

int __dpu_pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t *set) {
  if (dpu_rt_pthread_to_tid(t) < 0) return ESRCH;
  memset(set, 0, size);
  if (size) ((unsigned char *)set)[0] = 1;
  return 0;
}

int __dpu_pthread_attr_setaffinity_np(pthread_attr_t *a, size_t size, const cpu_set_t *set) {
  (void)a, (void)size, (void)set;
  return 0;
}

/* Attributes of other objects that change nothing here. */
int __dpu_pthread_condattr_getpshared(const pthread_condattr_t *a, int *pshared) {
  (void)a;
  *pshared = PTHREAD_PROCESS_PRIVATE;
  return 0;
}

int __dpu_pthread_rwlockattr_setpshared(pthread_rwlockattr_t *a, int pshared) {
  (void)a;
  return pshared == PTHREAD_PROCESS_PRIVATE || pshared == PTHREAD_PROCESS_SHARED ? 0 : EINVAL;
}

int __dpu_pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *a, int *pshared) {
  (void)a;
  *pshared = PTHREAD_PROCESS_PRIVATE;
  return 0;
}

/* The kind (reader or writer preference) does not change which orders dpu explores: every
 * order of the rwlock's operations is explored. */
int __dpu_pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *a, int kind) {
  (void)a, (void)kind;
  return 0;
}

int __dpu_pthread_rwlockattr_getkind_np(const pthread_rwlockattr_t *a, int *kind) {
  (void)a;
  *kind = PTHREAD_RWLOCK_PREFER_READER_NP;
  return 0;
}

int __dpu_pthread_barrierattr_setpshared(pthread_barrierattr_t *a, int pshared) {
  (void)a;
  return pshared == PTHREAD_PROCESS_PRIVATE || pshared == PTHREAD_PROCESS_SHARED ? 0 : EINVAL;
}

int __dpu_pthread_barrierattr_getpshared(const pthread_barrierattr_t *a, int *pshared) {
  (void)a;
  *pshared = PTHREAD_PROCESS_PRIVATE;
  return 0;
}

int __dpu_pthread_mutexattr_getprotocol(const pthread_mutexattr_t *a, int *protocol) {
  (void)a;
  *protocol = PTHREAD_PRIO_NONE;
  return 0;
}

/* Stacks: a thread's stack as dpu gave it (--stack-size), or nothing before it exists. */
int __dpu_pthread_attr_getstack(const pthread_attr_t *a, void **addr, size_t *size) {
  (void)a;
  *addr = NULL;
  *size = dpu_rt.cfg.stack_size;
  return 0;
}

int __dpu_pthread_getattr_np(pthread_t t, pthread_attr_t *a) {
  int tid = dpu_rt_pthread_to_tid(t);
  dpu_sym_target(tid, "pthread_getattr_np");
  if (tid < 0) return ESRCH;
  __dpu_pthread_attr_init(a);
  if (dpu_rt.threads[tid].detached) __dpu_pthread_attr_setdetachstate(a, PTHREAD_CREATE_DETACHED);
  return 0;
}

/* dpu does not model fork (a program that forks is not explored beyond it), so handlers are
 * never called. */
int __dpu_pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void)) {
  (void)prepare, (void)parent, (void)child;
  return 0;
}
