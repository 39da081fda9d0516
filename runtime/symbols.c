/* The table the JIT resolves the program's calls to __dpu_* through (interpose.h). */
#include <stdint.h>

#include "interpose.h"
#include "models/ra.h"
#include "models/tso.h"
#include "race.h"
#include "entry.h"
#include "statefp.h"

extern uint32_t __dpu_site;

static const struct dpu_symbol table[] = {
#define DPU_FN(name) {"__dpu_" #name, (void *)__dpu_##name},
#include "interpose.def"
#undef DPU_FN
#define DPU_HOOK(sym) {#sym, (void *)sym},
#include "hooks.def"
#undef DPU_HOOK
    {"__dpu_site", (void *)&__dpu_site},
};

/* The same, through the entry thunks that record the program's registers (statefp.h). */
static const struct dpu_symbol thunked[] = {
#define DPU_FN(name) {"__dpu_" #name, (void *)dpu_entry___dpu_##name},
#include "interpose.def"
#undef DPU_FN
#define DPU_HOOK(sym) {#sym, (void *)dpu_entry_##sym},
#include "hooks.def"
#undef DPU_HOOK
    {"__dpu_site", (void *)&__dpu_site},
};

const struct dpu_symbol *dpu_runtime_symbols(size_t *n) {
  *n = sizeof table / sizeof *table;
  return dpu_sfp_wanted() ? thunked : table;
}
