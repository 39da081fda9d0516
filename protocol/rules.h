/* The semantics of the lock-like object families as pure functions of the state both sides
 * keep (issue #14: one model of each object's rules), used by the runner (runtime/models/:
 * whether a pending operation can run, what a try operation gets, the state after it) and by
 * the explorer (explorer/model.c: an event's outcomes and its object's state after it), so
 * that the two cannot disagree. The runner keeps the state inside the program's object (with
 * its lifecycle: never initialised, live, destroyed, which it reports as misuse), the explorer
 * in the event (struct dpu_ostate); both call these with the same values.
 *
 * Condition variables and barriers keep their waiters per thread in the runner and as thread
 * sets in the explorer; their rules stay in runtime/models/cond.c, barrier.c and
 * explorer/model.c, and the differential tests (tests/gen, kinds cond and barrier) check that
 * both sides agree on generated programs.
 *
 * Throughout, owner and self are thread ids + 1 (0: no thread). */
#ifndef DPU_RULES_H
#define DPU_RULES_H

#include <stdbool.h>
#include <stdint.h>

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

#endif
