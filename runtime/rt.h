/* The runtime's internal state and the helpers its modelled functions share. Lives in the
 * runner process only (docs/design.md §4). The guest program calls the `__dpu_*` functions (see
 * interpose.h); those use the helpers here to become visible operations.
 *
 * Invariant (checked with DPU_ASSERT, protocol/invariant.h, in the debug build): one program
 * thread runs at a time, dpu_rt.cur, and only between two visible operations; the scheduler
 * runs a thread only when it is alive and its pending operation is enabled (sched.c); every
 * synchronisation object's state names its holders and waiters exactly (a mutex's holder and
 * depth, a condition variable's wait set: runtime/models/); every block on an arena's free
 * list is a freed block of that list's size class (arena.c). */
#ifndef DPU_RT_H
#define DPU_RT_H

#include <stdbool.h>
#include <pthread.h>
#include <stdint.h>

#include "arena.h"
#include "coro.h"
#include "../protocol/protocol.h"
#include "../protocol/rules.h"

/* DPU_TS_STOPPED: the thread failed (dpu_rt_end with an end that runtime/ending.c's
 * stops_thread says): it never runs again, keeps what it holds, and the other threads go on. */
enum dpu_thread_state { DPU_TS_UNUSED = 0, DPU_TS_ALIVE, DPU_TS_EXITED, DPU_TS_STOPPED };

/* One program thread: a coroutine and the visible operation it is about to perform. */
struct dpu_rt_thread {
  struct dpu_coro coro;     /* stack kept across runs (recycled) */
  uint8_t state;            /* enum dpu_thread_state */
  bool detached, joined;
  uint8_t pend_op;          /* enum dpu_op it waits to perform */
  uint32_t pend_site;
  uint64_t pend_obj;
  uint64_t pend_aux;
  uint16_t ncreated;        /* threads it created so far in this run */
  uint32_t nevents;         /* its events so far in this run (its start is the first) */
  uint32_t nbound;          /* of those after its start, the operations that are not free for
                             * the symmetry rule (protocol/ops.h dpu_op_sym_free): its ordered
                             * operation (explorer/symmetry.h) and those after it */
  uint64_t sigmask;         /* its blocked signals, bit s - 1 for signal s (signal.c) */
  bool spurious;            /* its last condition wait woke spuriously (cond.c) */
  /* Condition variables and barriers keep their waiters here, not in the object, so that a
   * pthread_cond_t holds any number of them (cond.c, barrier.c): the condition variable whose
   * wait set it is in (not chosen by a signal yet), the one that chose it and that it has not
   * resumed from yet, the barrier it has arrived at in the current round. NULL: none. */
  const void *cond_waits, *cond_woken, *barrier_at;
  /* Its last visible operation, for spin-loop detection (atomic.c): a read of an atomic
   * location (a load, or a CAS that failed) and the location's version after it. */
  bool last_read;
  uint32_t last_site;
  uint64_t last_obj;
  uint32_t last_version;
  uint64_t last_value;      /* the value that read found (up to 8 bytes) */
  /* Its last visible operation, when it was a trylock (of a mutex or a spinlock) that failed:
   * its recorded site, the lock, and the lock's owner word then (int32 at the lock's address:
   * tid + 1 of the holder), for the rule of retries (mutex.c: dpu_rt_try_blocks). */
  bool last_try;
  uint32_t last_try_site;
  uint64_t last_try_obj;
  int32_t last_try_owner;
  /* The spin region it is in (passes/spinloops.c; 0: none) and whether it read in this
   * activation of it: its next read there is then recorded at the site's twin. */
  uint32_t spin_region;
  bool spin_read;
  /* Its read streak: its last visible operations while they are all reads (atomic loads,
   * visible plain reads), oldest first, at most DPU_STREAK (atomic.c: the spin-loop rule). */
  uint8_t nstreak;
  bool stuck;               /* its streak ends with two equal iterations (atomic.c) */
  uint8_t stuck_from;       /* then: the first read of the second iteration in streak[] */
  struct dpu_spin_read streak[16]; /* protocol/rules.h */
  void **tls;               /* its copies of the program's thread-local variables, or NULL */
  uint32_t polls;           /* sleeps and yields since dpu_rt.steps was poll_step (dpu_rt_poll) */
  uint32_t poll_step;
  uint64_t vtime;           /* its virtual time, ns since the run's start
                             * (runtime/models/clock.c) */
  void *(*fn)(void *);
  void *arg;
  void *retval;
};

#define DPU_STREAK 16

/* Static configuration of the runner, set once before the first run. */
struct dpu_rt_config {
  int (*main_fn)(int, char **, char **); /* the guest's main */
  int argc;                              /* program argv[0..argc) as given after `--` */
  char **argv;
  uint32_t max_steps;                    /* visible operations per run before a hang defect */
  uint32_t max_threads;                  /* canonical thread ids, 1..DPU_MAX_THREADS
                                          * (--max-threads; 0 is taken as DPU_MAX_THREADS) */
  size_t stack_size;                     /* bytes per program thread */
  size_t heap_size;                      /* bytes of heap per thread and run */
  int internal_fd;                       /* where the runner reports its own failures */
  bool races;                            /* detect data races (runtime/race.h) */
  bool spurious_wakeups;                 /* a condition wait may return unsignalled (cond.c) */
  bool tso;                              /* explore x86-TSO's store buffers
                                          * (--memory-model=tso, runtime/models/tso.c) */
  bool ra;                               /* loads may read older stores (--memory-model=ra
                                          * or rc11, runtime/models/ra.c) */
  bool stdin_rewind;                     /* rewind stdin before every run (its input is a
                                          * file: frontend/stdin.h); else only clear its
                                          * end-of-file and error flags */
};

/* The runner's state; one instance, reset at the start of every run. */
struct dpu_rt {
  struct dpu_rt_config cfg;
  int fd_base;              /* descriptors from here up are the program's: closed between runs
                             * (set by dpu_rt_init, and again by each runner at its start) */
  struct dpu_shm *shm;
  struct dpu_shm *first_shm; /* the first executor's region (dpu_rt_init's; -j's other servers
                             * rebind shm only): its once-per-exploration warning flags are
                             * every runner's */
  struct dpu_event_rec *records; /* the run's records (dpu_shm_records) */
  const uint8_t *visible;   /* the visible access sites (dpu_shm_visible) */
  struct dpu_rt_thread threads[DPU_MAX_THREADS]; /* indexed by canonical id */
  uint16_t order[DPU_MAX_THREADS]; /* ids of the threads created in this run, in order */
  unsigned nthreads;        /* threads created in this run */
  unsigned nalive;
  int cur;                  /* tid of the running thread, -1 in the scheduler */
  struct dpu_coro sched;    /* the scheduler's context (the OS thread's stack) */
  uint8_t cur_flags;        /* DPU_REC_SOLO | DPU_REC_PREV_EN at the current choice point */
  uint8_t yielded;          /* DPU_REC_YIELDED: the running thread yielded the CPU (a yield or
                             * a sleep: dpu_rt_poll) since its last visible operation; else 0.
                             * Taken and cleared by that thread's next one (lifecycle.c). */
  int32_t last_real;        /* thread of the last record other than a start, -1 */
  uint64_t cur_enabled;     /* enabled set at the current choice point: ids below 64 */
  uint32_t cur_wide;        /* and in a run with ids of 64 or more, the ref of the whole set in
                             * dpu_shm_tsets (the records' `wide`), else 0 */
  unsigned nwords;          /* words of a thread set that this run's ids need (tset.h):
                             * 1 until a thread id of 64 or more is created */
  bool ended;               /* the run has ended (result filled), or the running thread has
                             * stopped at a defect (stopping) */
  bool stopping;            /* the running thread has just stopped at a defect */
  bool stopped;             /* a thread has stopped at a defect: the result is its, and stands */
  bool op_defect;           /* the defect being recorded is on a visible operation already in
                             * the trace (dpu_mem_check_op): it ends the run (stops_thread) */
  bool exiting;             /* the process has exited (DPU_OP_PROCESS_EXIT) while other
                             * threads were alive: they run on until none can move */
  uint32_t steps;
  uint32_t run_stamp;       /* this run's number (from 1) */
  uint32_t obj_epoch;       /* the run's number in the stamps of objects (dpu_rt_obj_stamp):
                             * run_stamp, or 1 with state fingerprints, where every run's
                             * stacks start zeroed (statefp.h) and no stale object can be met,
                             * and where a stamp must read the same in every run */
  uint16_t choice;          /* the replay's choice for the operation being performed (0: none) */
  /* The heap: one arena per canonical thread, in one reservation, so that the addresses a
   * thread allocates depend only on its own history, not on the interleaving. Threads 0-63
   * have heap_region bytes each, the others heap_region / DPU_HEAP_WIDE_SHARE (address space
   * is reserved for all 1,024 at once, and 1,024 full regions of the default 256 MiB would be
   * 256 GiB: more than some hosts, valgrind among them, let a process map). */
  char *heap_base;
  size_t heap_region;       /* bytes per thread with an id below 64 */
  struct dpu_arena heaps[DPU_MAX_THREADS];
  struct dpu_tset heaps_used; /* arenas allocated from or freed by in this run */
  uint8_t *heap_shadow;     /* the arenas' shadow bytes, one array (arena.h), for memcheck.h */
  size_t heap_total;        /* bytes of all the arenas (dpu_rt_heap_layout) */
  /* Where the program's clocks start in every run (runtime/models/clock.c): the real and monotonic
   * clocks when the runner was set up, in ns. */
  uint64_t epoch_real, epoch_mono;
};

extern struct dpu_rt dpu_rt;

/* The value of the `size` bytes at p (at most 8 are read), zero-extended, as the trace
 * records what an access read (runtime/models/atomic.c). */
uint64_t dpu_rt_value_at(const void *p, uint32_t size);

/* A modification of the atomic location at addr that no atomic operation's model made (a
 * store buffer's flush, runtime/models/tso.c): its version changes, for the spin-loop rule. */
void dpu_rt_atomic_modified(uint64_t addr);

/* The program's @__dpu_spin_kinds (passes/instrument.h: enum dpu_site_spin per site id) and
 * its length; set once in the zygote after the JIT (NULL, 0 in unit tests: all plain). */
void dpu_rt_set_spin_kinds(const uint8_t *kinds, uint64_t n);

/* The plain-spin watch (runtime/plainspin.c). dpu_spin_quiet counts the program's plain
 * accesses since the last visible operation; at DPU_SPIN_QUIET the next accesses go to
 * dpu_spin_watch (address p, size bytes, site, store or load, the value stored), which ends the
 * run (DPU_END_DIVERGED, DPU_DIVERGED_SPIN) when they repeat one iteration of plain loads that
 * are not visible. */
#define DPU_SPIN_QUIET (1u << 22)
extern uint32_t dpu_spin_quiet;
void dpu_spin_watch(uintptr_t p, uint32_t size, uint32_t site, bool store, uint64_t value);

/* Call-site id of the modelled call being made: the instrumented program stores it just before
 * each call to a `__dpu_*` function (passes/instrument.c). */
extern uint32_t __dpu_site;

/* Declares that the running thread is about to perform `op` on `obj`, switches to the
 * scheduler, and returns once the scheduler has chosen this thread to perform it: the
 * operation's trace record is then written (result 0) and returned for the caller to complete.
 * Must be called on a program thread. Ends the run (never returns) if the records are full. */
struct dpu_event_rec *dpu_rt_visible(uint8_t op, uint64_t obj);

/* The same, for an operation whose record's aux is known before it runs (it is also reported
 * as the pending operation's aux, e.g. for a blocked spin). */
struct dpu_event_rec *dpu_rt_visible_aux(uint8_t op, uint64_t obj, uint64_t aux);

/* The process's end: main returned status, or a thread called exit(status) (fmt describes
 * which, for the report). Performs the exit event (DPU_OP_PROCESS_EXIT) and leaves the run with
 * its result; the other threads run on until none can move (runtime/sched.c). */
_Noreturn void dpu_rt_process_exit(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Runs the exit handlers of this run that exit(status) runs (quick: those quick_exit runs),
 * newest first, in the calling thread, taking each off before it runs (libc.c). */
void dpu_rt_run_exit_handlers(int status, bool quick);

/* Virtual time (runtime/models/clock.c): sets the clocks' start for every run (at the runner's set
 * up), and makes the joining thread's time at least that of the thread t it joined. */
void dpu_rt_clock_init(void);
void dpu_rt_clock_join(struct dpu_rt_thread *t);

/* Ends the run with `end` (enum dpu_end), blaming the running thread at the current call site
 * (__dpu_site, which the explorer turns into "at FILE:LINE in FN"); code is the exit status or
 * signal; msg is printf-formatted. On a program thread it switches to the scheduler and
 * never returns. */
_Noreturn void dpu_rt_end(int end, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same, but returns (for use from the scheduler, which then stops the run). */
void dpu_rt_set_end(int end, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Whether an end `end` recorded now would be one of the run's later defects, the result
 * being an earlier one's (a thread stopped at it): what the result holds about the first
 * defect (its heap block) must then stay. */
bool dpu_rt_result_stands(int end);

/* Ends the running thread (pthread_exit / return of its start routine). Never returns. */
_Noreturn void dpu_rt_thread_exit(void *retval);

/* The running thread hands control back to the scheduler for good: the run has ended
 * (runtime/ending.c). Must be called on a program thread. */
_Noreturn void dpu_rt_leave_run(void);

/* The program thread running now. */
static inline struct dpu_rt_thread *dpu_rt_cur_thread(void) { return &dpu_rt.threads[dpu_rt.cur]; }

/* Whether the run's records are full: then the run ends (a limit of dpu, DPU_END_LIMIT) and
 * the caller must not append a record; a program thread must then dpu_rt_leave_run(). */
static inline bool dpu_rt_records_full(void) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (__builtin_expect(shm->nevents < shm->records_cap, 1)) return false;
  shm->records_overflow = 1;
  dpu_rt_set_end(DPU_END_LIMIT, 0, "trace capacity of %u events exceeded (raise --max-events)",
                 shm->records_cap);
  return true;
}

/* Whether thread tid could perform its pending operation now (the scheduler asks). One
 * predicate per family of objects, in the file that models it: obj is the pending operation's
 * object (an address), op its enum dpu_op. */
bool dpu_rt_mutex_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_spin_enabled(uint64_t obj, int tid);
bool dpu_rt_section_enabled(int tid);
bool dpu_rt_cond_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_rwlock_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_sem_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_barrier_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_once_enabled(uint8_t op, uint64_t obj, int tid);
bool dpu_rt_atomic_enabled(uint8_t op, uint64_t obj, int tid);
/* sched_attr.c: the running thread sleeps or yields (clock.c, sched_attr.c). One that does so
 * DPU_POLLS_MAX times with no visible operation of any thread between polls something that dpu
 * does not schedule: a plain variable when the plain-spin watch is off (--races=report, off, a
 * replay), whose write the scheduler would never let come. Its run is then cut short
 * (DPU_END_LIMIT, a warning naming the thread), not left to run into a false hang. */
#define DPU_POLLS_MAX (1u << 17)
void dpu_rt_poll(void);
/* mutex.c: whether t's pending trylock (op, of the lock at obj; a mutex or a spinlock) retries
 * a failed one in the same activation of a spin region (passes/spinloops.c) while the lock's
 * owner is the one that made it fail: it would fail again and change nothing, so it waits for
 * the lock to change, as a spin loop's read waits for a write (atomic.c). The explorer's twin
 * is explorer/model.c's try_blocks. */
bool dpu_rt_try_blocks(const struct dpu_rt_thread *t, uint64_t obj);
/* mutex.c: after the running thread's trylock of the lock at obj, recorded at `site`, failed
 * with owner holding the lock: keeps that for dpu_rt_try_blocks. */
void dpu_rt_try_failed(uint64_t obj, uint32_t site, int32_t owner);
/* atomic.c: what the spin-loop rules keep of thread t (its last read, its last failed
 * trylock, its read streak), for its local state's fingerprint (statefp.c): fn(bytes, n, arg)
 * on each part, the locations' versions as the modifications since (a loop's states repeat
 * where the versions grow). */
void dpu_rt_spin_memory(const struct dpu_rt_thread *t, void (*fn)(const void *, size_t, void *),
                        void *arg);
/* atomic.c: the site to record for the running thread's read (or trylock) at site: the site's
 * continuation twin when the thread already read in this activation of its spin region. Called
 * once per read, before it is pending. */
uint32_t dpu_rt_spin_site(uint32_t site);
/* One more than the highest descriptor open now (the runtime's own, and dpu's). */
int dpu_rt_first_free_fd_above_all(void);

/* signal.c: whether a signal of set (bit s - 1 for signal s) is pending; forgetting them all
 * at the start of a run. */
bool dpu_rt_sig_enabled(uint64_t set);
void dpu_rt_signals_reset(void);

/* The holder (tid + 1, 0 when free) that mutex.c keeps in the first int of a pthread_mutex_t, for
 * the scheduler's fast path; when it is not 0 or the asking thread, dpu_rt_mutex_enabled
 * decides (the state may be stale or the mutex destroyed). */
static inline int32_t dpu_rt_mutex_owner(uint64_t obj) {
  return *(const int32_t *)(uintptr_t)obj;
}

/* Lifecycle of a synchronisation object whose state dpu keeps inside the program's object
 * (pthread_mutex_t, sem_t, ...). The object stores dpu_rt_obj_stamp(status); a stamp from an
 * earlier run (stale memory of a recycled stack or heap) reads as DPU_OBJ_FRESH, like the
 * all-zero static initialiser. */
enum { DPU_OBJ_FRESH = 0, DPU_OBJ_INIT = 1, DPU_OBJ_DESTROYED = 2 };
static inline uint32_t dpu_rt_obj_stamp(int status) {
  return dpu_rt.obj_epoch << 2 | (uint32_t)status;
}
static inline int dpu_rt_obj_status(uint32_t stamp) {
  return (stamp >> 2) == dpu_rt.obj_epoch ? (int)(stamp & 3) : DPU_OBJ_FRESH;
}

/* Whether the state of the synchronisation object at p, stamped `stamp`, is only what its
 * memory held before (issue #13): not initialised in this run, and on the running thread's
 * stack or in the heap, where a zero stamp is no static initialiser but whatever an earlier
 * frame or block left there. An init must not read "locked" or "waited on" from it. */
static inline bool dpu_rt_obj_garbage(const void *p, uint32_t stamp);

/* Whether p lies on the stack of the running program thread. A synchronisation object there may
 * be initialised again by a later call of the same function without having been destroyed (its
 * lifetime ended), so double initialisation is only reported for objects elsewhere. */
static inline bool dpu_rt_on_stack(const void *p) {
  return dpu_coro_holds(&dpu_rt.threads[dpu_rt.cur].coro, p);
}

static inline bool dpu_rt_obj_garbage(const void *p, uint32_t stamp) {
  const char *q = p;
  return dpu_rt_obj_status(stamp) == DPU_OBJ_FRESH &&
         (dpu_rt_on_stack(p) ||
          (q >= dpu_rt.heap_base && q < dpu_rt.heap_base + dpu_rt.heap_total));
}

/* Reports `fn` (e.g. "pthread_mutex_init") as misuse when the object at p, whose lifecycle
 * status (DPU_OBJ_*) is `status`, was initialised in this run and not destroyed. */
static inline void dpu_rt_check_double_init(const void *p, int status, const char *fn,
                                            const char *what) {
  if (status == DPU_OBJ_INIT && !dpu_rt_on_stack(p))
    dpu_rt_end(DPU_END_MISUSE, 0, "%s of %s that is already initialised", fn, what);
}

/* Ends the run with a misuse defect when `fn` (e.g. "sem_wait") is applied to an object whose
 * stamp says it is destroyed ("FN of a destroyed WHAT") or, with need_init (objects without a
 * static initialiser: semaphores, barriers), never initialised in this run ("FN of a WHAT that
 * was never initialised"). Returns otherwise. */
static inline void dpu_rt_check_lifecycle(uint32_t stamp, bool need_init, const char *fn,
                                          const char *what) {
  int st = dpu_rt_obj_status(stamp);
  if (st == DPU_OBJ_DESTROYED) dpu_rt_end(DPU_END_MISUSE, 0, "%s of a destroyed %s", fn, what);
  if (need_init && st == DPU_OBJ_FRESH)
    dpu_rt_end(DPU_END_MISUSE, 0, "%s of a %s that was never initialised", fn, what);
}

/* Unlocks mutex m for the running thread as pthread_mutex_unlock does (a visible operation);
 * ends the run with a misuse defect if the caller does not hold it (any type). */
void dpu_rt_mutex_unlock_held(pthread_mutex_t *m);

/* Whether the running thread holds mutex m. */
bool dpu_rt_mutex_held(pthread_mutex_t *m);

/* Relocks m after a condition wait (pthread_cond_wait's last event, a MUTEX_LOCK). */
void dpu_rt_mutex_relock(pthread_mutex_t *m);

/* A plain access at a visible site (issue #10): the running thread's read (write: true, value
 * the bits written) of `size` bytes at p becomes a visible operation DPU_OP_READ / _WRITE on
 * the 8-byte granule that holds p, under the spin-loop rule of atomic loads (atomic.c).
 * Returns once the scheduler has chosen the thread; the access itself follows. */
void dpu_rt_access_visible(void *p, uint32_t size, uint32_t site, bool write, uint64_t value);

/* Whether t's pending operation is a read (atomic load, visible plain read) of the location
 * and at the site of its last visible operation, a read, with no modification since: it would
 * read the same value again. The scheduler's policy lets other threads go first then. */
bool dpu_rt_rereads(const struct dpu_rt_thread *t);

/* Whether a location that stuck thread t read in its last iteration was modified since
 * (atomic.c). */
bool dpu_rt_stuck_changed(const struct dpu_rt_thread *t);

/* Resets atomic.c's per-location versions and the atomic section (start of a run). */
void dpu_rt_atomic_reset(void);

/* Thread exit hooks: runs the pthread_key destructors of the running thread (key.c). */
void dpu_rt_keys_at_exit(void);

/* The thread-local variable whose copy (of some thread of this run) holds address a: its
 * index in the program's table, with the thread in *owner, a's offset and the variable's size;
 * -1 if none does. */
long dpu_rt_tls_of(uint64_t a, int *owner, uint64_t *offset, uint64_t *size);

/* Registers the program's thread-local variables: n templates (the initial images, addrs[i]
 * of sizes[i] bytes). Returns 0, -1 if out of memory. */
int dpu_rt_tls_register(void *const *addrs, const uint64_t *sizes, uint64_t n);

/* The writable global that holds address a: its index in the program's table of globals
 * (dpu_rt_snapshot_globals), with a's offset in it and its size; -1 if none does. */
long dpu_rt_global_of(uint64_t a, uint64_t *offset, uint64_t *size);

/* The i-th writable global of the program's table (dpu_rt_snapshot_globals): its address and
 * size in *addr and *size; returns false past the last. */
bool dpu_rt_global_at(uint64_t i, void **addr, uint64_t *size);

/* Returns the pthread_t value of a tid, and the tid of a pthread_t (-1 if it names no thread
 * created in this run). */
static inline unsigned long dpu_rt_tid_to_pthread(int tid) { return (unsigned long)tid + 1; }
static inline int dpu_rt_pthread_to_tid(unsigned long t) {
  return (t >= 1 && t <= DPU_MAX_THREADS && dpu_rt.threads[t - 1].state != DPU_TS_UNUSED)
             ? (int)(t - 1)
             : -1;
}

/* The share of heap_region that the arena of a thread with an id of 64 or more gets. */
#define DPU_HEAP_WIDE_SHARE 16

/* The arena of the heap that p belongs to, or NULL if p is not in dpu's heap. */
static inline struct dpu_arena *dpu_rt_heap_of(const void *p) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)dpu_rt.heap_base;
  if ((const char *)p < dpu_rt.heap_base || off >= dpu_rt.heap_total) return NULL;
  size_t low = 64 * dpu_rt.heap_region;
  if (__builtin_expect(off < low, 1)) return &dpu_rt.heaps[off / dpu_rt.heap_region];
  return &dpu_rt.heaps[64 + (off - low) / (dpu_rt.heap_region / DPU_HEAP_WIDE_SHARE)];
}

/* Appends program output to the run's captured output (shared memory); excess is dropped and
 * flagged as truncated. */
void dpu_rt_output(const char *buf, size_t len);

/* Closes the files the program opened with fopen in the last run and did not close. */
void dpu_rt_close_files(void);

/* Creates a program thread running fn(arg) with pending operation "start". Returns its tid, or
 * -1 when DPU_MAX_THREADS are in use or no stack can be had. */
int dpu_rt_new_thread(void *(*fn)(void *), void *arg);

/* Writes the set of threads s to the run's next slot of dpu_shm_tsets and returns its ref
 * (slot + 1), for a record's aux (a signal's waiters, the threads alive at an exit). From a
 * program thread only: when the slots are full, the run ends (DPU_END_LIMIT) and the thread
 * leaves it. */
uint32_t dpu_rt_tset_ref(const struct dpu_tset *s);

/* The same from the scheduler: returns 0 when the slots are full, the run having then ended
 * (DPU_END_LIMIT). */
uint32_t dpu_rt_tset_put(const struct dpu_tset *s);

/* Creates the main thread of a run (tid 0), whose start routine calls the program's main with
 * the run's fresh argv and ends the process with its value (runtime/lifecycle.c). */
void dpu_rt_start_main(void);

/* Restores the program's initial world at the start of a run: its writable globals from the
 * snapshot (dpu_rt_snapshot_globals) and fresh copies of the argv strings, which the program
 * may have modified (runtime/init.c). */
void dpu_rt_world_reset(void);

/* The run's argv (argc = dpu_rt.cfg.argc strings, then NULL), renewed by dpu_rt_world_reset. */
char **dpu_rt_argv(void);

/* Installs the runner's crash and hang handlers on an alternate signal stack: they record a
 * crash (DPU_END_SIGNAL) or a run over its time (DPU_END_HANG_TIME) as the run's result, with
 * the threads' raw stacks, and end the runner process (runtime/ending.c). Once per runner. */
void dpu_rt_install_handlers(void);

/* Runs one whole run following the replay in shm; fills shm's result, records and output. */
void dpu_rt_run_once(void);

/* One-time runner set-up: signal handlers on an alternate stack, heap arena, thread stacks.
 * Returns 0, or -1 with a message written to cfg.internal_fd. */
int dpu_rt_init(struct dpu_shm *shm, const struct dpu_rt_config *cfg);

/* Hands a warning (note: a note) to the explorer through shm's notices (protocol.h), which
 * says it and puts it in the reports; id as report/warnings.h's. If every notice of shm is
 * taken, prints "dpu: warning: TEXT" on fd instead. Async-signal-unsafe (vsnprintf). */
void dpu_rt_notice(struct dpu_shm *shm, int fd, bool note, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Makes shm the region the runtime serves runs on, in place of dpu_rt_init's (a second
 * server of runs, forked from the zygote after dpu_rt_init: executor/executor.c). */
void dpu_rt_bind_shm(struct dpu_shm *shm);

/* Registers the program's writable globals (addresses and sizes) and snapshots them; each run
 * starts by restoring the snapshot. Returns 0, or -1 if out of memory. */
int dpu_rt_snapshot_globals(void *const *addrs, const uint64_t *sizes, uint64_t n);

#endif
