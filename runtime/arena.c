/* Bump allocator with per-block headers, per-thread LIFO reuse and shadow bytes; see arena.h. */
#include "arena.h"

#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>

#include "../protocol/invariant.h"

#define BLOCK_MAGIC 0xd9a7e11au
enum { BLOCK_LIVE = 1, BLOCK_FREED = 2 };

/* Sits immediately before every block handed out (two shadow granules: DPU_SHADOW_HEADER). */
struct dpu_arena_block {
  uint64_t size : 48;            /* bytes asked for (an arena is far below 2^48 bytes) */
  uint64_t alloc_tid : 16;       /* a thread id (below DPU_MAX_THREADS) */
  struct dpu_arena_block *next;  /* next on a free list */
  uint32_t magic;
  uint32_t alloc_site, free_site;
  uint16_t free_tid;
  uint8_t state, cls;            /* cls: size class + 1, 0 if never reused */
};
_Static_assert(sizeof(struct dpu_arena_block) == 32, "the header is two shadow granules");

#define HDR sizeof(struct dpu_arena_block)

int dpu_arena_init(struct dpu_arena *a, size_t cap) {
  void *p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p == MAP_FAILED) return -1;
  memset(a, 0, sizeof *a);
  a->base = p;
  a->cap = cap;
  return 0;
}

void dpu_arena_destroy(struct dpu_arena *a) {
  if (a->base) munmap(a->base, a->cap);
  a->base = NULL;
}

/* Blocks live in some thread's arena; reused ones may lie in another arena than a. The shadow
 * maps of all arenas are one array (runtime/init.c), so a block's shadow is found from any
 * arena's base and shadow (a signed offset: the block may lie below a). */
static uint8_t *shadow_of(const struct dpu_arena *a, const char *p) {
  return a->shadow + (p - a->base) / 16;
}

/* Sets the shadow of [p, p + n) (16-aligned p) to v. */
static void shadow_set(const struct dpu_arena *a, const char *p, size_t n, uint8_t v) {
  if (a->shadow && n) memset(shadow_of(a, p), v, (n + 15) / 16);
}

/* Shadow of a live block of size bytes at p: full granules, then the partial last one. */
static void shadow_live(const struct dpu_arena *a, const char *p, uint64_t size) {
  if (!a->shadow) return;
  uint8_t *s = shadow_of(a, p);
  memset(s, DPU_SHADOW_LIVE, size / 16);
  if (size % 16) s[size / 16] = (uint8_t)(size % 16);
}

/* The size class of a block of `rounded` bytes (+1), or 0 when such blocks are not reused. */
static uint8_t class_of(size_t rounded, size_t align) {
  return (rounded && rounded <= DPU_ARENA_REUSE_MAX && align <= 16) ? (uint8_t)(rounded / 16)
                                                                    : 0;
}


void *dpu_arena_alloc(struct dpu_arena *a, size_t size, size_t align, uint32_t site,
                      uint16_t tid) {
  if (align < 16) align = 16;
  if (align & (align - 1)) return NULL;
  size_t rounded = (size + 15) & ~(size_t)15;
  if (rounded < size) return NULL; /* overflow */
  uint8_t cls = class_of(rounded, align);
  struct dpu_arena_block *h;
  bool reused = cls && a->free[cls - 1];
  if (reused) {
    h = a->free[cls - 1];
    a->free[cls - 1] = h->next;
    /* Every block on a free list is a freed block of that list's class. */
    DPU_ASSERT(h->state == BLOCK_FREED && h->magic == BLOCK_MAGIC && h->cls == cls);
  } else {
    uintptr_t start = (uintptr_t)a->base + a->top + HDR;
    start = (start + align - 1) & ~(uintptr_t)(align - 1);
    size_t end = start - (uintptr_t)a->base + rounded;
    if (end > a->cap || end < a->top) return NULL;
    h = (struct dpu_arena_block *)start - 1;
    a->top = end;
    if (end > a->peak) a->peak = end;
    if (a->shadow) { /* the header's two granules; past the old top, all was NONE */
      uint8_t *hs = shadow_of(a, (char *)h);
      hs[0] = hs[1] = DPU_SHADOW_HEADER;
    }
  }
  char *p = (char *)(h + 1);
  if (reused && a->shadow) /* its granules said FREED; past the old top, all was NONE */
    memset(shadow_of(a, p), DPU_SHADOW_NONE, rounded / 16);
  shadow_live(a, p, size);
  h->size = size;
  h->next = NULL;
  h->magic = BLOCK_MAGIC;
  h->state = BLOCK_LIVE;
  h->cls = cls;
  h->alloc_site = site;
  h->alloc_tid = tid;
  h->free_site = 0;
  h->free_tid = 0;
  /* Zeroed to the end of its last 8-byte word: what a state fingerprint hashes of it
   * (runtime/statefp.h) is then the program's bytes alone, not a former block's. */
  memset(p, 0, (size + 7) & ~(size_t)7);
  return p;
}

static struct dpu_arena_block *header_of(const struct dpu_arena *a, const void *p) {
  uintptr_t u = (uintptr_t)p;
  if ((u & 15) || u < (uintptr_t)a->base + HDR || u > (uintptr_t)a->base + a->top) return NULL;
  struct dpu_arena_block *h = (struct dpu_arena_block *)p - 1;
  return h->magic == BLOCK_MAGIC ? h : NULL;
}

enum dpu_arena_free_result dpu_arena_free(struct dpu_arena *owner, struct dpu_arena *cache,
                                          void *p, uint32_t site, uint16_t tid) {
  if (!p) return DPU_ARENA_FREED;
  if (!dpu_arena_contains(owner, p)) return DPU_ARENA_NOT_OURS;
  struct dpu_arena_block *h = header_of(owner, p);
  if (!h) return DPU_ARENA_INVALID_FREE;
  if (h->state == BLOCK_FREED) return DPU_ARENA_DOUBLE_FREE;
  if (h->state != BLOCK_LIVE) return DPU_ARENA_INVALID_FREE;
  h->state = BLOCK_FREED;
  h->free_site = site;
  h->free_tid = tid;
  if (owner->shadow) memset(shadow_of(owner, p), DPU_SHADOW_FREED, (h->size + 15) / 16);
  if (h->cls) {
    h->next = cache->free[h->cls - 1];
    cache->free[h->cls - 1] = h;
    cache->used |= 1ull << (h->cls - 1);
  }
  return DPU_ARENA_FREED;
}

void dpu_arena_each_live(const struct dpu_arena *a, void (*fn)(const char *, size_t, void *),
                         void *arg) {
  /* Headers sit at 16-byte offsets, each right before its block; an alignment gap (align >
   * 16) is skipped a granule at a time. */
  size_t o = 0;
  while (o + HDR <= a->top) {
    const struct dpu_arena_block *h = (const struct dpu_arena_block *)(a->base + o);
    size_t rounded = (h->size + 15) & ~(size_t)15;
    if (h->magic != BLOCK_MAGIC || (h->state != BLOCK_LIVE && h->state != BLOCK_FREED) ||
        rounded > a->top - o - HDR) {
      o += 16;
      continue;
    }
    if (h->state == BLOCK_LIVE) fn((const char *)(h + 1), h->size, arg);
    o += HDR + rounded;
  }
}

void dpu_arena_state(const struct dpu_arena *a, void (*fn)(const void *, size_t, void *),
                     void *arg) {
  fn(&a->top, sizeof a->top, arg);
  for (uint64_t used = a->used; used; used &= used - 1) {
    uint32_t c = (uint32_t)__builtin_ctzll(used);
    fn(&c, sizeof c, arg);
    for (const struct dpu_arena_block *b = a->free[c]; b; b = b->next) fn(&b, sizeof b, arg);
  }
}

size_t dpu_arena_block_size(const struct dpu_arena *a, const void *p) {
  struct dpu_arena_block *h = header_of(a, p);
  return (h && h->state == BLOCK_LIVE) ? h->size : 0;
}

int dpu_arena_block_near(const struct dpu_arena *a, const void *p, struct dpu_block_info *out) {
  if (!a->shadow || !dpu_arena_contains(a, p)) return 0;
  size_t g = (size_t)((const char *)p - a->base) / 16;
  size_t top = (a->top + 15) / 16;
  if (g > top) g = top;
  /* Back over what is not a block (headers of the next block, gaps, the end of the arena) to
   * the last granule of a block, then over the block to its header. */
  while (g > 0 && (a->shadow[g] == DPU_SHADOW_HEADER || a->shadow[g] == DPU_SHADOW_NONE)) g--;
  while (g > 0 && a->shadow[g] != DPU_SHADOW_HEADER) g--;
  if (a->shadow[g] != DPU_SHADOW_HEADER) return 0;
  char *start = a->base + (g + 1) * 16;
  struct dpu_arena_block *h = header_of(a, start);
  if (!h) return 0;
  *out = (struct dpu_block_info){.start = start, .size = h->size, .alloc_site = h->alloc_site,
                                 .free_site = h->free_site, .alloc_tid = h->alloc_tid,
                                 .free_tid = h->free_tid, .freed = h->state == BLOCK_FREED};
  return 1;
}

void dpu_arena_reset(struct dpu_arena *a) {
  shadow_set(a, a->base, a->top, DPU_SHADOW_NONE);
  for (uint64_t u = a->used; u; u &= u - 1) a->free[__builtin_ctzll(u)] = NULL;
  a->used = 0;
  a->top = 0;
}
