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
 * (the fast path's test is conservative for accesses that span granules). */
void dpu_mem_check_slow(uintptr_t a, uint64_t size, uint32_t site, int write);

/* Checks an access of size bytes at a (site: the access site, for the report). */
static inline void dpu_mem_check(uintptr_t a, uint64_t size, uint32_t site, int write) {
  uintptr_t off = a - (uintptr_t)dpu_rt.heap_base;
  if (__builtin_expect(off >= dpu_rt.heap_total, 1)) return;
  if (__builtin_expect(dpu_rt.heap_shadow[off >> 4] == DPU_SHADOW_LIVE && (off & 15) + size <= 16, 1))
    return;
  dpu_mem_check_slow(a, size, site, write);
}

/* Ends the run with the double free of p (DPU_END_HEAP), naming where p was freed first. */
_Noreturn void dpu_mem_double_free(void *p);

#endif
