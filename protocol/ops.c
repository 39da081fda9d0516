/* Operation names and outcome words, generated from protocol/ops.def; see ops.h. */
#include "ops.h"

#include <stddef.h>

/* Each row's columns agree with each other (checked when this file compiles): an eager
 * operation is on no object (its dependences are its causal edges); an operation on a thread
 * object names a thread; atomic accesses and reads are on a location; the effects of an
 * atomic access on its location (LOAD, STORE) belong to atomic accesses alone. */
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb)                                    \
  _Static_assert(!((flags) & DPU_OPF_EAGER) || DPU_FAM_##family == DPU_FAM_NONE,              \
                 #id ": an eager operation is on no object");                                   \
  _Static_assert(DPU_FAM_##family != DPU_FAM_THREAD || ((flags) & DPU_OPF_THREAD),             \
                 #id ": on a thread object, obj is a thread id");                               \
  _Static_assert(!((flags) & (DPU_OPF_ATOMIC | DPU_OPF_READ)) ||                                \
                     DPU_FAM_##family == DPU_FAM_LOCATION,                                      \
                 #id ": an atomic access or a read is on a location");                          \
  _Static_assert(!(DPU_HB_##hb & (DPU_HB_LOAD | DPU_HB_STORE | DPU_HB_STORE_IF_EXCHANGED)) ||   \
                     ((flags) & DPU_OPF_ATOMIC),                                                \
                 #id ": only an atomic access loads or stores for the race detector");
#include "ops.def"
#undef DPU_OP

const char *dpu_op_name(uint8_t op) {
  static const char *const names[DPU_OP_COUNT] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) [DPU_OP_##id] = name,
#include "ops.def"
#undef DPU_OP
  };
  return op < DPU_OP_COUNT ? names[op] : "?";
}

const char *dpu_op_outcome_word(uint8_t op, uint8_t result) {
  static const char *const words[DPU_OP_COUNT][2] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) [DPU_OP_##id] = {if0, if1},
#include "ops.def"
#undef DPU_OP
  };
  return op < DPU_OP_COUNT ? words[op][result != 0] : NULL;
}
