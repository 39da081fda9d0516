/* Happens-before for the race detector (race.h): the threads' vector clocks and those of
 * synchronisation objects and atomic locations, and the synchronises-with edges the models of
 * runtime/ report (C11 5.1.2.4, 7.17.3-4). The shadow memory and the checks are in race.c. */
#include <string.h>

#include "../protocol/invariant.h"
#include "race_impl.h"

/* ---- vector clocks ----------------------------------------------------------------------- */

dpu_vclock dpu_race_clock_of[DPU_MAX_THREADS]; /* C_t: each thread's clock */
static dpu_vclock exit_clock[DPU_MAX_THREADS]; /* C_t at its exit, for join */
static dpu_vclock wake_clock[DPU_MAX_THREADS]; /* the clock a signal handed thread t */
static dpu_vclock fence_rel[DPU_MAX_THREADS];  /* C_t at its last release fence (7.17.4) */
static dpu_vclock acq_pend[DPU_MAX_THREADS];   /* what its relaxed loads read (acquire fences) */

/* Entries in use: canonical ids handed out so far (every VC entry past them is 0, never
 * written: ids only grow, and clocks are copied and cleared up to them only, so that a run's
 * cost follows the program's thread count rather than DPU_MAX_THREADS). */
static inline unsigned nids(void) { return dpu_rt.shm->nthread_ids; }
static inline size_t vc_size(void) { return nids() * sizeof(uint32_t); }

/* into := into ⊔ from (entry-wise maximum). */
static inline void vc_join(uint32_t *restrict into, const uint32_t *restrict from) {
  for (unsigned i = 0, n = nids(); i < n; i++)
    if (from[i] > into[i]) into[i] = from[i];
}

/* ---- clocks of synchronisation objects --------------------------------------------------- */

/* Open addressing on (address, class); the slots used in a run are listed, so that a reset
 * costs what the run used. Full table: detection stops for the run (an edge it could not
 * record would make it report races that are not), and says so. */
#define OCAP 8192
static struct {
  uint64_t key; /* address | class << 56; 0: empty */
  uint32_t vc;  /* index into oclocks */
} otab[OCAP];
static dpu_vclock oclocks[OCAP * 3 / 4];
/* Atomic locations: the threads whose release (or fence-published) writes head a release
 * sequence of the location that is still going on (bit i: thread i), see dpu_race_atomic.
 * Indexed like oclocks, for the entry of the location itself; each head's clock is the
 * entry (location | (head + 1) << 48). */
static struct dpu_tset seq_heads[OCAP * 3 / 4];
static bool fenced[DPU_MAX_THREADS]; /* the thread executed a release fence in this run */
static uint32_t oused[OCAP * 3 / 4], noused;

static uint32_t *obj_clock(uint64_t obj, enum dpu_sync_class cls, bool create) {
  uint64_t key = obj | (uint64_t)cls << 56;
  uint32_t k = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 51) & (OCAP - 1);
  for (;; k = (k + 1) & (OCAP - 1)) {
    if (otab[k].key == key) return oclocks[otab[k].vc];
    if (otab[k].key == 0) break;
  }
  if (!create) return NULL;
  if (noused == OCAP * 3 / 4) {
    dpu_race_incomplete(true,
                        "more than %d synchronisation objects and atomic locations in one run",
               OCAP * 3 / 4);
    return NULL;
  }
  otab[k].key = key;
  otab[k].vc = noused;
  oused[noused] = k;
  memset(oclocks[noused], 0, vc_size());
  for (unsigned w = 0, nw = dpu_tset_words(nids()); w < nw; w++) seq_heads[noused].w[w] = 0;
  return oclocks[noused++];
}

static inline uint32_t *self_clock(void) { return dpu_race_clock_of[dpu_rt.cur]; }

/* The debug build's check that the running thread's operation, whose runtime model applies a
 * happens-before effect (enum dpu_hb), has it in its row of protocol/ops.def (HB): the table
 * says every edge the models make. */
#define EFFECT_OF_OPERATION(effect)                                                             \
  DPU_ASSERT(dpu_rt.cur >= 0 && (dpu_op_hb(dpu_rt_cur_thread()->pend_op) & (effect)))

void dpu_race_thread_start(int parent, int tid) {
  if (parent >= 0) EFFECT_OF_OPERATION(DPU_HB_RELEASE); /* the create */
  if (!dpu_race_on) return;
  uint32_t *c = dpu_race_clock_of[tid];
  if (parent >= 0) {
    memcpy(c, dpu_race_clock_of[parent], vc_size());
    dpu_race_clock_of[parent][parent]++; /* create is a release */
  } else {
    memset(c, 0, vc_size());
  }
  c[tid] = 1;
  memset(exit_clock[tid], 0, vc_size());
  memset(wake_clock[tid], 0, vc_size());
  memset(fence_rel[tid], 0, vc_size());
  fenced[tid] = false;
  memset(acq_pend[tid], 0, vc_size());
}

void dpu_race_thread_exit(int tid) {
  EFFECT_OF_OPERATION(DPU_HB_RELEASE);
  if (dpu_race_on) memcpy(exit_clock[tid], dpu_race_clock_of[tid], vc_size());
}

void dpu_race_thread_join(int tid) {
  EFFECT_OF_OPERATION(DPU_HB_ACQUIRE);
  if (dpu_race_on) vc_join(self_clock(), exit_clock[tid]);
}

void dpu_race_acquire(uint64_t obj, enum dpu_sync_class cls) {
  EFFECT_OF_OPERATION(DPU_HB_ACQUIRE);
  if (!dpu_race_on) return;
  const uint32_t *o = obj_clock(obj, cls, false);
  if (o) vc_join(self_clock(), o);
}

void dpu_race_release(uint64_t obj, enum dpu_sync_class cls) {
  EFFECT_OF_OPERATION(DPU_HB_RELEASE);
  if (!dpu_race_on) return;
  uint32_t *o = obj_clock(obj, cls, true);
  if (!o) return;
  uint32_t *c = self_clock();
  vc_join(o, c);
  c[dpu_rt.cur]++;
}

void dpu_race_clear(uint64_t obj, enum dpu_sync_class cls) {
  if (!dpu_race_on) return;
  uint32_t *o = obj_clock(obj, cls, false);
  if (o) memset(o, 0, vc_size());
}

void dpu_race_wake(int woken) {
  EFFECT_OF_OPERATION(DPU_HB_WAKE);
  if (!dpu_race_on) return;
  uint32_t *c = self_clock();
  vc_join(wake_clock[woken], c);
  c[dpu_rt.cur]++;
}

void dpu_race_woken(void) {
  EFFECT_OF_OPERATION(DPU_HB_WOKEN);
  if (dpu_race_on) vc_join(self_clock(), wake_clock[dpu_rt.cur]);
}

/* LLVM's orderings (llvm-c/Core.h LLVMAtomicOrdering). */
enum { ORD_MONOTONIC = 2, ORD_ACQUIRE = 4, ORD_RELEASE = 5, ORD_ACQ_REL = 6, ORD_SEQ_CST = 7 };
static inline bool is_acquire(uint32_t o) {
  return o == ORD_ACQUIRE || o == ORD_ACQ_REL || o == ORD_SEQ_CST;
}
static inline bool is_release(uint32_t o) {
  return o == ORD_RELEASE || o == ORD_ACQ_REL || o == ORD_SEQ_CST;
}

static void publish(uint64_t loc, struct dpu_tset *heads, bool reads, int u, uint32_t order,
                    const uint32_t *c, const uint32_t *frel, bool fenced_u);

/* The release-sequence heads of the atomic location whose clock entry is anchor. */
static inline struct dpu_tset *heads_of(const uint32_t *anchor) {
  return &seq_heads[(size_t)(anchor - oclocks[0]) / DPU_MAX_THREADS];
}

/* into := into ⊔ the clocks of the release sequences `heads` of location loc still going on:
 * what a read of its newest write synchronises with (7.17.3p2, 5.1.2.4p11). Returns whether
 * any clock was joined. */
static bool join_heads(uint64_t loc, const struct dpu_tset *heads, uint32_t *into) {
  bool any = false;
  for (unsigned w = 0, nw = dpu_tset_words(nids()); w < nw; w++)
    for (uint64_t h = heads->w[w]; h; h &= h - 1) {
      uint64_t head = w * 64 + (uint64_t)__builtin_ctzll(h);
      const uint32_t *l = obj_clock(loc | (head + 1) << 48, DPU_SYNC_ATOMIC, false);
      if (l) vc_join(into, l), any = true;
    }
  return any;
}

void dpu_race_atomic(void *p, uint32_t size, uint8_t kind, bool exchanged, uint32_t order) {
  if (!dpu_race_on || dpu_race_gave_up) return;
  int u = dpu_rt.cur;
  uint32_t *c = dpu_race_clock_of[u];
  uint64_t loc = (uint64_t)(uintptr_t)p;
  unsigned effect = dpu_op_hb(kind); /* protocol/ops.def's HB column */
  bool reads = effect & DPU_HB_LOAD;
  bool writes = (effect & DPU_HB_STORE) || ((effect & DPU_HB_STORE_IF_EXCHANGED) && exchanged);
  /* Read part: synchronises with every release sequence that the write it reads from is in
   * (7.17.3p2, 5.1.2.4p11): those still going on at the location. */
  uint32_t *anchor = obj_clock(loc, DPU_SYNC_ATOMIC, writes);
  struct dpu_tset *heads = anchor ? heads_of(anchor) : NULL;
  if (reads && heads) join_heads(loc, heads, is_acquire(order) ? c : acq_pend[u]);
  dpu_race_access((uintptr_t)p, size, __dpu_site,
            (uint8_t)(DPU_ACCESS_ATOMIC | (writes ? DPU_ACCESS_WRITE : 0)));
  if (!writes || !heads) return;
  publish(loc, heads, reads, u, order, c, fence_rel[u], fenced[u]);
  if (is_release(order)) c[u]++;
}

/* The write part of thread u's atomic write of loc (an RMW when `reads`) of the given order,
 * whose location has the release-sequence heads `heads`: c is u's clock at the write, frel its
 * clock at its last release fence, fenced whether it had one. */
static void publish(uint64_t loc, struct dpu_tset *heads, bool reads, int u, uint32_t order,
                    const uint32_t *c, const uint32_t *frel, bool fenced_u) {
  unsigned nw = dpu_tset_words(nids());
  /* C11/C17 5.1.2.4p10: a release sequence headed by a release write A goes on through later
   * writes of A's thread and RMWs of any thread (C++20 dropped the first; dpu compiles C17).
   * So a plain store ends the sequences of every other thread; an RMW ends none. A write
   * after a release fence of its thread publishes what the fence did (7.17.4p2). */
  bool mine = dpu_tset_has(heads, (unsigned)u);
  if (!reads) { /* a store: only u's own sequence goes on */
    for (unsigned w = 0; w < nw; w++) heads->w[w] = 0;
    if (mine) dpu_tset_add(heads, (unsigned)u);
  }
  bool rel = is_release(order);
  if (rel || mine || fenced_u) {
    uint32_t *l = obj_clock(loc | (uint64_t)(u + 1) << 48, DPU_SYNC_ATOMIC, true);
    if (!l) return;
    if (!mine) memset(l, 0, vc_size());
    vc_join(l, rel ? c : frel);
    dpu_tset_add(heads, (unsigned)u);
  }
}

void dpu_race_tso_store(void *p, uint32_t size, uint32_t order, uint32_t *snap) {
  if (!dpu_race_on || dpu_race_gave_up) return;
  int u = dpu_rt.cur;
  uint32_t *c = dpu_race_clock_of[u];
  dpu_race_access((uintptr_t)p, size, __dpu_site, DPU_ACCESS_ATOMIC | DPU_ACCESS_WRITE);
  memcpy(snap, c, vc_size());
  memcpy(snap + DPU_MAX_THREADS, fence_rel[u], vc_size());
  snap[2 * DPU_MAX_THREADS] = fenced[u];
  if (is_release(order)) c[u]++;
}

void dpu_race_atomic_own(void *p, uint32_t size) {
  if (!dpu_race_on || dpu_race_gave_up) return;
  dpu_race_access((uintptr_t)p, size, __dpu_site, DPU_ACCESS_ATOMIC);
}

void dpu_race_tso_flush(void *p, int u, uint32_t order, const uint32_t *snap) {
  if (!dpu_race_on || dpu_race_gave_up) return;
  uint64_t loc = (uint64_t)(uintptr_t)p;
  uint32_t *anchor = obj_clock(loc, DPU_SYNC_ATOMIC, true);
  if (!anchor) return;
  publish(loc, heads_of(anchor), false, u, order, snap, snap + DPU_MAX_THREADS,
          snap[2 * DPU_MAX_THREADS] != 0);
}

bool dpu_race_hb_ok(void) { return dpu_race_on && !dpu_race_gave_up && dpu_rt.cur >= 0; }

uint32_t dpu_race_clock_at(int u) { return dpu_race_clock_of[dpu_rt.cur][u]; }

unsigned dpu_race_ra_snap(void *p, uint32_t *snap, uint32_t *n) {
  *n = 0;
  if (!dpu_race_hb_ok()) return 0;
  uint64_t loc = (uint64_t)(uintptr_t)p;
  uint32_t *anchor = obj_clock(loc, DPU_SYNC_ATOMIC, false);
  int u = dpu_rt.cur;
  unsigned s = fenced[u] ? DPU_RACE_SEQ_FENCED : 0;
  if (!anchor) return s;
  memset(snap, 0, vc_size());
  if (join_heads(loc, heads_of(anchor), snap)) *n = nids();
  return dpu_tset_has(heads_of(anchor), (unsigned)u) ? s | DPU_RACE_SEQ_MINE : s;
}

unsigned dpu_race_seq_state(void *p) {
  if (!dpu_race_hb_ok()) return 0;
  int u = dpu_rt.cur;
  uint32_t *anchor = obj_clock((uint64_t)(uintptr_t)p, DPU_SYNC_ATOMIC, false);
  unsigned s = fenced[u] ? DPU_RACE_SEQ_FENCED : 0;
  if (anchor && dpu_tset_has(heads_of(anchor), (unsigned)u)) s |= DPU_RACE_SEQ_MINE;
  return s;
}

void dpu_race_ra_placed(void *p, uint32_t size, uint32_t order, const uint32_t *prev,
                        uint32_t nprev, uint32_t *snap, uint32_t *n) {
  *n = 0;
  if (!dpu_race_on || dpu_race_gave_up) return;
  int u = dpu_rt.cur;
  uint32_t *c = dpu_race_clock_of[u];
  dpu_race_access((uintptr_t)p, size, __dpu_site, DPU_ACCESS_ATOMIC | DPU_ACCESS_WRITE);
  memset(snap, 0, vc_size());
  bool any = false;
  if (is_release(order)) { /* it heads a sequence of its own; u's earlier ones are older */
    vc_join(snap, c);
    any = true;
  } else {
    for (uint32_t i = 0; i < nprev; i++)
      if (prev[i] > snap[i]) snap[i] = prev[i], any = true;
    if (fenced[u]) vc_join(snap, fence_rel[u]), any = true;
  }
  if (any) *n = nids();
  if (is_release(order)) c[u]++;
}

void dpu_race_ra_load(void *p, uint32_t size, uint32_t order, const uint32_t *snap, uint32_t n) {
  if (!dpu_race_on || dpu_race_gave_up) return;
  int u = dpu_rt.cur;
  uint32_t *into = is_acquire(order) ? dpu_race_clock_of[u] : acq_pend[u];
  for (uint32_t i = 0; i < n; i++)
    if (snap[i] > into[i]) into[i] = snap[i];
  dpu_race_access((uintptr_t)p, size, __dpu_site, DPU_ACCESS_ATOMIC);
}

void __dpu_fence(uint32_t order) {
  if (!dpu_race_on || dpu_rt.cur < 0) return;
  int u = dpu_rt.cur;
  uint32_t *c = dpu_race_clock_of[u];
  if (is_acquire(order)) vc_join(c, acq_pend[u]);
  if (is_release(order)) {
    memcpy(fence_rel[u], c, vc_size());
    fenced[u] = true;
    c[u]++;
  }
}

void dpu_race_hb_reset(void) {
  for (uint32_t i = 0; i < noused; i++) otab[oused[i]].key = 0;
  noused = 0;
}

/* ---- frees (dpu_race_freed) ---------------------------------------------------------------- */

/* Open addressing by block address; an entry belongs to this run if its stamp is the run's, so
 * a run starts with the table empty at no cost. A block freed again (after being handed out
 * again) takes its old entry. */
#define FREED_CAP 4096u
#define FREED_PROBES 16u
static struct freed {
  uintptr_t block;
  uint32_t stamp, epoch;
  uint16_t tid;
} freed_tab[FREED_CAP];

static uint32_t freed_slot(uintptr_t b) {
  return (uint32_t)((b >> 4) * 0x9e3779b97f4a7c15ull >> 52) & (FREED_CAP - 1);
}

void dpu_race_freed(const void *p) {
  if (!dpu_race_on || dpu_rt.cur < 0) return;
  uintptr_t b = (uintptr_t)p;
  uint32_t k = freed_slot(b);
  for (uint32_t i = 0; i < FREED_PROBES; i++, k = (k + 1) & (FREED_CAP - 1)) {
    struct freed *f = &freed_tab[k];
    if (f->stamp == dpu_rt.run_stamp && f->block != b) continue;
    *f = (struct freed){b, dpu_rt.run_stamp, self_clock()[dpu_rt.cur], (uint16_t)dpu_rt.cur};
    return;
  }
  /* Full around here: the oldest stays, this one is unknown (no ordering claimed). */
}

enum dpu_free_order dpu_race_free_order(const void *p, int free_tid) {
  if (!dpu_race_on || dpu_race_gave_up || dpu_rt.cur < 0) return DPU_FREE_UNKNOWN;
  uintptr_t b = (uintptr_t)p;
  uint32_t k = freed_slot(b);
  for (uint32_t i = 0; i < FREED_PROBES; i++, k = (k + 1) & (FREED_CAP - 1)) {
    const struct freed *f = &freed_tab[k];
    if (f->stamp != dpu_rt.run_stamp) return DPU_FREE_UNKNOWN;
    if (f->block == b) {
      if (f->tid != free_tid) return DPU_FREE_UNKNOWN;
      return f->epoch <= self_clock()[free_tid] ? DPU_FREE_BEFORE : DPU_FREE_UNORDERED;
    }
  }
  return DPU_FREE_UNKNOWN;
}

uint32_t dpu_race_epoch(void) {
  if (!dpu_race_on || dpu_race_gave_up || dpu_rt.cur < 0) return 0;
  return self_clock()[dpu_rt.cur];
}

int dpu_race_before(int u, uint32_t epoch) {
  if (!dpu_race_on || dpu_race_gave_up || dpu_rt.cur < 0 || epoch == 0 || u < 0) return -1;
  return epoch <= self_clock()[u];
}
