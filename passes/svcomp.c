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

/* Makes every use of f a use of the runtime's function `to`: renames f if it is a declaration
 * and `to` is not declared yet; otherwise (the program defines f: whatever its body does,
 * nothing, assert(0), the call is what counts) replaces f by `to` and deletes it. */
static void retarget(LLVMModuleRef mod, LLVMValueRef f, const char *to) {
  LLVMValueRef r = LLVMGetNamedFunction(mod, to);
  if (!r && LLVMIsDeclaration(f)) {
    LLVMSetValueName2(f, to, strlen(to));
    return;
  }
  if (!r) r = LLVMAddFunction(mod, to, LLVMGlobalGetValueType(f));
  LLVMReplaceAllUsesWith(f, r); /* both are pointers; each call keeps its own function type */
  LLVMDeleteFunction(f);
}

bool dpu_pass_svcomp(LLVMModuleRef mod, bool force) {
  if (!force && !svcomp_style(mod)) return false;
  /* Declarations of the error functions are redirected to the runtime with the others. */
  static const char *const errors[][2] = {{"reach_error", "__dpu_reach_error"},
                                          {"__VERIFIER_error", "__dpu___VERIFIER_error"}};
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(mod, errors[i][0]);
    if (f && !LLVMIsDeclaration(f)) retarget(mod, f, errors[i][1]);
  }
  LLVMValueRef abort_fn = LLVMGetNamedFunction(mod, "abort");
  if (abort_fn && LLVMIsDeclaration(abort_fn)) retarget(mod, abort_fn, "__dpu_svcomp_abort");
  return true;
}
