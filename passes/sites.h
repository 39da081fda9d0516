/* The site table (docs/design.md §3): what the instrumentation (passes/instrument.h) learns about
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

/* The C types of the program's writable globals, as far as it takes to name a byte of one as
 * the program writes it: `acct[1].lock` rather than `'acct' + 48` (report/fields.h). From the
 * debug info (passes/fields.cpp); a global without it has none. A type declared in a system
 * header (pthread_mutex_t, FILE) is a leaf: its members are the library's, not the
 * program's. */
enum dpu_field_kind { DPU_FT_LEAF, DPU_FT_STRUCT, DPU_FT_ARRAY };

struct dpu_field_type {
  uint64_t size;        /* bytes */
  uint32_t kind;        /* enum dpu_field_kind */
  uint32_t first, n;    /* a struct or union: its members members[first, first + n), by
                         * offset; an array: its element type types[first], n elements */
};

struct dpu_field_member {
  char *name;           /* owned by the table; "" for an anonymous struct or union */
  uint64_t offset;      /* bytes from the start of the enclosing type */
  uint32_t type;        /* index into types */
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
  struct dpu_field_type *types;     /* the globals' types, [0, ntypes) */
  size_t ntypes;
  struct dpu_field_member *members; /* the members of their structs and unions */
  size_t nmembers;
  uint32_t *global_type; /* [nglobals]: the type of globals[i], UINT32_MAX if unknown */
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
