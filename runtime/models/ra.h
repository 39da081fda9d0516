/* C11's release/acquire and relaxed orders in the runner (--memory-model=ra|rc11):
 * runtime/models/ra.c; docs/memory-models.md has the model and why it is explored this way.
 * Every function runs on the runner's one OS thread and acts for the running program thread
 * (dpu_rt.cur). */
#ifndef DPU_RA_H
#define DPU_RA_H

#include <stdbool.h>
#include <stdint.h>

#include "../../protocol/protocol.h"

/* Whether the run explores ra or rc11 (set once by dpu_ra_init, before the first run);
 * dpu_ra_reset forgets every location's stores at a run's start (O(locations used)). */
extern bool dpu_ra_on;
void dpu_ra_init(bool on);
void dpu_ra_reset(void);

/* A write of the atomic location addr (size bytes, 1-8) by the running thread, made now (a
 * store or read-modify-write before its instruction executes, a CAS once it exchanged): it
 * becomes the location's newest store. prev: the value the location held before it (memory
 * before the instruction), which is what its previous newest store wrote; order: its LLVM
 * ordering; rmw: a read-modify-write or a CAS (no store can be placed between it and the store
 * it read). Call dpu_ra_published after the race detector applied
 * the write (dpu_race_atomic): it keeps what an acquire load reading this store synchronises
 * with. */
void dpu_ra_write(uint64_t addr, uint32_t size, uint64_t prev, uint32_t order, bool rmw);
void dpu_ra_published(uint64_t addr);

/* An atomic store (not a read-modify-write) of value (size bytes, 1-8, LLVM order `order`)
 * to addr by the running thread, whose ATOMIC_STORE record is e, made instead of its
 * instruction (passes/atomics.c: DPU_ATOMIC_RA_STORE). It goes into the location's
 * modification order at one of the places coherence allows (docs/memory-models.md, "Stores
 * placed before newer ones"): after every store the thread has seen, before any later ones
 * that are plain stores not seq_cst. With more than one place, e->aux = their number and
 * e->result = the place taken (the replay's choice, else 0: the newest store), and e->from =
 * the thread + 1 of the store it goes before. Applies the race detector's write. Returns
 * whether it is the newest store, which the caller then writes to memory (an older one is
 * only read by loads that read it: memory holds the newest). */
bool dpu_ra_store(uint64_t addr, uint32_t size, uint64_t value, uint32_t order,
                  struct dpu_event_rec *e);

/* An atomic load of addr (size bytes, 1-8; LLVM order `order`) whose ATOMIC_LOAD record is e,
 * just performed by the running thread: chooses which visible store it reads, through a
 * READS_FROM operation (protocol/ops.def) when more than one is visible (the replay's choice
 * or the newest), applies the race detector's read of that store, and returns the value read
 * (also set in e->value when e shows a value). again: the load repeats a read of its spin
 * region's activation at the same place (runtime/models/atomic.c: load_again), which reads the
 * newest store. A seq_cst load reads none older than the location's newest seq_cst store. */
uint64_t dpu_ra_load(uint64_t addr, uint32_t size, uint32_t order, bool again,
                     struct dpu_event_rec *e);

/* A CAS of addr (size bytes, 1-8) whose ATOMIC_CAS record is e, by the running thread, that
 * fails: the newest store does not hold `expected` (zero-extended). Under C11 a failed CAS is
 * a load of its failure order `order` (7.17.7.4p2), so it reads a visible store as dpu_ra_load
 * does, but only one whose value is not `expected` (one that is would make it exchange):
 * through a READS_FROM choice when there is more than one. Logs the read, which
 * later reads that happen after it must not go behind (read-read coherence, 5.1.2.4p19), and
 * applies the race detector's read. Returns the value read. again: as dpu_ra_load's. */
uint64_t dpu_ra_cas_fail(uint64_t addr, uint32_t size, uint64_t expected, uint32_t order,
                         bool again, struct dpu_event_rec *e);

/* What the running thread's last dpu_ra_load returned: passes/atomics.c replaces each load it
 * marks DPU_ATOMIC_RA_LOAD with a call of this, after __dpu_atomic_op. */
uint64_t __dpu_ra_load(void *addr, uint32_t size);

/* A seq_cst fence (7.17.4) under ra and rc11: an acq_rel read-modify-write of one location
 * of dpu's own, dpu_seq_cst_fence, so that the fences are totally ordered and each
 * synchronises with the ones before it (stronger than RC11, which orders fences without
 * making them synchronise; docs/memory-models.md). */
extern uint64_t dpu_seq_cst_fence;
void __dpu_ra_fence(void);

#endif
