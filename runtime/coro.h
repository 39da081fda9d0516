/* Coroutines: program threads run on their own mmap'd stacks on one OS thread, and a switch is
 * a handful of register moves, not a system call (docs/design.md §4). x86-64 System V only. */
#ifndef DPU_CORO_H
#define DPU_CORO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A coroutine's saved context: its stack pointer while it is switched out, and its stack
 * (base/size, used for ASan's fiber annotations). */
struct dpu_coro {
  void *sp;
  void *stack_base;
  size_t stack_size;
};

/* Whether p lies on c's stack (false for the OS thread's own, stack_base NULL). */
static inline bool dpu_coro_holds(const struct dpu_coro *c, const void *p) {
  return c->stack_base && (const char *)p >= (const char *)c->stack_base &&
         (const char *)p < (const char *)c->stack_base + c->stack_size;
}

/* An mmap'd stack with a PROT_NONE guard page below it, so an overflow faults (SIGSEGV) rather
 * than scribbling. size: usable bytes, rounded up to pages. Returns 0, or -1 with errno. */
int dpu_stack_alloc(struct dpu_coro *c, size_t size);

/* Releases a stack made by dpu_stack_alloc. */
void dpu_stack_free(struct dpu_coro *c);

/* Prepares c to start, on its next dpu_coro_switch to it, in entry() (which must never return:
 * it ends by switching away for good). The stack's previous content is discarded. */
void dpu_coro_prepare(struct dpu_coro *c, void (*entry)(void));

/* Saves the current context in from and resumes to. Returns when something switches back to
 * from. from->stack_base may be NULL for the OS thread's own stack. */
void dpu_coro_switch(struct dpu_coro *from, struct dpu_coro *to);

/* The callee-saved registers of a switched-out coroutine, as they will be when its switch
 * returns: rip is the return address of the switch (in dpu_coro_switch or its caller; the start
 * of the trampoline for a coroutine prepared but never run), rsp the stack pointer after that
 * return. Enough to unwind its stack (runtime/backtrace.c) without resuming it. */
struct dpu_coro_regs {
  uint64_t rip, rsp, rbp, rbx, r12, r13, r14, r15;
};

/* Reads the saved registers of c, which must be switched out (c->sp set by dpu_coro_switch or
 * dpu_coro_prepare). */
void dpu_coro_registers(const struct dpu_coro *c, struct dpu_coro_regs *out);

/* Must be the first call in every coroutine entry function: completes the switch for the
 * address sanitizer and records, in `from`, the bounds of the stack switched from when they are
 * unknown (the OS thread's own stack). A no-op in builds without ASan. */
void dpu_coro_started(struct dpu_coro *from);

#endif
