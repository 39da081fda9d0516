/* Thread-local variables get per-thread storage from the runtime; see steps.h. */
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steps.h"

int dpu_pass_tls(LLVMModuleRef mod, struct dpu_site_table *sites) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef fty = LLVMFunctionType(ptr, (LLVMTypeRef[]){i32}, 1, 0);
  LLVMValueRef addr_fn = LLVMGetNamedFunction(mod, "__dpu_tls_address");
  if (!addr_fn) addr_fn = LLVMAddFunction(mod, "__dpu_tls_address", fty);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  size_t n = 0, cap = 16;
  LLVMValueRef *vars = malloc(cap * sizeof *vars);
  if (!vars) abort();
  int bad = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    if (!LLVMIsThreadLocal(g)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g)) {
      fprintf(stderr, "dpu: error: thread-local variable '%s' is defined in no input file\n", name);
      bad = 1;
      continue;
    }
    /* Every use must be llvm.threadlocal.address(g): replace those calls. */
    LLVMValueRef index = LLVMConstInt(i32, n, 0);
    for (LLVMUseRef u = LLVMGetFirstUse(g), next; u; u = next) {
      next = LLVMGetNextUse(u);
      LLVMValueRef user = LLVMGetUser(u);
      LLVMValueRef callee = LLVMIsACallInst(user) ? LLVMGetCalledValue(user) : NULL;
      size_t cn = 0;
      const char *cname = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &cn) : "";
      if (strncmp(cname, "llvm.threadlocal.address", 24) != 0) {
        fprintf(stderr, "dpu: error: unsupported use of thread-local variable '%s'\n", name);
        bad = 1;
        continue;
      }
      LLVMPositionBuilderBefore(b, user);
      LLVMValueRef c = LLVMBuildCall2(b, fty, addr_fn, &index, 1, "");
      LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(user));
      LLVMReplaceAllUsesWith(user, c);
      LLVMInstructionEraseFromParent(user);
    }
    LLVMSetThreadLocal(g, 0);
    LLVMSetGlobalConstant(g, 1); /* the template: only ever copied */
    if (n == cap) {
      cap *= 2;
      vars = realloc(vars, cap * sizeof *vars);
      if (!vars) abort();
    }
    vars[n++] = g;
  }
  LLVMDisposeBuilder(b);
  if (!bad) dpu_pass_emit_table(mod, "__dpu_tls", vars, n);
  sites->tls = calloc(n ? n : 1, sizeof *sites->tls);
  if (!sites->tls) abort();
  for (size_t i = 0; i < n; i++) {
    size_t len;
    const char *name = LLVMGetValueName2(vars[i], &len);
    sites->tls[i] = strndup(name, len);
    if (!sites->tls[i]) abort();
  }
  sites->ntls = n;
  free(vars);
  return bad ? -1 : 0;
}
