/* Prototypes of the runtime's replacements for the functions in interpose.def. Each __dpu_NAME
 * has exactly NAME's C signature, since the program calls it in NAME's place (by direct call or
 * through a function pointer). Semantics are NAME's, plus what dpu models: visible operations
 * (thread and mutex functions), defects (misuse, assertion, abort, exit status, heap errors),
 * per-run capture of output and per-run heap. */
#ifndef DPU_INTERPOSE_H
#define DPU_INTERPOSE_H

#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <sys/time.h>
#include <threads.h>
#include <unistd.h>
#include <time.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int __dpu_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __dpu_pthread_join(pthread_t t, void **ret);
_Noreturn void __dpu_pthread_exit(void *ret);
pthread_t __dpu_pthread_self(void);
int __dpu_pthread_equal(pthread_t a, pthread_t b);
int __dpu_pthread_detach(pthread_t t);
int __dpu_pthread_attr_init(pthread_attr_t *a);
int __dpu_pthread_attr_destroy(pthread_attr_t *a);
int __dpu_pthread_attr_setdetachstate(pthread_attr_t *a, int state);
int __dpu_pthread_attr_getdetachstate(const pthread_attr_t *a, int *state);
int __dpu_pthread_attr_setstacksize(pthread_attr_t *a, size_t size);
int __dpu_pthread_attr_getstacksize(const pthread_attr_t *a, size_t *size);

int __dpu_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
int __dpu_pthread_mutex_destroy(pthread_mutex_t *m);
int __dpu_pthread_mutex_lock(pthread_mutex_t *m);
int __dpu_pthread_mutex_unlock(pthread_mutex_t *m);
int __dpu_pthread_mutex_trylock(pthread_mutex_t *m);
int __dpu_pthread_mutexattr_init(pthread_mutexattr_t *a);
int __dpu_pthread_mutexattr_destroy(pthread_mutexattr_t *a);
int __dpu_pthread_mutexattr_settype(pthread_mutexattr_t *a, int type);
int __dpu_pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type);

int __dpu_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime);
int __dpu_pthread_mutexattr_setpshared(pthread_mutexattr_t *a, int pshared);
int __dpu_pthread_mutexattr_getpshared(const pthread_mutexattr_t *a, int *pshared);
int __dpu_pthread_mutexattr_setprotocol(pthread_mutexattr_t *a, int protocol);

int __dpu_pthread_spin_init(pthread_spinlock_t *l, int pshared);
int __dpu_pthread_spin_destroy(pthread_spinlock_t *l);
int __dpu_pthread_spin_lock(pthread_spinlock_t *l);
int __dpu_pthread_spin_trylock(pthread_spinlock_t *l);
int __dpu_pthread_spin_unlock(pthread_spinlock_t *l);

int __dpu_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr);
int __dpu_pthread_cond_destroy(pthread_cond_t *c);
int __dpu_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int __dpu_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                 const struct timespec *abstime);
int __dpu_pthread_cond_signal(pthread_cond_t *c);
int __dpu_pthread_cond_broadcast(pthread_cond_t *c);
int __dpu_pthread_condattr_init(pthread_condattr_t *a);
int __dpu_pthread_condattr_destroy(pthread_condattr_t *a);
int __dpu_pthread_condattr_setclock(pthread_condattr_t *a, clockid_t clock);
int __dpu_pthread_condattr_getclock(const pthread_condattr_t *a, clockid_t *clock);
int __dpu_pthread_condattr_setpshared(pthread_condattr_t *a, int pshared);

int __dpu_pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr);
int __dpu_pthread_rwlock_destroy(pthread_rwlock_t *l);
int __dpu_pthread_rwlock_rdlock(pthread_rwlock_t *l);
int __dpu_pthread_rwlock_wrlock(pthread_rwlock_t *l);
int __dpu_pthread_rwlock_tryrdlock(pthread_rwlock_t *l);
int __dpu_pthread_rwlock_trywrlock(pthread_rwlock_t *l);
int __dpu_pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *t);
int __dpu_pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *t);
int __dpu_pthread_rwlock_unlock(pthread_rwlock_t *l);
int __dpu_pthread_rwlockattr_init(pthread_rwlockattr_t *a);
int __dpu_pthread_rwlockattr_destroy(pthread_rwlockattr_t *a);

int __dpu_sem_init(sem_t *sem, int pshared, unsigned value);
int __dpu_sem_destroy(sem_t *sem);
int __dpu_sem_wait(sem_t *sem);
int __dpu_sem_trywait(sem_t *sem);
int __dpu_sem_timedwait(sem_t *sem, const struct timespec *abstime);
int __dpu_sem_post(sem_t *sem);
int __dpu_sem_getvalue(sem_t *restrict sem, int *restrict value);

int __dpu_pthread_barrier_init(pthread_barrier_t *restrict b,
                               const pthread_barrierattr_t *restrict attr, unsigned count);
int __dpu_pthread_barrier_destroy(pthread_barrier_t *b);
int __dpu_pthread_barrier_wait(pthread_barrier_t *b);
int __dpu_pthread_barrierattr_init(pthread_barrierattr_t *a);
int __dpu_pthread_barrierattr_destroy(pthread_barrierattr_t *a);

int __dpu_pthread_once(pthread_once_t *once, void (*routine)(void));
int __dpu_pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int __dpu_pthread_key_delete(pthread_key_t key);
void *__dpu_pthread_getspecific(pthread_key_t key);
int __dpu_pthread_setspecific(pthread_key_t key, const void *value);
int __dpu_sched_yield(void);
int __dpu_pthread_yield(void);
int __dpu_pthread_setname_np(pthread_t t, const char *name);
int __dpu_pthread_getname_np(pthread_t t, char *name, size_t len);
int __dpu_pthread_attr_setscope(pthread_attr_t *a, int scope);
int __dpu_pthread_attr_getscope(const pthread_attr_t *a, int *scope);
int __dpu_pthread_attr_setguardsize(pthread_attr_t *a, size_t size);
int __dpu_pthread_attr_getguardsize(const pthread_attr_t *a, size_t *size);
int __dpu_pthread_attr_setschedpolicy(pthread_attr_t *a, int policy);
int __dpu_pthread_attr_setinheritsched(pthread_attr_t *a, int inherit);
int __dpu_pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p);
int __dpu_pthread_attr_getschedparam(const pthread_attr_t *a, struct sched_param *p);
int __dpu_pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p);
int __dpu_pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p);
int __dpu_pthread_setconcurrency(int level);
int __dpu_pthread_getconcurrency(void);
int __dpu_pthread_attr_getschedpolicy(const pthread_attr_t *a, int *policy);
int __dpu_pthread_attr_getinheritsched(const pthread_attr_t *a, int *inherit);
int __dpu_pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t *set);
int __dpu_pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t *set);
int __dpu_pthread_attr_setaffinity_np(pthread_attr_t *a, size_t size, const cpu_set_t *set);
int __dpu_pthread_condattr_getpshared(const pthread_condattr_t *a, int *pshared);
int __dpu_pthread_rwlockattr_setpshared(pthread_rwlockattr_t *a, int pshared);
int __dpu_pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *a, int *pshared);
int __dpu_pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *a, int kind);
int __dpu_pthread_rwlockattr_getkind_np(const pthread_rwlockattr_t *a, int *kind);
int __dpu_pthread_barrierattr_setpshared(pthread_barrierattr_t *a, int pshared);
int __dpu_pthread_barrierattr_getpshared(const pthread_barrierattr_t *a, int *pshared);
int __dpu_pthread_mutexattr_getprotocol(const pthread_mutexattr_t *a, int *protocol);
int __dpu_pthread_attr_getstack(const pthread_attr_t *a, void **addr, size_t *size);
int __dpu_pthread_getattr_np(pthread_t t, pthread_attr_t *a);
int __dpu_pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void));

void __dpu___VERIFIER_atomic_begin(void);
void __dpu___VERIFIER_atomic_end(void);
_Noreturn void __dpu___VERIFIER_error(void);
void __dpu___VERIFIER_assume(int cond);
_Noreturn void __dpu_reach_error(void);
/* abort() in a program that follows SV-COMP's conventions (passes/svcomp.c): "assume false",
 * as __VERIFIER_assume(0). */
_Noreturn void __dpu_svcomp_abort(void);

int __dpu_thrd_create(thrd_t *t, thrd_start_t fn, void *arg);
int __dpu_thrd_join(thrd_t t, int *res);
_Noreturn void __dpu_thrd_exit(int res);
int __dpu_thrd_detach(thrd_t t);
thrd_t __dpu_thrd_current(void);
int __dpu_thrd_equal(thrd_t a, thrd_t b);
void __dpu_thrd_yield(void);
int __dpu_thrd_sleep(const struct timespec *duration, struct timespec *remaining);

/* Virtual time (runtime/models/clock.c): sleeps return at once and advance the calling thread's
 * time; clocks read the clocks' start plus that time. */
unsigned __dpu_sleep(unsigned seconds);
int __dpu_usleep(useconds_t us);
int __dpu_nanosleep(const struct timespec *req, struct timespec *rem);
int __dpu_clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                          struct timespec *rem);
int __dpu_clock_gettime(clockid_t c, struct timespec *ts);
int __dpu_gettimeofday(struct timeval *restrict tv, void *restrict tz);
time_t __dpu_time(time_t *out);
int __dpu_mtx_init(mtx_t *m, int type);
int __dpu_mtx_lock(mtx_t *m);
int __dpu_mtx_trylock(mtx_t *m);
int __dpu_mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict t);
int __dpu_mtx_unlock(mtx_t *m);
void __dpu_mtx_destroy(mtx_t *m);
int __dpu_cnd_init(cnd_t *c);
int __dpu_cnd_signal(cnd_t *c);
int __dpu_cnd_broadcast(cnd_t *c);
int __dpu_cnd_wait(cnd_t *c, mtx_t *m);
int __dpu_cnd_timedwait(cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict t);
void __dpu_cnd_destroy(cnd_t *c);
int __dpu_tss_create(tss_t *key, tss_dtor_t dtor);
void *__dpu_tss_get(tss_t key);
int __dpu_tss_set(tss_t key, void *value);
void __dpu_tss_delete(tss_t key);
void __dpu_call_once(once_flag *flag, void (*fn)(void));

/* Hooks that passes/ inserts (not replacements of a program function). */
/* Before every atomic instruction: op (its operation, orders and flags, as protocol/rules.h's
 * DPU_ATOMIC_VALUE_PASSED describes) on the location at addr of size bytes; expected: a CAS's
 * expected value, a read-modify-write's operand, or the value a store writes (zero-extended,
 * for integers and pointers of at most 8 bytes), else 0. A visible operation (atomic.c). */
void __dpu_atomic_op(void *addr, uint32_t op, uint32_t size, uint64_t expected);
/* After a cmpxchg: whether it exchanged (non-zero) or failed. */
void __dpu_atomic_cas_result(uint32_t exchanged);
/* At the header of spin region number region (> 0) and at its exits (passes/spinloops.c):
 * the running thread enters (again) or leaves the region; not visible operations. */
void __dpu_spin_enter(uint32_t region);
void __dpu_spin_exit(void);
/* The running thread's copy of thread-local variable number index (key.c). */
void *__dpu_tls_address(uint32_t index);
/* A __VERIFIER_nondet_* value (nondet.c): one of values[0, n), n >= 2, as the replay chooses
 * (the first otherwise). A visible operation (DPU_OP_NONDET). */
long long __dpu_nondet(const long long *values, uint32_t n);

_Noreturn void __dpu___assert_fail(const char *expr, const char *file, unsigned line,
                                   const char *fn);
_Noreturn void __dpu_abort(void);
/* exit runs the exit handlers (atexit, on_exit), quick_exit those of at_quick_exit, in the
 * reverse order of their registration (C17 7.22.4), then the process ends; _exit and _Exit
 * run none. The handlers are the run's own (libc.c). */
_Noreturn void __dpu_exit(int status);
_Noreturn void __dpu__exit(int status);
_Noreturn void __dpu__Exit(int status);
int __dpu_atexit(void (*fn)(void));
int __dpu_on_exit(void (*fn)(int, void *), void *arg);
int __dpu_at_quick_exit(void (*fn)(void));
_Noreturn void __dpu_quick_exit(int status);

void *__dpu_malloc(size_t n);
void *__dpu_calloc(size_t n, size_t size);
void *__dpu_realloc(void *p, size_t n);
void __dpu_free(void *p);
char *__dpu_strdup(const char *s);
char *__dpu_strndup(const char *s, size_t n);
int __dpu_posix_memalign(void **out, size_t align, size_t n);
void *__dpu_aligned_alloc(size_t align, size_t n);

int __dpu_printf(const char *fmt, ...);
int __dpu_vprintf(const char *fmt, va_list ap);
int __dpu_fprintf(FILE *f, const char *fmt, ...);
int __dpu_vfprintf(FILE *f, const char *fmt, va_list ap);
int __dpu_puts(const char *s);
int __dpu_putchar(int c);
int __dpu_fputs(const char *s, FILE *f);
int __dpu_fputc(int c, FILE *f);
int __dpu_putc(int c, FILE *f);
size_t __dpu_fwrite(const void *p, size_t size, size_t n, FILE *f);
void __dpu_perror(const char *s);

void *__dpu_memcpy(void *restrict d, const void *restrict s, size_t n);
void *__dpu_memmove(void *d, const void *s, size_t n);
void *__dpu_memset(void *d, int c, size_t n);
int __dpu_memcmp(const void *a, const void *b, size_t n);
void *__dpu_memchr(const void *s, int c, size_t n);
size_t __dpu_strlen(const char *s);
size_t __dpu_strnlen(const char *s, size_t max);
int __dpu_strcmp(const char *a, const char *b);
int __dpu_strncmp(const char *a, const char *b, size_t n);
char *__dpu_strcpy(char *restrict d, const char *restrict s);
char *__dpu_strncpy(char *restrict d, const char *restrict s, size_t n);
char *__dpu_strcat(char *restrict d, const char *restrict s);
char *__dpu_strncat(char *restrict d, const char *restrict s, size_t n);
char *__dpu_strchr(const char *s, int c);
char *__dpu_strrchr(const char *s, int c);
char *__dpu_strstr(const char *h, const char *n);
int __dpu_snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...);
int __dpu_vsnprintf(char *restrict buf, size_t size, const char *restrict fmt, va_list ap);
int __dpu_sprintf(char *restrict buf, const char *restrict fmt, ...);
int __dpu_vsprintf(char *restrict buf, const char *restrict fmt, va_list ap);

FILE *__dpu_fopen(const char *path, const char *mode);
int __dpu_fclose(FILE *f);
/* open(2) and creat(2) as the C library's; a descriptor a run leaves open is closed before the
 * next run (reset in sched.c). Writing outside the isolated directories warns (isolate.h). */
int __dpu_open(const char *path, int flags, ...);
int __dpu_creat(const char *path, mode_t mode);

/* Signals (signal.c): masks, pending signals and sigwait, for signals the program sends to
 * itself; the C library's semantics and errors otherwise. */
int __dpu_pthread_sigmask(int how, const sigset_t *set, sigset_t *old);
int __dpu_sigprocmask(int how, const sigset_t *set, sigset_t *old);
int __dpu_pthread_kill(pthread_t t, int sig);
int __dpu_raise(int sig);
int __dpu_kill(pid_t pid, int sig);
int __dpu_sigwait(const sigset_t *restrict set, int *restrict sig);
int __dpu_sigwaitinfo(const sigset_t *restrict set, siginfo_t *restrict info);
int __dpu_sigtimedwait(const sigset_t *restrict set, siginfo_t *restrict info,
                       const struct timespec *restrict timeout);
/* Set the action as the C library does, and remember to restore it for the next run. */
sighandler_t __dpu_signal(int sig, sighandler_t handler);
int __dpu_sigaction(int sig, const struct sigaction *restrict act,
                    struct sigaction *restrict old);

/* One entry of the table the JIT uses to resolve __dpu_NAME. */
struct dpu_symbol {
  const char *name;  /* "__dpu_NAME" */
  void *addr;
};

/* The runtime's symbols: every __dpu_NAME of interpose.def plus the variable __dpu_site.
 * Static storage; *n receives the count. */
const struct dpu_symbol *dpu_runtime_symbols(size_t *n);

#endif
