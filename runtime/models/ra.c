/* C11's release/acquire and relaxed orders (--memory-model=ra|rc11; docs/memory-models.md
 * has the model, its soundness argument and its limits).
 *
 * Each atomic location keeps the stores written to it in this run, in modification order. A
 * read-modify-write, a CAS and a seq_cst store are appended at its end (as in the operational
 * model of strong release/acquire, Lahav, Giannarakis and Vafeiadis, POPL 2016); any other
 * store may also go before newer stores that its thread has not seen (coherence,
 * 5.1.2.4p18-20, allows it: what 2+2W and S need), a choice of its thread made at its event
 * (dpu_ra_store; the event's name holds the place, ops.def). An atomic load may read any
 * store of its location that coherence leaves visible to it (C11 5.1.2.4p18-20): every store
 * in modification order from the newest back to the newest one
 * that is "seen" by the loading thread, that is, one that happens-before the load, or that a
 * read happening-before the load read (a read of the loading thread's own included). Which
 * stores are seen follows from the race detector's vector clocks (runtime/race.h): a store or
 * read made by thread u at epoch k happens-before the running thread's current point iff its
 * clock entry for u is at least k. A load that reads from a store synchronises with the release
 * sequences the store is in, whose clocks the store keeps (dpu_race_ra_snap).
 *
 * Which store a load reads is a choice of its thread (READS_FROM, protocol/ops.def), made right
 * after the load's event when more than one store is visible (a CAS that fails reads as a load
 * of its failure order does, but no store that holds what it expects: dpu_ra_cas_fail); the
 * explorer tries each outcome as it does a nondet value's. Its domain is a function of the load
 * event's history (the stores of its location before it, as the load is dependent with each
 * write of its location, and the happens-before that history has), as the unfolding needs.
 *
 * Two bounds keep explorations finite where the model is not: a thread may read a store older
 * than the newest only while it made fewer than STALE reads of the location since the newest
 * store was written (stores become visible to every thread in finite time, as on hardware:
 * without this a loop that counts while it waits for a flag could read the old value for
 * ever), and in a spin region (passes/spinloops.c) a load at a place its thread already read
 * at in the same activation reads the newest store (an iteration that changes nothing but
 * what it reads can be dropped, so any execution of the region is one whose first iteration
 * read what the last one did, made at the same point; each load of that first iteration may
 * read an older store).
 * Stores older than the last NMSG of their location are not read, nor those hidden by a read
 * that the log of NREAD reads per location has forgotten; a run's locations past the first
 * NLOC are not kept (their loads read the newest store), and when the clocks of a run's
 * release stores no longer fit (NSNAP words), its loads read the newest store from then on. */
#include <string.h>

#include "../../protocol/invariant.h"
#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"
#include "ra.h"

#define NLOC 1024 /* locations per run */
#define NIDX 2048 /* slots of the location index (a power of 2, > NLOC) */
#define NMSG 64  /* stores kept per location */
#define NREAD 64 /* reads kept per location */
#define STALE 2  /* reads of a location a thread makes that may miss its newest store */
#define NSNAP (1u << 20) /* words of release-sequence clocks per run */

struct msg {
  uint64_t value;          /* what it wrote; the newest store's is in memory */
  uint32_t epoch;          /* the writer's epoch at the write (race.h: dpu_race_epoch) */
  uint32_t snap, nsnap;    /* its release sequences' clock: snaps[snap, snap + nsnap) */
  uint32_t id;             /* its location's count of stores when it was made: a name that
                            * stays when stores placed before it move it up (dpu_ra_store) */
  uint16_t tid;            /* the writer */
  uint8_t kind;            /* MSG_* */
};

/* struct msg.kind: a read-modify-write or CAS (it read the store before it: none may come
 * between); a seq_cst write; a write that heads a release sequence of its thread (a release
 * write, or one after a release fence of its thread: 7.17.4p2); a write that continues a
 * release sequence of its thread without heading one (which a store of another thread placed
 * before it would end, 5.1.2.4p10). */
enum { MSG_RMW = 1, MSG_SC = 2, MSG_HEADS = 4, MSG_CONTINUES = 8 };

struct read {
  uint32_t epoch, seq;     /* the reader's epoch, the store it read */
  uint32_t newest;         /* the newest store of the location when it read */
  uint16_t tid;
};

struct loc {
  uint64_t addr;
  uint32_t size;
  uint32_t n;              /* stores so far: the newest is n - 1; store 0 is the value the
                            * location held when first accessed, seen by every thread */
  uint32_t base;           /* the oldest store a load may still read */
  uint32_t nr;             /* reads logged so far (the last NREAD are kept) */
  uint32_t made;           /* stores made so far (the next one's id) */
  struct msg m[NMSG];      /* store s at m[s % NMSG] */
  struct read r[NREAD];    /* read i at r[i % NREAD] */
};

bool dpu_ra_on;
uint64_t dpu_seq_cst_fence;
static struct loc locs[NLOC];
static uint32_t nlocs;
static int16_t idx[NIDX]; /* location index + 1, 0 empty */
static uint32_t snaps[NSNAP], nsnaps;
static bool snaps_full; /* a store's clock found no room: loads read the newest from then on */
static uint64_t last_value; /* what the last load read, for __dpu_ra_load */
static struct loc *written; /* the location of the last dpu_ra_write, for dpu_ra_published */

void dpu_ra_init(bool on) { dpu_ra_on = on; }

void dpu_ra_reset(void) {
  if (nlocs) memset(idx, 0, sizeof idx);
  nlocs = 0;
  written = NULL;
  nsnaps = 0;
  snaps_full = false;
  dpu_seq_cst_fence = 0;
}

/* The location at addr, made on its first access (NULL when NLOC are in use: it is not kept,
 * and its loads read the newest store, memory). */
static struct loc *loc_of(uint64_t addr, uint32_t size) {
  uint32_t k = (uint32_t)((addr >> 2) * 0x9e3779b97f4a7c15ull >> 40) & (NIDX - 1);
  for (;; k = (k + 1) & (NIDX - 1)) {
    if (!idx[k]) break;
    struct loc *l = &locs[idx[k] - 1];
    if (l->addr != addr) continue;
    if (l->size != size) { /* a mixed-size access: only the newest store is read from now on */
      l->size = size;
      l->base = l->n - 1;
    }
    return l;
  }
  if (nlocs == NLOC) return NULL; /* its loads read the newest store (the caller) */
  struct loc *l = &locs[nlocs++];
  idx[k] = (int16_t)nlocs;
  l->addr = addr, l->size = size;
  l->n = 1, l->base = 0, l->nr = 0, l->made = 1;
  l->m[0] = (struct msg){.epoch = 0, .tid = 0, .nsnap = 0};
  return l;
}

/* LLVM's orderings (llvm-c/Core.h LLVMAtomicOrdering) */
enum { ORD_RELEASE = 5, ORD_ACQ_REL = 6, ORD_SEQ_CST = 7 };
static inline bool releases(uint32_t order) {
  return order == ORD_RELEASE || order == ORD_ACQ_REL || order == ORD_SEQ_CST;
}

/* Appends the running thread's write of order `order` to l (see dpu_ra_write); its release
 * sequences are known once the race detector applied it (dpu_ra_published). */
static void append(struct loc *l, uint64_t prev, uint32_t order, bool rmw) {
  written = l;
  bool rel = releases(order);
  l->m[(l->n - 1) % NMSG].value = prev;
  l->m[l->n % NMSG] = (struct msg){
      .epoch = dpu_race_epoch(), .id = l->made++, .tid = (uint16_t)dpu_rt.cur,
      .kind = (uint8_t)((rmw ? MSG_RMW : 0) | (order == ORD_SEQ_CST ? MSG_SC : 0) |
                        (rel ? MSG_HEADS : 0))};
  l->n++;
  if (l->n - l->base > NMSG) l->base = l->n - NMSG;
}

void dpu_ra_write(uint64_t addr, uint32_t size, uint64_t prev, uint32_t order, bool rmw) {
  struct loc *l = written = loc_of(addr, size);
  if (l) append(l, prev, order, rmw);
}

void dpu_ra_published(uint64_t addr) {
  struct loc *l = written;
  if (!l || l->addr != addr) return; /* not kept (past NLOC) */
  if (nsnaps + DPU_MAX_THREADS > NSNAP) { /* its acquire readers could not synchronise */
    snaps_full = true;
    return;
  }
  struct msg *m = &l->m[(l->n - 1) % NMSG];
  unsigned seq = dpu_race_ra_snap((void *)(uintptr_t)addr, snaps + nsnaps, &m->nsnap);
  m->snap = nsnaps;
  nsnaps += m->nsnap;
  /* A write that is no release heads a sequence after a release fence of its thread, and
   * continues one if its thread's goes on after it (with a fence, taken to continue one too:
   * no store is placed before it, which only leaves executions out) */
  if (!(m->kind & MSG_HEADS))
    m->kind |= (uint8_t)((seq & DPU_RACE_SEQ_FENCED ? MSG_HEADS : 0) |
                         (seq & DPU_RACE_SEQ_MINE ? MSG_CONTINUES : 0));
}

/* Whether a release sequence of the running thread u goes on right after store p of l in
 * modification order (5.1.2.4p10: a sequence that u heads goes on through u's writes and any
 * thread's read-modify-writes; another thread's plain store ends it): 1, with *from = u's
 * store whose snap is that sequence's clock; 0 when none does; -1 when that cannot be told
 * here (the stores it depends on are no longer kept, or u's last write there is a
 * read-modify-write, whose snap also holds other threads' sequences). */
static int sequence_after(const struct loc *l, uint32_t p, const struct msg **from) {
  for (uint32_t i = p + 1; i-- > l->base;) {
    const struct msg *m = &l->m[i % NMSG];
    if (m->epoch == 0) return 0; /* the initial value */
    if (m->tid == dpu_rt.cur) {
      if (!(m->kind & (MSG_HEADS | MSG_CONTINUES))) return 0;
      if (m->kind & MSG_RMW) return -1;
      *from = m;
      return 1;
    }
    if (!(m->kind & MSG_RMW)) return 0;
  }
  return -1;
}

/* Whether the running thread has seen store s of l: it or a read of it happens-before now. */
static bool seen_store(const struct msg *m) {
  return m->epoch == 0 || dpu_race_clock_at(m->tid) >= m->epoch;
}

/* The oldest store of l the running thread may read (coherence), and in *misses how many of
 * its reads of l since the newest store was written. */
static uint32_t oldest_visible(const struct loc *l, uint32_t *misses) {
  uint32_t f = l->base;
  for (uint32_t s = l->n - 1; s > f; s--)
    if (seen_store(&l->m[s % NMSG])) {
      f = s;
      break;
    }
  *misses = 0;
  uint32_t first = l->nr > NREAD ? l->nr - NREAD : 0;
  for (uint32_t i = first; i < l->nr; i++) {
    const struct read *r = &l->r[i % NREAD];
    if (r->tid == dpu_rt.cur && r->newest == l->n - 1) ++*misses;
    if (r->seq > f && dpu_race_clock_at(r->tid) >= r->epoch) f = r->seq;
  }
  return f;
}

/* Logs the running thread's read of store seq of l, made when store newest was the newest (at
 * the load's event: a write between it and its READS_FROM choice, which is independent of the
 * choice, must not change what the log says). */
static void log_read(struct loc *l, uint32_t seq, uint32_t newest) {
  if (l->nr >= NREAD) { /* forgetting a read: the stores it hides are read no more */
    const struct read *old = &l->r[l->nr % NREAD];
    if (old->seq > l->base) l->base = old->seq;
  }
  l->r[l->nr % NREAD] = (struct read){.epoch = dpu_race_epoch(), .seq = seq,
                                      .newest = newest, .tid = (uint16_t)dpu_rt.cur};
  l->nr++;
}

/* Where the store named id is now, which was at index `was` (stores placed before it since
 * moved it up); the oldest kept one if it is no longer kept. */
static uint32_t now_at(const struct loc *l, uint32_t id, uint32_t was) {
  for (uint32_t s = was > l->base ? was : l->base; s < l->n; s++)
    if (l->m[s % NMSG].id == id) return s;
  return l->base;
}

/* The value of store s of l: the newest store's is in memory (a store's value is filled in
 * when a newer one is made). */
static uint64_t value_of(const struct loc *l, uint32_t s) {
  return s == l->n - 1 ? dpu_rt_value_at((void *)(uintptr_t)l->addr, l->size)
                        : l->m[s % NMSG].value;
}

/* The read of a load (fails == false) or of a CAS that fails (fails: it reads only stores
 * whose value is not `expected`, and the newest, which is not either): see dpu_ra_load and
 * dpu_ra_cas_fail. */
static uint64_t read_store(uint64_t addr, uint32_t size, uint32_t order, bool again,
                           struct dpu_event_rec *e, bool fails, uint64_t expected) {
  struct loc *l = loc_of(addr, size);
  /* A location past NLOC, or a run whose stores' clocks no longer fit (a load of a store
   * without its clock would miss its synchronisation), or without exact happens-before (the
   * race detector gave up in this run): the newest store, as under sc, whose synchronisation
   * the race detector's location clocks give. */
  if (!l || snaps_full || !dpu_race_hb_ok()) {
    dpu_race_atomic((void *)(uintptr_t)addr, size, fails ? DPU_OP_ATOMIC_CAS : DPU_OP_ATOMIC_LOAD,
                    false, order);
    return last_value = dpu_rt_value_at((void *)(uintptr_t)addr, size);
  }
  uint32_t newest = l->n - 1, misses = 0;
  /* A seq_cst load reads no store older than a seq_cst one (RC11's order of seq_cst
   * accesses, kept as the run makes it: docs/memory-models.md); a program of seq_cst
   * accesses alone takes the first test. */
  bool sc = order == ORD_SEQ_CST;
  uint32_t oldest = sc && (l->m[newest % NMSG].kind & MSG_SC) ? newest
                                                             : oldest_visible(l, &misses);
  if (again || misses >= STALE) oldest = newest;
  if (sc)
    for (uint32_t s = newest; s > oldest; s--)
      if (l->m[s % NMSG].kind & MSG_SC) {
        oldest = s;
        break;
      }
  uint32_t seq = newest;
  struct dpu_event_rec *c = NULL; /* the READS_FROM choice, when there is one */
  /* Its choices, named (ids) with the index each has now (at): other threads may make stores
   * while it chooses, which the choice does not see (they are not in its event's history),
   * and a store placed before older ones moves those it goes before. A CAS that fails reads
   * no store that holds what it expects (it would have exchanged). */
  uint32_t n = 0, ids[NMSG], at[NMSG];
  for (uint32_t s = newest + 1; s-- > oldest;)
    if (s == newest || !fails || value_of(l, s) != expected)
      ids[n] = l->m[s % NMSG].id, at[n++] = s;
  if (n > 1) {
    c = dpu_rt_visible_aux(DPU_OP_READS_FROM, (uint64_t)dpu_rt.cur, n);
    uint32_t i = dpu_rt.choice ? dpu_rt.choice - 1u : 0;
    if (i >= n) i = 0;
    c->result = (uint16_t)i;
    seq = now_at(l, ids[i], at[i]); /* the oldest kept, past NMSG writes while it chose */
    newest = now_at(l, ids[0], newest);
    DPU_ASSERT(seq >= l->base && seq < l->n);
  }
  const struct msg *m = &l->m[seq % NMSG];
  uint64_t v = value_of(l, seq);
  if (c) {
    c->value = v;
    c->flags |= DPU_REC_VALUE;
    c->from = m->epoch ? (uint16_t)(m->tid + 1u) : 0;
  }
  dpu_race_ra_load((void *)(uintptr_t)addr, size, order, snaps + m->snap, m->nsnap);
  log_read(l, seq, newest);
  if (e->flags & DPU_REC_VALUE) e->value = v;
  last_value = v;
  return v;
}

uint64_t dpu_ra_load(uint64_t addr, uint32_t size, uint32_t order, bool again,
                     struct dpu_event_rec *e) {
  return read_store(addr, size, order, again, e, false, 0);
}

uint64_t dpu_ra_cas_fail(uint64_t addr, uint32_t size, uint64_t expected, uint32_t order,
                         bool again, struct dpu_event_rec *e) {
  return read_store(addr, size, order, again, e, true, expected);
}

bool dpu_ra_store(uint64_t addr, uint32_t size, uint64_t value, uint32_t order,
                  struct dpu_event_rec *e) {
  struct loc *l = loc_of(addr, size);
  /* The places it may take: right after store p, for every p from the newest seen one (the
   * coherence floor) up, where the store after p is a plain store that no rule ties to p. */
  uint32_t after[NMSG], nplace = 0;
  const struct msg *carry[NMSG];
  /* (A thread that has seen the newest store, its own one say, has one place: the cheap test
   * first.) */
  if (l && !snaps_full && dpu_race_hb_ok() && order != ORD_SEQ_CST &&
      nsnaps + DPU_MAX_THREADS <= NSNAP && !seen_store(&l->m[(l->n - 1) % NMSG])) {
    uint32_t misses;
    uint32_t floor = oldest_visible(l, &misses);
    for (uint32_t p = l->n - 1; p-- > floor;) {
      if (l->m[(p + 1) % NMSG].kind & (MSG_RMW | MSG_SC | MSG_CONTINUES)) continue;
      const struct msg *from = NULL;
      if (sequence_after(l, p, &from) < 0) continue;
      after[nplace] = p, carry[nplace] = from, nplace++;
    }
  }
  uint32_t i = 0; /* 0: the newest; k: right after store after[k - 1] */
  if (nplace) {
    e->aux = nplace + 1;
    i = dpu_rt.choice ? dpu_rt.choice - 1u : 0;
    if (i > nplace) i = 0;
    e->result = (uint16_t)i;
  }
  if (i == 0) { /* the newest store, as every write is under sc */
    written = l;
    if (l) append(l, dpu_rt_value_at((void *)(uintptr_t)addr, size), order, false);
    dpu_race_atomic((void *)(uintptr_t)addr, size, DPU_OP_ATOMIC_STORE, false, order);
    dpu_ra_published(addr);
    return true;
  }
  uint32_t p = after[i - 1];
  const struct msg *from = carry[i - 1];
  e->from = (uint16_t)(l->m[(p + 1) % NMSG].tid + 1u);
  bool rel = releases(order); /* (not seq_cst here: such a store is never placed) */
  unsigned seq = dpu_race_seq_state((void *)(uintptr_t)addr);
  struct msg m = {.value = value, .epoch = dpu_race_epoch(), .id = l->made++,
                  .tid = (uint16_t)dpu_rt.cur,
                  .kind = (uint8_t)((rel || seq & DPU_RACE_SEQ_FENCED ? MSG_HEADS : 0) |
                                    (!rel && from ? MSG_CONTINUES : 0))};
  dpu_race_ra_placed((void *)(uintptr_t)addr, size, order, from ? snaps + from->snap : NULL,
                     from ? from->nsnap : 0, snaps + nsnaps, &m.nsnap);
  m.snap = nsnaps;
  nsnaps += m.nsnap;
  /* Stores p + 1 .. n - 1 move up one place, and so do the reads' indexes of them. */
  for (uint32_t k = l->n; k > p + 1; k--) l->m[k % NMSG] = l->m[(k - 1) % NMSG];
  l->m[(p + 1) % NMSG] = m;
  l->n++;
  if (l->n - l->base > NMSG) l->base = l->n - NMSG;
  for (uint32_t k = l->nr > NREAD ? l->nr - NREAD : 0; k < l->nr; k++) {
    struct read *r = &l->r[k % NREAD];
    if (r->seq > p) r->seq++;
    if (r->newest > p) r->newest++;
  }
  DPU_ASSERT(l->base <= p + 1);
  return false;
}

uint64_t __dpu_ra_load(void *addr, uint32_t size) {
  (void)addr, (void)size;
  return last_value;
}

void __dpu_ra_fence(void) {
  /* acq_rel (LLVM ordering 6) fetch-add of 1 */
  __dpu_atomic_op(&dpu_seq_cst_fence, DPU_OP_ATOMIC_RMW | 6u << 8 | (uint32_t)DPU_RMW_ADD << 12,
                  sizeof dpu_seq_cst_fence, 1);
  dpu_seq_cst_fence++;
}
