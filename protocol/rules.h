/* The semantics of every object family with a rule, as pure functions of the facts both sides
 * keep (issue #14: one model of each object's rules), used by the runner (runtime/models/:
 * whether a pending operation can run, what a try operation gets, the state after it) and by
 * the explorer (explorer/model.c: an event's outcomes and its object's state after it), so
 * that the two cannot disagree. The runner keeps the state inside the program's object (with
 * its lifecycle: never initialised, live, destroyed, which it reports as misuse), the explorer
 * in the event (struct dpu_ostate); both call these with the same values.
 *
 * Where the two keep a state in different shapes, the rule is over what both can tell: a
 * condition variable's waiters are pointers in the runner's threads (each thread waits on one
 * object at a time, so a signal finds its candidates in one pass over the threads) and thread
 * sets in the explorer's events (a state must be copied into each event), so the rule is over
 * one thread's role; a spin loop's reads are a per-thread array in the runner and a chain of
 * events in the explorer, so the rule is over an array both fill. The differential tests
 * (tests/gen: kinds cond, barrier, atomic, signal, and the regression programs) check that
 * both sides, with their own bookkeeping around these rules, agree on generated programs.
 *
 * Throughout, owner and self are thread ids + 1 (0: no thread). */
#ifndef DPU_RULES_H
#define DPU_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "ops.h"

/* ---- mutexes, spinlocks, SV-COMP's atomic section -------------------------------------- */

/* Whether a lock by self can run: the lock is free, or self holds it (a relock runs, and then
 * recurses, fails with EDEADLK or is reported as misuse, as the kind says). */
static inline bool dpu_lock_can_run(int32_t owner, int32_t self) {
  return owner == 0 || owner == self;
}

/* Whether a trylock or timedlock by self acquires: the lock is free, or self holds a
 * recursive mutex (POSIX: pthread_mutex_trylock). */
static inline bool dpu_trylock_acquires(int32_t owner, int32_t self, bool recursive) {
  return owner == 0 || (owner == self && recursive);
}

/* The state after self acquires (owner, count: recursion depth): one level more of a
 * recursive mutex self holds; no change on another relock (EDEADLK, or misuse). */
static inline void dpu_lock_take(int32_t *owner, uint32_t *count, int32_t self,
                                 bool recursive) {
  if (*owner != self) *owner = self, *count = 1;
  else if (recursive) ++*count;
}

/* The state after self unlocks: one level less, free at 0; no change when self does not hold
 * it (EPERM, or misuse). */
static inline void dpu_lock_drop(int32_t *owner, uint32_t *count, int32_t self) {
  if (*owner == self && --*count == 0) *owner = 0;
}

/* ---- read-write locks (readers preferred, as glibc's default) -------------------------- */

/* Whether a read (write false) or write lock by self can run: no writer holds it, and for a
 * write no reader either; or self is the writer (a relock: EDEADLK, or misuse). */
static inline bool dpu_rwlock_can_run(bool write, int32_t writer, uint32_t readers,
                                      int32_t self) {
  return writer == self || (writer == 0 && (!write || readers == 0));
}

/* Whether a try or timed read (write false) or write lock acquires. */
static inline bool dpu_tryrwlock_acquires(bool write, int32_t writer, uint32_t readers) {
  return writer == 0 && (!write || readers == 0);
}

/* ---- semaphores ------------------------------------------------------------------------ */

/* Whether sem_wait can run: the value is positive; on a semaphore that is not live (never
 * initialised, destroyed) it runs, to be reported as misuse. */
static inline bool dpu_sem_wait_can_run(bool live, uint32_t value) { return !live || value > 0; }

/* Whether sem_trywait or sem_timedwait decrements (else EAGAIN or ETIMEDOUT). */
static inline bool dpu_sem_trywait_succeeds(bool live, uint32_t value) {
  return live && value > 0;
}

/* ---- pthread_once ---------------------------------------------------------------------- */

/* The state of a once object (the runner keeps it in the pthread_once_t: PTHREAD_ONCE_INIT
 * is 0). */
enum dpu_once_state { DPU_ONCE_NOT_RUN = 0, DPU_ONCE_RUNNING = 1, DPU_ONCE_DONE = 2 };

/* Whether a thread's entry can run: the routine is not running in another thread. */
static inline bool dpu_once_enter_can_run(int state) { return state != DPU_ONCE_RUNNING; }

/* Whether an entry that can run runs the routine: it has not run (the entry is the first). */
static inline bool dpu_once_enter_runs(int state) { return state != DPU_ONCE_DONE; }

/* ---- condition variables (App. D of symbolic-partial-order-execution.txt) -------------- */

/* A thread's role towards one condition variable: not waiting on it, in its wait set (after
 * COND_WAIT), or chosen by a signal or broadcast and not resumed yet. */
enum dpu_cond_role { DPU_COND_NONE, DPU_COND_WAITING, DPU_COND_CHOSEN };

/* Whether COND_RESUME can run: a signal or broadcast chose the thread. */
static inline bool dpu_cond_resume_can_run(enum dpu_cond_role self) {
  return self == DPU_COND_CHOSEN;
}

/* COND_TIMEDRESUME's and COND_SPURIOUS's result (they never block): 1 woken (chosen), 0 timed
 * out or a spurious wakeup. */
static inline uint16_t dpu_cond_resume_result(enum dpu_cond_role self) {
  return self == DPU_COND_CHOSEN;
}

/* The role of a thread after `op` on the object: is_self says whether the thread ran it;
 * chosen whether it is the thread a COND_SIGNAL chose (its result - 1; the explorer explores
 * every waiting thread as a choice). A wait enters the wait set; a signal moves the chosen
 * waiter, a broadcast every waiter, to chosen; a resume (woken, timed out or spurious) leaves
 * the object. */
static inline enum dpu_cond_role dpu_cond_role_after(uint8_t op, enum dpu_cond_role role,
                                                     bool is_self, bool chosen) {
  switch (op) {
  case DPU_OP_COND_WAIT:
    return is_self ? DPU_COND_WAITING : role;
  case DPU_OP_COND_SIGNAL:
    return chosen && role == DPU_COND_WAITING ? DPU_COND_CHOSEN : role;
  case DPU_OP_COND_BROADCAST:
    return role == DPU_COND_WAITING ? DPU_COND_CHOSEN : role;
  case DPU_OP_COND_RESUME:
  case DPU_OP_COND_TIMEDRESUME:
  case DPU_OP_COND_SPURIOUS:
    return is_self ? DPU_COND_NONE : role;
  default:
    return role;
  }
}

/* ---- barriers -------------------------------------------------------------------------- */

/* Whether an arrival completes its round (BARRIER_ARRIVE's result 1: the caller gets
 * PTHREAD_BARRIER_SERIAL_THREAD and the round starts again empty): the barrier is live and
 * the threads arrived before in this round, with this one, are its count. */
static inline bool dpu_barrier_arrive_completes(bool live, uint32_t arrived_before,
                                                uint32_t count) {
  return live && arrived_before + 1 == count;
}

/* Whether BARRIER_LEAVE can run: the thread's round is complete (it is no longer among the
 * threads arrived), or the barrier is not live (a destroy waits for the round: it is over). */
static inline bool dpu_barrier_leave_can_run(bool live, bool in_round) {
  return !live || !in_round;
}

/* ---- signals the program sends itself (runtime/models/signal.c) ------------------------ */

/* The bit of signal sig (1-64) in a set of signals. */
static inline uint64_t dpu_sig_bit(int sig) { return 1ull << (sig - 1); }

/* What sigwait (SIG_WAIT, which can run only when this is not 0) or sigtimedwait (SIG_TRYWAIT)
 * takes from the pending signals: the lowest-numbered of set (POSIX leaves the choice to the
 * implementation), or 0 for none. */
static inline int dpu_sig_take(uint64_t pending, uint64_t set) {
  uint64_t ready = pending & set;
  return ready ? __builtin_ctzll(ready) + 1 : 0;
}

/* ---- spin loops over atomic and visible plain reads (runtime/models/atomic.c) ---------- */

/* One read of a thread's streak: the location (the runner's address, the explorer's object
 * index), the site (the base site: a spin region's twin site is the same read), and the
 * location's version (number of modifications in the run) the read found. */
struct dpu_spin_read {
  uint64_t obj;
  uint32_t site;
  uint32_t version;
};

/* The length m >= 2 of two equal iterations (same locations, sites and versions) that end the
 * reads r[0..n), oldest first; 0 if there are none. A thread whose streak of reads in one
 * activation of a spin region ends so is stuck: it takes no further step in the run. */
static inline uint32_t dpu_spin_repeated_iteration(const struct dpu_spin_read *r, uint32_t n) {
  for (uint32_t m = 2; 2 * m <= n; m++) {
    uint32_t i = 0;
    while (i < m && r[n - 1 - i].obj == r[n - 1 - i - m].obj &&
           r[n - 1 - i].site == r[n - 1 - i - m].site &&
           r[n - 1 - i].version == r[n - 1 - i - m].version)
      i++;
    if (i == m) return m;
  }
  return 0;
}

/* Whether a thread's next read (a load or visible plain read, or an update: is_update, a CAS
 * or a read-modify-write) is blocked: for a load, the thread is stuck, or the read continues
 * its previous one (same location, same site, same activation: dpu_site_continues) on a
 * location unchanged since, so it would read the same value; for an update, it continues a
 * failed one (a CAS that failed, a read-modify-write that left the value as it was) on an
 * unchanged location and would fail again (fails_again: a CAS expects another value than the
 * one read, a read-modify-write would leave it unchanged again: dpu_rmw_unchanged). A stuck
 * thread's CAS is not blocked: the load-then-CAS retry loop expects the value its failed CAS
 * read. */
static inline bool dpu_spin_read_blocks(bool is_update, bool stuck, bool continues,
                                        bool unchanged, bool fails_again) {
  if (is_update) return continues && unchanged && fails_again;
  return stuck || (continues && unchanged);
}

/* The read-modify-write operations whose effect dpu evaluates (LLVM's atomicrmw operations on
 * integers and pointers; passes/atomics.c maps them); DPU_RMW_OTHER for the others (floating
 * point, wrapping increments), which are always taken to change the value. */
enum dpu_rmw {
  DPU_RMW_XCHG, DPU_RMW_ADD, DPU_RMW_SUB, DPU_RMW_AND, DPU_RMW_NAND, DPU_RMW_OR, DPU_RMW_XOR,
  DPU_RMW_MAX, DPU_RMW_MIN, DPU_RMW_UMAX, DPU_RMW_UMIN, DPU_RMW_OTHER = 15
};

/* __dpu_atomic_op's op argument (runtime/interpose.h): bits 0-7 the operation (an ATOMIC_*
 * access of enum dpu_op), 8-11 its memory order (LLVM's), 12-15 a CAS's failure order or a
 * read-modify-write's enum dpu_rmw, and DPU_ATOMIC_SHOW_VALUE when the value accessed is an
 * integer or a pointer of at most 8 bytes (not the bits of a floating-point number, which
 * clang stores and loads as an integer): the report shows it, and a store passes it as
 * `expected`. */
#define DPU_ATOMIC_SHOW_VALUE (1u << 16)
/* ... and DPU_ATOMIC_BUFFERED for a store that x86-TSO buffers (--memory-model=tso: an order
 * weaker than seq_cst, at most 8 bytes; runtime/models/tso.c): `expected` is then the value
 * stored, whatever its type. */
#define DPU_ATOMIC_BUFFERED (1u << 17)
/* ... and DPU_ATOMIC_RA_LOAD for a load that passes/atomics.c replaced with __dpu_ra_load
 * (--memory-model=ra|rc11, at most 8 bytes of a scalar): it may read any store visible to it
 * (runtime/models/ra.c), not memory. */
#define DPU_ATOMIC_RA_LOAD (1u << 18)
/* ... and DPU_ATOMIC_RA_STORE for a store weaker than seq_cst of at most 8 bytes of a scalar
 * whose instruction passes/atomics.c removed (--memory-model=ra|rc11): `expected` is the value
 * stored (whatever its type), which runtime/models/ra.c places in the location's modification
 * order and writes to memory only when it is the newest store. */
#define DPU_ATOMIC_RA_STORE (1u << 19)
/* ... and DPU_ATOMIC_RA_CAS for a compare-and-swap of at most 8 bytes whose instruction
 * passes/atomics.c replaced with __dpu_ra_cas and __dpu_ra_cas_ok (--memory-model=ra|rc11, and
 * a weak one under --spurious-cas): under ra/rc11 a CAS that fails may read an older store than
 * the newest (runtime/models/ra.c); its result is what the runtime decided at its event, not
 * what memory holds after a choice made after it. */
#define DPU_ATOMIC_RA_CAS (1u << 20)
/* ... and DPU_ATOMIC_WEAK, with DPU_ATOMIC_RA_CAS, for a weak compare-and-swap under
 * --spurious-cas: before its event its thread chooses whether it fails spuriously
 * (DPU_OP_CAS_SPURIOUS, runtime/models/atomic.c), as C17 7.17.7.4p4 allows. */
#define DPU_ATOMIC_WEAK (1u << 21)

/* Whether the read-modify-write `kind` with operand v leaves the value cur of a location of
 * `size` bytes (1 to 8; cur and v zero-extended) as it is: an exchange of the value already
 * there (a test-and-set of a set flag), an OR of bits already set, an AND or a MIN that
 * changes nothing, an addition of 0. Such an update writes what was there: a spin loop that
 * repeats it waits, like a failed CAS (runtime/models/atomic.c). */
static inline bool dpu_rmw_unchanged(uint8_t kind, uint64_t cur, uint64_t v, uint32_t size) {
  unsigned bits = size >= 8 ? 64 : size * 8;
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1, sign = 1ull << (bits - 1);
  cur &= mask, v &= mask;
  int64_t scur = (int64_t)((cur ^ sign) - sign), sv = (int64_t)((v ^ sign) - sign);
  uint64_t next;
  switch (kind) {
  case DPU_RMW_XCHG: next = v; break;
  case DPU_RMW_ADD: next = cur + v; break;
  case DPU_RMW_SUB: next = cur - v; break;
  case DPU_RMW_AND: next = cur & v; break;
  case DPU_RMW_NAND: next = ~(cur & v); break;
  case DPU_RMW_OR: next = cur | v; break;
  case DPU_RMW_XOR: next = cur ^ v; break;
  case DPU_RMW_MAX: next = sv > scur ? v : cur; break;
  case DPU_RMW_MIN: next = sv < scur ? v : cur; break;
  case DPU_RMW_UMAX: next = v > cur ? v : cur; break;
  case DPU_RMW_UMIN: next = v < cur ? v : cur; break;
  default: return false;
  }
  return (next & mask) == cur;
}

#endif
