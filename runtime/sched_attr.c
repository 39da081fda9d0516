/* pthread functions that change nothing dpu explores: scheduling hints and parameters, thread
 * names, signal masks. They are accepted (so programs that call them can be checked) and
 * answer as a single-CPU system with default scheduling would. None is a visible operation:
 * sched_yield in particular is a no-op, since dpu already explores every order of the
 * operations that matter; a loop that yields while waiting for a plain (non-atomic) variable is
 * a data race on that variable and ends as a hang. */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>

#include "interpose.h"
#include "rt.h"

int __dpu_sched_yield(void) { return 0; }
int __dpu_pthread_yield(void) { return 0; }

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
  char *n = name_of(t);
  if (!n) return ESRCH;
  if (strlen(name) >= 16) return ERANGE;
  strcpy(n, name);
  return 0;
}

int __dpu_pthread_getname_np(pthread_t t, char *name, size_t len) {
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
  return dpu_rt_pthread_to_tid(t) < 0 ? ESRCH : 0;
}

int __dpu_pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p) {
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

/* Signals are not delivered to program threads by dpu; the mask is only recorded. */
int __dpu_pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  if (old) sigemptyset(old);
  (void)set;
  return how == SIG_BLOCK || how == SIG_UNBLOCK || how == SIG_SETMASK ? 0 : EINVAL;
}
