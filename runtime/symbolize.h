/* The program's code as the JIT laid it out, and its debug info (docs/design.md §4, issue #4):
 * which addresses belong to the program, which function, file and line an address is, and where
 * the unwind tables of the JIT-compiled code are. Read from the objects the JIT registered through
 * the GDB JIT interface (__jit_debug_descriptor, see jit.c), with LLVM's ELF and DWARF readers: a
 * thin C++ shim (symbolize.cpp) because LLVM has no C API for DWARF. Used in the executor's
 * processes (zygote and runners); the explorer never calls it. In runtime/, not executor/
 * (docs/design.md §9): the runner symbolises the stacks of a race's capture itself (race.c). */
#ifndef DPU_SYMBOLIZE_H
#define DPU_SYMBOLIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads every object registered so far through the GDB JIT interface: the address ranges of
 * its code, its function symbols, its DWARF debug info and the location of its .eh_frame. Call
 * once in the zygote after the JIT has compiled the program (and before forking runners, which
 * inherit what was read). File names become relative to the current directory when they are
 * below it, as in the site table (passes/instrument.c). Best effort: what cannot be parsed is
 * left out (an address there is then not program code, or has no line). Returns the number of
 * objects registered (0 in unit tests, which have no JIT). */
int dpu_sym_load(void);

/* Whether pc lies in the code of the program (an executable section of a JIT object).
 * Async-signal-safe: a binary search over a table dpu_sym_load built. */
bool dpu_sym_is_program(uint64_t pc);

/* One source-level frame of a code address. Strings are owned by the symboliser and valid for
 * the life of the process. function is NULL when no symbol covers the address; file is NULL
 * and line 0 when the code has no line information (compiled without -g). */
struct dpu_sym_frame {
  const char *function;
  const char *file;
  uint32_t line, column;
};

/* Symbolises the instruction at pc (for a return address, pass the address minus 1, which lies
 * in the call instruction): writes up to max frames into out, innermost first — functions
 * inlined at pc, then the function that contains them, each with the line of its call to the
 * next inner one. Returns the number written: 0 when pc is not program code. Not
 * async-signal-safe (it allocates while parsing debug info lazily). */
unsigned dpu_sym_lookup(uint64_t pc, struct dpu_sym_frame *out, unsigned max);

/* One frame description entry of the JIT's in-memory .eh_frame: the code [start, end) it
 * describes and the address of the FDE record itself. */
struct dpu_sym_fde {
  uint64_t start, end;
  uint64_t fde;
};

/* The FDEs of the program's code, sorted by start, in an array owned by the symboliser (valid
 * for the life of the process); *n receives their number (0 when none could be read). For
 * registering the JIT's unwind tables with libunwind (backtrace.c). */
const struct dpu_sym_fde *dpu_sym_fdes(size_t *n);

#ifdef __cplusplus
}
#endif

#endif
