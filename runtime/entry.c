/* The entry thunks; see entry.h. */
#include "entry.h"

struct dpu_sfp_regs dpu_sfp_regs;
uint8_t dpu_sfp_arity[DPU_ENTRY_COUNT];

#define STR(x) #x
#define XSTR(x) STR(x)

/* One thunk: the six callee-saved registers, the six argument registers, rsp and its index
 * into dpu_sfp_regs (offsets as in struct dpu_sfp_regs), then a tail jump to the function.
 * Its index is __COUNTER__, which counts the thunks of this file in the order of enum
 * dpu_entry (checked below). */
#define THUNK(entry, target)                                                                   \
  __asm__(".pushsection .text\n\t.p2align 4\n\t.globl " entry "\n\t.type " entry            \
          ", @function\n" entry                                                                \
          ":\n\t"                                                                              \
          "movq %rbx, dpu_sfp_regs+0(%rip)\n\t"                                                \
          "movq %rbp, dpu_sfp_regs+8(%rip)\n\t"                                                \
          "movq %r12, dpu_sfp_regs+16(%rip)\n\t"                                               \
          "movq %r13, dpu_sfp_regs+24(%rip)\n\t"                                               \
          "movq %r14, dpu_sfp_regs+32(%rip)\n\t"                                               \
          "movq %r15, dpu_sfp_regs+40(%rip)\n\t"                                               \
          "movq %rdi, dpu_sfp_regs+48(%rip)\n\t"                                               \
          "movq %rsi, dpu_sfp_regs+56(%rip)\n\t"                                               \
          "movq %rdx, dpu_sfp_regs+64(%rip)\n\t"                                               \
          "movq %rcx, dpu_sfp_regs+72(%rip)\n\t"                                               \
          "movq %r8, dpu_sfp_regs+80(%rip)\n\t"                                                \
          "movq %r9, dpu_sfp_regs+88(%rip)\n\t"                                                \
          "movq %rsp, dpu_sfp_regs+96(%rip)\n\t"                                               \
          "movl $" XSTR(__COUNTER__) ", dpu_sfp_regs+104(%rip)\n\t"                            \
          "jmp " target "\n\t.size " entry ", .-" entry "\n\t.popsection\n");

#define DPU_FN(name) THUNK("dpu_entry___dpu_" #name, "__dpu_" #name)
#include "interpose.def"
#undef DPU_FN
#define DPU_HOOK(sym) THUNK("dpu_entry_" #sym, #sym)
#include "hooks.def"
#undef DPU_HOOK

_Static_assert(__builtin_offsetof(struct dpu_sfp_regs, args) == 48 &&
                   __builtin_offsetof(struct dpu_sfp_regs, rsp) == 96 &&
                   __builtin_offsetof(struct dpu_sfp_regs, entry) == 104,
               "the thunks' offsets");
_Static_assert(__COUNTER__ == DPU_ENTRY_COUNT, "one thunk per entry, in enum dpu_entry's order");
