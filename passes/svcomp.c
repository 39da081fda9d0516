/* SV-COMP's conventions for verification tasks; see steps.h. */
#include <string.h>

#include "steps.h"

/* Whether the module is written for SV-COMP: it declares or defines reach_error or a
 * __VERIFIER_ function. */
static bool svcomp_style(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (strcmp(name, "reach_error") == 0 || strncmp(name, "__VERIFIER_", 11) == 0) return true;
  }
  return false;
}

/* Makes every use of the program's own definition of `name` (if any) a use of the runtime's
 * __dpu_NAME, and deletes the definition: whatever its body does (nothing, assert(0), an
 * abort), the call is the violation, reported at the call. */
static void replace_definition(LLVMModuleRef mod, const char *name, const char *runtime_name) {
  LLVMValueRef f = LLVMGetNamedFunction(mod, name);
  if (!f || LLVMIsDeclaration(f)) return;
  LLVMValueRef r = LLVMGetNamedFunction(mod, runtime_name);
  if (!r) {
    LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(LLVMGetModuleContext(mod)), NULL, 0, 0);
    r = LLVMAddFunction(mod, runtime_name, ty);
  }
  LLVMReplaceAllUsesWith(f, r); /* both are pointers; each call keeps its own function type */
  LLVMDeleteFunction(f);
}

bool dpu_pass_svcomp(LLVMModuleRef mod, bool force) {
  if (!force && !svcomp_style(mod)) return false;
  replace_definition(mod, "reach_error", "__dpu_reach_error");
  replace_definition(mod, "__VERIFIER_error", "__dpu___VERIFIER_error");
  LLVMValueRef abort_fn = LLVMGetNamedFunction(mod, "abort");
  if (abort_fn && LLVMIsDeclaration(abort_fn)) {
    const char *to = "__dpu_svcomp_abort";
    LLVMValueRef r = LLVMGetNamedFunction(mod, to);
    if (r) {
      LLVMReplaceAllUsesWith(abort_fn, r);
      LLVMDeleteFunction(abort_fn);
    } else {
      LLVMSetValueName2(abort_fn, to, strlen(to));
    }
  }
  return true;
}
