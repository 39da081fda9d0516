/* The C types of the program's globals from the debug info (a thin C API over LLVM's DI
 * classes, whose composite types' members the LLVM-C API cannot read; fields.cpp is C++ for
 * that alone). Fills the site table's types, members and global_type (sites.h). */
#ifndef DPU_PASSES_FIELDS_H
#define DPU_PASSES_FIELDS_H

#include <llvm-c/Core.h>

#include "sites.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sets t->global_type[i] for the globals g[0, n) (in the order of t->globals) from their
 * debug info, adding their types to t->types and t->members; UINT32_MAX for a global without
 * debug info. Aborts when out of memory, as LLVM does. */
void dpu_fields_of_globals(struct dpu_site_table *t, LLVMValueRef *g, size_t n);

#ifdef __cplusplus
}
#endif

#endif
