/* Prototypes of the runtime's replacements for the functions in interpose.def, made from that
 * list: each __dpu_NAME is declared with the very type of the C library's NAME (__typeof__ of
 * its declaration in the headers below), since the program calls it in NAME's place (by direct
 * call or through a function pointer). The list is written once (interpose.def); a definition
 * whose signature strays from NAME's does not compile. Semantics are NAME's, plus what dpu
 * models: visible operations (thread and mutex functions), defects (misuse, assertion, abort,
 * exit status, heap errors), per-run capture of output and per-run heap; interpose.def's
 * comments say which file models each family. */
#ifndef DPU_INTERPOSE_H
#define DPU_INTERPOSE_H

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

/* SV-COMP's functions, which no C library declares: their types as SV-COMP's rules give them
 * (the program's own declarations must agree). */
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
_Noreturn void __VERIFIER_error(void);
void __VERIFIER_assume(int cond);
_Noreturn void reach_error(void);
/* glibc's assertion failure, which <assert.h> leaves undeclared under NDEBUG (dpu's release
 * build): glibc's type. */
_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line,
                             const char *function);

/* (pthread_yield's declaration is deprecated: its type is taken all the same.) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define DPU_FN(name) __typeof__(name) __dpu_##name;
#include "interpose.def"
#undef DPU_FN
#pragma GCC diagnostic pop
/* The replacements that never return: __typeof__ carries a declaration's nonnull, not its
 * noreturn. */
#define DPU_NORETURN(name) __attribute__((noreturn)) __typeof__(name) __dpu_##name;
DPU_NORETURN(pthread_exit)
DPU_NORETURN(thrd_exit)
DPU_NORETURN(exit)
DPU_NORETURN(_exit)
DPU_NORETURN(_Exit)
DPU_NORETURN(quick_exit)
DPU_NORETURN(abort)
DPU_NORETURN(__assert_fail)
DPU_NORETURN(__VERIFIER_error)
DPU_NORETURN(reach_error)
#undef DPU_NORETURN

/* abort() in a program that follows SV-COMP's conventions (passes/svcomp.c): "assume false",
 * as __VERIFIER_assume(0). */
_Noreturn void __dpu_svcomp_abort(void);

/* Hooks that passes/ inserts (not replacements of a program function). */
/* Before every atomic instruction: op (its operation, orders and flags, as protocol/rules.h's
 * DPU_ATOMIC_VALUE_PASSED describes) on the location at addr of size bytes; expected: a CAS's
 * expected value, a read-modify-write's operand, or the value a store writes (zero-extended,
 * for integers and pointers of at most 8 bytes), else 0. A visible operation (atomic.c). */
void __dpu_atomic_op(void *addr, uint32_t op, uint32_t size, uint64_t expected);

/* Under x86-TSO (--memory-model=tso), at a seq_cst fence: the running thread's store buffer
 * empties (runtime/models/tso.c). */
void __dpu_tso_fence(void);

/* After a cmpxchg: whether it exchanged (non-zero) or failed. */
void __dpu_atomic_cas_result(uint32_t exchanged);

/* Instead of a cmpxchg of at most 8 bytes that __dpu_atomic_op was told of with
 * DPU_ATOMIC_RA_CAS (protocol/rules.h: under ra/rc11, or a weak one under --spurious-cas):
 * performs it as decided at its event, with __dpu_atomic_cas_result's work, and returns the
 * value it read (zero-extended); desired: the value it writes if it exchanges. Then
 * __dpu_ra_cas_ok says whether it exchanged (1) or failed (0) (runtime/models/atomic.c). */
uint64_t __dpu_ra_cas(void *addr, uint32_t size, uint64_t desired);
uint32_t __dpu_ra_cas_ok(void);

/* At the header of spin region number region (> 0) and at its exits (passes/spinloops.c):
 * the running thread enters (again) or leaves the region; not visible operations. */
void __dpu_spin_enter(uint32_t region);

void __dpu_spin_exit(void);

/* The running thread's copy of thread-local variable number index (key.c). */
void *__dpu_tls_address(uint32_t index);

/* A __VERIFIER_nondet_* value (nondet.c): one of values[0, n), n >= 2, as the replay chooses
 * (the first otherwise). A visible operation (DPU_OP_NONDET). */
long long __dpu_nondet(const long long *values, uint32_t n);

/* One entry of the table the JIT uses to resolve __dpu_NAME. */
struct dpu_symbol {
  const char *name;  /* "__dpu_NAME" */
  void *addr;
};

/* The runtime's symbols: every __dpu_NAME of interpose.def plus the variable __dpu_site.
 * Static storage; *n receives the count. */
const struct dpu_symbol *dpu_runtime_symbols(size_t *n);

#endif
