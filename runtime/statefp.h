/* The program state's fingerprint in the runner (issue 41; docs/cutoffs.md, "The fingerprint",
 * fragment 1, the memory the program can name, and fragment 2, each thread's local state).
 *
 * The memory of the state is every 8-byte word that overlaps a writable global of the program
 * and every word of a live heap block (runtime/arena.h: its shadow says which are). Its
 * fingerprint is the xor, over those words w, of h(w) = XXH3-128(address of w, value of w): a change of one word from v to v' is
 * the xor of h(w, v) ^ h(w, v'), and a block's words enter the state when it is allocated
 * and leave it when it is freed (the symbolic POR paper's incremental fingerprint,
 * symbolic-partial-order-execution.txt App. H). Each thread keeps the xor of the changes it
 * made in the run (struct dpu_sfp_thread): its *thread update*, which the explorer combines
 * into the fingerprint of a local configuration (explorer/cutoff.h): the state after each
 * event goes to dpu_shm_states.
 *
 * A write is seen in two halves: before it, the old values of the words it covers are taken
 * out (dpu_sfp_write); the new ones go in at the writing thread's next hook (dpu_sfp_settle:
 * its next access or allocation) or when it switches to the scheduler (dpu_sfp_switched_out),
 * when the write is done. No other thread runs in between, so the words are the writer's
 * alone.
 *
 * Stacks are not part of the memory (a thread's stack is its local state, fragment 2: taken
 * at each of its switches to the scheduler, dpu_sfp_switched_out), nor is memory outside the
 * globals and the heap (the C library's own).
 *
 * Off unless asked for (--cutoffs=on: dpu_sfp_want; or DPU_STATE_FINGERPRINT in the
 * environment, a developer's switch): then every instrumented access goes through the race detector's slow
 * path (runtime/race.c), the program calls the runtime through the entry thunks (entry.h),
 * and at the end of each run dpu_sfp_check compares the xor of the threads' updates with a
 * full hash of the memory, which finds a write that no hook saw. Fingerprints need the race
 * detector's hooks (--races=on, the default). */
#ifndef DPU_STATEFP_H
#define DPU_STATEFP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry.h"

/* A 128-bit fingerprint; {0, 0} is the empty xor. */
struct dpu_sfp {
  uint64_t lo, hi;
};

/* Writes of one thread whose new values are not hashed yet (dpu_sfp_settle). */
#define DPU_SFP_PENDING 8

/* A thread's part (dpu_sfp_thread_of). */
struct dpu_sfp_thread {
  struct dpu_sfp mem;            /* xor of its changes of the memory in this run */
  struct dpu_sfp local;          /* its local state at its last switch to the scheduler
                                  * (fragment 2: entry.h) */
  uint64_t retval;               /* returning from its start routine: the value (retval) */
  bool returning;
  uint8_t npending;              /* its writes not settled, [0, DPU_SFP_PENDING] */
  uint32_t rec;                  /* its last record in this run (UINT32_MAX: none yet) */
  bool have_regs;                /* regs hold its last call into the runtime (entry.h) */
  struct dpu_sfp_regs regs;
  uintptr_t pending_lo[DPU_SFP_PENDING], pending_hi[DPU_SFP_PENDING]; /* their words [lo, hi) */
};

/* Whether fingerprints are kept (set once, by dpu_sfp_init). */
extern bool dpu_sfp_on;

/* Whether the program reads a clock (clock_gettime, gettimeofday, time: runtime/models/
 * clock.c), set by the JIT from the program's declarations before any run: then each thread's
 * virtual time is part of its local state (a loop that waits for time to pass goes round
 * through new states); otherwise no run can observe it, and it is left out. */
extern bool dpu_sfp_clocks;

/* A C library function the program calls natively that keeps state of its own between calls
 * (rand's seed, strtok's place), which no hook sees: set by the JIT from the program's
 * declarations (NULL: none). Then every run's end-of-run check fails, naming it, and no
 * event is a cutoff (docs/cutoffs.md, "What it leaves out"). */
extern const char *dpu_sfp_hidden;

/* Asks for fingerprints (--cutoffs=on): call before the executors start (their processes
 * inherit it). The runner then writes the state after each record's event to
 * dpu_shm_states, and the end-of-run check's outcome to dpu_shm.state_failed. */
void dpu_sfp_want(void);

/* Whether fingerprints are asked for: by dpu_sfp_want, or by the environment,
 * DPU_STATE_FINGERPRINT=check (the end-of-run check, whose failure the runner also prints) or
 * =trace (the check, and each thread's fingerprints printed at each of its switches to the
 * scheduler, for tests). Read by the JIT's symbol table (the entry thunks) and by
 * dpu_sfp_init. */
bool dpu_sfp_wanted(void);

/* Whether the environment asked (DPU_STATE_FINGERPRINT): the runner prints the check's
 * failures. */
bool dpu_sfp_env(void);

/* One-time set-up in the runner, after the globals' snapshot (dpu_rt_snapshot_globals): turns
 * fingerprints on when wanted. Returns 0, -1 if out of memory (then they stay off). */
int dpu_sfp_init(void);

/* Start of a run (after the globals were restored): the threads' updates start empty when
 * their threads are made (dpu_sfp_thread_start). */
void dpu_sfp_reset(void);

/* Thread tid is made in this run: its update is empty. */
void dpu_sfp_thread_start(int tid);

/* Thread tid's part (valid for the threads made in this run). */
const struct dpu_sfp_thread *dpu_sfp_thread_of(int tid);

/* The scheduler resumes thread tid, which performs its pending operation now: an atomic access
 * writes its location (or the runtime does for it, at most 16 bytes), a model may write the
 * state it keeps in the object (pthread_rwlock_t, the largest, has 56 bytes). Those bytes are
 * taken as written by tid (dpu_sfp_write); a word unchanged counts for nothing. */
void dpu_sfp_resuming(int tid);

/* The running thread is about to write the `size` bytes at p: the words they touch that are
 * part of the state leave its update with their old values; they come back with their new
 * ones at its next dpu_sfp_settle. Writes past DPU_SFP_PENDING unsettled ones make the run's
 * fingerprint unusable (dpu_sfp_check says so). No-op when no thread runs. */
void dpu_sfp_write(uintptr_t p, uint64_t size);

/* The running thread's writes since its last settle are done: their new values enter its
 * update. Called at its every hook before anything else. */
void dpu_sfp_settle(void);

/* Thread tid has just switched to the scheduler (at a visible operation, its end, or a stop
 * in the middle: an assume(0), a defect): its writes are done, and its local state is taken:
 * the registers and stack of its last call into the runtime (entry.h), or, before its start
 * routine was called, the routine and its argument, after it returned the value, and once it
 * exited its exit value; with them the state of its heap arena (fragment 4: the next
 * addresses it hands out). `rec` is the index of the last record it made in this turn
 * (UINT32_MAX: none): the state after that event, its update xor h(tid, local state), goes
 * to dpu_shm_states[rec] (struct dpu_state_rec). */
void dpu_sfp_switched_out(int tid, uint32_t rec);

/* The running thread returned `value` from its start routine (main from main: its exit
 * handlers and exit follow): its local state from now on, until its next call into the
 * runtime. */
void dpu_sfp_returning(uint64_t value);

/* The live heap block [p, p + size) enters the state (`enter`: allocated, zeroed) or leaves
 * it (about to be freed): its words' hashes are xored into the running thread's update, after
 * its earlier writes are settled. */
void dpu_sfp_block(const void *p, size_t size, bool enter);

/* End of a run: settles every thread (and writes the state after its last event again), then
 * compares the memory's hash with the initial one
 * xor every thread's update. Returns true when they agree; otherwise writes what differs
 * (which global, or the heap) into msg (n bytes) and returns false. */
bool dpu_sfp_check(char *msg, size_t n);

#endif
