/* Clang's driver and front end inside dpu's process: a C file to an LLVM module, as
 * `clang -c -emit-llvm` would make it, without starting clang (a C++ shim, frontend/clang.cpp:
 * clang has no C API that emits IR). A clang process spends two thirds of its 30 ms on PI(8)
 * starting (loading and relocating libclang-cpp and libLLVM); here the compile takes about 10 ms
 * (bench/README.md, "Start-up"). And the driver's reading of a build's compile command
 * (frontend/compdb.h). */
#ifndef DPU_FRONTEND_CLANG_H
#define DPU_FRONTEND_CLANG_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Compiles with the clang command line argv[0, argc) (argv[0]: clang's path, from which the
 * driver finds its resource directory, the builtin headers; then options and the one input;
 * no -o: nothing is written) into a new module of ctx, *out, owned by the caller. Its
 * diagnostics, in clang's own text (the driver's prefixed "clang: "; in colour when color), go
 * to *diags: a malloc'd string, owned by the caller, "" when there are none. Returns 0, or 1
 * when the command line or the program has errors (the diagnostics say which) or clang
 * crashed or hit a fatal error on it (caught: dpu goes on; the diagnostics end with a line
 * that says so). */
int dpu_clang_compile(const char *const *argv, int argc, LLVMContextRef ctx, bool color,
                      LLVMModuleRef *out, char **diags);

/* One argument of a compile command as clang's driver reads it: the option or input file at
 * argv[index], spanning count elements of argv (the option and its separate values, e.g. 2
 * for `-o x.o`, 1 for `-Iinc`). */
struct dpu_clang_arg {
  int index, count;
  char option[48]; /* the option's canonical spelling, its aliases resolved: "-I" for -Iinc,
                    * -I inc and --include-directory=inc; "<input>" for a file;
                    * "<unknown>" for what clang has no option for (truncated when longer) */
};

/* Splits argv[0, argc) (a compile command's arguments after the compiler's name) into the
 * options and inputs of clang's driver, in their order, into out[0, return value); out has
 * room for argc of them. An option whose separate value is missing (the last argument) is
 * left out. */
int dpu_clang_split_args(const char *const *argv, int argc, struct dpu_clang_arg *out);

#ifdef __cplusplus
}
#endif

#endif
