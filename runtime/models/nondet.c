/* __VERIFIER_nondet_* values (issue #12): passes/nondet.c turns each call into one of
 * __dpu_nondet with the call's domain. The value is a visible operation of its thread alone
 * (DPU_OP_NONDET, on its choices object): the replay's choice picks its index, the first value
 * otherwise, and the explorers try the others as the operation's other outcomes. */
#include <stdint.h>

#include "../interpose.h"
#include "../rt.h"

long long __dpu_nondet(const long long *values, uint32_t n) {
  struct dpu_event_rec *e = dpu_rt_visible_aux(DPU_OP_NONDET, (uint64_t)dpu_rt.cur, n);
  uint32_t i = dpu_rt.choice ? dpu_rt.choice - 1u : 0;
  if (i >= n) i = 0;
  e->result = (uint8_t)i;
  e->value = (uint64_t)values[i];
  e->flags |= DPU_REC_VALUE;
  return values[i];
}
