/* Coroutine switch for x86-64 System V: callee-saved registers, MXCSR and the x87 control word
 * are saved on the old stack, then the stack pointer changes. See coro.h. */
#include "coro.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define DPU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DPU_ASAN 1
#endif
#endif

#ifdef DPU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if !defined(__x86_64__)
#error "dpu's coroutines are written for x86-64"
#endif

/* void dpu_coro_swap(void **save_sp, void *new_sp) */
__asm__(".text\n"
        ".globl dpu_coro_swap\n"
        ".type dpu_coro_swap,@function\n"
        "dpu_coro_swap:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  subq $8, %rsp\n"
        "  stmxcsr (%rsp)\n"
        "  fnstcw 4(%rsp)\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  ldmxcsr (%rsp)\n"
        "  fldcw 4(%rsp)\n"
        "  addq $8, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size dpu_coro_swap, .-dpu_coro_swap\n"
        /* First activation of a coroutine: r12 holds the entry function. Its unwind table
         * says the return address is undefined: the outermost frame of every coroutine, where
         * unwinders (libunwind, gdb) stop. */
        ".globl dpu_coro_trampoline\n"
        ".type dpu_coro_trampoline,@function\n"
        "dpu_coro_trampoline:\n"
        "  .cfi_startproc\n"
        "  .cfi_undefined rip\n"
        "  andq $-16, %rsp\n"
        "  callq *%r12\n"
        "  ud2\n"
        "  .cfi_endproc\n"
        ".size dpu_coro_trampoline, .-dpu_coro_trampoline\n");

void dpu_coro_swap(void **save_sp, void *new_sp);
void dpu_coro_trampoline(void);

int dpu_stack_alloc(struct dpu_coro *c, size_t size) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size = (size + page - 1) & ~(page - 1);
  char *p = mmap(NULL, size + page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (p == MAP_FAILED) return -1;
  if (mprotect(p, page, PROT_NONE) != 0) {
    munmap(p, size + page);
    return -1;
  }
  c->stack_base = p + page;
  c->stack_size = size;
  c->sp = NULL;
  return 0;
}

void dpu_stack_free(struct dpu_coro *c) {
  if (!c->stack_base) return;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  munmap((char *)c->stack_base - page, c->stack_size + page);
  c->stack_base = NULL;
}

void dpu_coro_prepare(struct dpu_coro *c, void (*entry)(void)) {
#ifdef DPU_ASAN
  /* A recycled stack may hold the redzones of frames abandoned when a run ended mid-thread. */
  ASAN_UNPOISON_MEMORY_REGION(c->stack_base, c->stack_size);
#endif
  uintptr_t top = ((uintptr_t)c->stack_base + c->stack_size) & ~(uintptr_t)15;
  uint64_t *sp = (uint64_t *)top;
  *--sp = 0;                               /* alignment pad */
  *--sp = (uint64_t)dpu_coro_trampoline;   /* return address of dpu_coro_swap */
  *--sp = 0;                               /* rbp */
  *--sp = 0;                               /* rbx */
  *--sp = (uint64_t)entry;                 /* r12 */
  *--sp = 0;                               /* r13 */
  *--sp = 0;                               /* r14 */
  *--sp = 0;                               /* r15 */
  *--sp = 0x037f00001f80ull;               /* MXCSR default, x87 control word default */
  c->sp = sp;
}

void dpu_coro_registers(const struct dpu_coro *c, struct dpu_coro_regs *out) {
  /* The frame dpu_coro_swap left: MXCSR/x87 word, r15, r14, r13, r12, rbx, rbp, return. */
  const uint64_t *sp = c->sp;
  out->r15 = sp[1];
  out->r14 = sp[2];
  out->r13 = sp[3];
  out->r12 = sp[4];
  out->rbx = sp[5];
  out->rbp = sp[6];
  out->rip = sp[7];
  out->rsp = (uint64_t)(uintptr_t)(sp + 8);
}

void dpu_coro_switch(struct dpu_coro *from, struct dpu_coro *to) {
#ifdef DPU_ASAN
  void *fake = NULL;
  __sanitizer_start_switch_fiber(&fake, to->stack_base, to->stack_size);
  dpu_coro_swap(&from->sp, to->sp);
  __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#else
  dpu_coro_swap(&from->sp, to->sp);
#endif
}

void dpu_coro_started(struct dpu_coro *from) {
#ifdef DPU_ASAN
  const void *bottom = NULL;
  size_t size = 0;
  __sanitizer_finish_switch_fiber(NULL, &bottom, &size);
  if (from && !from->stack_base) {
    from->stack_base = (void *)bottom;
    from->stack_size = size;
  }
#else
  (void)from;
#endif
}
