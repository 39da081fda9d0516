// See clang.h. The driver turns the command line into the front end's (cc1) invocation, as the
// clang binary does; the front end then builds the module in the caller's context
// (EmitLLVMOnlyAction: the same passes as `-emit-llvm`, no bitcode written or read back).
#include "clang.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Driver/Options.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Option/ArgList.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
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
  // A file system of the driver's own: -working-directory (a build's compile command,
  // compdb.h) changes its working directory, where the process-wide one would chdir dpu.
  cio.VFS = llvm::vfs::createPhysicalFileSystem();
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

extern "C" int dpu_clang_split_args(const char *const *argv, int argc,
                                    struct dpu_clang_arg *out) {
  unsigned missing_index = 0, missing_count = 0;
  llvm::opt::InputArgList args = clang::driver::getDriverOptTable().ParseArgs(
      llvm::ArrayRef<const char *>(argv, (size_t)argc), missing_index, missing_count,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  // An option with its value missing ends the command.
  int end = missing_count ? (int)missing_index : argc;
  int n = 0;
  for (const llvm::opt::Arg *a : args) {
    if ((int)a->getIndex() >= end) break;
    if (n > 0) out[n - 1].count = (int)a->getIndex() - out[n - 1].index;
    out[n].index = (int)a->getIndex();
    llvm::StringRef name = a->getOption().getUnaliasedOption().getPrefixedName();
    snprintf(out[n].option, sizeof out[n].option, "%.*s", (int)name.size(), name.data());
    n++;
  }
  if (n > 0) out[n - 1].count = end - out[n - 1].index;
  return n;
}

// Debian's clangCodeGen and LLVMLTO register the Polly pass plug-in (llvm/Support/Extension.def)
// by a call to this function, whose library Debian ships as a loadable module only: dpu runs no
// Polly pass, so the plug-in registered is empty.
llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", "none", [](llvm::PassBuilder &) {}};
}
