/* The slow path of the heap's access checks, and the reports; see memcheck.h. */
#include "memcheck.h"
#include "race.h"

#include <stdio.h>
#include <string.h>

#include "rt.h"

/* Whether the bytes [lo, hi) of the granule with shadow byte s belong to a live block. */
static int granule_ok(uint8_t s, unsigned lo, unsigned hi) {
  return s >= 1 && s <= DPU_SHADOW_LIVE && hi <= s && lo < hi;
}

/* Fills the result's block fields from b (none when b is NULL), for the defect `end` about to
 * be recorded; not when it will be a later defect of the run: the fields are the first
 * defect's (a user test found a use after free named with a later defect's block). */
static void note_block(int end, const struct dpu_block_info *b) {
  if (dpu_rt_result_stands(end)) return;
  dpu_rt.shm->result.block = b ? (struct dpu_block_sites){
      .alloc_site = b->alloc_site, .free_site = b->freed ? b->free_site : 0,
      .alloc_tid = b->alloc_tid, .free_tid = b->freed ? b->free_tid : 0}
                               : (struct dpu_block_sites){0};
}

/* How many of the n shadow bytes at s say "all live", from the first: 8 at a time. */
static size_t live_prefix(const uint8_t *s, size_t n) {
  const uint64_t all_live = 0x0101010101010101ull * DPU_SHADOW_LIVE;
  size_t k = 0;
  for (uint64_t w; k + 8 <= n && (memcpy(&w, s + k, 8), w == all_live);) k += 8;
  while (k < n && s[k] == DPU_SHADOW_LIVE) k++;
  return k;
}

/* The first byte of [a, end) (one granule, index i) outside a live block, or 0. */
static uintptr_t granule_bad(size_t i, uintptr_t a, uintptr_t end) {
  uintptr_t g = (uintptr_t)dpu_rt.heap_base + (i << 4);
  unsigned lo = g < a ? (unsigned)(a - g) : 0;
  unsigned hi = end - g >= 16 ? 16 : (unsigned)(end - g);
  return granule_ok(dpu_rt.heap_shadow[i], lo, hi) ? 0 : g + lo;
}

/* dpu_mem_check_slow and dpu_mem_check_op_slow: op is DPU_OP_COUNT for a plain access. */
static void check_slow(uintptr_t a, uint64_t size, uint32_t site, int write, uint8_t op) {
  if (size == 0 || dpu_rt.cur < 0) return;
  uintptr_t base = (uintptr_t)dpu_rt.heap_base;
  uintptr_t end = a + size;
  if (end < a || end - base > dpu_rt.heap_total) end = base + dpu_rt.heap_total; /* the heap's */
  size_t first = (a - base) >> 4, last = (end - 1 - base) >> 4;
  /* The first granule, the whole ones between (long accesses: memcpy, free's write of the
   * block), the last. */
  uintptr_t bad = granule_bad(first, a, end);
  if (!bad && last > first + 1) {
    size_t k = live_prefix(dpu_rt.heap_shadow + first + 1, last - first - 1);
    if (k < last - first - 1) bad = base + ((first + 1 + k) << 4);
  }
  if (!bad && last > first) bad = granule_bad(last, a, end);
  if (!bad) return;
  struct dpu_arena *arena = dpu_rt_heap_of((const void *)bad);
  struct dpu_block_info b;
  bool found = arena && dpu_arena_block_near(arena, (const void *)bad, &b);
  bool freed = found && b.freed && bad < (uintptr_t)b.start + b.size;
  /* Another thread's free is a use after free here only if it happens-before this point: it
   * then precedes the access in every interleaving of the trace. If not, whether the block is
   * freed yet depends on where that free, which is no visible operation, fell in this
   * interleaving, and a run's end must follow from its trace alone (or the explorers, and
   * -j, would count different traces): the access goes on, and the race detector reports it
   * as a data race with the free, which writes the whole block. When that order is unknown,
   * an access is reported as before (the interleaving decides); an operation goes on. */
  if (freed && b.free_tid != dpu_rt.cur) {
    enum dpu_free_order order = dpu_race_free_order(b.start, b.free_tid);
    if (order == DPU_FREE_UNORDERED || (order == DPU_FREE_UNKNOWN && op != DPU_OP_COUNT)) return;
  }
  dpu_rt.op_defect = op != DPU_OP_COUNT;
  unsigned long long n = (unsigned long long)size;
  char what[64]; /* "read of 4 bytes", "atomic-rmw of 4 bytes", "pthread_mutex_lock" */
  if (op == DPU_OP_COUNT || dpu_op_is_access(op))
    snprintf(what, sizeof what, "%s of %llu byte%s",
             op == DPU_OP_COUNT ? (write ? "write" : "read") : dpu_op_name(op), n,
             n == 1 ? "" : "s");
  else
    snprintf(what, sizeof what, "%s", dpu_op_name(op));
  __dpu_site = site;
  note_block(DPU_END_MEMORY, found ? &b : NULL);
  if (!found)
    dpu_rt_end(DPU_END_MEMORY, 0, "%s at %#llx, in the heap but in no block", what,
               (unsigned long long)bad);
  long long off = (long long)(a - (uintptr_t)b.start);
  if (freed)
    dpu_rt_end(DPU_END_MEMORY, 0, "use after free: %s at offset %lld of a heap block of %llu "
               "bytes", what, off, (unsigned long long)b.size);
  dpu_rt_end(DPU_END_MEMORY, 0, "heap out of bounds: %s at offset %lld of a heap block of %llu "
             "bytes%s", what, off, (unsigned long long)b.size, b.freed ? " (freed)" : "");
}

_Noreturn void dpu_mem_double_free(void *p) {
  struct dpu_block_info b = {0};
  struct dpu_arena *arena = dpu_rt_heap_of(p);
  bool near = arena && dpu_arena_block_near(arena, p, &b);
  note_block(DPU_END_HEAP, near ? &b : NULL);
  dpu_rt_end(DPU_END_HEAP, 0, "double free of a heap block of %llu bytes",
             (unsigned long long)b.size);
}

void dpu_mem_check_slow(uintptr_t a, uint64_t size, uint32_t site, int write) {
  check_slow(a, size, site, write, DPU_OP_COUNT);
}

void dpu_mem_check_op_slow(uintptr_t a, uint64_t size, uint32_t site, uint8_t op) {
  check_slow(a, size, site, !dpu_op_is_read(op), op);
}

void dpu_mem_name_objects(void) {
  struct dpu_run_result *r = &dpu_rt.shm->result;
  r->nheap = 0;
  uintptr_t base = (uintptr_t)dpu_rt.heap_base;
  for (uint32_t i = 0; i < dpu_rt.shm->nevents && r->nheap < DPU_MAX_HEAP_OBJECTS; i++) {
    uint64_t a = dpu_rt.records[i].obj;
    if (a - base >= dpu_rt.heap_total || dpu_op_is_thread_op(dpu_rt.records[i].op)) continue;
    uint32_t k = 0;
    while (k < r->nheap && !(a >= r->heap[k].start && a < r->heap[k].start + r->heap[k].size))
      k++;
    struct dpu_arena *arena = dpu_rt_heap_of((const void *)(uintptr_t)a);
    struct dpu_block_info b;
    if (k < r->nheap || !arena || !dpu_arena_block_near(arena, (const void *)(uintptr_t)a, &b) ||
        a >= (uintptr_t)b.start + b.size)
      continue;
    r->heap[r->nheap++] = (struct dpu_heap_object){(uintptr_t)b.start, b.size, b.alloc_site,
                                                   b.alloc_tid, 0};
  }
}
