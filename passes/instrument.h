/* Instrumentation of the program's LLVM module (docs/design.md §3), with the LLVM-C API. */
#ifndef DPU_INSTRUMENT_H
#define DPU_INSTRUMENT_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

#include "../protocol/protocol.h" /* enum dpu_site_spin */
#include "sites.h"            /* struct dpu_site_table */

/* A note of the instrumentation for the user, e.g. that atomic operations have orders weaker
 * than seq_cst. The strings are the instrumentation's, valid during the call of note. */
struct dpu_pass_note {
  const char *id;              /* what it is about, a short constant: "weak-atomics" */
  const char *file, *function; /* the source location it is about; file NULL: none */
  unsigned line, column;       /* 0: unknown */
  const char *text;            /* what follows "dpu: note: " (no newline) */
};

/* Choices of the user that change the instrumentation, and where its notes go. */
struct dpu_instrument_options {
  bool nondet_fixed;   /* --nondet=VALUE: __VERIFIER_nondet_* return nondet */
  long long nondet;
  bool nondet_range;   /* --nondet=range:LO..HI: the domain of the types wider than 8 bits
                        * (HI - LO < DPU_NONDET_MAX_VALUES) */
  long long nondet_lo, nondet_hi;
  bool races;          /* instrument memory accesses for the race detector (--races) */
  bool tso;            /* --memory-model=tso: atomic loads read through the store buffers,
                        * stores weaker than seq_cst are buffered (passes/atomics.c) */
  bool ra;             /* --memory-model=ra|rc11: atomic loads read one of the stores visible
                        * to them (runtime/models/ra.c), seq_cst fences are one global
                        * read-modify-write (passes/atomics.c) */
  bool rc11;           /* --memory-model=rc11: relaxed accesses stay relaxed (under ra every
                        * access is release/acquire at least) */
  bool model_auto;     /* no --memory-model given: rc11 when an atomic or a fence has an order
                        * weaker than seq_cst and races is on (rc11 needs its happens-before),
                        * else sc (issue 40; docs/memory-models.md) */
  bool *rc11_chosen;   /* model_auto: set true when rc11 was chosen (the caller then runs the
                        * runtime with ra on), else untouched; may be NULL */
  bool spurious_cas;   /* --spurious-cas: a weak cmpxchg may fail although the location holds
                        * what it expects (passes/atomics.c: DPU_ATOMIC_WEAK) */
  bool svcomp;         /* --svcomp: SV-COMP's conventions even if the program does not show
                        * them (steps.h: dpu_pass_svcomp) */
  char *error;         /* when step 2 rejects a function: its first message, without the
                        * "dpu: error: " prefix, NUL-terminated in error[0, error_size), for
                        * the report document's reason; NULL: not kept */
  size_t error_size;
  /* Says a note, with note_arg (the caller shows and keeps it: frontend/sink.h, the note of a
   * text said before said once); NULL: notes are dropped. */
  void (*note)(void *note_arg, const struct dpu_pass_note *n);
  void *note_arg;
};

/* Instruments mod in place:
 *  1. removes optnone and runs SROA and mem2reg, so locals do not stay in memory;
 *  1a. finds the spin regions and marks their reads (steps.h: dpu_pass_spinloops);
 *  1b. makes __VERIFIER_nondet_* calls choices of the explorer (steps.h: dpu_pass_nondet);
 *  1c. applies SV-COMP's conventions to a program that follows them (steps.h: dpu_pass_svcomp);
 *  2. rejects calls to pthread/semaphore/C11-thread functions that dpu does not model: prints
 *     "dpu: error: unsupported function 'NAME' (first called at FILE:LINE in FN)" to stderr for
 *     each, and returns -1;
 *  2b. gives thread-local variables per-thread storage and makes atomic instructions visible
 *     operations (steps.h: dpu_pass_tls, dpu_pass_atomics);
 *  2c. with opt->races, calls the race detector before every load and store of memory that
 *     may be shared, every memcpy/memmove/memset intrinsic and every fence, each access with
 *     a site id of its own in *sites (steps.h: dpu_pass_accesses);
 *  3. renames every declaration of a function in runtime/interpose.def to __dpu_NAME, so direct
 *     calls and function pointers both reach the runtime;
 *  4. before every call to a __dpu_ function and every indirect call, stores the call's site id
 *     in @__dpu_site, and records the site in *sites;
 *  5. emits @__dpu_spin_kinds (i8 per site id: enum dpu_site_spin) and @__dpu_spin_n, and
 *     @__dpu_global_addrs / @__dpu_global_sizes / @__dpu_global_n, the table of writable
 *     globals the runtime restores before every run;
 *  6. gives every defined function the attribute "frame-pointer"="all", so that stacks can be
 *     unwound through the JIT-compiled code by its frame-pointer chain.
 * Returns 0 on success, -1 on an error already reported on stderr. On success *sites is filled
 * (free with dpu_site_table_free). */
int dpu_instrument(LLVMModuleRef mod, const struct dpu_instrument_options *opt,
                   struct dpu_site_table *sites);

/* Frees the strings and array of a site table. */
void dpu_site_table_free(struct dpu_site_table *t);

/* Whether `name` is a function dpu models (in runtime/interpose.def). */
int dpu_is_modelled(const char *name);

#endif
