/* The steps of dpu_instrument (instrument.h) that live in their own files. Each takes the
 * module, changes it in place, and reports errors on stderr. */
#ifndef DPU_PASSES_STEPS_H
#define DPU_PASSES_STEPS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

/* Atomics (DESIGN.md §3, §5): puts `call @__dpu_atomic_op(ptr, i32 op)` before every atomic
 * load, store, atomicrmw and cmpxchg (op: DPU_OP_ATOMIC_*), and after every cmpxchg a call of
 * @__dpu_atomic_cas_result with its success bit. Fences are left alone (dpu explores
 * sequentially consistent executions). Also brackets the body of every defined function named
 * __VERIFIER_atomic_* with __VERIFIER_atomic_begin/end (SV-COMP's convention). */
void dpu_pass_atomics(LLVMModuleRef mod);

/* Thread-local variables: makes every thread_local global an ordinary one (its initial image)
 * and replaces each llvm.threadlocal.address of it by `call @__dpu_tls_address(i32 index)`;
 * emits @__dpu_tls_addrs / @__dpu_tls_sizes / @__dpu_tls_n for the runtime. Returns 0, or -1
 * (reported) if a thread-local variable is used other than through llvm.threadlocal.address. */
int dpu_pass_tls(LLVMModuleRef mod);

/* __VERIFIER_nondet_*: with fixed, replaces every call by `value` converted to the call's
 * type; without, reports "data nondeterminism is not supported" naming the first call site
 * and returns -1. */
int dpu_pass_nondet(LLVMModuleRef mod, bool fixed, long long value);

/* Emits the constant table <prefix>_addrs (ptr array: vars), <prefix>_sizes (i64 array: their
 * sizes in bytes) and <prefix>_n (i64: n), which the runtime reads after the JIT. */
void dpu_pass_emit_table(LLVMModuleRef mod, const char *prefix, LLVMValueRef *vars, size_t n);

/* "FILE:LINE in FN" of an instruction, for messages: malloc'd strings the caller frees. */
void dpu_pass_describe(LLVMValueRef inst, char **file, unsigned *line, unsigned *col, char **fn);

#endif
