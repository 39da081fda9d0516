/* JIT-compiling the instrumented program with ORC LLJIT, in the zygote (docs/design.md §2). */
#ifndef DPU_JIT_H
#define DPU_JIT_H

#include <llvm-c/Orc.h>
#include <stdint.h>

/* What the runner needs from the compiled program. Addresses stay valid for the life of the
 * process (the JIT is never torn down: the process ends first). */
struct dpu_jit_program {
  int (*main_fn)(int, char **, char **);
  void *const *global_addrs;  /* the program's writable globals (passes/ emits the table) */
  const uint64_t *global_sizes;
  uint64_t nglobals;
  void *const *tls_addrs;     /* templates of the thread-local variables (passes/tls.c) */
  const uint64_t *tls_sizes;
  uint64_t ntls;
  const uint8_t *spin_kinds;  /* enum dpu_site_spin per site id (passes/instrument.h) */
  uint64_t nspin_kinds;
};

/* Compiles tsm (ownership passes to the JIT) with the runtime's __dpu_* symbols and the
 * process's C library visible to it, and looks up main and the globals table. Returns 0, or -1
 * with *err set to a malloc'd message (caller frees). */
int dpu_jit_load(LLVMOrcThreadSafeModuleRef tsm, struct dpu_jit_program *out, char **err);

#endif
