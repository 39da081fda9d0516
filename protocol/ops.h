/* The visible operations as the runner, the explorers and the reports see them: enum dpu_op
 * and each operation's attributes, generated from the table protocol/ops.def (one row per
 * operation, issue #14), and the predicates on them. Part of the protocol between the
 * processes (protocol.h includes it): a record's op is an enum dpu_op. */
#ifndef DPU_OPS_H
#define DPU_OPS_H

#include <stdint.h>

/* What an operation is, as protocol/ops.def's FLAGS column says (DPU_OPF_ACCESS excepted: it
 * follows from the FAMILY column). */
enum dpu_op_flag {
  DPU_OPF_THREAD = 1 << 0, /* its obj is a thread id, not an address */
  DPU_OPF_EAGER = 1 << 1,  /* no dependent operation can be enabled with it: the scheduler runs
                            * it at once past a replay (docs/design.md §5; start, exit, create) */
  DPU_OPF_BLOCKS = 1 << 2, /* it may block: the scheduler asks its model whether it can run */
  DPU_OPF_TRY = 1 << 3,    /* it never blocks and its outcome depends on its object's state
                            * (trylock-like: acquired or busy, woken or timed out) */
  DPU_OPF_ATOMIC = 1 << 4, /* an atomic access of a memory location */
  DPU_OPF_ACCESS = 1 << 5, /* an access of a memory location: atomic, or a visible plain one
                            * (not written in ops.def: the operations of FAMILY LOCATION) */
  DPU_OPF_READ = 1 << 6,   /* it reads a location without modifying it (a CAS may); two such
                            * reads of one location commute (dpu_op_commutes) */
  DPU_OPF_KIND = 1 << 7,   /* its aux is its object's kind (a mutex's PTHREAD_MUTEX_* type) */
};

/* The object an operation is on, ops.def's FAMILY column (docs/design.md §5). Operations on one
 * object are dependent (reads of a location excepted, dpu_op_commutes); operations on no
 * object are dependent only through their thread and their extra cause (enum dpu_op_cause).
 * The object's key (dpu_op_key) keeps the families apart. */
enum dpu_op_family {
  DPU_FAM_NONE = 0,  /* on no object (every DPU_OPF_EAGER operation; a kill, a nondet choice,
                      * a barrier's leave) */
  DPU_FAM_THREAD,    /* the thread object obj (a thread id) */
  DPU_FAM_ADDRESS,   /* the synchronisation object at address obj: a mutex, spinlock, atomic
                      * section, condition variable, rwlock, semaphore, barrier, once */
  DPU_FAM_LOCATION,  /* the memory location at obj (for a plain access, the 8-byte granule that
                      * holds it, dpu_op_object): reads are on the per-thread reader objects of
                      * the location in the explorer (explorer/pes.h) */
  DPU_FAM_PROCESS,   /* the process object (obj = 0): its end */
  DPU_FAM_SIGNALS,   /* the one signals object (obj = DPU_SIGNALS_OBJ) */
  DPU_FAM_KEYS,      /* the one key table (obj = DPU_KEYS_OBJ) */
  DPU_FAM_CHOICES,   /* the choices of thread obj (a thread id): its nondet values and which
                      * store its loads read. Two outcomes of one choice are in conflict, and
                      * so is everything after them: an object of their own makes that show
                      * in every later event's history (explorer/pes.c, dpu_pes_conflict
                      * compares the events' objects), where a choice on no object left it in
                      * the thread tree alone, which events of other threads do not look at */
};

/* The extra cause of an operation's event, ops.def's CAUSE column: the event it follows besides
 * its thread's previous one and its object's previous one; it is enabled once that event is in
 * the configuration (explorer/extend.c finds it). */
enum dpu_op_cause {
  DPU_CAUSE_NONE = 0,
  DPU_CAUSE_CREATOR,      /* a start: the create of its thread */
  DPU_CAUSE_JOINED_EXIT,  /* a join: the exit of the joined thread (obj) */
  DPU_CAUSE_ROUND_END,    /* a barrier's leave: the arrival that completed the round of its
                           * thread's arrival */
  DPU_CAUSE_STORED,       /* a store buffer's flush: the event of the buffer's thread after
                           * which it made the store (aux: that event's depth in its thread) */
  DPU_CAUSE_FLUSHED,      /* a drain: its buffer's flush of the last store it buffered */
};

/* What an operation does to the race detector's happens-before (runtime/race_hb.c, after C11
 * 5.1.2.4 and 7.17.3), ops.def's HB column: bits. A synchronisation operation's runtime model
 * applies it, when its outcome says so (a trylock acquires only when it acquired; a completing
 * arrival only acquires and wakes); the debug build checks that the model applies no effect
 * its row leaves out. An atomic access's effect is what it does to the location, which the
 * instruction's memory order makes an acquire or a release. Plain accesses, visible or not, are
 * no synchronisation (the race detector checks them). */
enum dpu_hb {
  DPU_HB_NONE = 0,
  DPU_HB_ACQUIRE = 1 << 0,   /* joins its object's clock into its thread's (lock, wait, join) */
  DPU_HB_RELEASE = 1 << 1,   /* joins its thread's clock into its object's (unlock, post, exit) */
  DPU_HB_WAKE = 1 << 2,      /* hands its thread's clock to the threads it wakes */
  DPU_HB_WOKEN = 1 << 3,     /* takes the clock handed to its thread by the one that woke it */
  DPU_HB_LOAD = 1 << 4,      /* reads the location: synchronises with the release sequences
                              * of the write it reads, if its order acquires */
  DPU_HB_STORE = 1 << 5,     /* writes the location: heads a release sequence if its order
                              * releases; a store that does not read ends the other threads' */
  DPU_HB_STORE_IF_EXCHANGED = 1 << 6, /* writes the location when it exchanged (a CAS) */
  /* The combinations ops.def's rows name. */
  DPU_HB_RELEASE_ACQUIRE_WAKE = DPU_HB_RELEASE | DPU_HB_ACQUIRE | DPU_HB_WAKE, /* a barrier's
                              * arrival; the one completing the round acquires and wakes */
  DPU_HB_RMW = DPU_HB_LOAD | DPU_HB_STORE,
  DPU_HB_CAS = DPU_HB_LOAD | DPU_HB_STORE_IF_EXCHANGED,
};

/* Visible operations (protocol/ops.def has one row each, with what they mean). */
enum dpu_op {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) DPU_OP_##id,
#include "ops.def"
#undef DPU_OP
  DPU_OP_COUNT
};

/* The object of the signal operations: no address, thread or other object has this key. */
#define DPU_SIGNALS_OBJ 8u

/* The object of the key operations (the key table), likewise. */
#define DPU_KEYS_OBJ 9u

/* The tables below are generated from ops.def's rows, indexed by operation; 0 (no flags, no
 * object, no cause, no effect) for the values below DPU_OP_SLOTS that are no operation
 * (DPU_OP_COUNT:
 * none pending). They are lookups on the explorer's and the runner's hot paths. */
#define DPU_OP_SLOTS 128 /* the tables' size: every operation and DPU_OP_COUNT below it */
_Static_assert(DPU_OP_COUNT < DPU_OP_SLOTS, "an operation fits 7 bits");

/* The flags of each operation (ops.def's FLAGS column, and DPU_OPF_ACCESS from FAMILY). */
static const uint8_t dpu_op_flags[DPU_OP_SLOTS] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb)                                    \
  [DPU_OP_##id] = (flags) | (DPU_FAM_##family == DPU_FAM_LOCATION ? DPU_OPF_ACCESS : 0),
#include "ops.def"
#undef DPU_OP
};

/* Each operation's family (enum dpu_op_family), extra cause (enum dpu_op_cause) and
 * happens-before effect (enum dpu_hb): ops.def's FAMILY, CAUSE and HB columns. */
static const uint8_t dpu_op_families[DPU_OP_SLOTS] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) [DPU_OP_##id] = DPU_FAM_##family,
#include "ops.def"
#undef DPU_OP
};
static const uint8_t dpu_op_causes[DPU_OP_SLOTS] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) [DPU_OP_##id] = DPU_CAUSE_##cause,
#include "ops.def"
#undef DPU_OP
};
static const uint8_t dpu_op_hb_effects[DPU_OP_SLOTS] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb) [DPU_OP_##id] = DPU_HB_##hb,
#include "ops.def"
#undef DPU_OP
};

/* How an operation's obj becomes its object's key (dpu_op_object, dpu_op_key), from its row:
 * the bits of obj kept (an 8-byte granule for a plain access, FAMILY LOCATION without
 * DPU_OPF_ATOMIC; none for the process, the one object of its family; else all), and its
 * family's class bits, so that a thread id, the process and an address never share a key. */
struct dpu_op_key_rule {
  uint64_t mask;  /* obj & mask: the object (the granule of a plain access) */
  uint64_t cls;   /* xor'ed in: 1 << 63 for a thread, 1 << 63 | 0xffff for the process */
};
static const struct dpu_op_key_rule dpu_op_key_rules[DPU_OP_SLOTS] = {
#define DPU_OP(id, name, flags, if1, if0, family, cause, hb)                                    \
  [DPU_OP_##id] = {DPU_FAM_##family == DPU_FAM_LOCATION && !((flags) & DPU_OPF_ATOMIC)          \
                       ? ~(uint64_t)7                                                           \
                   : DPU_FAM_##family == DPU_FAM_PROCESS ? 0                                    \
                                                         : ~(uint64_t)0,                        \
                   DPU_FAM_##family == DPU_FAM_THREAD    ? 1ull << 63                           \
                   : DPU_FAM_##family == DPU_FAM_PROCESS ? 1ull << 63 | 0xffff                  \
                   : DPU_FAM_##family == DPU_FAM_CHOICES ? 1ull << 63 | 1ull << 61              \
                                                         : 0},
#include "ops.def"
#undef DPU_OP
};

/* Whether op (any value) has flag f (enum dpu_op_flag). */
static inline int dpu_op_has(uint8_t op, unsigned f) {
  return op < DPU_OP_SLOTS && (dpu_op_flags[op] & f);
}

/* The family of the object op (any value) is on (ops.def's FAMILY column); DPU_FAM_NONE for
 * a value that is no operation. */
static inline enum dpu_op_family dpu_op_family(uint8_t op) {
  return op < DPU_OP_SLOTS ? (enum dpu_op_family)dpu_op_families[op] : DPU_FAM_NONE;
}

/* Whether op is on no object (FAMILY NONE), or a value that is no operation. */
static inline int dpu_op_on_no_object(uint8_t op) { return dpu_op_family(op) == DPU_FAM_NONE; }

/* The extra cause of op's events (ops.def's CAUSE column); DPU_CAUSE_NONE for a value that is
 * no operation. */
static inline enum dpu_op_cause dpu_op_cause(uint8_t op) {
  return op < DPU_OP_SLOTS ? (enum dpu_op_cause)dpu_op_causes[op] : DPU_CAUSE_NONE;
}

/* op's effect on the race detector's happens-before (ops.def's HB column, enum dpu_hb bits); 0
 * for a value that is no operation. */
static inline unsigned dpu_op_hb(uint8_t op) {
  return op < DPU_OP_SLOTS ? dpu_op_hb_effects[op] : 0;
}

/* The largest domain of a nondet value (DPU_OP_NONDET): its index fits a record's result. */
#define DPU_NONDET_MAX_VALUES 256u

/* The replay choice (struct dpu_replay_step) that makes a run repeat the outcome of a record
 * of op with this result, 0 if op's outcome is not chosen by the replay. */
static inline uint16_t dpu_op_choice(uint8_t op, uint16_t result) {
  if (op == DPU_OP_COND_SIGNAL) return result; /* tid + 1 of the thread woken, 0 = none */
  if (op == DPU_OP_NONDET || op == DPU_OP_READS_FROM || op == DPU_OP_CAS_SPURIOUS)
    return (uint16_t)(result + 1u);
  /* an atomic store's place in modification order under ra/rc11 (0: the newest, chosen when
   * the replay says nothing) */
  if (op == DPU_OP_ATOMIC_STORE && result) return (uint16_t)(result + 1u);
  return 0;
}

/* Whether op is a choice of its thread alone among aux outcomes (a nondet value, a load's
 * reads-from under ra/rc11, a weak CAS's spurious failure): on its thread's choices object
 * (DPU_FAM_CHOICES), its outcomes in conflict with each other only. */
static inline int dpu_op_is_choice(uint8_t op) {
  return op == DPU_OP_NONDET || op == DPU_OP_READS_FROM || op == DPU_OP_CAS_SPURIOUS;
}

/* Whether events of op with this aux have other outcomes at their own place, as many as the
 * record's aux: a choice, and an atomic store with more than one place in modification order
 * under ra/rc11 (runtime/models/ra.c: dpu_ra_store; result = the place, 0 the newest). */
static inline int dpu_op_has_outcomes(uint8_t op, uint64_t aux) {
  return dpu_op_is_choice(op) || (op == DPU_OP_ATOMIC_STORE && aux > 1);
}

/* Whether op is an atomic-location access. Their outcome (a CAS exchanged or not) follows from
 * the event's history and is not part of its name; loads and failed CAS do not modify the
 * location, which spin-loop detection uses (see dpu_op_spin_read). */
static inline int dpu_op_is_atomic(uint8_t op) { return dpu_op_has(op, DPU_OPF_ATOMIC); }

/* Whether op accesses a memory location: an atomic access, or a visible plain read or write.
 * These are the operations the spin-loop rule looks at. */
static inline int dpu_op_is_access(uint8_t op) { return dpu_op_has(op, DPU_OPF_ACCESS); }

/* The object an operation op (< DPU_OP_COUNT) on obj acts on: for a visible plain access, the
 * 8-byte granule that holds the address (two accesses to one variable, or to overlapping
 * bytes, are dependent; neighbours in one granule too, which costs traces but loses none);
 * else obj itself. */
static inline uint64_t dpu_op_object(uint8_t op, uint64_t obj) {
  return obj & dpu_op_key_rules[op].mask;
}

/* The key of the object that op (< DPU_OP_COUNT, on an object: not dpu_op_on_no_object) on obj
 * acts on: equal keys, one object. Its object (dpu_op_object) with its family's class bits:
 * thread ids, the process (whose obj is 0) and addresses never share a key; the signals object
 * and the key table have keys no address has (DPU_SIGNALS_OBJ, DPU_KEYS_OBJ). */
static inline uint64_t dpu_op_key(uint8_t op, uint64_t obj) {
  return dpu_op_object(op, obj) ^ dpu_op_key_rules[op].cls;
}

/* Whether op reads a location without modifying it (a CAS may: see its result). */
static inline int dpu_op_is_read(uint8_t op) { return dpu_op_has(op, DPU_OPF_READ); }

/* Whether two operations a and b on one object commute (are independent): reads of a location
 * (DPU_OPF_READ), which the explorer puts on per-thread reader objects (explorer/pes.h). Every
 * other pair on one object is dependent. */
static inline int dpu_op_commutes(uint8_t a, uint8_t b) {
  return dpu_op_is_read(a) && dpu_op_is_read(b);
}

/* Whether op leaves symmetric threads interchangeable for the symmetry rule's order
 * (explorer/symmetry.h): a read of a location (reads commute), an operation on no object, or
 * a choice of the thread's own (DPU_FAM_CHOICES: its nondet values, what its loads read). Two
 * threads created alike may make any number of these, each its own way, before the first
 * operation that the rule orders. */
static inline int dpu_op_sym_free(uint8_t op) {
  return dpu_op_is_read(op) || dpu_op_family(op) == DPU_FAM_NONE ||
         dpu_op_family(op) == DPU_FAM_CHOICES;
}

/* Whether op never blocks and its outcome depends on the object's state (trylock-like). */
static inline int dpu_op_is_try(uint8_t op) { return dpu_op_has(op, DPU_OPF_TRY); }

/* Whether op's obj is a thread id (DPU_OPF_THREAD). */
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
