/* The visible operations as the runner, the explorers and the reports see them: enum dpu_op
 * and each operation's attributes, generated from the table protocol/ops.def (one row per
 * operation, issue #14), and the predicates on them. Part of the protocol between the
 * processes (protocol.h includes it): a record's op is an enum dpu_op. */
#ifndef DPU_OPS_H
#define DPU_OPS_H

#include <stdint.h>

/* What an operation is, as protocol/ops.def's FLAGS column says. */
enum dpu_op_flag {
  DPU_OPF_THREAD = 1 << 0, /* its object is a thread (obj = a thread id), not an address */
  DPU_OPF_EAGER = 1 << 1,  /* no dependent operation can be enabled with it: the scheduler runs
                            * it at once past a replay (docs/design.md §5; start, exit, create) */
  DPU_OPF_BLOCKS = 1 << 2, /* it may block: the scheduler asks its model whether it can run */
  DPU_OPF_TRY = 1 << 3,    /* it never blocks and its outcome depends on its object's state
                            * (trylock-like: acquired or busy, woken or timed out) */
  DPU_OPF_ATOMIC = 1 << 4, /* an atomic access of a memory location */
  DPU_OPF_ACCESS = 1 << 5, /* an access of a memory location: atomic, or a visible plain one */
  DPU_OPF_READ = 1 << 6,   /* it reads a location without modifying it (a CAS may) */
  DPU_OPF_KIND = 1 << 7,   /* its aux is its object's kind (a mutex's PTHREAD_MUTEX_* type) */
};

/* Visible operations (protocol/ops.def has one row each, with what they mean). */
enum dpu_op {
#define DPU_OP(id, name, flags, if1, if0) DPU_OP_##id,
#include "ops.def"
#undef DPU_OP
  DPU_OP_COUNT
};

/* The flags of each operation (ops.def's FLAGS column); 0 for the values up to 63 that are no
 * operation (DPU_OP_COUNT: none pending). */
_Static_assert(DPU_OP_COUNT < 64, "an operation fits 6 bits");
static const uint8_t dpu_op_flags[64] = {
#define DPU_OP(id, name, flags, if1, if0) [DPU_OP_##id] = (flags),
#include "ops.def"
#undef DPU_OP
};

/* Whether op (any value) has flag f (enum dpu_op_flag). */
static inline int dpu_op_has(uint8_t op, unsigned f) { return op < 64 && (dpu_op_flags[op] & f); }

/* The replay choice of a kill (struct dpu_replay_step). */
#define DPU_CHOICE_KILL 0xffff

/* The largest domain of a nondet value (DPU_OP_NONDET): its index fits a record's result. */
#define DPU_NONDET_MAX_VALUES 256u

/* The replay choice (struct dpu_replay_step) that makes a run repeat the outcome of a record
 * of op with this result, 0 if op's outcome is not chosen by the replay. */
static inline uint16_t dpu_op_choice(uint8_t op, uint16_t result) {
  if (op == DPU_OP_THREAD_KILL) return DPU_CHOICE_KILL;
  if (op == DPU_OP_COND_SIGNAL) return result; /* tid + 1 of the thread woken, 0 = none */
  if (op == DPU_OP_NONDET) return (uint16_t)(result + 1u);
  return 0;
}

/* The object of the signal operations: no address, thread or other object has this key. */
#define DPU_SIGNALS_OBJ 8u

/* The object of the key operations (the key table), likewise. */
#define DPU_KEYS_OBJ 9u

/* Whether op is an atomic-location access. Their outcome (a CAS exchanged or not) follows from
 * the event's history and is not part of its name; loads and failed CAS do not modify the
 * location, which spin-loop detection uses (see dpu_op_spin_read). */
static inline int dpu_op_is_atomic(uint8_t op) { return dpu_op_has(op, DPU_OPF_ATOMIC); }

/* Whether op accesses a memory location: an atomic access, or a visible plain read or write.
 * These are the operations the spin-loop rule looks at. */
static inline int dpu_op_is_access(uint8_t op) { return dpu_op_has(op, DPU_OPF_ACCESS); }

/* The object an operation on obj acts on: for a visible plain access, the 8-byte granule that
 * holds the address (two accesses to one variable, or to overlapping bytes, are dependent;
 * neighbours in one granule too, which costs traces but loses none); else obj itself. */
static inline uint64_t dpu_op_object(uint8_t op, uint64_t obj) {
  return op == DPU_OP_READ || op == DPU_OP_WRITE ? obj & ~(uint64_t)7 : obj;
}

/* Whether op reads a location without modifying it (a CAS may: see its result). */
static inline int dpu_op_is_read(uint8_t op) { return dpu_op_has(op, DPU_OPF_READ); }

/* Whether op never blocks and its outcome depends on the object's state (trylock-like). */
static inline int dpu_op_is_try(uint8_t op) { return dpu_op_has(op, DPU_OPF_TRY); }

/* Object classes, so that a thread id and an address never name the same object. */
static inline int dpu_op_is_thread_op(uint8_t op) { return dpu_op_has(op, DPU_OPF_THREAD); }

/* Dependence on thread objects is finer than "all operations on one object" (docs/design.md §5):
 * start(t) depends only on create(t), which precedes it; exit(t) only on join(t), which cannot
 * be enabled before it; create(t) only on start(t). Join and detach of t depend on each other.
 * So start, exit and create never race with an enabled dependent operation: the scheduler runs
 * them as soon as they are pending, and only join/detach form the sequence of a thread object
 * in a trace's partial order. */
static inline int dpu_op_is_eager(uint8_t op) { return dpu_op_has(op, DPU_OPF_EAGER); }

/* The name of an operation in reports, e.g. "pthread_mutex_lock" (ops.def's NAME); "?" for a
 * value that is no operation. */
const char *dpu_op_name(uint8_t op);

/* What result means for op in reports, e.g. "acquired" or "busy" for a trylock (ops.def's IF1
 * and IF0); NULL when that column is empty or op is no operation. */
const char *dpu_op_outcome_word(uint8_t op, uint8_t result);

#endif
