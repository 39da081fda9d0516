/* The steps of dpu_instrument (instrument.h) that live in their own files. Each takes the
 * module, changes it in place, and reports errors on stderr. */
#ifndef DPU_PASSES_STEPS_H
#define DPU_PASSES_STEPS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

#include "instrument.h"

/* Atomics (docs/design.md §3, §5): puts `call @__dpu_atomic_op(ptr, i32 op)` before every atomic
 * load, store, atomicrmw and cmpxchg (op: DPU_OP_ATOMIC_*), and after every cmpxchg a call of
 * @__dpu_atomic_cas_result with its success bit. Fences are left alone (dpu explores
 * sequentially consistent executions). Also brackets the body of every defined function named
 * __VERIFIER_atomic_* with __VERIFIER_atomic_begin/end (SV-COMP's convention). */
void dpu_pass_atomics(LLVMModuleRef mod, const struct dpu_instrument_options *o);

/* Memory accesses (issue #9, docs/design.md §3): puts `call @__dpu_load(ptr, i64 size, i32 site)`
 * before every non-atomic load and `call @__dpu_store(ptr, i64 size, i32 site, i64 value)`
 * (value: the bits of a scalar stored, else 0) before every non-atomic store of
 * memory that may be shared, both before memcpy/memmove (source read, destination written) and
 * a store before memset intrinsics, and `call @__dpu_fence(i32 ordering)` before every fence
 * between threads (not signal fences).
 * Memory that cannot be shared is skipped: allocas whose address does not escape (see
 * accesses.c for what that proves), constant globals, dpu's own globals. Each access gets a
 * new site in sites (dpu_pass_add_site). Run after dpu_pass_atomics and before call sites are
 * numbered. */
void dpu_pass_accesses(LLVMModuleRef mod, struct dpu_site_table *sites);

/* Appends the site of instruction inst (its debug location and function) with callee `what`
 * to t. Returns its id. A read of a spin region (dpu_pass_is_spin) gets two consecutive ids:
 * the returned one (spin = DPU_SITE_SPIN) and its continuation twin (id + 1, a copy with
 * spin = DPU_SITE_SPIN_AGAIN). */
unsigned dpu_pass_add_site(struct dpu_site_table *t, LLVMValueRef inst, const char *what);

/* Thread-local variables: makes every thread_local global an ordinary one (its initial image)
 * and replaces each llvm.threadlocal.address of it by `call @__dpu_tls_address(i32 index)`;
 * emits @__dpu_tls_addrs / @__dpu_tls_sizes / @__dpu_tls_n for the runtime, and their names
 * in sites->tls (malloc'd, for reports). Returns 0, or -1
 * (reported) if a thread-local variable is used other than through llvm.threadlocal.address. */
int dpu_pass_tls(LLVMModuleRef mod, struct dpu_site_table *sites);

/* __VERIFIER_nondet_* (issue #12, nondet.c): replaces every call whose value is used by a
 * choice of the explorer, `call i64 @__dpu_nondet(ptr values, i32 n)` (runtime/models/nondet.c)
 * converted to the call's type, over a domain of n <= DPU_NONDET_MAX_VALUES values: bool and
 * the 8-bit types over their whole type; the other types over o's range (--nondet=range:A..B),
 * else over 0 and the integer constants of the program's comparisons (icmp, switch) with their
 * neighbours (c - 1, c, c + 1; those an unsigned type or the width cannot hold dropped), and a
 * pointer or floating-point value over {0}. A domain of one value, and o's fixed value
 * (--nondet=VALUE), is a constant. Counts the calls whose domain is not their whole type in
 * sites->nondet_bounded, and prints a note on stderr naming the default domains (the first 4).
 * Returns 0, or -1 (reported) for a call whose type has no value to choose. */
int dpu_pass_nondet(LLVMModuleRef mod, const struct dpu_instrument_options *o,
                    struct dpu_site_table *sites);

/* SV-COMP's conventions (issue #12, svcomp.c), when the program follows them (it declares or
 * defines reach_error or a __VERIFIER_ function) or force (--svcomp): a call of reach_error or
 * __VERIFIER_error is the violation even where the program defines the function (its body,
 * empty or assert(0), is dropped and the call reaches the runtime's, which reports it at the
 * call); abort() means "assume false": the runtime's __dpu_svcomp_abort ends the thread's run
 * as infeasible, like __VERIFIER_assume(0), not as a defect. Returns whether they apply. Run
 * before declarations are redirected to the runtime. */
bool dpu_pass_svcomp(LLVMModuleRef mod, bool force);

/* Spin loops (issue #10, spinloops.c): marks every read of a spin region (a loop whose
 * iterations change nothing but what they read) with the metadata "dpu.spin", and puts
 * `call @__dpu_spin_enter(i32 region)` at the start of each region's header and
 * `call @__dpu_spin_exit()` at the start of each of its exit blocks. Run after SROA/mem2reg
 * and before the other steps add calls. */
void dpu_pass_spinloops(LLVMModuleRef mod);

/* Whether inst (a load, cmpxchg, or the __dpu_atomic_op call before one) is a read of a spin
 * region (dpu_pass_spinloops). */
bool dpu_pass_is_spin(LLVMValueRef inst);

/* Copies the spin mark of from (if any) to to. */
void dpu_pass_copy_spin(LLVMValueRef from, LLVMValueRef to);

/* Emits the constant table <prefix>_addrs (ptr array: vars), <prefix>_sizes (i64 array: their
 * sizes in bytes) and <prefix>_n (i64: n), which the runtime reads after the JIT. */
void dpu_pass_emit_table(LLVMModuleRef mod, const char *prefix, LLVMValueRef *vars, size_t n);

/* "FILE:LINE in FN" of an instruction, for messages: malloc'd strings the caller frees. */
void dpu_pass_describe(LLVMValueRef inst, char **file, unsigned *line, unsigned *col, char **fn);

/* Says the note id (instrument.h) about file:line:column in function (file NULL: nowhere),
 * with the text printf's fmt makes, through o->note, if any. */
void dpu_pass_note(const struct dpu_instrument_options *o, const char *id, const char *file,
                   const char *function, unsigned line, unsigned column, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

#endif
