/* ORC LLJIT through the LLVM-C API; see jit.h. */
#include "jit.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/LLJITUtils.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/entry.h"
#include "../runtime/interpose.h"
#include "../runtime/statefp.h"

/* The first error the JIT session reported while materialising the program, e.g. "Symbols not
 * found: [ frob ]": the cause, where the error a lookup returns only lists what could not be
 * materialised because of it (dpu's own tables among them). Empty if none. */
static char session_error[512];

static void on_session_error(void *ctx, LLVMErrorRef e) {
  (void)ctx;
  char *m = LLVMGetErrorMessage(e);
  if (!session_error[0]) snprintf(session_error, sizeof session_error, "%s", m);
  LLVMDisposeErrorMessage(m);
}

static int fail(LLVMErrorRef e, const char *what, char **err) {
  char *m = LLVMGetErrorMessage(e);
  size_t n = strlen(what) + strlen(m) + strlen(session_error) + 4;
  *err = malloc(n);
  if (*err && session_error[0]) snprintf(*err, n, "%s", session_error);
  else if (*err) snprintf(*err, n, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return -1;
}

static int lookup(LLVMOrcLLJITRef jit, const char *name, LLVMOrcExecutorAddress *addr,
                  char **err) {
  LLVMErrorRef e = LLVMOrcLLJITLookup(jit, addr, name);
  if (e) return fail(e, name, err);
  return 0;
}

/* Sets dpu_sfp_arity (runtime/entry.h) from the program's declarations of the runtime's
 * functions: how many of their first parameters are integers or pointers, up to the six
 * argument registers. */
static LLVMErrorRef count_arities(void *ctx, LLVMModuleRef mod) {
  const struct dpu_symbol *syms = ctx;
  for (unsigned i = 0; i < DPU_ENTRY_COUNT; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(mod, syms[i].name);
    unsigned n = 0;
    if (!f) n = 6;
    for (LLVMValueRef a = f ? LLVMGetFirstParam(f) : NULL; a && n < 6; a = LLVMGetNextParam(a)) {
      LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(a));
      if (k != LLVMIntegerTypeKind && k != LLVMPointerTypeKind) break;
      n++;
    }
    dpu_sfp_arity[i] = (uint8_t)n;
  }
  static const char *const clocks[] = {"__dpu_clock_gettime", "__dpu_gettimeofday", "__dpu_time"};
  for (unsigned i = 0; i < sizeof clocks / sizeof *clocks; i++)
    if (LLVMGetNamedFunction(mod, clocks[i])) dpu_sfp_clocks = true;
  /* C library functions with state of their own between calls (statefp.h) */
  static const char *const hidden[] = {"rand", "srand", "random", "srandom", "drand48",
                                       "lrand48", "mrand48", "srand48", "strtok"};
  for (unsigned i = 0; i < sizeof hidden / sizeof *hidden && !dpu_sfp_hidden; i++)
    if (LLVMGetNamedFunction(mod, hidden[i])) dpu_sfp_hidden = hidden[i];
  return NULL;
}

int dpu_jit_load(LLVMOrcThreadSafeModuleRef tsm, struct dpu_jit_program *out, char **err) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMInitializeNativeAsmParser(); /* inline assembly (a spin loop's `pause`) */
  /* Code generation must keep each call at its own source line: tail merging folds identical
   * block endings (e.g. two `pthread_mutex_unlock(&m); return NULL;`) into one call whose line
   * is 0, and a defect's stack then lost the line of the faulting call. (This process is the
   * zygote, which compiles once: the option is set once.) */
  static const char *const cg_opts[] = {"dpu", "-enable-tail-merge=false"};
  LLVMParseCommandLineOptions(2, cg_opts, NULL);
  LLVMOrcLLJITRef jit;
  LLVMErrorRef e = LLVMOrcCreateLLJIT(&jit, NULL);
  if (e) return fail(e, "cannot create the JIT", err);
  /* Debug objects: every compiled object, with its DWARF and the load addresses of its
   * sections, is registered through the GDB JIT interface (__jit_debug_descriptor). gdb reads
   * them from there, and so does the symboliser that names the frames of a defect's stacks
   * (symbolize.h). Without it stacks are unnamed, so a failure is not fatal. */
  e = LLVMOrcLLJITEnableDebugSupport(jit);
  if (e) LLVMConsumeError(e);
  LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(jit), on_session_error,
                                          NULL);
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit);

  size_t n;
  const struct dpu_symbol *syms = dpu_runtime_symbols(&n);
  LLVMOrcCSymbolMapPair *pairs = calloc(n, sizeof *pairs);
  if (!pairs) {
    *err = strdup("out of memory");
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    pairs[i].Name = LLVMOrcLLJITMangleAndIntern(jit, syms[i].name);
    pairs[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)syms[i].addr;
    pairs[i].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
  }
  e = LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, n));
  free(pairs);
  if (e) return fail(e, "cannot define the runtime's symbols", err);

  LLVMOrcDefinitionGeneratorRef gen;
  e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(jit),
                                                           NULL, NULL);
  if (e) return fail(e, "cannot expose the C library", err);
  LLVMOrcJITDylibAddGenerator(jd, gen);

  if (dpu_sfp_wanted()) { /* the entry thunks' arguments (runtime/entry.h) */
    e = LLVMOrcThreadSafeModuleWithModuleDo(tsm, count_arities, (void *)syms);
    if (e) return fail(e, "cannot read the program's declarations", err);
  }
  e = LLVMOrcLLJITAddLLVMIRModule(jit, jd, tsm);
  if (e) return fail(e, "cannot add the program", err);

  LLVMOrcExecutorAddress a_main, a_addrs, a_sizes, a_n, t_addrs, t_sizes, t_n, s_kinds, s_n;
  if (lookup(jit, "main", &a_main, err) || lookup(jit, "__dpu_global_addrs", &a_addrs, err) ||
      lookup(jit, "__dpu_global_sizes", &a_sizes, err) ||
      lookup(jit, "__dpu_global_n", &a_n, err) || lookup(jit, "__dpu_tls_addrs", &t_addrs, err) ||
      lookup(jit, "__dpu_tls_sizes", &t_sizes, err) || lookup(jit, "__dpu_tls_n", &t_n, err) ||
      lookup(jit, "__dpu_spin_kinds", &s_kinds, err) || lookup(jit, "__dpu_spin_n", &s_n, err))
    return -1;
  out->spin_kinds = (const uint8_t *)(uintptr_t)s_kinds;
  out->nspin_kinds = *(const uint64_t *)(uintptr_t)s_n;
  out->tls_addrs = (void *const *)(uintptr_t)t_addrs;
  out->tls_sizes = (const uint64_t *)(uintptr_t)t_sizes;
  out->ntls = *(const uint64_t *)(uintptr_t)t_n;
  out->main_fn = (int (*)(int, char **, char **))(uintptr_t)a_main;
  out->global_addrs = (void *const *)(uintptr_t)a_addrs;
  out->global_sizes = (const uint64_t *)(uintptr_t)a_sizes;
  out->nglobals = *(const uint64_t *)(uintptr_t)a_n;
  return 0;
}
