// See clang.h. The driver turns the command line into the front end's (cc1) invocation, as the
// clang binary does; the front end then builds the module in the caller's context
// (EmitLLVMOnlyAction: the same passes as `-emit-llvm`, no bitcode written or read back).
#include "clang.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// The invocation for argv, or null (the driver's errors written to os, prefixed as clang's).
std::shared_ptr<clang::CompilerInvocation> invocation(const char *const *argv, int argc,
                                                      bool color, llvm::raw_ostream &os) {
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> opts = new clang::DiagnosticOptions();
  opts->ShowColors = color;
  opts->ShowOptionNames = true; // "[-Wdeprecated-ofast]", as clang's driver shows them
  auto *printer = new clang::TextDiagnosticPrinter(os, opts.get());
  printer->setPrefix("clang");
  clang::CreateInvocationOptions cio;
  cio.Diags = clang::CompilerInstance::createDiagnostics(opts.get(), printer, true);
  std::vector<const char *> args(argv, argv + argc);
  return clang::createInvocation(args, cio);
}

// The front end on inv, its module into *out; false when it found errors.
bool compile(std::shared_ptr<clang::CompilerInvocation> inv, LLVMContextRef ctx,
             llvm::raw_ostream &os, LLVMModuleRef *out) {
  // The driver asks the front end not to free its AST at the end (-disable-free: the clang
  // process ends there); dpu goes on, and forks its executors after.
  inv->getFrontendOpts().DisableFree = false;
  clang::CompilerInstance ci;
  ci.setInvocation(std::move(inv));
  ci.setVerboseOutputStream(os); // "1 error generated." after the errors
  ci.createDiagnostics(new clang::TextDiagnosticPrinter(os, &ci.getDiagnosticOpts()), true);
  // The front end makes the context discard the names of local values, as clang does in a
  // release build; the textual IR parser refuses such a context, and a .ll input may follow.
  bool discard = llvm::unwrap(ctx)->shouldDiscardValueNames();
  clang::EmitLLVMOnlyAction act(llvm::unwrap(ctx));
  bool ran = ci.ExecuteAction(act);
  llvm::unwrap(ctx)->setDiscardValueNames(discard);
  if (!ran || ci.getDiagnostics().hasErrorOccurred()) return false;
  std::unique_ptr<llvm::Module> m = act.takeModule();
  *out = m ? llvm::wrap(m.release()) : nullptr;
  return *out != nullptr;
}

} // namespace

extern "C" int dpu_clang_compile(const char *const *argv, int argc, LLVMContextRef ctx,
                                 bool color, LLVMModuleRef *out, char **diags) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os.enable_colors(color);
  bool ok = false;
  *out = nullptr;
  if (std::shared_ptr<clang::CompilerInvocation> inv = invocation(argv, argc, color, os)) {
    // A crash or a fatal error of clang's is a failed compile, not dpu's end (as clang's own
    // driver runs its front end in process).
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext crc;
    if (!crc.RunSafely([&] { ok = compile(inv, ctx, os, out); })) {
      os << "clang: error: clang crashed while compiling the program\n";
      ok = false, *out = nullptr;
    }
    llvm::CrashRecoveryContext::Disable();
  }
  os.flush();
  *diags = strdup(text.c_str());
  if (!*diags) abort();
  return ok ? 0 : 1;
}

// Debian's clangCodeGen and LLVMLTO register the Polly pass plug-in (llvm/Support/Extension.def)
// by a call to this function, whose library Debian ships as a loadable module only: dpu runs no
// Polly pass, so the plug-in registered is empty.
llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", "none", [](llvm::PassBuilder &) {}};
}
