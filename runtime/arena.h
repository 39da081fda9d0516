/* The program's heap: an arena per thread, rewound at the start of every run (docs/design.md §4).
 *
 * Allocation takes the most recently freed block of the same size class that the allocating
 * thread freed itself (a LIFO list per class and thread, as glibc's tcache), else bumps a
 * pointer. Reuse is what lets an ABA problem show (issue #13): a node freed and allocated
 * again comes back at the same address. Memory is handed out zeroed, so runs are
 * deterministic: a thread's allocations depend only on its own history of mallocs and frees.
 *
 * Every block has a 32-byte header before it (its size, state and the sites and threads that
 * allocated and freed it), which is how double and invalid frees are caught and how a memory
 * error names the block. With shadow memory (see dpu_arena.shadow), the arena also keeps the
 * state of every 16 bytes, which the access checks read (runtime/memcheck.h): live, freed,
 * header, never allocated. A freed block stays poisoned until it is handed out again; an
 * access through a dangling pointer to a block already reused is not caught (it is the ABA
 * that the program may show), the trade-off of reuse without quarantine (docs/model.md,
 * "Memory"). */
#ifndef DPU_ARENA_H
#define DPU_ARENA_H

#include <stddef.h>
#include <stdint.h>

/* Blocks of at most DPU_ARENA_REUSE_MAX bytes (rounded up to 16) are reused; larger ones are
 * not (glibc's tcache also stops at about 1 KiB). */
#define DPU_ARENA_REUSE_MAX 1024
#define DPU_ARENA_CLASSES (DPU_ARENA_REUSE_MAX / 16)

/* Shadow memory: one byte per 16 bytes of arena, at shadow[(p - base) / 16]. */
enum {
  DPU_SHADOW_NONE = 0,      /* never handed out in this run (or an alignment gap) */
  /* 1..16: the first k bytes of the 16 belong to a live block, the rest is padding */
  DPU_SHADOW_LIVE = 16,     /* all 16 bytes belong to a live block */
  DPU_SHADOW_HEADER = 0xfa, /* a block's header */
  DPU_SHADOW_FREED = 0xfd,  /* a freed block, not handed out again */
};

/* Who made a block and who freed it (DPU_ARENA_NO_SITE: unknown / not freed). */
struct dpu_block_info {
  char *start;
  uint64_t size;                /* bytes asked for */
  uint32_t alloc_site, free_site;
  uint16_t alloc_tid, free_tid;
  uint8_t freed;                /* 1 if freed and not handed out again */
};

struct dpu_arena_block; /* the header, private to arena.c */

struct dpu_arena {
  char *base;     /* reserved region (MAP_NORESERVE: pages are committed when touched) */
  size_t cap;     /* bytes reserved */
  size_t top;     /* bytes in use since the last reset */
  size_t peak;    /* largest top ever reached, for statistics */
  uint8_t *shadow; /* cap / 16 bytes describing [base, base + cap), or NULL: no shadow */
  /* Blocks this arena's thread freed, by size class (rounded size / 16 - 1), newest first;
   * the blocks may lie in any arena. used: the classes that have had a block this run. */
  struct dpu_arena_block *free[DPU_ARENA_CLASSES];
  uint64_t used;
};

/* Outcome of dpu_arena_free. */
enum dpu_arena_free_result {
  DPU_ARENA_FREED = 0,     /* block released */
  DPU_ARENA_NOT_OURS,      /* pointer outside the arena (e.g. from libc): caller decides */
  DPU_ARENA_DOUBLE_FREE,   /* block already freed in this run */
  DPU_ARENA_INVALID_FREE,  /* inside the arena but not the start of a live block */
};

/* Reserves cap bytes of address space; a->shadow is NULL (the caller may point it at cap / 16
 * bytes of zeroed memory before the first allocation). Returns 0, or -1 with errno. */
int dpu_arena_init(struct dpu_arena *a, size_t cap);

/* Unmaps the arena (not its shadow, which the caller owns). */
void dpu_arena_destroy(struct dpu_arena *a);

/* Returns size zeroed bytes aligned to align (a power of two, at least 16 is used), or NULL
 * when the arena is exhausted. size 0 gives a unique non-NULL pointer. A block from a's free
 * lists (freed by a's thread, in any arena) is reused when size and alignment allow; else the
 * block is new, in a. site and tid are recorded as the allocation's. */
void *dpu_arena_alloc(struct dpu_arena *a, size_t size, size_t align, uint32_t site,
                      uint16_t tid);

/* Marks the block at p, which lies in arena owner, free, and puts it on the free lists of
 * cache (the freeing thread's arena). NULL is accepted (DPU_ARENA_FREED). site and tid are
 * recorded as the free's. */
enum dpu_arena_free_result dpu_arena_free(struct dpu_arena *owner, struct dpu_arena *cache,
                                          void *p, uint32_t site, uint16_t tid);

/* Usable size of the live block at p, or 0 if p is not a live block of this arena. */
size_t dpu_arena_block_size(const struct dpu_arena *a, const void *p);

/* The block (live or freed) that holds or last held the byte at p, or the nearest block
 * before p (an access past a block's end): fills *out and returns 1; 0 if there is none.
 * Needs the shadow. Walks back over the shadow: for reports, not for hot paths. */
int dpu_arena_block_near(const struct dpu_arena *a, const void *p, struct dpu_block_info *out);

/* Calls fn(start, size, arg) for every live block of the arena, in address order (size: the
 * bytes asked for). Walks the headers from the arena's base to its top: for checks, not for
 * hot paths. */
void dpu_arena_each_live(const struct dpu_arena *a, void (*fn)(const char *, size_t, void *),
                         void *arg);

/* What decides the addresses the arena hands out next (a state fingerprint's fragment 4,
 * docs/cutoffs.md): fn(bytes, n, arg) is called on its top, then on each of its used size
 * classes and the blocks on its free list, newest first. O(classes used + blocks freed). */
void dpu_arena_state(const struct dpu_arena *a, void (*fn)(const void *, size_t, void *),
                     void *arg);

/* Whether p points into the arena's reserved region. */
static inline int dpu_arena_contains(const struct dpu_arena *a, const void *p) {
  return (const char *)p >= a->base && (const char *)p < a->base + a->cap;
}

/* Forgets every allocation and free: the next run starts with an empty heap. O(the shadow of
 * the bytes used). */
void dpu_arena_reset(struct dpu_arena *a);

#endif
