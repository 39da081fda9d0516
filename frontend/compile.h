/* From input files to one LLVM module: C and preprocessed C through clang, bitcode and textual
 * IR parsed directly, then linked (docs/design.md §2, frontend/). */
#ifndef DPU_COMPILE_H
#define DPU_COMPILE_H

#include <llvm-c/Core.h>

#include "compdb.h"
#include "options.h"

/* Loads o->inputs into one module in ctx. C files (.c, .i) are compiled by the clang of the LLVM
 * release dpu links against (DPU_CLANG), with -g and o->cflags; its diagnostics go to stderr.
 * With o->compile_commands, each C input is compiled with the flags of its entry of the
 * build's compilation database, and the program also links the database's other C files
 * that define what it uses (compdb.h, project.h; a note names them). Returns 0 with *out set
 * (owned by the caller), or 2 if an input does not compile, cannot be read, is not valid
 * bitcode or IR, or the inputs do not link (a symbol that two of them define is named with
 * both places), or the database cannot be read, has no entry for a C input, or has two files
 * that define a symbol the program needs: the reason goes to stderr through dpu_error
 * (diag.h), never through LLVM's own handler, which would exit with status 1. */
int dpu_compile_inputs(const struct dpu_options *o, LLVMContextRef ctx, LLVMModuleRef *out);

/* Loads the input at path (named so in messages) into a new module of ctx, *mod: a C file
 * compiled as dpu_compile_inputs says, with the flags of its build's compile command e first
 * (compdb.h: dpu_compdb_flags; NULL: none), bitcode or IR parsed. Returns 0, or 2 (message
 * printed, *mod left NULL). */
int dpu_compile_file(const struct dpu_options *o, LLVMContextRef ctx, const char *path,
                     const struct dpu_compdb_entry *e, LLVMModuleRef *mod);

#endif
