/* See race.h. */
#include "race_impl.h"
#include "memcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "../protocol/invariant.h"
#include "backtrace.h"
#include "rt.h"
#include "statefp.h"
#include "symbolize.h"
#include "symmetry.h"

bool dpu_race_on;
bool dpu_race_gave_up;

/* ---- shadow memory ----------------------------------------------------------------------- */

/* One access key and the latest epoch of it (see race.h). 16 bytes. */
struct cell {
  uint32_t stamp;  /* the run it belongs to (dpu_rt.run_stamp); another value: empty */
  uint32_t epoch;
  uint32_t site;
  uint16_t tid;
  uint8_t mask;    /* bytes of the granule accessed */
  uint8_t flags;   /* DPU_ACCESS_*, and CELL_MORE in cell 0 */
};
#define CELL_MORE 0x80 /* the granule has overflow cells (in cell 0's flags) */
#define CELL_KIND (DPU_ACCESS_WRITE | DPU_ACCESS_ATOMIC)
#define NCELLS 4
struct granule {
  struct cell c[NCELLS];
};

/* Two levels: l1[address >> CHUNK_SHIFT] is the shadow of a 4 MiB chunk of the address
 * space, mapped (address space only; pages are committed as they are touched) the first time
 * the program touches the chunk. At most MAX_CHUNKS chunks (each thread's heap arena and
 * stack lie in chunks of their own; 640 MiB of program memory, 5 GiB of shadow if all of it
 * were touched): past that, the memory of new chunks is not checked and the run says so. */
#define ADDR_BITS 47
#define CHUNK_SHIFT 22
#define GRANULES_PER_CHUNK (1u << (CHUNK_SHIFT - 3))
#define MAX_CHUNKS 160
static struct granule **l1;
static unsigned nchunks;

static struct granule *granule_of(uintptr_t g) {
  if (g >> ADDR_BITS) return NULL;
  struct granule *chunk = l1[g >> CHUNK_SHIFT];
  if (__builtin_expect(!chunk, 0)) {
    if (nchunks == MAX_CHUNKS) {
      dpu_race_incomplete(false, "the program touched memory in more than %d regions of %d MiB; "
                        "accesses to the others are not checked",
                 MAX_CHUNKS, 1 << (CHUNK_SHIFT - 20));
      return NULL;
    }
    void *p = mmap(NULL, (size_t)GRANULES_PER_CHUNK * sizeof(struct granule),
                   PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      dpu_race_incomplete(false, "cannot map shadow memory");
      return NULL;
    }
    /* Transparent huge pages where the kernel gives them: shadow memory is touched densely
     * (a program that walks an array touches every shadow page), and a page fault costs
     * microseconds in a virtual machine (measured: 100 MiB of program memory took 5 s with
     * 4 KiB pages). */
    madvise(p, (size_t)GRANULES_PER_CHUNK * sizeof(struct granule), MADV_HUGEPAGE);
    nchunks++;
    chunk = l1[g >> CHUNK_SHIFT] = p;
  }
  return &chunk[(g >> 3) & (GRANULES_PER_CHUNK - 1)];
}

/* Cells past the four of a granule: chained from a per-run pool, found through a per-run
 * hash on the granule's address. */
#define XCAP (1u << 16)
static struct xcell {
  struct cell c;
  uint32_t next; /* index + 1 of the next cell of the granule, 0: none */
} xpool[XCAP];
static uint32_t nx;
#define XMAP (1u << 15)
static struct {
  uintptr_t g;   /* 0: empty */
  uint32_t head; /* index + 1 */
} xmap[XMAP];
static uint32_t xused[XMAP], nxused;

static uint32_t *xhead(uintptr_t g, bool create) {
  uint32_t k = (uint32_t)((g >> 3) * 0x9e3779b97f4a7c15ull >> 49) & (XMAP - 1);
  for (;; k = (k + 1) & (XMAP - 1)) {
    if (xmap[k].g == g) return &xmap[k].head;
    if (xmap[k].g == 0) break;
  }
  if (!create || nxused == XMAP * 3 / 4) return NULL;
  xmap[k].g = g;
  xmap[k].head = 0;
  xused[nxused++] = k;
  return &xmap[k].head;
}

/* ---- races ------------------------------------------------------------------------------- */

/* Pairs of sites already recorded in this run: key (site << 1 | write) of each access, the
 * smaller in the high half. */
#define PCAP 1024
static uint64_t pairs[PCAP];
static uint32_t pused[PCAP], npused;

static bool pair_is_new(const struct cell *a, uint32_t site, uint8_t flags) {
  uint64_t ka = (uint64_t)a->site << 1 | (a->flags & DPU_ACCESS_WRITE);
  uint64_t kb = (uint64_t)site << 1 | (flags & DPU_ACCESS_WRITE);
  uint64_t key = ka < kb ? ka << 32 | kb : kb << 32 | ka;
  key++; /* never 0 */
  uint32_t k = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 54) & (PCAP - 1);
  for (;; k = (k + 1) & (PCAP - 1)) {
    if (pairs[k] == key) return false;
    if (pairs[k] == 0) break;
  }
  if (npused == PCAP * 3 / 4) return true; /* not remembered: recorded again, harmless */
  pairs[k] = key;
  pused[npused++] = k;
  return true;
}

/* Heap blocks of this run, to name a race's memory. */
#define ACAP (1u << 16)
static struct {
  uint64_t start, size;
  uint32_t site;
  uint16_t tid;
} allocs[ACAP];
static uint32_t nallocs;

void dpu_race_alloc(const void *p, uint64_t size) {
  if (!dpu_race_on || !p || nallocs == ACAP) return;
  allocs[nallocs].start = (uint64_t)(uintptr_t)p;
  allocs[nallocs].size = size;
  allocs[nallocs].site = __dpu_site;
  allocs[nallocs].tid = (uint16_t)dpu_rt.cur;
  nallocs++;
}

/* What the memory at a is, for the report. */
static void describe(struct dpu_race_rec *r, uint64_t a) {
  r->mem = DPU_MEM_UNKNOWN;
  uint64_t off, size;
  long gi = dpu_rt_global_of(a, &off, &size);
  if (gi >= 0) {
    r->mem = DPU_MEM_GLOBAL, r->index = (uint32_t)gi, r->offset = off, r->size = size;
    return;
  }
  int owner;
  long ti = dpu_rt_tls_of(a, &owner, &off, &size);
  if (ti >= 0) {
    r->mem = DPU_MEM_TLS, r->index = (uint32_t)ti, r->owner = (uint16_t)owner;
    r->offset = off, r->size = size;
    return;
  }
  if (dpu_rt_heap_of((const void *)(uintptr_t)a)) {
    for (uint32_t i = nallocs; i-- > 0;) /* the latest block that holds a */
      if (a >= allocs[i].start && a < allocs[i].start + (allocs[i].size ? allocs[i].size : 1)) {
        r->mem = DPU_MEM_HEAP, r->index = allocs[i].site, r->owner = allocs[i].tid;
        r->offset = a - allocs[i].start, r->size = allocs[i].size;
        return;
      }
    return;
  }
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    const struct dpu_coro *c = &dpu_rt.threads[dpu_rt.order[k]].coro;
    if (a >= (uint64_t)(uintptr_t)c->stack_base &&
        a < (uint64_t)(uintptr_t)c->stack_base + c->stack_size) {
      r->mem = DPU_MEM_STACK, r->owner = dpu_rt.order[k];
      return;
    }
  }
}

static void record(const struct cell *first, uintptr_t g, uint8_t overlap, uint32_t site,
                   uint8_t flags, uint32_t size) {
  if (!pair_is_new(first, site, flags)) return;
  struct dpu_shm *shm = dpu_rt.shm;
  uint32_t n = shm->nraces;
  if (n == DPU_MAX_RACES) {
    shm->races_truncated = 1;
    return;
  }
  struct dpu_race_rec *r = &shm->races[n];
  memset(r, 0, sizeof *r);
  r->access[0] = (struct dpu_access){.site = first->site, .epoch = first->epoch,
                                     .tid = first->tid, .flags = first->flags & CELL_KIND,
                                     .size = (uint32_t)__builtin_popcount(first->mask)};
  int u = dpu_rt.cur;
  r->access[1] = (struct dpu_access){.site = site,
                                     .epoch = dpu_race_clock_of[u][u],
                                     .tid = (uint16_t)u,
                                     .flags = flags, .size = size};
  r->addr = g + (uint64_t)__builtin_ctz(overlap);
  r->step = shm->nevents;
  describe(r, r->addr);
  shm->nraces = n + 1;
}

void dpu_race_incomplete(bool stop, const char *fmt, ...) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (!shm->races_incomplete) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(shm->races_msg, sizeof shm->races_msg, fmt, ap);
    va_end(ap);
    shm->races_incomplete = 1;
  }
  if (stop) dpu_race_gave_up = true;
}

/* Whether no access to come can race with cell c: every live thread's clock has passed it
 * (threads created later start from their creator's clock). */
static bool dead(const struct cell *c) {
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    unsigned v = dpu_rt.order[k];
    if (v != c->tid && dpu_rt.threads[v].state == DPU_TS_ALIVE &&
        dpu_race_clock_of[v][c->tid] < c->epoch)
      return false;
  }
  return true;
}

/* Checks one cell against the access (u, site, flags, mask); records a race. */
static inline void check(const struct cell *c, const uint32_t *cu, uintptr_t g, uint32_t site,
                         uint8_t flags, uint8_t mask, uint32_t size) {
  uint8_t overlap = c->mask & mask;
  if (overlap && ((c->flags | flags) & DPU_ACCESS_WRITE) &&
      !(c->flags & flags & DPU_ACCESS_ATOMIC) && c->epoch > cu[c->tid])
    record(c, g, overlap, site, flags, size);
}

/* The access of bytes `mask` of the granule at g by the running thread. */
static inline __attribute__((always_inline)) void
access_granule(uintptr_t g, uint8_t mask, uint32_t site, uint8_t flags, uint32_t size) {
  struct granule *gr = granule_of(g);
  if (!gr) return;
  const uint32_t stamp = dpu_rt.run_stamp;
  const int u = dpu_rt.cur;
  const uint32_t *cu = dpu_race_clock_of[u];
  const uint32_t ep = cu[u];
  struct cell *mine = NULL, *free_cell = NULL;
/* A cell of the running thread with the same site and kind: the same bytes (or fewer) in the
 * same epoch were checked against everything they can race with (race.h): nothing new to
 * find. Other bytes in the same epoch join the cell (its key is then the union: every byte
 * of it was accessed at that site in that epoch, so each pair it reports is a real one). In
 * an older epoch, the bytes this access covers leave the cell: an access to come that races
 * with the older one (its thread has not seen that epoch) races with this newer one too, at
 * the same pair of sites; a cell left with no byte is free. Without that, a thread that
 * filled a stack buffer byte by byte between two releases added cells at every release that
 * no other thread's synchronisation retired, every access walked them all, and a correct
 * program's run grew quadratic and ended as a false hang (issue 37's user test). */
#define MINE(c)                                                                              \
  if ((c)->site == site && ((c)->flags & CELL_KIND) == flags) {                              \
    if ((c)->epoch == ep) {                                                                  \
      if (((c)->mask & mask) == mask) return;                                                \
      if (!mine) mine = (c);                                                                 \
    } else if (((c)->mask &= (uint8_t)~mask) == 0 && !free_cell) {                           \
      free_cell = (c);                                                                       \
    }                                                                                        \
  }
  for (int i = 0; i < NCELLS; i++) {
    struct cell *c = &gr->c[i];
    if (c->stamp != stamp || c->mask == 0) {
      if (!free_cell) free_cell = c;
      continue;
    }
    if (c->tid == u) {
      MINE(c)
      continue;
    }
    check(c, cu, g, site, flags, mask, size);
  }
  uint32_t *head = NULL;
  if (gr->c[0].stamp == stamp && (gr->c[0].flags & CELL_MORE)) {
    head = xhead(g, false);
    for (uint32_t x = head ? *head : 0; x; x = xpool[x - 1].next) {
      struct cell *c = &xpool[x - 1].c;
      if (c->mask == 0) { /* emptied by a newer access of its thread (MINE) */
        if (!free_cell) free_cell = c;
        continue;
      }
      if (c->tid == u) {
        MINE(c)
        continue;
      }
      check(c, cu, g, site, flags, mask, size);
    }
  }
#undef MINE
  if (mine) {
    DPU_ASSERT(mine->epoch == ep);
    mine->mask |= mask;
    return;
  }
  struct cell fresh = {.stamp = stamp, .epoch = ep, .site = site, .tid = (uint16_t)u,
                       .mask = mask, .flags = flags};
  if (!free_cell)
    for (int i = 0; i < NCELLS && !free_cell; i++)
      if (dead(&gr->c[i])) free_cell = &gr->c[i];
  if (free_cell) {
    if (free_cell == &gr->c[0] && gr->c[0].stamp == stamp) fresh.flags |= gr->c[0].flags & CELL_MORE;
    *free_cell = fresh;
    return;
  }
  if (!head) head = xhead(g, true);
  if (!head || nx == XCAP) {
    dpu_race_incomplete(false, "more than %u distinct concurrent accesses to one memory location",
               NCELLS);
    return;
  }
  xpool[nx] = (struct xcell){.c = fresh, .next = *head};
  *head = ++nx;
  gr->c[0].flags |= CELL_MORE;
}

/* ---- stack captures ---------------------------------------------------------------------- */

static bool capturing;
/* What sends an access off the common path: a capture (bit 0), symmetric threads watched
 * (bit 1, runtime/symmetry.h), state fingerprints (bit 2, runtime/statefp.h). */
static uint8_t slow;

bool dpu_race_capturing(void) { return capturing; }

void dpu_race_sym_watch(bool on) {
  slow = (uint8_t)((slow & ~2u) | (on ? 2u : 0u));
}

bool dpu_race_others_wrote(uintptr_t a, uint64_t size) {
  if (!dpu_race_on || dpu_race_gave_up) return true;
  const uint32_t stamp = dpu_rt.run_stamp;
  const int u = dpu_rt.cur;
  uintptr_t end = a + (size ? size : 1);
  for (uintptr_t g = a & ~(uintptr_t)7; g < end; g += 8) {
    struct granule *gr = granule_of(g);
    if (!gr) return true;
    for (int i = 0; i < NCELLS; i++) {
      const struct cell *c = &gr->c[i];
      if (c->stamp == stamp && c->mask && c->tid != u && (c->flags & DPU_ACCESS_WRITE))
        return true;
    }
    if (gr->c[0].stamp == stamp && (gr->c[0].flags & CELL_MORE)) { /* the overflow cells */
      uint32_t *head = xhead(g, false);
      if (!head) return true;
      for (uint32_t x = *head; x; x = xpool[x - 1].next) {
        const struct cell *c = &xpool[x - 1].c;
        if (c->mask && c->tid != u && (c->flags & DPU_ACCESS_WRITE)) return true;
      }
    }
  }
  return false;
}

static __attribute__((noinline, cold)) void capture(uintptr_t a, uint64_t size, uint32_t site,
                                                     uint8_t flags) {
  struct dpu_shm *shm = dpu_rt.shm;
  int u = dpu_rt.cur;
  for (uint32_t i = 0; i < shm->ncapture; i++) {
    struct dpu_race_capture *c = &shm->capture[i];
    if (c->found || c->tid != u || c->site != site || c->epoch != dpu_race_clock_of[u][u] ||
        (c->flags & DPU_ACCESS_WRITE) != (flags & DPU_ACCESS_WRITE) || a >= c->hi ||
        a + size <= c->lo)
      continue;
    c->found = 1;
    c->size = (uint32_t)size;
    c->step = shm->nevents;
    struct dpu_stack *s = &shm->result.stacks.threads[i];
    s->tid = (uint16_t)u;
    s->nframes = 0;
    s->npcs = (uint16_t)dpu_bt_here(s->pcs, DPU_STACK_FRAMES);
  }
}

void dpu_race_end_run(void) {
  if (capturing) dpu_bt_symbolise(&dpu_rt.shm->result);
}

/* ---- accesses ---------------------------------------------------------------------------- */

/* An access off the common path (see slow). */
/* Who makes an access, for the state's fingerprint (statefp.h): the program's code (a hook:
 * the thread's earlier writes are done), a model of the runtime before it writes, or free
 * (its "write" changes no byte; the block leaves the state: libc.c). */
enum by { BY_MODEL, BY_PROGRAM, BY_FREE };

static __attribute__((noinline, cold)) void slow_access(uintptr_t a, uint64_t size,
                                                        uint32_t site, uint8_t flags,
                                                        enum by by) {
  if (capturing) capture(a, size, site, flags);
  if (dpu_sym_watch) dpu_sym_access(a, size, flags & DPU_ACCESS_WRITE);
  if (dpu_sfp_on) {
    if (by == BY_PROGRAM) dpu_sfp_settle();
    if ((flags & DPU_ACCESS_WRITE) && by != BY_FREE) dpu_sfp_write(a, size);
  }
}

static inline void on_access_of(uintptr_t a, uint64_t size, uint32_t site, uint8_t flags,
                                enum by by) {
  if (__builtin_expect(slow, 0)) slow_access(a, size, site, flags, by);
  if (dpu_race_gave_up || dpu_rt.cur < 0 || size == 0) return;
  unsigned lo = (unsigned)(a & 7);
  if (__builtin_expect(lo + size <= 8, 1)) { /* the usual case: within one granule */
    access_granule(a - lo, (uint8_t)(((1u << size) - 1) << lo), site, flags, (uint32_t)size);
    return;
  }
  uintptr_t end = a + size;
  if (end < a) end = UINTPTR_MAX; /* wrapped: up to the end of the address space */
  uint32_t sz = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
  for (uintptr_t g = a & ~(uintptr_t)7; g < end && g >= (a & ~(uintptr_t)7); g += 8) {
    unsigned lo = g < a ? (unsigned)(a - g) : 0;
    unsigned hi = end - g >= 8 ? 8 : (unsigned)(end - g);
    uint8_t mask = (uint8_t)((0xffu >> (8 - hi)) & (0xffu << lo));
    access_granule(g, mask, site, flags, sz);
  }
}

static inline void on_access(uintptr_t a, uint64_t size, uint32_t site, uint8_t flags) {
  on_access_of(a, size, site, flags, BY_MODEL);
}

void dpu_race_access(uintptr_t a, uint64_t size, uint32_t site, uint8_t flags) {
  on_access(a, size, site, flags);
}

/* Whether the access of `size` bytes at p at site is a visible operation: its site was made
 * visible, and it is a scalar within one 8-byte granule (the object of the operation). */
static inline bool visible(uintptr_t p, uint64_t size, uint32_t site) {
  return __builtin_expect(dpu_rt.visible[site >> 3] >> (site & 7) & 1, 0) && size <= 8 &&
         (p & 7) + size <= 8;
}

void __dpu_load(void *p, uint64_t size, uint32_t site) {
  dpu_mem_check((uintptr_t)p, size, site, 0);
  if (visible((uintptr_t)p, size, site)) dpu_rt_access_visible(p, (uint32_t)size, site, false, 0);
  else if (__builtin_expect(++dpu_spin_quiet >= DPU_SPIN_QUIET, 0))
    dpu_spin_watch((uintptr_t)p, (uint32_t)size, site, false, 0);
  on_access_of((uintptr_t)p, size, site, 0, BY_PROGRAM);
}

void __dpu_store(void *p, uint64_t size, uint32_t site, uint64_t value) {
  dpu_mem_check((uintptr_t)p, size, site, 1);
  if (visible((uintptr_t)p, size, site))
    dpu_rt_access_visible(p, (uint32_t)size, site, true, value);
  else if (__builtin_expect(++dpu_spin_quiet >= DPU_SPIN_QUIET, 0))
    dpu_spin_watch((uintptr_t)p, (uint32_t)size, site, true, value);
  on_access_of((uintptr_t)p, size, site, DPU_ACCESS_WRITE, BY_PROGRAM);
}

void dpu_race_read(const void *p, uint64_t size) {
  dpu_mem_check((uintptr_t)p, size, __dpu_site, 0);
  if (dpu_race_on) on_access((uintptr_t)p, size, __dpu_site, 0);
}

void dpu_race_write_block(const void *p, uint64_t size) {
  if (dpu_race_on) on_access_of((uintptr_t)p, size, __dpu_site, DPU_ACCESS_WRITE, BY_FREE);
}

void dpu_race_write(const void *p, uint64_t size) {
  dpu_mem_check((uintptr_t)p, size, __dpu_site, 1);
  if (dpu_race_on) on_access((uintptr_t)p, size, __dpu_site, DPU_ACCESS_WRITE);
}

/* ---- set-up and reset -------------------------------------------------------------------- */

int dpu_race_init(bool on) {
  dpu_race_on = false;
  if (!on) return 0;
  size_t bytes = ((size_t)1 << (ADDR_BITS - CHUNK_SHIFT)) * sizeof *l1;
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p == MAP_FAILED) return -1;
  l1 = p;
  dpu_race_on = true;
  return 0;
}

void dpu_race_reset(void) {
  if (!dpu_race_on) return;
  dpu_race_hb_reset();
  for (uint32_t i = 0; i < nxused; i++) xmap[xused[i]].g = 0;
  nxused = 0;
  nx = 0;
  for (uint32_t i = 0; i < npused; i++) pairs[pused[i]] = 0;
  npused = 0;
  nallocs = 0;
  dpu_race_gave_up = false;
  struct dpu_shm *shm = dpu_rt.shm;
  shm->nraces = 0;
  shm->races_truncated = 0;
  shm->races_incomplete = 0;
  capturing = shm->ncapture > 0;
  slow = (uint8_t)((capturing ? 1 : 0) | (dpu_sfp_on ? 4 : 0));
  if (capturing) {
    struct dpu_run_result *r = &shm->result;
    for (uint32_t i = 0; i < shm->ncapture; i++) {
      shm->capture[i].found = 0;
      r->stacks.threads[i].tid = shm->capture[i].tid;
      r->stacks.threads[i].npcs = r->stacks.threads[i].nframes = 0;
    }
    r->stacks.state = DPU_STACKS_RAW;
    r->nstacks = shm->ncapture;
  }
}
