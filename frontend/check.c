/* See check.h. */
#include "check.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../passes/steps.h"
#include "../runtime/interpose.h"
#include "diag.h"

/* Whether operand op of an instruction is v, or a constant expression over v (a GEP or a cast
 * of a global). */
static bool refers_to(LLVMValueRef op, LLVMValueRef v) {
  if (op == v) return true;
  if (!LLVMIsAConstantExpr(op)) return false;
  for (int i = 0, n = LLVMGetNumOperands(op); i < n; i++)
    if (LLVMGetOperand(op, (unsigned)i) == v) return true;
  return false;
}

/* The first instruction of mod, in module order (stable from run to run), that uses v, or
 * NULL when only constants do (an initialiser that takes its address). */
static LLVMValueRef first_use(LLVMModuleRef mod, LLVMValueRef v) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++)
          if (refers_to(LLVMGetOperand(i, (unsigned)k), v)) return i;
  return NULL;
}

/* " (first used at FILE:LINE in FN)" of v's first use into buf, or " (its address is taken)"
 * (verb: "used", "called"). */
static void describe_first_use(LLVMModuleRef mod, LLVMValueRef v, const char *verb, char *buf,
                               size_t size) {
  LLVMValueRef use = first_use(mod, v);
  if (!use) {
    snprintf(buf, size, " (its address is taken)");
    return;
  }
  char *file, *fn;
  unsigned line, col;
  dpu_pass_describe(use, &file, &line, &col, &fn);
  snprintf(buf, size, " (first %s at %s:%u in %s)", verb, file, line, fn);
  free(file);
  free(fn);
}

int dpu_check_processes(LLVMModuleRef mod) {
  static const char processes[] = "processes are not modelled (dpu explores the threads of one "
                                  "process)";
  /* Without these the program would block in the kernel for a signal that no run sends, and
   * be reported as a hang of a thread that "ran" for --run-timeout seconds (a user test). */
  static const char signals[] = "signals from outside the process are not modelled (nothing "
                                "sends them in a run; the signals a program sends itself are: "
                                "pthread_kill, raise, kill of its own process, received by "
                                "sigwait or a handler)";
  static const struct {
    const char *name, *why;
  } rejected[] = {
      {"fork", processes},       {"vfork", processes},    {"_Fork", processes},
      {"clone", processes},      {"system", processes},   {"popen", processes},
      {"posix_spawn", processes}, {"posix_spawnp", processes}, {"execv", processes},
      {"execve", processes},     {"execvp", processes},   {"execvpe", processes},
      {"execl", processes},      {"execlp", processes},   {"execle", processes},
      {"fexecve", processes},    {"pause", signals},      {"sigsuspend", signals},
      {"sigpending", signals}};
  bool bad = false;
  for (size_t i = 0; i < sizeof rejected / sizeof *rejected; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(mod, rejected[i].name);
    if (!f || !LLVMIsDeclaration(f) || !LLVMGetFirstUse(f)) continue;
    char where[1024];
    describe_first_use(mod, f, "called", where, sizeof where);
    dpu_error("unsupported function '%s'%s: %s", rejected[i].name, where, rejected[i].why);
    bad = true;
  }
  return bad ? -1 : 0;
}

static bool in_runtime(const char *name) {
  size_t n;
  const struct dpu_symbol *syms = dpu_runtime_symbols(&n);
  for (size_t i = 0; i < n; i++)
    if (strcmp(syms[i].name, name) == 0) return true;
  return false;
}

/* Whether the JIT will find a definition of the declaration g: LLVM's intrinsics, the
 * runtime's symbols, and what dpu's process has (the C library). */
static bool resolvable(LLVMValueRef g) {
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  if (strncmp(name, "llvm.", 5) == 0 || in_runtime(name)) return true;
  return dlsym(RTLD_DEFAULT, name) != NULL;
}

/* Reports g if it is a used declaration that nothing defines. Returns whether it did. */
static bool report_if_undefined(LLVMModuleRef mod, LLVMValueRef g) {
  if (!LLVMIsDeclaration(g) || !LLVMGetFirstUse(g) || resolvable(g)) return false;
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  char where[1024];
  describe_first_use(mod, g, "used", where, sizeof where);
  dpu_error("undefined %s '%s'%s: no input defines it and the C library does not have it",
            LLVMIsAFunction(g) ? "function" : "variable", name, where);
  return true;
}

int dpu_check_undefined(LLVMModuleRef mod) {
  bool bad = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    bad |= report_if_undefined(mod, f);
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
    bad |= report_if_undefined(mod, g);
  return bad ? -1 : 0;
}
