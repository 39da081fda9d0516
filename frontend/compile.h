/* From input files to one LLVM module: C and preprocessed C through clang, bitcode and textual
 * IR parsed directly, then linked (docs/design.md §2, frontend/). */
#ifndef DPU_COMPILE_H
#define DPU_COMPILE_H

#include <llvm-c/Core.h>

#include "options.h"

/* Loads o->inputs into one module in ctx. C files (.c, .i) are compiled by the clang of the LLVM
 * release dpu links against (DPU_CLANG), with -g and o->cflags; its diagnostics go to stderr.
 * Returns 0 with *out set (owned by the caller), or 2 if an input does not compile, cannot be
 * read, is not valid bitcode or IR, or the inputs do not link (a symbol that two of them
 * define is named with both places): the reason goes to stderr through dpu_error (diag.h),
 * never through LLVM's own handler, which would exit with status 1. */
int dpu_compile_inputs(const struct dpu_options *o, LLVMContextRef ctx, LLVMModuleRef *out);

#endif
