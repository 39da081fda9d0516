/* Memory errors on the heap (issue #13): an access to a freed block, or outside a live block's
 * bytes, is a DPU_END_MEMORY defect naming the block, its allocation and its free.
 *
 * The check reads the arenas' shadow bytes (arena.h): one compare for an address outside the
 * heap, one load and compare for an access inside one 16-byte granule of a live block. It runs
 * on every instrumented load and store (passes/accesses.c, so not with --races=off) and on the
 * accesses of the runtime's models of libc functions (memcpy, strlen, ...). As with
 * AddressSanitizer, an access that lands in another live block is not caught: a header of 32
 * bytes lies between blocks, so an overflow by up to 32 bytes past a block's end is. */
#ifndef DPU_MEMCHECK_H
#define DPU_MEMCHECK_H

#include <stdint.h>

#include "arena.h"
#include "rt.h"

/* Reports the access and ends the run (DPU_END_MEMORY); returns if it is no error after all
 * (the fast path's test is conservative for accesses that span granules). write: 1 for a
 * write, 0 for a read. */
void dpu_mem_check_slow(uintptr_t a, uint64_t size, uint32_t site, int write);

/* The same for the visible operation op (see dpu_mem_check_op), whose name says what the
 * access was ("use after free: pthread_mutex_lock at offset 8 ..."). A separate function, so
 * that the call in dpu_mem_check, on every access, keeps its four arguments (a fifth cost every
 * store a register saved and restored: 2 instructions, +0.3% of a run of sum_array.c). */
void dpu_mem_check_op_slow(uintptr_t a, uint64_t size, uint32_t site, uint8_t op);

/* Checks an access of size bytes at a (site: the access site, for the report). The hot path
 * of every instrumented access: one compare outside the heap, one load and compare inside. */
static inline void dpu_mem_check(uintptr_t a, uint64_t size, uint32_t site, int write) {
  uintptr_t off = a - (uintptr_t)dpu_rt.heap_base;
  if (__builtin_expect(off >= dpu_rt.heap_total, 1)) return;
  if (__builtin_expect(dpu_rt.heap_shadow[off >> 4] == DPU_SHADOW_LIVE && (off & 15) + size <= 16, 1))
    return;
  dpu_mem_check_slow(a, size, site, write);
}

/* Checks that the visible operation op, which acts on the size bytes at a (an atomic access's
 * location; a pthread object's first byte), finds them in a live block or outside the heap:
 * a lock of a mutex inside a freed block is a use after free (POSIX leaves it undefined), not
 * a lock of whatever the freed bytes hold. Called once the operation is scheduled
 * (dpu_rt_visible_aux). A block the running thread freed is freed in every interleaving, and
 * so is one whose free by another thread happens-before this point (race.h:
 * dpu_race_free_order). A block freed by another thread without that order is left to the
 * race detector (the free writes the whole block): whether it is freed yet here would depend
 * on where that thread's free, which is no visible operation, fell in this interleaving, and
 * a run's end must follow from its trace alone, or the explorers (and -j) would count
 * different traces. */
static inline void dpu_mem_check_op(uintptr_t a, uint64_t size, uint32_t site, uint8_t op) {
  uintptr_t off = a - (uintptr_t)dpu_rt.heap_base;
  if (__builtin_expect(off >= dpu_rt.heap_total, 1)) return;
  if (dpu_rt.heap_shadow[off >> 4] != DPU_SHADOW_LIVE || (off & 15) + size > 16)
    dpu_mem_check_op_slow(a, size, site, op);
}

/* Ends the run with the double free of p (DPU_END_HEAP), naming where p was freed first. */
_Noreturn void dpu_mem_double_free(void *p);

/* Fills the run result's table of heap blocks (protocol.h: dpu_run_result.heap) with the
 * blocks, live or freed, that hold objects of the run's records, at most
 * DPU_MAX_HEAP_OBJECTS: O(records), plus a walk over the shadow for each block. For the end of
 * a run whose steps a report shows (a defect, a race's capture run), not for every run. */
void dpu_mem_name_objects(void);

#endif
