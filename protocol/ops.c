/* Operation names and outcome words, generated from protocol/ops.def; see ops.h. */
#include "ops.h"

#include <stddef.h>

const char *dpu_op_name(uint8_t op) {
  static const char *const names[DPU_OP_COUNT] = {
#define DPU_OP(id, name, flags, if1, if0) [DPU_OP_##id] = name,
#include "ops.def"
#undef DPU_OP
  };
  return op < DPU_OP_COUNT ? names[op] : "?";
}

const char *dpu_op_outcome_word(uint8_t op, uint8_t result) {
  static const char *const words[DPU_OP_COUNT][2] = {
#define DPU_OP(id, name, flags, if1, if0) [DPU_OP_##id] = {if0, if1},
#include "ops.def"
#undef DPU_OP
  };
  return op < DPU_OP_COUNT ? words[op][result != 0] : NULL;
}
