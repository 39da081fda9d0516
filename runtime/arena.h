/* The program's heap: an arena rewound at the start of every run (DESIGN.md §4). Allocation is
 * a pointer bump; memory is handed out zeroed so that runs are deterministic; free() only marks
 * the block, which is how double and invalid frees are caught. */
#ifndef DPU_ARENA_H
#define DPU_ARENA_H

#include <stddef.h>
#include <stdint.h>

struct dpu_arena {
  char *base;     /* reserved region (MAP_NORESERVE: pages are committed when touched) */
  size_t cap;     /* bytes reserved */
  size_t top;     /* bytes in use since the last reset */
  size_t peak;    /* largest top ever reached, for statistics */
};

/* Outcome of dpu_arena_free. */
enum dpu_arena_free_result {
  DPU_ARENA_FREED = 0,     /* block released */
  DPU_ARENA_NOT_OURS,      /* pointer outside the arena (e.g. from libc): caller decides */
  DPU_ARENA_DOUBLE_FREE,   /* block already freed in this run */
  DPU_ARENA_INVALID_FREE,  /* inside the arena but not the start of a live block */
};

/* Reserves cap bytes of address space. Returns 0, or -1 with errno. */
int dpu_arena_init(struct dpu_arena *a, size_t cap);

/* Unmaps the arena. */
void dpu_arena_destroy(struct dpu_arena *a);

/* Returns size zeroed bytes aligned to align (a power of two, at least 16 is used), or NULL
 * when the arena is exhausted. size 0 gives a unique non-NULL pointer. */
void *dpu_arena_alloc(struct dpu_arena *a, size_t size, size_t align);

/* Marks the block at p free. NULL is accepted (DPU_ARENA_FREED). */
enum dpu_arena_free_result dpu_arena_free(struct dpu_arena *a, void *p);

/* Usable size of the live block at p, or 0 if p is not a live block of this arena. */
size_t dpu_arena_block_size(const struct dpu_arena *a, const void *p);

/* Whether p points into the arena's reserved region. */
static inline int dpu_arena_contains(const struct dpu_arena *a, const void *p) {
  return (const char *)p >= a->base && (const char *)p < a->base + a->cap;
}

/* Forgets every allocation: the next run starts with an empty heap. O(1). */
void dpu_arena_reset(struct dpu_arena *a);

#endif
