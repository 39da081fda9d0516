// See loops.h. LLVM's LoopInfo has no C API; this file only answers questions about it, the
// analyses that use the loops are C (spinloops.c).
#include "loops.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>


struct dpu_loops {
  llvm::DominatorTree dt;
  llvm::LoopInfo li;
  llvm::SmallVector<llvm::Loop *, 4> order;  // preorder
  explicit dpu_loops(llvm::Function &f) : dt(f), li(dt), order(li.getLoopsInPreorder()) {}
};

extern "C" {

struct dpu_loops *dpu_loops_compute(LLVMValueRef fn) {
  return new dpu_loops(*llvm::unwrap<llvm::Function>(fn));
}

void dpu_loops_free(struct dpu_loops *l) { delete l; }

unsigned dpu_loops_count(const struct dpu_loops *l) { return (unsigned)l->order.size(); }

LLVMBasicBlockRef dpu_loops_header(const struct dpu_loops *l, unsigned i) {
  return llvm::wrap(l->order[i]->getHeader());
}

static int index_of(const struct dpu_loops *l, const llvm::Loop *x) {
  for (size_t i = 0; i < l->order.size(); i++)
    if (l->order[i] == x) return (int)i;
  return -1;
}

int dpu_loops_parent(const struct dpu_loops *l, unsigned i) {
  const llvm::Loop *p = l->order[i]->getParentLoop();
  return p ? index_of(l, p) : -1;
}

bool dpu_loops_contains(const struct dpu_loops *l, unsigned i, LLVMBasicBlockRef bb) {
  return l->order[i]->contains(llvm::unwrap(bb));
}

int dpu_loops_innermost(const struct dpu_loops *l, LLVMBasicBlockRef bb) {
  const llvm::Loop *x = l->li.getLoopFor(llvm::unwrap(bb));
  return x ? index_of(l, x) : -1;
}

}  // extern "C"
