/* SV-COMP's __VERIFIER_nondet_* functions; see steps.h. dpu explores schedules, not data:
 * nondeterministic values are an error unless the user fixes one value for all of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steps.h"

static LLVMValueRef constant(LLVMTypeRef ty, long long v) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    return LLVMConstInt(ty, (unsigned long long)v, 1);
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMX86_FP80TypeKind:
  case LLVMFP128TypeKind:
    return LLVMConstReal(ty, (double)v);
  case LLVMPointerTypeKind:
    return LLVMConstIntToPtr(LLVMConstInt(LLVMInt64TypeInContext(LLVMGetTypeContext(ty)),
                                          (unsigned long long)v, 1),
                             ty);
  default:
    return NULL;
  }
}

int dpu_pass_nondet(LLVMModuleRef mod, bool fixed, long long value) {
  int bad = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (!LLVMIsDeclaration(f) || strncmp(name, "__VERIFIER_nondet_", 18) != 0) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f), next; u; u = next) {
      next = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f) continue;
      LLVMTypeRef ty = LLVMTypeOf(call);
      LLVMValueRef c = LLVMGetTypeKind(ty) == LLVMVoidTypeKind ? NULL : constant(ty, value);
      if (!fixed || (!c && LLVMGetTypeKind(ty) != LLVMVoidTypeKind)) {
        char *file, *fn;
        unsigned line, col;
        dpu_pass_describe(call, &file, &line, &col, &fn);
        if (!fixed)
          fprintf(stderr,
                  "dpu: error: data nondeterminism is not supported: '%s' called at %s:%u in %s "
                  "(dpu explores thread schedules only; fix the value of every "
                  "__VERIFIER_nondet_* call with --nondet=VALUE)\n",
                  name, file, line, fn);
        else
          fprintf(stderr, "dpu: error: --nondet cannot give a value of the type of '%s' (%s:%u)\n",
                  name, file, line);
        free(file);
        free(fn);
        return -1;
      }
      if (c) LLVMReplaceAllUsesWith(call, c);
      LLVMInstructionEraseFromParent(call);
    }
  }
  return bad;
}
