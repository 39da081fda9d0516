/* Atomic memory accesses and SV-COMP's atomic sections (docs/design.md §5).
 *
 * Every atomic load, store, read-modify-write and compare-and-swap of the program is a visible
 * operation on the object "that memory location": passes/ puts a call to __dpu_atomic_op
 * before the instruction, which then executes as it is (program threads share one OS thread,
 * so nothing runs in between). Fences are not operations: dpu explores sequentially consistent
 * executions.
 *
 * Spin loops. The rules below apply only to the reads of spin regions, loops whose iterations
 * change nothing but what they read (passes/spinloops.c decides this on the IR), and only
 * within one activation of the region (entered at its header, left by an exit: the
 * __dpu_spin_enter/exit hooks): the first read of an activation is recorded at the site the
 * pass gave it, every later one at that site's twin (enum dpu_site_spin), so that the explorer,
 * which sees only the records, can tell them apart. Elsewhere a read at one site twice in a row
 * (a bounded loop, or a loop that counts) is no repeat: the thread's state changed between.
 * Each location has a version, the number of modifications (stores, RMWs, successful CAS) in
 * this run. A thread whose previous visible operation read a location (a load, or a CAS that
 * failed) at some call site, and whose next one reads it again at the same site in the same
 * activation while its version is unchanged, would read the same value: a load is then treated as
 * blocked until another thread modifies the location, instead of looping; so is a CAS whose
 * expected value differs from the value read (it would fail again, as in a spinlock that
 * resets its expected value), but not one that expects that value (the usual
 * load-then-CAS-retry loop, whose failed CAS stored the value it read in `expected`, succeeds
 * on its retry); and so is a read-modify-write that left the value as it was and would again
 * (a test-and-set or exchange spinlock while the lock is held: rules.h, dpu_rmw_unchanged),
 * which is no modification either. If no thread ever modifies the location, the run ends as a
 * hang naming the spinning thread (sched.c).
 *
 * Loops that read several locations (Peterson's `while (want[o] && turn == o)`, issue #10):
 * a thread's read streak is its visible operations since its last one that was not a read
 * (atomic loads and visible plain reads). When the streak ends with two equal iterations of
 * m >= 2 reads (the same sites reading the same locations at the same versions, so the same
 * values), the second iteration changed nothing: the thread is stuck, it takes no further step
 * in this run. Nothing is lost: its reads are dependent with every write to what they read, so
 * the exploration also runs the orders where such a write comes before the second iteration,
 * which then reads something new (the same argument as GenMC's for spin loops). Whether the
 * thread is stuck follows from its own events alone, so the explorer (explorer/model.c) tells
 * it from an event's history, as it must. When no thread can move and a stuck thread's
 * locations did not change since (nothing will ever change them), the run is a hang; when they
 * did, the run only repeats what another order explores, and ends silently (sched.c).
 * A loop that also counts (for (i = 0; i < 3 && !a && !b; i++)) is no spin region: its reads
 * run as written. The explorer applies the same rule (explorer/model.c): a CAS's
 * record carries, in aux, whether it would fail again, which depends only on the thread's own
 * history; so the events of a spin loop are finite.
 *
 * __VERIFIER_atomic_begin/end lock and unlock one global "atomic section" object (nesting
 * allowed); functions named __VERIFIER_atomic_* run their whole body as such a section. */
#include <stdint.h>
#include <string.h>

#include "../../protocol/invariant.h"
#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../memcheck.h"
#include "../race.h"
#include "../rt.h"
#include "ra.h"
#include "tso.h"

/* Location versions: open addressing on the address; the slots used in a run are listed so
 * that the reset costs what the run used. */
#define VCAP 4096
static struct {
  uint64_t addr;  /* 0: empty */
  uint32_t version;
} vtab[VCAP];
static uint32_t vused[VCAP], nvused;

static uint32_t *version_of(uint64_t addr) {
  uint32_t k = (uint32_t)((addr >> 3) * 0x9e3779b97f4a7c15ull >> 52) & (VCAP - 1);
  for (uint32_t i = 0; i < VCAP; i++, k = (k + 1) & (VCAP - 1)) {
    if (vtab[k].addr == addr) return &vtab[k].version;
    if (vtab[k].addr == 0) {
      if (nvused * 4 >= VCAP * 3) break;
      vtab[k].addr = addr;
      vtab[k].version = 0;
      vused[nvused++] = k;
      return &vtab[k].version;
    }
  }
  return NULL;
}

/* The version of the location at addr, 0 for one never modified, without making a slot. */
static uint32_t version_now(uint64_t addr) {
  uint32_t k = (uint32_t)((addr >> 3) * 0x9e3779b97f4a7c15ull >> 52) & (VCAP - 1);
  for (uint32_t i = 0; i < VCAP && vtab[k].addr; i++, k = (k + 1) & (VCAP - 1))
    if (vtab[k].addr == addr) return vtab[k].version;
  return 0;
}

void dpu_rt_spin_memory(const struct dpu_rt_thread *t, void (*fn)(const void *, size_t, void *),
                        void *arg) {
  /* versions as the modifications since, which repeat where the absolute ones grow */
  uint64_t read[6] = {t->last_read, t->last_site, t->last_obj, t->last_value,
                      t->last_read ? version_now(t->last_obj) - t->last_version : 0,
                      (uint64_t)t->spin_region << 1 | t->spin_read};
  fn(read, sizeof read, arg);
  if (t->last_try) {
    uint64_t try[3] = {t->last_try_site, t->last_try_obj, (uint32_t)t->last_try_owner};
    fn(try, sizeof try, arg);
  }
  uint64_t streak[2] = {t->nstreak, (uint64_t)t->stuck << 8 | t->stuck_from};
  fn(streak, sizeof streak, arg);
  for (unsigned i = 0; i < t->nstreak; i++) {
    uint64_t r[3] = {t->streak[i].obj, t->streak[i].site,
                     version_now(t->streak[i].obj) - t->streak[i].version};
    fn(r, sizeof r, arg);
  }
}

static struct dpu_event_rec *cas_rec; /* the record of the CAS being performed */
static struct {
  void *addr;
  uint32_t size, failure_order, success_order;
  uint64_t prev; /* under ra/rc11, the location's value before it (ra.h: dpu_ra_write) */
} cas; /* the CAS being performed, for the race detector */
/* A CAS whose instruction passes/atomics.c replaced (DPU_ATOMIC_RA_CAS: under ra/rc11, or a
 * weak one under --spurious-cas): what __dpu_ra_cas does, decided at its event: it fails with
 * `value` read (under ra/rc11 its read is made then: ra.c), or it exchanges, the location
 * holding `expected`. */
static struct {
  bool fails;
  uint64_t expected, value;
} ra_cas;
/* --spurious-cas: per thread, the sites of its weak CASes that failed spuriously in run number
 * `run` (of this process's runs; another run's are none): a site fails spuriously at most once
 * per thread and run, and only the first SPURIOUS_SITES sites do (ops.def: CAS_SPURIOUS). */
#define SPURIOUS_SITES 4
static struct {
  uint32_t run, n;
  uint32_t site[SPURIOUS_SITES];
} spurious_at[DPU_MAX_THREADS];
static uint32_t run_number;
static struct {
  int owner;       /* tid + 1, 0 free */
  uint32_t depth;
} section;         /* the atomic section (below) */

void dpu_rt_atomic_reset(void) {
  run_number++;
  for (uint32_t i = 0; i < nvused; i++) vtab[vused[i]].addr = 0;
  nvused = 0;
  cas_rec = NULL;
  cas.addr = NULL;
  section.owner = 0;
  section.depth = 0;
}

/* ---- spin regions (passes/spinloops.c) ---------------------------------------------------- */

static struct dpu_spin_kinds kinds;

void dpu_rt_set_spin_kinds(const uint8_t *v, uint64_t n) { kinds = (struct dpu_spin_kinds){v, n}; }

static uint8_t site_spin(uint32_t site) { return dpu_site_spin(kinds, site); }
static uint32_t site_base(uint32_t site) { return dpu_site_base(kinds, site); }

/* The site to record for the running thread's read at site: the twin when the thread already
 * read in this activation of its spin region. Called once per read, before it is pending. */
static uint32_t spin_site(struct dpu_rt_thread *t, uint32_t site) {
  if (site_spin(site) != DPU_SITE_SPIN || !t->spin_region) return site;
  if (t->spin_read) return site + 1;
  t->spin_read = true;
  return site;
}

uint32_t dpu_rt_spin_site(uint32_t site) { return spin_site(&dpu_rt.threads[dpu_rt.cur], site); }

bool dpu_rt_try_blocks(const struct dpu_rt_thread *t, uint64_t obj) {
  return t->last_try_obj == obj && dpu_site_continues(kinds, t->last_try_site, t->pend_site) &&
         *(const int32_t *)(uintptr_t)obj == t->last_try_owner;
}

/* Per thread, the sites (their base, not the twin) of its atomic loads in the activation of
 * the spin region it is in, the first 4 (load_again; reset when it enters or leaves one: a
 * thread starts in none). Beside the thread, not in it: struct dpu_rt_thread is read at every
 * step. */
static struct spin_loads {
  uint8_t n;
  uint32_t sites[4];
} spin_loads[DPU_MAX_THREADS];

void __dpu_spin_enter(uint32_t region) {
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  if (t->spin_region == region) return;
  t->spin_region = region;
  t->spin_read = false;
  spin_loads[dpu_rt.cur].n = 0;
}

void __dpu_spin_exit(void) {
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  t->spin_region = 0;
  t->spin_read = false;
  spin_loads[dpu_rt.cur].n = 0;
}

/* Whether the running thread's load recorded at site repeats a load of its spin region's
 * activation at the same place (under ra/rc11 it then reads the newest store: ra.h). A load
 * after the first of an activation has the twin site, but only one at a place already read at
 * in the activation repeats a read: the first pass of a seqlock's reader, say, may read an old
 * store at each of its loads. Past 4 places, every later load counts as a repeat. */
static bool load_again(struct dpu_rt_thread *t, uint32_t site) {
  uint8_t k = site_spin(site);
  if (!t->spin_region || (k != DPU_SITE_SPIN && k != DPU_SITE_SPIN_AGAIN)) return false;
  uint32_t b = site_base(site);
  struct spin_loads *s = &spin_loads[dpu_rt.cur];
  for (uint8_t i = 0; i < s->n; i++)
    if (s->sites[i] == b) return true;
  if (s->n == sizeof s->sites / sizeof s->sites[0]) return true;
  s->sites[s->n++] = b;
  return false;
}

/* Whether t's read of obj at (recorded) site continues its previous visible operation: a read
 * of the same location at the same site in the same activation of a spin region. */
static bool continues(const struct dpu_rt_thread *t, uint64_t obj, uint32_t site) {
  return t->last_read && t->last_obj == obj && dpu_site_continues(kinds, t->last_site, site);
}

/* Whether the running thread's next read of obj at site would repeat its previous read (same
 * location, same site, same activation; for a CAS, one that expects another value than the
 * one read; for a read-modify-write `rmw` with operand v, one that would leave the value read
 * as it is again). */
static bool repeats_read(const struct dpu_rt_thread *t, uint8_t op, uint64_t obj, uint32_t site,
                         uint64_t v, uint8_t rmw, uint32_t size) {
  if (!continues(t, obj, site)) return false;
  if (op == DPU_OP_ATOMIC_RMW) return dpu_rmw_unchanged(rmw, t->last_value, v, size);
  return op == DPU_OP_ATOMIC_LOAD || v != t->last_value;
}

bool dpu_rt_atomic_enabled(uint8_t op, uint64_t obj, int tid) {
  const struct dpu_rt_thread *t = &dpu_rt.threads[tid];
  obj = dpu_op_object(op, obj);
  bool cont = continues(t, obj, t->pend_site);
  uint32_t *v = cont ? version_of(obj) : NULL;
  return !dpu_spin_read_blocks(!dpu_op_is_read(op), t->stuck, cont,
                               v && *v == t->last_version, t->pend_aux != 0);
}

bool dpu_rt_rereads(const struct dpu_rt_thread *t) {
  if (!t->last_read || !dpu_op_is_read(t->pend_op)) return false;
  uint64_t obj = dpu_op_object(t->pend_op, t->pend_obj);
  if (obj != t->last_obj || site_base(t->pend_site) != site_base(t->last_site)) return false;
  uint32_t *v = version_of(obj);
  return v && *v == t->last_version;
}

bool dpu_rt_stuck_changed(const struct dpu_rt_thread *t) {
  for (uint32_t i = t->stuck_from; i < t->nstreak; i++) {
    uint32_t *v = version_of(t->streak[i].obj);
    if (!v || *v != t->streak[i].version) return true;
  }
  return false;
}

/* Appends a read to the running thread's streak (the oldest goes when it is full). A streak is
 * the reads of one activation of a spin region: the first read of an activation starts one, a
 * read outside spin regions empties it. */
static void streak_push(struct dpu_rt_thread *t, uint64_t obj, uint32_t site, uint32_t version) {
  uint8_t k = site_spin(site);
  if (k != DPU_SITE_SPIN_AGAIN) {
    t->nstreak = 0;
    t->stuck = false;
    if (k == DPU_SITE_PLAIN) return;
  }
  if (t->nstreak == DPU_STREAK) {
    memmove(t->streak, t->streak + 1, (DPU_STREAK - 1) * sizeof *t->streak);
    t->nstreak--;
  }
  t->streak[t->nstreak++] = (struct dpu_spin_read){obj, site_base(site), version};
  uint32_t m = dpu_spin_repeated_iteration(t->streak, t->nstreak);
  if (m) t->stuck = true, t->stuck_from = (uint8_t)(t->nstreak - m);
}

/* See rt.h. */
uint64_t dpu_rt_value_at(const void *p, uint32_t size) {
  switch (size) {
  case 1: return *(const uint8_t *)p;
  case 2: return *(const uint16_t *)p;
  case 4: return *(const uint32_t *)p;
  case 8: return *(const uint64_t *)p;
  default: {
    uint64_t v = 0;
    memcpy(&v, p, size < 8 ? size : 8);
    return v;
  }
  }
}

/* --spurious-cas: before a weak CAS, its thread chooses whether it fails spuriously (C17
 * 7.17.7.4p4), unless it already did at this site in this run, or did at SPURIOUS_SITES other
 * sites (ops.def: CAS_SPURIOUS); returns whether it does. So a retry loop ends, and what the
 * code after one spurious failure does is explored. The choice is made before the CAS's event,
 * as a function of the thread's own history: made after it, an exchange would have to wait for
 * the choice, while other threads' accesses to the location, which the choice commutes with,
 * could run in between. */
static bool fails_spuriously(void) {
  uint32_t site = __dpu_site;
  typeof(spurious_at[0]) *s = &spurious_at[dpu_rt.cur];
  if (s->run != run_number) s->run = run_number, s->n = 0;
  if (s->n == SPURIOUS_SITES) return false;
  for (uint32_t i = 0; i < s->n; i++)
    if (s->site[i] == site) return false;
  struct dpu_event_rec *c = dpu_rt_visible_aux(DPU_OP_CAS_SPURIOUS, (uint64_t)dpu_rt.cur, 2);
  bool fail = dpu_rt.choice == 2; /* the replay's choice is the result + 1; none: no failure */
  c->result = fail;
  __dpu_site = site; /* (other threads may have run while it chose) */
  /* (The choice is the thread's last operation: no spin rule applies to the CAS after it, in
   * the explorer, explorer/model.c, as here, where the choice cleared t->last_read.) */
  if (fail) s->site[s->n++] = site;
  return fail;
}

/* op: enum dpu_op in bits 0-7, the instruction's LLVM ordering in bits 8-11 and, for a
 * cmpxchg, its failure ordering in bits 12-15, for an atomicrmw its operation (enum dpu_rmw);
 * expected: a cmpxchg's expected value, an atomicrmw's operand (passes/atomics.c). */
void __dpu_atomic_op(void *addr, uint32_t op_order, uint32_t size, uint64_t expected) {
  uint32_t op = op_order & 0xff, order = op_order >> 8 & 15;
  uint8_t rmw = op_order >> 12 & 15;
  uint64_t obj = (uint64_t)(uintptr_t)addr;
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  bool spurious = __builtin_expect((op_order & DPU_ATOMIC_WEAK) != 0, 0) && fails_spuriously();
  /* x86-TSO: a store weaker than seq_cst goes to the thread's buffer, no operation (tso.c). */
  if (__builtin_expect((op_order & DPU_ATOMIC_BUFFERED) != 0, 0) &&
      dpu_tso_store(obj, size, expected, order)) {
    dpu_mem_check((uintptr_t)addr, size, __dpu_site, 1);
    return;
  }
  bool wide = size > 8; /* no spin detection: values are compared up to 8 bytes */
  if (op != DPU_OP_ATOMIC_STORE) __dpu_site = spin_site(t, __dpu_site);
  uint64_t aux = (op == DPU_OP_ATOMIC_CAS || op == DPU_OP_ATOMIC_RMW) && !wide &&
                 repeats_read(t, (uint8_t)op, obj, __dpu_site, expected, rmw, size);
  struct dpu_event_rec *e = dpu_rt_visible_aux((uint8_t)op, obj, aux);
  uint32_t *v = version_of(obj);
  if (!v) dpu_rt_end(DPU_END_LIMIT, 0, "more than %d atomic locations in one run", VCAP * 3 / 4);
  /* What the thread reads, for the spin-loop rule: a load; a CAS, until
   * __dpu_atomic_cas_result says it exchanged; a read-modify-write that writes the value that
   * is there (its record's result 1, "unchanged": no modification of the location, but still
   * a write for the race detector, C11 7.17.7.3). */
  /* Under x86-TSO, what the load reads is the store buffers' (__dpu_tso_load), and an
   * instruction that writes memory acts on the location's global value. */
  uint8_t source = 0; /* x86-TSO: where the load's value comes from (a record flag) */
  bool tso_load = __builtin_expect(dpu_tso_on, 0) && op == DPU_OP_ATOMIC_LOAD;
  if (__builtin_expect(dpu_tso_on, 0) && !tso_load) dpu_tso_through(obj, size);
  uint64_t cur = wide || op == DPU_OP_ATOMIC_STORE ? 0
                 : tso_load                        ? dpu_tso_value(obj, size, &source)
                                                   : dpu_rt_value_at(addr, size);
  e->flags |= source;
  if (__builtin_expect(addr == &dpu_seq_cst_fence, 0)) e->flags |= DPU_REC_FENCE;
  if (op_order & DPU_ATOMIC_SHOW_VALUE) {
    /* for the report: the value read, or the one a store writes (passed as `expected`) */
    e->value = op == DPU_OP_ATOMIC_STORE ? expected : cur;
    e->flags |= DPU_REC_VALUE;
  }
  bool unchanged = op == DPU_OP_ATOMIC_RMW && !wide && dpu_rmw_unchanged(rmw, cur, expected, size);
  if (op == DPU_OP_ATOMIC_LOAD || op == DPU_OP_ATOMIC_CAS || unchanged) {
    t->last_read = !wide;
    t->last_obj = obj;
    t->last_site = e->site;
    t->last_version = *v;
    t->last_value = cur;
  }
  switch (op) {
  case DPU_OP_ATOMIC_LOAD:
    streak_push(t, obj, e->site, *v);
    /* A load of its own buffered store reads from it: no other thread's release. */
    if (__builtin_expect(source == DPU_REC_OWN_BUFFER, 0)) dpu_race_atomic_own(addr, size);
    /* ra/rc11: it reads one of the stores visible to it, chosen after its event (ra.c). */
    else if (__builtin_expect((op_order & DPU_ATOMIC_RA_LOAD) != 0, 0))
      dpu_ra_load(obj, size, order, load_again(t, e->site), e);
    else dpu_race_atomic(addr, size, (uint8_t)op, false, order);
    break;
  case DPU_OP_ATOMIC_CAS:
    cas_rec = e;
    cas = (typeof(cas)){addr, size, op_order >> 12 & 15, order, 0};
    if (__builtin_expect(dpu_ra_on, 0) && !wide) cas.prev = cur;
    if (__builtin_expect((op_order & DPU_ATOMIC_RA_CAS) != 0, 0)) {
      ra_cas.expected = expected;
      ra_cas.fails = cur != expected || spurious;
      ra_cas.value = cur;
      /* (sc, tso: it reads the newest store, and __dpu_atomic_cas_result applies the race
       * detector's read) */
      if (!ra_cas.fails || !dpu_ra_on) break;
      /* ra/rc11: it fails, a load of its failure order that reads one of the visible stores
       * that do not hold what it expects (ra.c); the race detector's read is made there. */
      ra_cas.value = dpu_ra_cas_fail(obj, size, expected, cas.failure_order,
                                     load_again(t, e->site), e);
      cas.addr = NULL;
      /* (A READS_FROM choice is then the thread's last operation, and cleared t->last_read:
       * no spin rule applies to its retry, as in the explorer, explorer/model.c.) */
    }
    break;
  default: /* a store, a read-modify-write */
    if (unchanged) e->result = 1;
    else ++*v;
    /* ra/rc11: a store takes a place in the location's modification order, which the
     * instruction's write stood for (passes/atomics.c removed it); a read-modify-write is
     * the newest store from now on (ra.c) */
    if (__builtin_expect((op_order & DPU_ATOMIC_RA_STORE) != 0, 0)) {
      if (dpu_ra_store(obj, size, expected, order, e)) memcpy(addr, &expected, size);
      break;
    }
    bool ra = __builtin_expect(dpu_ra_on, 0) && !wide;
    if (ra) dpu_ra_write(obj, size, dpu_rt_value_at(addr, size), order, op == DPU_OP_ATOMIC_RMW);
    dpu_race_atomic(addr, size, (uint8_t)op, false, order);
    if (ra) dpu_ra_published(obj);
  }
  /* Freed while the thread waited to be scheduled? Checked after the race detector saw the
   * access (a free by an unordered thread is also a data race, reported with it). */
  dpu_mem_check_op((uintptr_t)addr, size, e->site, (uint8_t)op);
}

void dpu_rt_atomic_modified(uint64_t addr) {
  uint32_t *v = version_of(addr);
  if (v) ++*v;
}

void __dpu_tso_fence(void) {
  if (dpu_tso_undrained) dpu_tso_drain();
}

void dpu_rt_access_visible(void *p, uint32_t size, uint32_t site, bool write, uint64_t value) {
  uint8_t op = write ? DPU_OP_WRITE : DPU_OP_READ;
  uint64_t obj = dpu_op_object(op, (uint64_t)(uintptr_t)p);
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  uint32_t saved = __dpu_site;
  if (!write) site = spin_site(t, site);
  __dpu_site = site; /* the record's site: the access's (its twin for a repeated spin read) */
  struct dpu_event_rec *e = dpu_rt_visible_aux(op, (uint64_t)(uintptr_t)p, 0);
  __dpu_site = saved;
  uint32_t *v = version_of(obj);
  if (!v) dpu_rt_end(DPU_END_LIMIT, 0, "more than %d atomic locations in one run", VCAP * 3 / 4);
  e->flags |= DPU_REC_VALUE;
  if (write) {
    ++*v;
    e->aux = e->value = value;
    return;
  }
  value = dpu_rt_value_at(p, size);
  e->aux = e->value = value;
  streak_push(t, obj, site, *v);
  t->last_read = true;
  t->last_obj = obj;
  t->last_site = site;
  t->last_version = *v;
  t->last_value = value;
}

uint64_t __dpu_ra_cas(void *addr, uint32_t size, uint64_t desired) {
  if (!ra_cas.fails) {
    /* The location holds what it expects: nothing ran since its event (no choice was made). */
    DPU_ASSERT(dpu_rt_value_at(addr, size) == ra_cas.expected);
    memcpy(addr, &desired, size);
  }
  __dpu_atomic_cas_result(!ra_cas.fails);
  return ra_cas.fails ? ra_cas.value : ra_cas.expected;
}

uint32_t __dpu_ra_cas_ok(void) { return !ra_cas.fails; }

void __dpu_atomic_cas_result(uint32_t exchanged) {
  if (cas.addr) {
    bool ra = __builtin_expect(dpu_ra_on, 0) && exchanged && cas.size <= 8;
    uint64_t loc = (uint64_t)(uintptr_t)cas.addr;
    if (ra) dpu_ra_write(loc, cas.size, cas.prev, cas.success_order, true);
    dpu_race_atomic(cas.addr, cas.size, DPU_OP_ATOMIC_CAS, exchanged,
                    exchanged ? cas.success_order : cas.failure_order);
    if (ra) dpu_ra_published(loc);
    cas.addr = NULL;
  }
  if (!exchanged || !cas_rec) return;
  cas_rec->result = 1;
  uint32_t *v = version_of(cas_rec->obj);
  if (v) ++*v;
  dpu_rt.threads[dpu_rt.cur].last_read = false;
  cas_rec = NULL;
}

/* ---- atomic sections ------------------------------------------------------------------- */

static char section_object; /* its address names the object */

bool dpu_rt_section_enabled(int tid) { return dpu_lock_can_run(section.owner, tid + 1); }

void __dpu___VERIFIER_atomic_begin(void) {
  dpu_rt_visible(DPU_OP_ATOMIC_BEGIN, (uint64_t)(uintptr_t)&section_object);
  section.owner = dpu_rt.cur + 1;
  if (section.depth++ == 0) dpu_race_acquire((uint64_t)(uintptr_t)&section_object, DPU_SYNC_LOCK);
}

void __dpu___VERIFIER_atomic_end(void) {
  dpu_rt_visible(DPU_OP_ATOMIC_END, (uint64_t)(uintptr_t)&section_object);
  if (section.owner != dpu_rt.cur + 1)
    dpu_rt_end(DPU_END_MISUSE, 0, "__VERIFIER_atomic_end outside an atomic section");
  if (--section.depth == 0) {
    section.owner = 0;
    dpu_race_release((uint64_t)(uintptr_t)&section_object, DPU_SYNC_LOCK);
  }
}

/* ---- other SV-COMP functions ----------------------------------------------------------- */

_Noreturn void __dpu_reach_error(void) {
  dpu_rt_end(DPU_END_ASSERT, DPU_ASSERT_ERROR_CALL, "reach_error() called");
}

_Noreturn void __dpu___VERIFIER_error(void) {
  dpu_rt_end(DPU_END_ASSERT, DPU_ASSERT_ERROR_CALL, "__VERIFIER_error() called");
}

void __dpu___VERIFIER_assume(int cond) {
  if (!cond) dpu_rt_end(DPU_END_ASSUME, 0, "__VERIFIER_assume(0)");
}

_Noreturn void __dpu_svcomp_abort(void) {
  dpu_rt_end(DPU_END_ASSUME, 0, "abort() in an SV-COMP task (assume false)");
}
