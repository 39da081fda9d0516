/* Call stacks of the program's threads at a defect (docs/design.md §4, issue #4): unwound with
 * libunwind through the JIT-compiled frames — a crashed thread from its signal context, every
 * other thread (switched out, so a coroutine) from its saved registers — reduced to frames of
 * the program, and symbolised from its debug info (symbolize.h). Results go to the run's
 * result in shared memory (protocol.h: dpu_run_result.nstacks and .stacks). Nothing here runs
 * unless a run ends with a defect. */
#ifndef DPU_BACKTRACE_H
#define DPU_BACKTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coro.h"
#include "../protocol/protocol.h"

/* Registers the unwind tables (.eh_frame FDEs, from dpu_sym_fdes) of the JIT-compiled code
 * with libunwind, so that it unwinds program frames by their call-frame information and not
 * by guessing from frame pointers. Call once in the zygote, after dpu_sym_load. Returns the
 * number of FDEs registered (0: libunwind falls back on the frame-pointer chain that
 * passes/instrument.c keeps in every function). */
size_t dpu_bt_register_jit(void);

/* Unwinds the stack of a switched-out coroutine from its saved registers (dpu_coro_registers)
 * into pcs, innermost first, at most max: each frame's return address minus 1 (an address in
 * its call instruction), or only those keep accepts when keep is not NULL. Stops at the
 * coroutine's first frame (dpu_coro_trampoline's unwind table ends the chain). Returns the
 * number written. */
unsigned dpu_bt_unwind_coro(const struct dpu_coro *co, uint64_t *pcs, unsigned max,
                            bool (*keep)(uint64_t pc));

/* Unwinds the running code's own stack (the caller of this function and its callers) into
 * pcs, innermost first, at most max, keeping only frames of the program; as
 * dpu_bt_unwind_coro. Used for the stacks of a race's accesses (runtime/race.c). */
unsigned dpu_bt_here(uint64_t *pcs, unsigned max);

/* Records the bounds of the runner's own stack, to tell a crash in the scheduler from one in
 * a program thread. Call once on the OS thread that will run the scheduler (dpu_rt_init). */
void dpu_bt_init(void);

/* Captures the program frames of every live thread of the current run into r (nstacks,
 * stacks.threads[].pcs; stacks.state = DPU_STACKS_RAW): the thread at fault (r->tid) first,
 * then the others in creation order. fault: the ucontext_t of a crash's signal handler, from
 * which the running thread is unwound if the fault happened on its stack; NULL when every
 * thread is switched out (called from the scheduler). Async-signal-safe as far as libunwind's
 * local unwinding is: no allocation. */
void dpu_bt_capture(struct dpu_run_result *r, const void *fault);

/* Captures the program frames of thread tid (switched out) into the next free entry after r's
 * stacks (r->stacks.threads[nstacks + nlater], nlater counting it) and symbolises them at once,
 * their strings after the others'. Returns the entry's index, UINT32_MAX if there is no room
 * or r has no symbolised stacks to add to. For the later defects of a run (protocol.h). */
uint32_t dpu_bt_capture_later(struct dpu_run_result *r, int tid);

/* Symbolises stacks captured by dpu_bt_capture (state DPU_STACKS_RAW): fills frames, nframes
 * and strings, then sets state DPU_STACKS_DONE. Allocates (LLVM's DWARF reader): not for a
 * signal handler. A no-op unless state is DPU_STACKS_RAW. */
void dpu_bt_symbolise(struct dpu_run_result *r);

/* Called at every defect, on the stack of the thread at fault when there is one (assertion,
 * abort, exit, misuse, heap), else in the scheduler (deadlock, hang) or the crash handler.
 * Does nothing: it is where a debugger stops (`break __dpu_defect_stop`, see docs/reports.md,
 * "Debugging a defect" and `dpu --gdb`). end: enum dpu_end; tid: the thread at fault or -1. */
void __dpu_defect_stop(int end, int tid);

#endif
