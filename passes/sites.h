/* The site table (DESIGN.md §3): what the instrumentation (passes/instrument.h) learns about
 * the program's call sites and memory, and what the explorer and the reports read to name
 * them. A header of its own, without LLVM, so that the explorer and reports use it without
 * linking the passes. */
#ifndef DPU_SITES_H
#define DPU_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Source location of one instrumented call site. Strings are owned by the table. */
struct dpu_site {
  char *function;  /* enclosing function */
  char *file;      /* as recorded in debug info ("?" without -g) */
  unsigned line, col;
  char *callee;    /* the modelled function called, or "(indirect)"; for a memory access
                    * (passes/accesses.c): "load", "store", "memcpy", "memmove", "memset" */
  unsigned char spin; /* enum dpu_site_spin (protocol/protocol.h) */
};

/* Call-site id → location. Id 0 means "no site" and is entry 0 (all unknown). Filled by
 * dpu_instrument, freed with dpu_site_table_free (both passes/instrument.h). */
struct dpu_site_table {
  struct dpu_site *v;
  size_t n, cap;
  /* The names of the program's writable globals, in the order of the runtime's table
   * (@__dpu_global_addrs), to name the memory of a data race. */
  char **globals;
  size_t nglobals;
  char **tls;          /* the names of the thread-local variables, in the runtime's order */
  size_t ntls;
  size_t nondet_bounded; /* __VERIFIER_nondet_* calls explored over less than their type: a
                          * complete exploration proves nothing for the other values */
};

/* Whether site id is a plain load or store (passes/accesses.c): the sites a racy exploration
 * may make visible (explorer/visible.h). memcpy-like and libc sites cannot be: their accesses
 * are not single locations. False for id 0 and ids beyond the table. */
static inline bool dpu_site_is_plain_access(const struct dpu_site_table *sites, uint32_t id) {
  if (id == 0 || id >= sites->n) return false;
  const char *what = sites->v[id].callee;
  return strcmp(what, "load") == 0 || strcmp(what, "store") == 0;
}

#endif
