/* x86-TSO's store buffers (--memory-model=tso; docs/memory-models.md has the model and why
 * it is explored this way).
 *
 * Under x86-TSO each thread's stores go to a FIFO buffer of its own and reach memory later, in
 * order; a load reads its thread's newest buffered store to its location, else memory; a
 * locked instruction (a read-modify-write, a CAS, a seq_cst store: xchg), mfence (a seq_cst
 * fence) and every pthread operation wait until the buffer is empty. C11's atomics map onto
 * x86 so (loads and stores with orders weaker than seq_cst are plain moves), and so does dpu
 * map them. Plain accesses are not buffered: a program without data races cannot tell (a
 * thread that reads another's plain store is ordered after it by a synchronisation, which
 * empties the store's buffer first), and the race detector reports the others.
 *
 * As Abdulla et al. (TACAS 2015, "Stateless model checking for TSO and PSO") do, a buffer is a
 * thread of its own: its operations are the flushes (protocol/ops.def: DPU_OP_TSO_FLUSH), each
 * the write of one buffered store to memory, ordered after the store by an extra cause. The
 * store itself is no operation: it only changes its thread's state. T's wait for its buffer to
 * empty is DPU_OP_TSO_DRAIN.
 *
 * Memory. The instruction of a buffered store still executes (the program's own plain reads
 * of what it stored read it then, as on the hardware); what the other threads' atomic loads
 * read is the location's global value, the last flushed store, kept here while stores to it
 * are buffered (struct global) and written back to memory when the last of them is flushed.
 * An atomic load is not executed: passes/atomics.c replaces it with __dpu_tso_load. */
#include <stdlib.h>
#include <string.h>

#include "../../protocol/invariant.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"
#include "tso.h"

#define CAP 32      /* entries per buffer (a full buffer is drained before the next store) */
#define NGLOBAL 256 /* locations with buffered stores at once (more: stored through) */

struct entry {
  uint64_t addr, value;
  uint32_t size, site, cause; /* cause: the depth of the storing thread's event before it */
  uint32_t order;             /* LLVM's, for the race detector */
};

struct buffer {
  struct entry e[CAP];
  uint32_t head, n;
  int32_t helper;             /* the buffer's thread id, -1 none in this run */
  uint32_t stored;            /* stores buffered in this run */
  uint32_t drained;           /* `stored` at the thread's last drain */
  uint32_t *snaps;            /* [CAP][DPU_RACE_TSO_SNAP] the race detector's clocks of the
                               * entries (allocated once per thread id, when detecting) */
};

/* A location with buffered stores: its global value (when `has`; else memory holds it). */
struct global {
  uint64_t addr, value;
  uint32_t size, pending;
  bool has;
};

bool dpu_tso_on;
uint32_t dpu_tso_undrained;
static struct buffer bufs[DPU_MAX_THREADS];
static int16_t owner_of[DPU_MAX_THREADS]; /* a buffer's thread: its owner + 1, else 0 */
static uint16_t used[DPU_MAX_THREADS];    /* the threads whose buffer this run created */
static uint32_t nused, nhelpers_alive;
static struct global globals[NGLOBAL];
static uint32_t nglobals;

void dpu_tso_reset(void) {
  for (uint32_t i = 0; i < nused; i++) {
    struct buffer *b = &bufs[used[i]];
    if (b->helper >= 0) owner_of[b->helper] = 0;
    b->head = b->n = b->stored = b->drained = 0;
    b->helper = -1;
  }
  nused = nhelpers_alive = 0;
  nglobals = 0;
  dpu_tso_undrained = 0;
}

void dpu_tso_init(bool on) {
  dpu_tso_on = on;
  /* Only under tso: each buffer is pages long, and this loop would fault in all of them. */
  if (on)
    for (unsigned i = 0; i < DPU_MAX_THREADS; i++) bufs[i].helper = -1;
}

static struct global *global_of(uint64_t addr, uint32_t size, bool add) {
  for (uint32_t i = 0; i < nglobals; i++)
    if (globals[i].addr == addr) return globals[i].size == size ? &globals[i] : NULL;
  if (!add || nglobals == NGLOBAL) return NULL;
  globals[nglobals] = (struct global){.addr = addr, .size = size};
  return &globals[nglobals++];
}

/* Whether [a, a + n) overlaps a location with buffered stores other than exactly (a, n). */
static bool overlaps_other(uint64_t a, uint32_t n) {
  for (uint32_t i = 0; i < nglobals; i++) {
    const struct global *g = &globals[i];
    if (g->addr == a && g->size == n) continue;
    if (g->addr < a + n && a < g->addr + g->size) return true;
  }
  return false;
}

static void set_memory(uint64_t addr, uint32_t size, uint64_t v) {
  memcpy((void *)(uintptr_t)addr, &v, size); /* little-endian: the low bytes */
}

bool dpu_tso_is_buffer(int tid) { return owner_of[tid] != 0; }

bool dpu_tso_idle_buffer(int tid) {
  return owner_of[tid] != 0 && bufs[owner_of[tid] - 1].n == 0;
}

bool dpu_tso_flush_enabled(int tid) { return owner_of[tid] && bufs[owner_of[tid] - 1].n; }

bool dpu_tso_drained(int tid) { return bufs[tid].n == 0; }

bool dpu_tso_only_buffers_alive(void) {
  return nhelpers_alive && dpu_rt.nalive == nhelpers_alive;
}

uint32_t dpu_tso_buffers_alive(void) { return nhelpers_alive; }

/* The pending operation of buffer thread h: the flush of its head, or none (obj 0). */
static void show_head(struct buffer *b) {
  int h = b->helper;
  struct dpu_rt_thread *t = &dpu_rt.threads[h];
  struct dpu_pending *p = &dpu_rt.shm->pending[h];
  if (t->state != DPU_TS_ALIVE || p->op != DPU_OP_TSO_FLUSH) return;
  const struct entry *e = b->n ? &b->e[b->head] : NULL;
  t->pend_obj = p->obj = e ? e->addr : 0;
  t->pend_aux = p->aux = e ? e->cause : 0;
  t->pend_site = p->site = e ? e->site : 0;
}

/* The body of a buffer's thread: the flushes of its owner's stores, for ever (the run ends
 * when only empty buffers are left, or at the process's exit when nothing else can move). */
static void *buffer_main(void *arg) {
  int owner = (int)(intptr_t)arg;
  struct buffer *b = &bufs[owner];
  for (;;) {
    const struct entry *h = b->n ? &b->e[b->head] : NULL;
    __dpu_site = h ? h->site : 0;
    struct dpu_event_rec *r =
        dpu_rt_visible_aux(DPU_OP_TSO_FLUSH, h ? h->addr : 0, h ? h->cause : 0);
    DPU_ASSERT(b->n > 0); /* enabled only then (dpu_tso_flush_enabled) */
    uint32_t slot = b->head;
    struct entry e = b->e[slot];
    b->head = (b->head + 1) % CAP;
    b->n--;
    r->obj = e.addr, r->aux = e.cause, r->site = e.site;
    r->value = e.value;
    r->flags |= DPU_REC_VALUE;
    if (b->snaps)
      dpu_race_tso_flush((void *)(uintptr_t)e.addr, owner, e.order,
                         b->snaps + (size_t)slot * DPU_RACE_TSO_SNAP);
    struct global *g = global_of(e.addr, e.size, false);
    DPU_ASSERT(g && g->pending > 0);
    g->value = e.value, g->has = true;
    if (--g->pending == 0) { /* memory holds the global value again */
      if (dpu_rt_value_at((void *)(uintptr_t)e.addr, e.size) != e.value)
        set_memory(e.addr, e.size, e.value);
      *g = globals[--nglobals];
    }
    dpu_rt_atomic_modified(e.addr);
    show_head(b);
  }
  return NULL;
}

/* The drain waits for every store the thread buffered since its last drain, even when its
 * buffer has emptied already: whether a thread drains must follow from its own history (the
 * explorer predicts its operations from it), not from how far its buffer got. */
void dpu_tso_drain(void) {
  struct buffer *b = &bufs[dpu_rt.cur];
  if (b->stored == b->drained) return;
  dpu_rt_visible_aux(DPU_OP_TSO_DRAIN, (uint64_t)b->helper, b->stored);
  DPU_ASSERT(b->n == 0);
  b->drained = b->stored;
  dpu_tso_undrained--;
}

void dpu_tso_through(uint64_t addr, uint32_t size) {
  struct global *g = global_of(addr, size, false);
  if (g && g->has) {
    set_memory(addr, size, g->value);
    g->has = false;
  }
}

bool dpu_tso_store(uint64_t addr, uint32_t size, uint64_t value, uint32_t order) {
  if (size > 8 || overlaps_other(addr, size)) return false;
  int cur = dpu_rt.cur;
  struct buffer *b = &bufs[cur];
  if (b->helper < 0) { /* the first: the buffer's thread is created */
    struct dpu_event_rec *c = dpu_rt_visible(DPU_OP_THREAD_CREATE, 0);
    int h = dpu_rt_new_thread(buffer_main, (void *)(intptr_t)cur);
    if (h < 0) {
      dpu_rt.shm->nevents--;
      dpu_rt_end(DPU_END_LIMIT, DPU_LIMIT_THREADS,
                 "the program and its store buffers need more than %u threads",
                 dpu_rt.cfg.max_threads ? dpu_rt.cfg.max_threads : DPU_MAX_THREADS);
    }
    c->obj = (uint64_t)h;
    c->aux = 1; /* a store buffer's creation, for reports (protocol/ops.def) */
    dpu_rt.threads[h].detached = true;
    b->helper = h;
    owner_of[h] = (int16_t)(cur + 1);
    used[nused++] = (uint16_t)cur;
    nhelpers_alive++;
  }
  if (b->n == CAP) dpu_tso_drain();
  struct global *g = global_of(addr, size, true);
  if (!g) return false;
  if (!g->has) g->value = dpu_rt_value_at((void *)(uintptr_t)addr, size), g->has = true;
  g->pending++;
  uint32_t slot = (b->head + b->n) % CAP;
  b->e[slot] = (struct entry){addr, value, size, __dpu_site, dpu_rt.threads[cur].nevents, order};
  if (dpu_race_on && !b->snaps) b->snaps = malloc(CAP * DPU_RACE_TSO_SNAP * sizeof *b->snaps);
  if (b->snaps)
    dpu_race_tso_store((void *)(uintptr_t)addr, size, order,
                       b->snaps + (size_t)slot * DPU_RACE_TSO_SNAP);
  if (b->stored++ == b->drained) dpu_tso_undrained++;
  if (b->n++ == 0) show_head(b);
  return true;
}

uint64_t dpu_tso_value(uint64_t addr, uint32_t size, uint8_t *source) {
  const struct buffer *b = &bufs[dpu_rt.cur];
  for (uint32_t k = b->n; k-- > 0;) {
    const struct entry *e = &b->e[(b->head + k) % CAP];
    if (e->addr == addr && e->size == size) {
      if (source) *source = DPU_REC_OWN_BUFFER;
      return e->value;
    }
  }
  /* a location has a global entry while stores to it are buffered (pending > 0) */
  const struct global *g = nglobals ? global_of(addr, size, false) : NULL;
  if (source) *source = g ? DPU_REC_MISSED : 0;
  if (g && g->has) return g->value;
  return dpu_rt_value_at((void *)(uintptr_t)addr, size);
}

uint64_t __dpu_tso_load(void *addr, uint32_t size) {
  return dpu_tso_value((uint64_t)(uintptr_t)addr, size, NULL);
}

