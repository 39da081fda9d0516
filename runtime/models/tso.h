/* x86-TSO's store buffers in the runner (--memory-model=tso): runtime/models/tso.c. Every
 * function runs on the runner's one OS thread; those that take no tid act for the running
 * program thread (dpu_rt.cur). */
#ifndef DPU_TSO_H
#define DPU_TSO_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the run explores x86-TSO (set once by dpu_tso_init), and how many threads buffered
 * stores since their last drain (0 under sequential consistency: the test on dpu_rt_visible's
 * path). */
extern bool dpu_tso_on;
extern uint32_t dpu_tso_undrained;

/* Sets the model once, before the first run; dpu_tso_reset empties every buffer at a run's
 * start. */
void dpu_tso_init(bool on);
void dpu_tso_reset(void);

/* Buffers the running thread's store of value (size <= 8 bytes, zero-extended) to addr, of
 * LLVM order `order` (for the race detector, which checks the access now and applies its
 * synchronisation at the flush: runtime/race.h, dpu_race_tso_store), its
 * first creating its buffer's thread (a visible THREAD_CREATE; ends the run at the thread
 * limit). Returns false when the store is not buffered (after the process's exit, wider than
 * 8 bytes, or overlapping another location's buffered stores): the caller stores through. The
 * store's instruction executes after it either way. */
bool dpu_tso_store(uint64_t addr, uint32_t size, uint64_t value, uint32_t order);

/* What the running thread's load of size bytes at addr reads: its newest buffered store there,
 * else the location's global value (the last flushed store), else memory. *source (when not
 * NULL) says where it comes from, as a record's flags (protocol.h): DPU_REC_OWN_BUFFER,
 * DPU_REC_MISSED (another thread's store to the location waits in a buffer), or 0. */
uint64_t dpu_tso_value(uint64_t addr, uint32_t size, uint8_t *source);

/* Waits (the visible DPU_OP_TSO_DRAIN) until the running thread's buffer is empty, when it
 * buffered a store since its last drain; nothing otherwise. */
void dpu_tso_drain(void);

/* Before an instruction that reads and writes addr in memory (a read-modify-write, a CAS, a
 * seq_cst store, after the thread's drain): puts the location's global value in memory. */
void dpu_tso_through(uint64_t addr, uint32_t size);

/* Whether thread tid is a store buffer; one with nothing to flush; one that can flush; and
 * whether thread tid's own buffer is empty. */
bool dpu_tso_is_buffer(int tid);
bool dpu_tso_idle_buffer(int tid);
bool dpu_tso_flush_enabled(int tid);
bool dpu_tso_drained(int tid);

/* Whether the only threads alive are store buffers (then empty, when nothing is enabled: the
 * run has ended as if all threads had exited); how many buffers are alive. */
bool dpu_tso_only_buffers_alive(void);
uint32_t dpu_tso_buffers_alive(void);

/* The replacement of an atomic load's instruction (passes/atomics.c): the size (1 to 8) bytes
 * the running thread reads at addr, zero-extended (dpu_tso_value). */
uint64_t __dpu_tso_load(void *addr, uint32_t size);

#endif
