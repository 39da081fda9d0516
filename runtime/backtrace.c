/* See backtrace.h. */
#define UNW_LOCAL_ONLY
#include "backtrace.h"

#include <libunwind.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "models/tso.h"
#include "rt.h"
#include "symbolize.h"

/* ---- the JIT's unwind tables ------------------------------------------------------------- */

/* libunwind's binary-search table (the one of .eh_frame_hdr): offsets from a base address. */
struct table_entry {
  int32_t start_ip_offset;
  int32_t fde_offset;
};

size_t dpu_bt_register_jit(void) {
  size_t n;
  const struct dpu_sym_fde *f = dpu_sym_fdes(&n);
  if (n == 0) return 0;
  struct table_entry *table = calloc(n, sizeof *table);
  unw_dyn_info_t *di = calloc(1, sizeof *di);
  if (!table || !di) {
    free(table);
    free(di);
    return 0;
  }
  /* The JIT allocates a module's code and its .eh_frame in one block, so every offset from the
   * lowest code address fits in 32 bits; an entry that would not is left out. */
  uint64_t base = f[0].start, end = f[0].end;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    int64_t ip = (int64_t)(f[i].start - base), fde = (int64_t)(f[i].fde - base);
    if (ip != (int32_t)ip || fde != (int32_t)fde) continue;
    table[k++] = (struct table_entry){(int32_t)ip, (int32_t)fde};
    if (f[i].end > end) end = f[i].end;
  }
  /* Local unwinding reads a REMOTE_TABLE's table_data as a pointer in our own memory. */
  di->start_ip = base;
  di->end_ip = end;
  di->format = UNW_INFO_FORMAT_REMOTE_TABLE;
  di->u.rti.name_ptr = (unw_word_t)(uintptr_t)"dpu JIT";
  di->u.rti.segbase = base;
  di->u.rti.table_len = k * sizeof *table / sizeof(unw_word_t);
  di->u.rti.table_data = (unw_word_t)(uintptr_t)table;
  _U_dyn_register(di); /* table and di stay allocated: libunwind keeps pointers to them */
  return k;
}

/* ---- capture ----------------------------------------------------------------------------- */

/* Unwinds from cursor c into pcs (at most max; see struct dpu_stack.pcs), keeping the
 * addresses keep accepts (all if keep is NULL). exact: the first frame's ip is a faulting
 * instruction, not a return address. */
static unsigned unwind(unw_cursor_t *c, bool exact, uint64_t *pcs, unsigned max,
                       bool (*keep)(uint64_t)) {
  unsigned n = 0;
  /* Bounded: a stack the program scribbled over may loop. */
  for (int steps = 0; steps < 4096 && n < max; steps++) {
    unw_word_t ip;
    if (unw_get_reg(c, UNW_REG_IP, &ip) < 0 || ip == 0) break;
    uint64_t pc = exact ? ip : ip - 1;
    exact = false;
    if (!keep || keep(pc)) pcs[n++] = pc;
    if (unw_step(c) <= 0) break;
  }
  return n;
}

/* A switched-out coroutine's registers as a context libunwind starts from. Only the
 * callee-saved registers are known; the others are not needed to unwind from a call site. */
static void coro_context(const struct dpu_coro *co, unw_context_t *uc) {
  struct dpu_coro_regs r;
  dpu_coro_registers(co, &r);
  memset(uc, 0, sizeof *uc);
  greg_t *g = uc->uc_mcontext.gregs;
  g[REG_RIP] = (greg_t)r.rip;
  g[REG_RSP] = (greg_t)r.rsp;
  g[REG_RBP] = (greg_t)r.rbp;
  g[REG_RBX] = (greg_t)r.rbx;
  g[REG_R12] = (greg_t)r.r12;
  g[REG_R13] = (greg_t)r.r13;
  g[REG_R14] = (greg_t)r.r14;
  g[REG_R15] = (greg_t)r.r15;
}

unsigned dpu_bt_unwind_coro(const struct dpu_coro *co, uint64_t *pcs, unsigned max,
                            bool (*keep)(uint64_t pc)) {
  unw_context_t uc;
  unw_cursor_t c;
  coro_context(co, &uc);
  if (unw_init_local(&c, &uc) != 0) return 0;
  return unwind(&c, false, pcs, max, keep);
}

unsigned dpu_bt_here(uint64_t *pcs, unsigned max) {
  unw_context_t uc;
  unw_cursor_t c;
  if (unw_getcontext(&uc) != 0 || unw_init_local(&c, &uc) != 0) return 0;
  return unwind(&c, false, pcs, max, dpu_sym_is_program);
}

/* Whether pc is on an indirect jump through a rip-relative pointer (`jmp *disp(%rip)`, opcode
 * FF /4 with ModRM 0x25, optionally `bnd`-prefixed): the whole body of a JIT stub or PLT entry,
 * and a tail call through the GOT. Code at a signal's pc is mapped and executable. */
static bool at_jump_stub(uint64_t pc) {
  const uint8_t *b = (const uint8_t *)(uintptr_t)pc;
  if (b[0] == 0xf2) b++;
  return b[0] == 0xff && b[1] == 0x25;
}

static void capture_thread(struct dpu_stack *s, int tid, const void *fault) {
  s->tid = (uint16_t)tid;
  s->npcs = s->nframes = 0;
  if (!fault) {
    s->npcs = (uint16_t)dpu_bt_unwind_coro(&dpu_rt.threads[tid].coro, s->pcs, DPU_STACK_FRAMES,
                                           dpu_sym_is_program);
    return;
  }
  /* The signal handler's context is what UNW_INIT_SIGNAL_FRAME expects (x86-64's
   * unw_context_t is ucontext_t). libunwind only reads it, and keeps pointers into it, so it
   * is used in place: the kernel's ucontext is shorter than the C library's (sigset). */
  unw_cursor_t c;
  if (unw_init_local2(&c, (unw_context_t *)(uintptr_t)fault, UNW_INIT_SIGNAL_FRAME) != 0) return;
  const greg_t *at = ((const ucontext_t *)fault)->uc_mcontext.gregs;
  if (at_jump_stub((uint64_t)at[REG_RIP])) {
    /* Interrupted on a stub that a call entered and that jumps on: one of the JIT's stubs to
     * a runtime function, a PLT entry or a tail call through the GOT. The JIT's stubs have no
     * unwind information; libunwind, finding none, would follow the frame pointer (or, just
     * past the JIT's last function, the wrong function's rules) and lose the caller, whose
     * return address is on top of the stack: start from there, as from a return address. */
    ucontext_t at_return = *(const ucontext_t *)fault;
    greg_t *g = at_return.uc_mcontext.gregs;
    g[REG_RIP] = (greg_t) * (const uint64_t *)(uintptr_t)g[REG_RSP];
    g[REG_RSP] += 8;
    if (unw_init_local2(&c, (unw_context_t *)&at_return, 0) == 0)
      s->npcs = (uint16_t)unwind(&c, false, s->pcs, DPU_STACK_FRAMES, dpu_sym_is_program);
    return;
  }
  s->npcs = (uint16_t)unwind(&c, true, s->pcs, DPU_STACK_FRAMES, dpu_sym_is_program);
}

/* The runner's own stack (the OS thread's, where the scheduler runs), [lo, hi). */
static uintptr_t os_stack_lo, os_stack_hi;

void dpu_bt_init(void) {
  pthread_attr_t a;
  void *addr;
  size_t size;
  if (pthread_getattr_np(pthread_self(), &a) != 0) return;
  if (pthread_attr_getstack(&a, &addr, &size) == 0) {
    os_stack_lo = (uintptr_t)addr;
    os_stack_hi = os_stack_lo + size;
  }
  pthread_attr_destroy(&a);
  /* libunwind sets itself up on first use, and may open descriptors then (a pipe to validate
   * addresses). Use it once now, before the runner takes the descriptors open at its start as
   * its own: those opened later are the program's and are closed between runs (sched.c). */
  unw_context_t uc;
  unw_cursor_t c;
  if (unw_getcontext(&uc) == 0 && unw_init_local(&c, &uc) == 0) (void)unw_step(&c);
}

void dpu_bt_capture(struct dpu_run_result *r, const void *fault) {
  /* A fault on the runner's own stack happened in the scheduler (e.g. reading a bad mutex
   * while choosing the next thread): the thread that was running is switched out too. */
  if (fault) {
    uintptr_t sp = (uintptr_t)((const ucontext_t *)fault)->uc_mcontext.gregs[REG_RSP];
    if (sp >= os_stack_lo && sp < os_stack_hi) fault = NULL;
  }
  int running = fault ? dpu_rt.cur : -1;
  uint32_t k = 0;
  int first = r->tid;
  if (first >= 0 && first < DPU_MAX_THREADS && dpu_rt.threads[first].state == DPU_TS_ALIVE)
    capture_thread(&r->stacks.threads[k++], first, first == running ? fault : NULL);
  for (unsigned i = 0; i < dpu_rt.nthreads; i++) {
    int tid = dpu_rt.order[i];
    if (tid == first || dpu_rt.threads[tid].state != DPU_TS_ALIVE) continue;
    if (dpu_tso_on && dpu_tso_is_buffer((int)tid)) continue; /* no frames of the program */
    capture_thread(&r->stacks.threads[k++], tid, tid == running ? fault : NULL);
  }
  r->stacks.state = DPU_STACKS_RAW;
  r->stacks.nlater = 0;
  r->nstacks = k;
}

/* ---- symbolisation ----------------------------------------------------------------------- */

/* Strings of one run's stacks: each distinct name once (the symboliser interns its strings,
 * so equal names are equal pointers). */
struct strtab {
  struct dpu_stacks *s;
  const char *keys[256];
  uint32_t offs[256];
  unsigned n;
};

static uint32_t string_offset(struct strtab *t, const char *str) {
  if (!str) return 0;
  for (unsigned i = 0; i < t->n; i++)
    if (t->keys[i] == str) return t->offs[i];
  size_t len = strlen(str) + 1;
  if (t->s->strings_len + len > DPU_STACK_STRINGS) return 0; /* full: shown as unknown */
  uint32_t off = t->s->strings_len;
  memcpy(t->s->strings + off, str, len);
  t->s->strings_len += (uint32_t)len;
  if (t->n < sizeof t->keys / sizeof *t->keys) {
    t->keys[t->n] = str;
    t->offs[t->n++] = off;
  }
  return off;
}

/* Names the frames of st's pcs, their strings into t. */
static void symbolise_stack(struct dpu_stack *st, struct strtab *t) {
  st->nframes = 0;
  for (uint16_t j = 0; j < st->npcs && st->nframes < DPU_STACK_FRAMES; j++) {
    struct dpu_sym_frame f[DPU_STACK_FRAMES];
    unsigned m = dpu_sym_lookup(st->pcs[j], f, DPU_STACK_FRAMES - st->nframes);
    for (unsigned q = 0; q < m; q++)
      st->frames[st->nframes++] = (struct dpu_shm_frame){
          .function = string_offset(t, f[q].function),
          .file = string_offset(t, f[q].file),
          .line = f[q].line,
          .column = f[q].column,
      };
  }
}

uint32_t dpu_bt_capture_later(struct dpu_run_result *r, int tid) {
  struct dpu_stacks *s = &r->stacks;
  uint32_t slot = r->nstacks + s->nlater;
  if (!r->nstacks || s->state != DPU_STACKS_DONE || slot >= DPU_MAX_THREADS) return UINT32_MAX;
  capture_thread(&s->threads[slot], tid, NULL);
  struct strtab t = {.s = s}; /* its strings after the others' (some twice: no harm) */
  symbolise_stack(&s->threads[slot], &t);
  s->nlater++;
  return slot;
}

void dpu_bt_symbolise(struct dpu_run_result *r) {
  struct dpu_stacks *s = &r->stacks;
  if (!r->nstacks || s->state != DPU_STACKS_RAW) return;
  s->state = DPU_STACKS_SYMBOLISING;
  s->strings[0] = 0;
  s->strings_len = 1;
  struct strtab t = {.s = s};
  for (uint32_t i = 0; i < r->nstacks && i < DPU_MAX_THREADS; i++)
    symbolise_stack(&s->threads[i], &t);
  s->state = DPU_STACKS_DONE;
}

/* ---- debugger hook ----------------------------------------------------------------------- */

__attribute__((noinline, used)) void __dpu_defect_stop(int end, int tid) {
  /* Keep the call and its arguments: a debugger breaks here and may print them. */
  __asm__ volatile("" : : "r"(end), "r"(tid) : "memory");
}
