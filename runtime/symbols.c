/* The table the JIT resolves the program's calls to __dpu_* through (interpose.h). */
#include <stdint.h>

#include "interpose.h"
#include "models/ra.h"
#include "models/tso.h"
#include "race.h"

extern uint32_t __dpu_site;

static const struct dpu_symbol table[] = {
#define DPU_FN(name) {"__dpu_" #name, (void *)__dpu_##name},
#include "interpose.def"
#undef DPU_FN
    {"__dpu_site", (void *)&__dpu_site},
    {"__dpu_atomic_op", (void *)__dpu_atomic_op},
    {"__dpu_atomic_cas_result", (void *)__dpu_atomic_cas_result},
    {"__dpu_spin_enter", (void *)__dpu_spin_enter},
    {"__dpu_spin_exit", (void *)__dpu_spin_exit},
    {"__dpu_tls_address", (void *)__dpu_tls_address},
    {"__dpu_load", (void *)__dpu_load},
    {"__dpu_store", (void *)__dpu_store},
    {"__dpu_fence", (void *)__dpu_fence},
    {"__dpu_tso_fence", (void *)__dpu_tso_fence},
    {"__dpu_tso_load", (void *)__dpu_tso_load},
    {"__dpu_ra_fence", (void *)__dpu_ra_fence},
    {"__dpu_ra_load", (void *)__dpu_ra_load},
    {"__dpu_ra_cas", (void *)__dpu_ra_cas},
    {"__dpu_ra_cas_ok", (void *)__dpu_ra_cas_ok},
    {"__dpu_svcomp_abort", (void *)__dpu_svcomp_abort},
    {"__dpu_nondet", (void *)__dpu_nondet},
};

const struct dpu_symbol *dpu_runtime_symbols(size_t *n) {
  *n = sizeof table / sizeof *table;
  return table;
}
