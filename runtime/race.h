/* Data-race detection in the runner (issue #9, docs/design.md §7).
 *
 * Why in the runner and not in the explorer: the runner sees every access as it happens, with
 * the thread's vector clock at hand, so an access costs a shadow-memory look-up and no trace
 * record; only races cross to the explorer (protocol.h: dpu_shm.races). Shipping every access
 * to the explorer (a "second stream" of records, docs/design.md §4 and §7) would cost
 * shared-memory bandwidth proportional to the program's memory traffic, on every run.
 *
 * Happens-before is program order plus synchronises-with, computed with vector clocks
 * (Lamport; Mattern; as in FastTrack, Flanagan & Freund, PLDI'09): one clock per thread, one
 * per synchronisation object, per atomic location, per thread exit and per wake-up. It is not
 * the explorer's dependence relation: two lock acquisitions of a mutex are dependent, but only
 * unlock -> next lock orders memory. The models of runtime/ call the functions below where
 * the operations they model synchronise:
 *   create -> start, exit -> join, unlock -> next lock (mutex, spinlock, atomic section),
 *   write-unlock -> next lock and read-unlock -> next write lock (rwlock), post -> wait (sem),
 *   signal/broadcast -> the wait it wakes, every arrival of a barrier round -> every leaver,
 *   pthread_once's routine -> every caller, and for atomics C11 7.17.3/5.1.2.4: a release (or
 *   stronger) store or RMW -> an acquire (or stronger) load or RMW that reads from it or from
 *   its release sequence (later RMWs), fences as 7.17.4 says; relaxed accesses order nothing.
 *
 * Shadow memory: every 8-byte granule of program memory has four shadow cells (and, past
 * four, cells chained from a per-run pool). A cell is one access "key" (thread, site, kind,
 * bytes of the granule) and the latest epoch (the thread's own clock component) at which the
 * thread made it. Keeping every key, not only the last write and the reads (FastTrack), is what
 * makes the detector report every racing pair of sites of a run, not only the first: a cell
 * is dropped only when every live thread's clock has passed it, so that no later access can
 * race with it. Cells carry the run's stamp, so a run starts with empty shadow memory at no
 * cost. */
#ifndef DPU_RACE_H
#define DPU_RACE_H

#include <stdbool.h>
#include <stdint.h>

/* Whether detection is on (set once by dpu_race_init). Every hook below returns at once when
 * it is off; the instrumentation is not even emitted then (passes/accesses.c). */
extern bool dpu_race_on;

/* One-time set-up in the runner (dpu_rt_init): reserves the shadow memory's first level
 * (address space only). Returns 0, or -1 if it cannot be reserved (detection then stays off
 * and every run says so). */
int dpu_race_init(bool on);

/* Start of a run: forgets every clock and every shadow cell (O(what the last run used)), and
 * arms the stack captures the explorer asked for. */
void dpu_race_reset(void);

/* Symmetric threads (runtime/symmetry.h): while on, every access also goes to dpu_sym_access
 * (off the common path: the same test as a race's stack capture). */
void dpu_race_sym_watch(bool on);

/* Whether the shadow of the `size` bytes at a holds a write by a thread other than the running
 * one in this run (in a granule's four cells or its overflow cells), or may have lost one (the
 * race detector gave up, or its overflow map is full): what runtime/symmetry.c asks of a
 * joiner's load. */
bool dpu_race_others_wrote(uintptr_t a, uint64_t size);

/* Accesses. Called by the instrumented program (passes/accesses.c) with the access-site id:
 * a load or store of `size` bytes at p (value: the bits a scalar store writes, else 0). A size
 * of 0 is no access. An access at a site the exploration made visible (issue #10) is first a
 * visible operation (runtime/models/atomic.c: dpu_rt_access_visible). */
void __dpu_load(void *p, uint64_t size, uint32_t site);
void __dpu_store(void *p, uint64_t size, uint32_t site, uint64_t value);

/* The same from the runtime's models of libc functions (strlen, memcmp, ...): the call site is
 * the current __dpu_site. */
void dpu_race_read(const void *p, uint64_t size);
void dpu_race_write(const void *p, uint64_t size);
/* free's write of the whole block it frees: as dpu_race_write, without the memory check (the
 * caller knows the block is live). */
void dpu_race_write_block(const void *p, uint64_t size);

/* The happens-before edges below (thread_start to woken) are effects of the running thread's
 * operation that its row of protocol/ops.def names (HB: create and exit release, join
 * acquires, ...); the debug build checks each against the row.
 *
 * Threads: parent's clock -> child's (create -> start; called when tid is made, parent -1 for
 * main); the exiting thread's clock is kept for join (exit); join acquires it. */
void dpu_race_thread_start(int parent, int tid);
void dpu_race_thread_exit(int tid);
void dpu_race_thread_join(int tid);

/* Synchronisation objects, each kind in its own namespace (class) so that one address can be
 * several objects' (e.g. an rwlock's write and read clocks).
 * acquire: the running thread's clock joins the object's; release: the object's clock joins
 * the thread's, then the thread's epoch moves on (its later accesses are not covered). */
enum dpu_sync_class {
  DPU_SYNC_LOCK = 1,   /* mutex, spinlock, atomic section; an rwlock's write-unlock clock */
  DPU_SYNC_RLOCK,      /* an rwlock's read-unlock clock (acquired by write locks only) */
  DPU_SYNC_SEM,        /* semaphore posts (all of them: a wait acquires every earlier post) */
  DPU_SYNC_BARRIER,    /* arrivals at a barrier in its current round */
  DPU_SYNC_ONCE,       /* the end of a pthread_once routine */
  DPU_SYNC_ATOMIC,     /* an atomic location (dpu_race_atomic) */
};
void dpu_race_acquire(uint64_t obj, enum dpu_sync_class cls);
void dpu_race_release(uint64_t obj, enum dpu_sync_class cls);
/* Empties the object's clock (a barrier's, once its round is complete: the next round's
 * arrivals are not ordered before this round's leaves). */
void dpu_race_clear(uint64_t obj, enum dpu_sync_class cls);

/* Condition variables: a signal or broadcast that wakes thread `woken` hands it the signaller's
 * clock (dpu_race_wake, at the signal), which the waiter acquires when it resumes
 * (dpu_race_woken). Barriers likewise: the arrival completing a round hands its clock to each
 * thread that waits to leave. */
void dpu_race_wake(int woken);
void dpu_race_woken(void);

/* Atomic operations, after the instruction's effect is decided: kind is DPU_OP_ATOMIC_LOAD,
 * _STORE, _RMW, or _CAS, whose row of protocol/ops.def says whether it reads and writes the
 * location (HB: LOAD, STORE, STORE_IF_EXCHANGED; exchanged says whether a CAS wrote); order
 * is the LLVM atomic ordering (LLVMAtomicOrdering: 2 monotonic, 4 acquire, 5 release, 6
 * acq_rel, 7 seq_cst) of the operation (for a failed CAS, its failure ordering). Records the atomic access of `size`
 * bytes at p at the current site and applies C11's synchronisation (7.17.3; release sequences
 * as in C11/C17 5.1.2.4p10: a release store heads a sequence continued by later stores of the
 * same thread and by RMWs of any thread). */
void dpu_race_atomic(void *p, uint32_t size, uint8_t kind, bool exchanged, uint32_t order);

/* Under x86-TSO (runtime/models/tso.c), a store of the running thread's that waits in its
 * store buffer (order: as above): its access is checked now, and what its write publishes when
 * it reaches memory is kept in snap (DPU_RACE_TSO_SNAP words, the caller's): the thread's clock
 * now and at its last release fence. dpu_race_tso_flush is that write, by thread u's buffer:
 * it heads or continues u's release sequence at p as dpu_race_atomic's store would have. No
 * effect when race detection is off. */
#define DPU_RACE_TSO_SNAP (2 * DPU_MAX_THREADS + 1)
/* An atomic load that reads its own thread's buffered store (x86-TSO): the access is checked,
 * and it synchronises with nothing (it reads from its own thread). */
void dpu_race_atomic_own(void *p, uint32_t size);
void dpu_race_tso_store(void *p, uint32_t size, uint32_t order, uint32_t *snap);
void dpu_race_tso_flush(void *p, int u, uint32_t order, const uint32_t *snap);

/* For --memory-model=ra|rc11 (runtime/models/ra.c), which derives from these clocks which
 * stores a load may read (a store that happens-before it, or that a read happening-before it
 * read, hides every older store of the location: coherence, C11 5.1.2.4p18-20).
 *
 * dpu_race_hb_ok: whether the clocks below are exact in this run (detection on, not given up).
 * dpu_race_clock_at: the running thread's clock entry for thread u (u's epochs up to it
 * happen-before the thread's current point; dpu_race_epoch is its own entry).
 * dpu_race_ra_snap: after a write of atomic location p by the running thread (dpu_race_atomic
 * done), what an acquire load that reads from this write synchronises with, the clocks of the
 * release sequences it is in (5.1.2.4p10-11), joined into snap[0, *n) (DPU_MAX_THREADS words of
 * the caller's); *n = the thread ids in use, 0 when it is in none.
 * dpu_race_ra_load: an atomic load of `size` bytes at p, of LLVM order `order`, that reads from
 * a write whose snap is snap[0, n): checks the access and synchronises as dpu_race_atomic's
 * load would with that write (acquire: the clock joins snap; weaker: kept for the thread's next
 * acquire fence, 7.17.4p3). */
bool dpu_race_hb_ok(void);
uint32_t dpu_race_clock_at(int u);
/* dpu_race_seq_state: at the newest write of atomic location p, DPU_RACE_SEQ_MINE when a
 * release sequence headed by the running thread u goes on there (u heads it and no other
 * thread's plain store ended it: 5.1.2.4p10), DPU_RACE_SEQ_FENCED when u executed a release
 * fence in this run (7.17.4p2); 0 without exact clocks. dpu_race_ra_snap returns the same,
 * just after u's write. */
enum { DPU_RACE_SEQ_MINE = 1, DPU_RACE_SEQ_FENCED = 2 };
unsigned dpu_race_ra_snap(void *p, uint32_t *snap, uint32_t *n);
unsigned dpu_race_seq_state(void *p);
/* A store of `size` bytes at p of LLVM order `order` by the running thread that ra.c places
 * before newer stores of the location in modification order (docs/memory-models.md, "Stores
 * placed before newer ones"): checks the access as dpu_race_atomic's write would, but changes
 * no release sequence of the location (those follow its newest write, which this is not).
 * What an acquire load reading it synchronises with goes to snap[0, *n) (as
 * dpu_race_ra_snap): the thread's clock for a release store, else the clock of the release
 * sequence of its own that it continues (prev[0, nprev), the snap of the thread's previous
 * write of p, when ra.c found that sequence going on at its place) and of its last release
 * fence. */
void dpu_race_ra_placed(void *p, uint32_t size, uint32_t order, const uint32_t *prev,
                        uint32_t nprev, uint32_t *snap, uint32_t *n);
void dpu_race_ra_load(void *p, uint32_t size, uint32_t order, const uint32_t *snap, uint32_t n);

/* A fence (C11 7.17.4) of LLVM ordering `order`, called by the instrumented program. */
void __dpu_fence(uint32_t order);

/* A heap block p that the running thread has just freed (free, realloc): its epoch (the
 * thread's own clock component) is kept for the rest of the run, so that a later use can be
 * told to be ordered after it or not (dpu_race_free_order). */
void dpu_race_freed(const void *p);

/* How the free of block p by thread free_tid, the last one of p in this run, stands to the
 * running thread's current point: DPU_FREE_BEFORE when it happens-before it (the free's epoch
 * <= the thread's clock component for free_tid: FastTrack's test), so that the free precedes
 * this point in every interleaving of the trace and a use of p here is a use after free
 * whatever the interleaving (memcheck.c); DPU_FREE_UNORDERED when it does not, and the race
 * detector will report a use here as a data race with the free (its write of the block);
 * DPU_FREE_UNKNOWN when detection is off or gave up in this run, or the table had no room near
 * p when it was freed (4096 slots by block address, 16 probes: hundreds of frees in a run are
 * kept, thousands may not all be). */
enum dpu_free_order { DPU_FREE_UNKNOWN = -1, DPU_FREE_UNORDERED = 0, DPU_FREE_BEFORE = 1 };
enum dpu_free_order dpu_race_free_order(const void *p, int free_tid);

/* The running thread's epoch now (its own clock component): an operation it makes now
 * happens-before the point of a thread whose clock component for it is at least that (the
 * test of dpu_race_free_order). 0 when detection is off or gave up in this run. */
uint32_t dpu_race_epoch(void);

/* Whether the operation of thread u at epoch (dpu_race_epoch, u running) happens-before the
 * running thread's current point: 1 yes, 0 no (unordered: some interleaving of the trace puts
 * it after), -1 unknown (detection off or gave up, epoch 0). The answer is the same in every
 * interleaving of the trace, which a test of the run's order is not. */
int dpu_race_before(int u, uint32_t epoch);

/* Heap blocks, to name the memory of a race: called by the allocator models for every block
 * handed out in a run. */
void dpu_race_alloc(const void *p, uint64_t size);

/* End of a run in capture mode: symbolises the captured stacks. */
void dpu_race_end_run(void);

/* Whether this run captures race stacks (so the run's own defect stacks are not taken). */
bool dpu_race_capturing(void);

#endif
