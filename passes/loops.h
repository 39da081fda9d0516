/* The natural loops of a function (a thin C API over LLVM's LoopInfo, which the LLVM-C API
 * lacks; loops.cpp is the only C++ of passes/). A natural loop is the set of blocks of a back
 * edge latch -> header, where the header dominates the latch, that reach the latch without
 * passing through the header (LLVM's definition, llvm/Analysis/LoopInfo.h). */
#ifndef DPU_PASSES_LOOPS_H
#define DPU_PASSES_LOOPS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The loops of one function, computed once; owned by the caller (dpu_loops_free). */
struct dpu_loops;

/* Computes the dominator tree and the loops of fn (a defined function). Never NULL (aborts
 * when out of memory, as LLVM does). */
struct dpu_loops *dpu_loops_compute(LLVMValueRef fn);

/* Frees l (NULL is allowed). */
void dpu_loops_free(struct dpu_loops *l);

/* The number of loops; they are numbered 0..n-1 in preorder (a loop before the loops nested in
 * it). */
unsigned dpu_loops_count(const struct dpu_loops *l);

/* The header block of loop i. */
LLVMBasicBlockRef dpu_loops_header(const struct dpu_loops *l, unsigned i);

/* The loop that immediately contains loop i, or -1 for an outermost loop. */
int dpu_loops_parent(const struct dpu_loops *l, unsigned i);

/* Whether block bb belongs to loop i (to it or to a loop nested in it). */
bool dpu_loops_contains(const struct dpu_loops *l, unsigned i, LLVMBasicBlockRef bb);

/* The innermost loop that contains bb, or -1 if bb is in no loop. */
int dpu_loops_innermost(const struct dpu_loops *l, LLVMBasicBlockRef bb);

#ifdef __cplusplus
}
#endif

#endif
