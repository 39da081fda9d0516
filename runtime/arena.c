/* Bump allocator with per-block headers; see arena.h. */
#include "arena.h"

#include <string.h>
#include <sys/mman.h>

#define BLOCK_MAGIC 0xd9a7e11au
enum { BLOCK_LIVE = 1, BLOCK_FREED = 2 };

/* Sits immediately before every block handed out. */
struct header {
  uint64_t size;
  uint32_t magic;
  uint32_t state;
};

int dpu_arena_init(struct dpu_arena *a, size_t cap) {
  void *p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p == MAP_FAILED) return -1;
  a->base = p;
  a->cap = cap;
  a->top = 0;
  a->peak = 0;
  return 0;
}

void dpu_arena_destroy(struct dpu_arena *a) {
  if (a->base) munmap(a->base, a->cap);
  a->base = NULL;
}

void *dpu_arena_alloc(struct dpu_arena *a, size_t size, size_t align) {
  if (align < 16) align = 16;
  if (align & (align - 1)) return NULL;
  uintptr_t start = (uintptr_t)a->base + a->top + sizeof(struct header);
  start = (start + align - 1) & ~(uintptr_t)(align - 1);
  size_t rounded = (size + 15) & ~(size_t)15;
  if (rounded < size) return NULL; /* overflow */
  size_t end = start - (uintptr_t)a->base + rounded;
  if (end > a->cap || end < a->top) return NULL;
  struct header *h = (struct header *)start - 1;
  h->size = size;
  h->magic = BLOCK_MAGIC;
  h->state = BLOCK_LIVE;
  a->top = end;
  if (end > a->peak) a->peak = end;
  memset((void *)start, 0, size);
  return (void *)start;
}

static struct header *header_of(const struct dpu_arena *a, const void *p) {
  uintptr_t u = (uintptr_t)p;
  if ((u & 15) || u < (uintptr_t)a->base + sizeof(struct header) ||
      u > (uintptr_t)a->base + a->top)
    return NULL;
  struct header *h = (struct header *)p - 1;
  return h->magic == BLOCK_MAGIC ? h : NULL;
}

enum dpu_arena_free_result dpu_arena_free(struct dpu_arena *a, void *p) {
  if (!p) return DPU_ARENA_FREED;
  if (!dpu_arena_contains(a, p)) return DPU_ARENA_NOT_OURS;
  struct header *h = header_of(a, p);
  if (!h) return DPU_ARENA_INVALID_FREE;
  if (h->state == BLOCK_FREED) return DPU_ARENA_DOUBLE_FREE;
  if (h->state != BLOCK_LIVE) return DPU_ARENA_INVALID_FREE;
  h->state = BLOCK_FREED;
  return DPU_ARENA_FREED;
}

size_t dpu_arena_block_size(const struct dpu_arena *a, const void *p) {
  struct header *h = header_of(a, p);
  return (h && h->state == BLOCK_LIVE) ? h->size : 0;
}

void dpu_arena_reset(struct dpu_arena *a) { a->top = 0; }
