/* Entry thunks: the program's way into the runtime when state fingerprints are kept
 * (statefp.h; docs/cutoffs.md, "The fingerprint", fragment 2).
 *
 * A thread's local state at a visible operation is what it keeps in its callee-saved
 * registers and on its stack when it calls the runtime, and the call's arguments: the other
 * caller-saved registers are dead across a call (System V x86-64 ABI, 3.2.1), and the
 * runtime's own frames below the call are none of the program's. An argument need not be
 * part of the operation's event (pthread_exit's value), so the six integer argument
 * registers are kept too (no function that performs a visible operation takes a floating
 * argument; arguments on the stack are above the call). The thunk of each function the
 * program calls in the runtime (interpose.def, hooks.def) stores them, the stack pointer at
 * the call and its own index in dpu_sfp_regs, then jumps to the function, arguments untouched
 * (it writes no register, only rip-relative memory). Only the registers of the function's
 * own arguments are its state (the others hold dead values, which differ between equal
 * states): dpu_sfp_arity says how many it has, from its declaration in the program. The JIT resolves the program's calls to the
 * thunks only when fingerprints are kept (runtime/symbols.c); otherwise the program calls the
 * functions directly and pays nothing. x86-64 only, as dpu is. */
#ifndef DPU_ENTRY_H
#define DPU_ENTRY_H

#include <stdint.h>

/* The registers of the program's last call into the runtime through a thunk: rsp points at
 * the call's return address (the program's frames are above it). rsp is 0 when no thread
 * called through a thunk since the last dpu_sfp_switched_out took them. */
struct dpu_sfp_regs {
  uint64_t rbx, rbp, r12, r13, r14, r15; /* callee-saved */
  uint64_t args[6];                      /* rdi, rsi, rdx, rcx, r8, r9 */
  uint64_t rsp;
  uint32_t entry;                        /* the thunk's index (enum dpu_entry) */
};
extern struct dpu_sfp_regs dpu_sfp_regs;

/* The thunks' indices, in the order of runtime/symbols.c's table: interpose.def's functions,
 * then hooks.def's. */
enum dpu_entry {
#define DPU_FN(name) DPU_ENTRY___dpu_##name,
#include "interpose.def"
#undef DPU_FN
#define DPU_HOOK(sym) DPU_ENTRY_##sym,
#include "hooks.def"
#undef DPU_HOOK
  DPU_ENTRY_COUNT
};

/* How many of each function's arguments are in the integer argument registers (0-6), from
 * its declaration in the program's module: set by the JIT (executor/jit.c) before the first
 * run; 6 (all, the safe default) for a function the program does not declare. */
extern uint8_t dpu_sfp_arity[DPU_ENTRY_COUNT];

/* The thunks, one per function: dpu_entry___dpu_NAME for interpose.def's NAME, dpu_entry_SYM
 * for hooks.def's SYM. Code, not data: only their addresses are used. */
#define DPU_FN(name) extern char dpu_entry___dpu_##name[];
#include "interpose.def"
#undef DPU_FN
#define DPU_HOOK(sym) extern char dpu_entry_##sym[];
#include "hooks.def"
#undef DPU_HOOK

#endif
