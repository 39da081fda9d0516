/* The program state's fingerprint in the runner: memory and local states; see statefp.h. */
#include "statefp.h"

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define XXH_INLINE_ALL /* libxxhash, inlined: a word's hash is a few instructions */
#include <xxhash.h>

#include "entry.h"
#include "rt.h"

bool dpu_sfp_on;
bool dpu_sfp_clocks;
const char *dpu_sfp_hidden;
static bool tracing; /* DPU_STATE_FINGERPRINT=trace */
static bool asked;   /* dpu_sfp_want */

void dpu_sfp_want(void) { asked = true; }

bool dpu_sfp_env(void) {
  const char *e = getenv("DPU_STATE_FINGERPRINT");
  return e && (strcmp(e, "check") == 0 || strcmp(e, "trace") == 0);
}

bool dpu_sfp_wanted(void) { return asked || dpu_sfp_env(); }

/* The globals' words: [lo, hi) spans them all (a quick test for a write), and `words` lists
 * the distinct words that overlap one, sorted, for the full hash. */
static struct {
  uintptr_t lo, hi;
  uintptr_t *words;
  uint64_t *believed; /* each word's value as the hooks saw it last (for dpu_sfp_check's
                       * message) */
  size_t nwords;
  struct dpu_sfp initial; /* the globals' hash at the start of every run */
} g;

/* Changes made when no thread runs (the runtime between runs: none expected) or that a thread
 * could not keep pending: they make the check fail rather than pass by chance. */
static bool lost;

/* Each thread's part, by canonical id. */
static struct dpu_sfp_thread threads[DPU_MAX_THREADS];

const struct dpu_sfp_thread *dpu_sfp_thread_of(int tid) { return &threads[tid]; }

/* Each heap word's value as the hooks saw it last, at the same offset as the word from
 * dpu_rt.heap_base (address space only: pages are committed where written), for
 * dpu_sfp_check's message. */
static uint64_t *heap_believed;

/* The first word found changed by a write no hook saw (0: none yet in this run): what it held
 * and what the hooks saw last. */
static struct {
  uintptr_t w;
  uint64_t have, saw;
} unseen;

/* A word leaves the state's update (before a write) or a block leaves: it should hold what the
 * hooks saw last. */
static inline void check_believed(uintptr_t w, uint64_t saw) {
  uint64_t v = *(const uint64_t *)w;
  if (__builtin_expect(v != saw, 0) && !unseen.w) unseen.w = w, unseen.have = v, unseen.saw = saw;
}

static inline struct dpu_sfp word_hash(uintptr_t w) {
  uint64_t in[2] = {(uint64_t)w, *(const uint64_t *)w};
  XXH128_hash_t h = XXH3_128bits(in, sizeof in);
  return (struct dpu_sfp){h.low64, h.high64};
}

static inline void add(struct dpu_sfp *f, struct dpu_sfp h) {
  f->lo ^= h.lo;
  f->hi ^= h.hi;
}

/* Whether the word at w (8-aligned) is part of the state's memory: it overlaps a global, or
 * lies in the heap (a live block's: the program writes no other heap word without a memory
 * error, which memcheck reports). */
static inline bool in_heap(uintptr_t w) {
  return w - (uintptr_t)dpu_rt.heap_base < dpu_rt.heap_total;
}

/* Whether the heap word at w holds bytes of a live block (the arenas' shadow, arena.h: a
 * granule's first k bytes are live, 16 all of them), not a header or free memory. */
static inline bool live_word(uintptr_t w) {
  uint8_t s = dpu_rt.heap_shadow[(w - (uintptr_t)dpu_rt.heap_base) / 16];
  return s >= 1 && s <= DPU_SHADOW_LIVE && (w & 15) < s;
}

/* The index of the global word w in g.words, or g.nwords if it is none. */
static size_t global_word(uintptr_t w) {
  if (w < g.lo || w >= g.hi) return g.nwords;
  size_t lo = 0, hi = g.nwords;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (g.words[mid] < w) lo = mid + 1;
    else hi = mid;
  }
  return lo < g.nwords && g.words[lo] == w ? lo : g.nwords;
}

/* xors the hashes of the state's words in [lo, hi) (8-aligned) into f: their values after a
 * change (`after`) or before. */
static void add_range(struct dpu_sfp *f, uintptr_t lo, uintptr_t hi, bool after) {
  for (uintptr_t w = lo; w < hi; w += 8) {
    if (in_heap(w)) {
      if (!live_word(w)) continue;
      add(f, word_hash(w));
      uint64_t *b = &heap_believed[(w - (uintptr_t)dpu_rt.heap_base) / 8];
      if (after) *b = *(const uint64_t *)w;
      else check_believed(w, *b);
      continue;
    }
    size_t i = global_word(w);
    if (i == g.nwords) continue;
    add(f, word_hash(w));
    if (after) g.believed[i] = *(const uint64_t *)w;
    else check_believed(w, g.believed[i]);
  }
}

static int cmp_word(const void *a, const void *b) {
  uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
  return x < y ? -1 : x > y;
}

static struct dpu_sfp globals_hash(void) {
  struct dpu_sfp f = {0, 0};
  for (size_t i = 0; i < g.nwords; i++) add(&f, word_hash(g.words[i]));
  return f;
}

int dpu_sfp_init(void) {
  if (!dpu_sfp_wanted()) return 0;
  const char *e = getenv("DPU_STATE_FINGERPRINT");
  tracing = e && strcmp(e, "trace") == 0;
  size_t cap = 0, n = 0;
  uintptr_t *words = NULL;
  void *addr;
  uint64_t size;
  for (uint64_t i = 0; dpu_rt_global_at(i, &addr, &size); i++) {
    uintptr_t lo = (uintptr_t)addr & ~(uintptr_t)7, hi = ((uintptr_t)addr + size + 7) & ~7;
    for (uintptr_t w = lo; w < hi; w += 8) {
      if (n == cap) {
        cap = cap ? 2 * cap : 256;
        uintptr_t *nw = realloc(words, cap * sizeof *nw);
        if (!nw) {
          free(words);
          return -1;
        }
        words = nw;
      }
      words[n++] = w;
    }
  }
  if (n) qsort(words, n, sizeof *words, cmp_word);
  size_t k = 0; /* distinct: two globals may share a word */
  for (size_t i = 0; i < n; i++)
    if (k == 0 || words[k - 1] != words[i]) words[k++] = words[i];
  g.believed = malloc((k ? k : 1) * sizeof *g.believed);
  if (!g.believed) {
    free(words);
    return -1;
  }
  void *hb = mmap(NULL, dpu_rt.heap_total, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (hb == MAP_FAILED) {
    free(words);
    free(g.believed);
    return -1;
  }
  heap_believed = hb;
  g.words = words, g.nwords = k;
  g.lo = k ? words[0] : 0, g.hi = k ? words[k - 1] + 8 : 0;
  dpu_sfp_on = true;
  return 0;
}

void dpu_sfp_reset(void) {
  if (!dpu_sfp_on) return;
  lost = false;
  unseen.w = 0;
  dpu_rt.shm->state_run++; /* in the shared region: a new runner goes on counting */
  dpu_rt.shm->state_failed = 0;
  dpu_rt.shm->state_msg[0] = 0;
  g.initial = globals_hash(); /* the globals were just restored: the same every run */
  for (size_t i = 0; i < g.nwords; i++) g.believed[i] = *(const uint64_t *)g.words[i];
}

void dpu_sfp_thread_start(int tid) {
  threads[tid] = (struct dpu_sfp_thread){.rec = UINT32_MAX};
}

static void settle(struct dpu_sfp_thread *t) {
  for (unsigned i = 0; i < t->npending; i++)
    add_range(&t->mem, t->pending_lo[i], t->pending_hi[i], true);
  t->npending = 0;
}

void dpu_sfp_write(uintptr_t p, uint64_t size) {
  if (dpu_rt.cur < 0 || size == 0) {
    lost |= dpu_rt.cur < 0 && size;
    return;
  }
  struct dpu_sfp_thread *t = &threads[dpu_rt.cur];
  uintptr_t lo = p & ~(uintptr_t)7, hi = (p + size + 7) & ~(uintptr_t)7;
  if (hi < lo) hi = UINTPTR_MAX & ~(uintptr_t)7;
  /* The old values leave, but only of words no pending write covers: those left already
   * (a model that announces its write twice: the operation's word, then dpu_race_write). */
  for (unsigned i = 0; i < t->npending && lo < hi; i++) {
    uintptr_t plo = t->pending_lo[i], phi = t->pending_hi[i];
    if (phi <= lo || plo >= hi) continue;
    if (plo <= lo && phi >= hi) return; /* all covered */
    if (plo > lo && phi < hi) { /* splits it: the part below, then the part above */
      dpu_sfp_write(lo, plo - lo);
      lo = phi;
      i = (unsigned)-1; /* the part above may meet another */
      continue;
    }
    if (plo <= lo) lo = phi;
    else hi = plo;
    i = (unsigned)-1;
  }
  if (lo >= hi) return;
  if (t->npending == DPU_SFP_PENDING) {
    lost = true;
    return;
  }
  add_range(&t->mem, lo, hi, false);
  t->pending_lo[t->npending] = lo, t->pending_hi[t->npending] = hi;
  t->npending++;
}

void dpu_sfp_settle(void) {
  if (dpu_rt.cur >= 0) settle(&threads[dpu_rt.cur]);
}

/* The small parts of a local state, gathered before they are hashed (one XXH3 update rather
 * than one per part). */
struct acc {
  XXH3_state_t st;
  size_t n;
  unsigned char buf[1024];
};

static void flush(struct acc *a) {
  XXH3_128bits_update(&a->st, a->buf, a->n);
  a->n = 0;
}

static void put(struct acc *a, const void *p, size_t n) {
  if (a->n + n > sizeof a->buf) {
    flush(a);
    if (n > sizeof a->buf) {
      XXH3_128bits_update(&a->st, p, n);
      return;
    }
  }
  memcpy(a->buf + a->n, p, n);
  a->n += n;
}

static void put_cb(const void *p, size_t n, void *arg) { put(arg, p, n); }

/* The state after thread tid's last event (its record t->rec): its update xor its local
 * state hashed with its id (two threads that swapped their local states must not cancel). */
static void state_after(int tid, const struct dpu_sfp_thread *t) {
  struct dpu_shm *shm = dpu_rt.shm;
  if (t->rec >= shm->records_cap) return;
  uint64_t in[3] = {(uint64_t)tid, t->local.lo, t->local.hi};
  XXH128_hash_t h = XXH3_128bits(in, sizeof in);
  struct dpu_state_rec *r = &dpu_shm_states(shm)[t->rec];
  r->lo = t->mem.lo ^ h.low64;
  r->hi = t->mem.hi ^ h.high64;
  r->run = shm->state_run;
}

/* The local state of thread th at its switch to the scheduler (dpu_sfp_switched_out). Its
 * registers are those of its last call into the runtime through an entry thunk, kept in t
 * (a call may make more than one visible operation: a condition wait's four); its stack is
 * hashed again at every switch (a model may write the caller's variables). */
static struct dpu_sfp local_state(const struct dpu_rt_thread *th, struct dpu_sfp_thread *t) {
  struct acc a = {.n = 0};
  XXH3_128bits_reset(&a.st);
  if (dpu_sfp_regs.rsp) { /* a call into the runtime since its last switch */
    t->regs = dpu_sfp_regs;
    t->have_regs = true;
  }
  uintptr_t sp = (uintptr_t)t->regs.rsp;
  uintptr_t lo = (uintptr_t)th->coro.stack_base, top = lo + th->coro.stack_size;
  bool stack = false;
  if (th->state == DPU_TS_EXITED) { /* gone: what a join reads of it */
    uint64_t w[2] = {1, (uint64_t)(uintptr_t)th->retval};
    put(&a, w, sizeof w);
  } else if (t->have_regs) {
    /* callee-saved registers, the function's arguments, the stack pointer, which function */
    unsigned nargs = t->regs.entry < DPU_ENTRY_COUNT ? dpu_sfp_arity[t->regs.entry] : 6;
    uint64_t w[2] = {2, t->regs.entry};
    put(&a, w, sizeof w);
    put(&a, &t->regs, offsetof(struct dpu_sfp_regs, args) + nargs * sizeof *t->regs.args);
    put(&a, &sp, sizeof sp);
    if (sp >= lo && sp < top) stack = true;
    else lost = true; /* not on its own stack: its frames are not known */
  } else if (t->returning) { /* its start routine (main's: main) returned */
    uint64_t w[2] = {3, t->retval};
    put(&a, w, sizeof w);
  } else { /* no call into the runtime yet: its start routine is still to be called */
    uint64_t w[3] = {4, (uint64_t)(uintptr_t)th->fn, (uint64_t)(uintptr_t)th->arg};
    put(&a, w, sizeof w);
  }
  /* The operation it waits to perform; what the runtime keeps of it that its future reads:
   * its blocked signals (a mask change is no event), its virtual time when the program reads
   * a clock, whether its last condition wait woke spuriously (its next one then waits:
   * cond.c). It failed (a misuse, a crash, a failed assertion: runtime/ending.c), and never
   * moves again: the state after its event says so, though its memory and stack did not
   * change; likewise once it ended the process. */
  const struct dpu_run_result *res = &dpu_rt.shm->result;
  bool alive = th->state == DPU_TS_ALIVE;
  uint64_t w[9] = {alive ? th->pend_op : 0, alive ? th->pend_obj : 0, alive ? th->pend_aux : 0,
                   th->sigmask, dpu_sfp_clocks ? th->vtime : 0, th->spurious, th->state,
                   res->tid == th - dpu_rt.threads ? (uint64_t)res->end : 0,
                   t->rec < dpu_rt.shm->nevents &&
                       dpu_rt.records[t->rec].op == DPU_OP_PROCESS_EXIT};
  put(&a, w, sizeof w);
  /* What the spin-loop rules remember of it, which decides whether its next read or trylock
   * waits (a failed trylock leaves memory and stack as they were, yet its retry waits) */
  dpu_rt_spin_memory(th, put_cb, &a);
  /* Its arena (fragment 4): only it allocates from it and frees to it. */
  dpu_arena_state(&dpu_rt.heaps[th - dpu_rt.threads], put_cb, &a);
  flush(&a);
  if (stack) XXH3_128bits_update(&a.st, (const void *)sp, top - sp);
  XXH128_hash_t h = XXH3_128bits_digest(&a.st);
  return (struct dpu_sfp){h.low64, h.high64};
}

void dpu_sfp_switched_out(int tid, uint32_t rec) {
  struct dpu_rt_thread *th = &dpu_rt.threads[tid];
  struct dpu_sfp_thread *t = &threads[tid];
  settle(t);
  if (rec != UINT32_MAX) t->rec = rec;
  t->local = local_state(th, t);
  dpu_sfp_regs.rsp = 0; /* taken */
  if (t->rec != UINT32_MAX) state_after(tid, t);
  if (tracing)
    dprintf(dpu_rt.cfg.internal_fd, "dpu: state fingerprint: run %u T%d at %s: memory "
            "%016llx%016llx local %016llx%016llx\n", dpu_rt.run_stamp, tid,
            th->state == DPU_TS_ALIVE ? dpu_op_name(th->pend_op) : "its end",
            (unsigned long long)t->mem.hi, (unsigned long long)t->mem.lo,
            (unsigned long long)t->local.hi, (unsigned long long)t->local.lo);
}

/* The bytes of the object of operation op (FAMILY ADDRESS) that its model may write: the
 * pthread type's (C11's mtx_t and cnd_t are no larger). */
static uint64_t object_size(uint8_t op) {
  switch (op) {
  case DPU_OP_MUTEX_INIT: case DPU_OP_MUTEX_DESTROY: case DPU_OP_MUTEX_LOCK:
  case DPU_OP_MUTEX_UNLOCK: case DPU_OP_MUTEX_TRYLOCK: case DPU_OP_MUTEX_TIMEDLOCK:
    return sizeof(pthread_mutex_t);
  case DPU_OP_SPIN_INIT: case DPU_OP_SPIN_DESTROY: case DPU_OP_SPIN_LOCK:
  case DPU_OP_SPIN_UNLOCK: case DPU_OP_SPIN_TRYLOCK:
    return sizeof(pthread_spinlock_t);
  case DPU_OP_COND_INIT: case DPU_OP_COND_DESTROY: case DPU_OP_COND_WAIT:
  case DPU_OP_COND_RESUME: case DPU_OP_COND_TIMEDRESUME: case DPU_OP_COND_SPURIOUS:
  case DPU_OP_COND_SIGNAL: case DPU_OP_COND_BROADCAST:
    return sizeof(pthread_cond_t);
  case DPU_OP_SEM_INIT: case DPU_OP_SEM_DESTROY: case DPU_OP_SEM_WAIT: case DPU_OP_SEM_TRYWAIT:
  case DPU_OP_SEM_TIMEDWAIT: case DPU_OP_SEM_POST: case DPU_OP_SEM_GETVALUE:
    return sizeof(sem_t);
  case DPU_OP_BARRIER_INIT: case DPU_OP_BARRIER_DESTROY: case DPU_OP_BARRIER_ARRIVE:
    return sizeof(pthread_barrier_t);
  case DPU_OP_ONCE_ENTER: case DPU_OP_ONCE_DONE:
    return sizeof(pthread_once_t);
  default: /* rwlocks (the largest, 56 bytes), atomic sections, signals, ... */
    return 64;
  }
}

void dpu_sfp_resuming(int tid) {
  const struct dpu_rt_thread *th = &dpu_rt.threads[tid];
  switch (dpu_op_family(th->pend_op)) {
  case DPU_FAM_LOCATION: /* an atomic access, or a visible plain one */
    dpu_sfp_write(th->pend_obj, 16);
    break;
  case DPU_FAM_ADDRESS: /* a pthread object, whose state the model keeps in it */
    dpu_sfp_write(th->pend_obj, object_size(th->pend_op));
    break;
  default: /* on no address: a thread, the process, a choice, ... */
    break;
  }
}

void dpu_sfp_returning(uint64_t value) {
  struct dpu_sfp_thread *t = &threads[dpu_rt.cur];
  t->retval = value;
  t->returning = true;
  t->have_regs = false; /* its calls' frames are gone */
}

void dpu_sfp_block(const void *p, size_t size, bool enter) {
  if (dpu_rt.cur < 0) {
    lost |= size != 0;
    return;
  }
  /* The thread's earlier writes are done (malloc and free are called by the program, or by
   * a model before it writes): settled while their words are live. */
  settle(&threads[dpu_rt.cur]);
  uintptr_t lo = (uintptr_t)p, hi = (lo + size + 7) & ~(uintptr_t)7;
  add_range(&threads[dpu_rt.cur].mem, lo, hi, enter);
}

static void add_block(const char *p, size_t size, void *arg) {
  uintptr_t lo = (uintptr_t)p;
  add_range(arg, lo, (lo + size + 7) & ~(uintptr_t)7, false);
}

/* The first word of a live block that differs from what the hooks saw, for the message. */
struct differing {
  uintptr_t w;
  uint64_t have, saw;
  const char *block;
  size_t size;
};

static void find_differing(const char *p, size_t size, void *arg) {
  struct differing *d = arg;
  for (uintptr_t w = (uintptr_t)p; !d->w && w < (uintptr_t)p + size; w += 8) {
    uint64_t saw = heap_believed[(w - (uintptr_t)dpu_rt.heap_base) / 8];
    if (*(const uint64_t *)w != saw)
      *d = (struct differing){w, *(const uint64_t *)w, saw, p, size};
  }
}

/* Calls fn(start, size, arg) for every live block of the arenas this run used. */
static void each_live_block(void (*fn)(const char *, size_t, void *), void *arg) {
  for (unsigned w = 0; w == 0 || w < dpu_rt.nwords; w++)
    for (uint64_t used = dpu_rt.heaps_used.w[w]; used; used &= used - 1)
      dpu_arena_each_live(&dpu_rt.heaps[w * 64 + (unsigned)__builtin_ctzll(used)], fn, arg);
}

bool dpu_sfp_check(char *msg, size_t n) {
  struct dpu_sfp want = g.initial, have = globals_hash();
  for (unsigned i = 0; i < dpu_rt.nthreads; i++) {
    struct dpu_sfp_thread *t = &threads[dpu_rt.order[i]];
    settle(t);
    if (t->rec != UINT32_MAX) state_after(dpu_rt.order[i], t); /* with what settled now */
    add(&want, t->mem);
  }
  each_live_block(add_block, &have);
  if (dpu_sfp_hidden) {
    snprintf(msg, n, "the program calls %s, whose own state between calls the fingerprints do "
                     "not see", dpu_sfp_hidden);
    return false;
  }
  if (!lost && want.lo == have.lo && want.hi == have.hi) return true;
  if (lost) {
    snprintf(msg, n, "a write was made while no thread ran, or a thread had more than %d "
                     "unsettled writes", DPU_SFP_PENDING);
    return false;
  }
  if (unseen.w) { /* found when a later write or a free took the word out */
    snprintf(msg, n, "the word at %#lx held %#llx where its hooks saw %#llx: a write no hook "
                     "saw", (unsigned long)unseen.w, (unsigned long long)unseen.have,
             (unsigned long long)unseen.saw);
    return false;
  }
  for (size_t i = 0; i < g.nwords; i++) {
    uint64_t v = *(const uint64_t *)g.words[i];
    if (v == g.believed[i]) continue;
    uint64_t off = 0, size = 0;
    long k = dpu_rt_global_of(g.words[i], &off, &size);
    snprintf(msg, n, "the word at %#lx (global %ld of %llu bytes, offset %llu) holds %#llx, "
                     "its hooks saw %#llx: a write no hook saw", (unsigned long)g.words[i], k,
             (unsigned long long)size, (unsigned long long)off, (unsigned long long)v,
             (unsigned long long)g.believed[i]);
    return false;
  }
  struct differing d = {0};
  each_live_block(find_differing, &d);
  if (d.w)
    snprintf(msg, n, "the word at %#lx (offset %lu of a heap block of %zu bytes) holds %#llx, "
                     "its hooks saw %#llx: a write no hook saw", (unsigned long)d.w,
             (unsigned long)(d.w - (uintptr_t)d.block), d.size, (unsigned long long)d.have,
             (unsigned long long)d.saw);
  else snprintf(msg, n, "the heap changed in a way no hook saw (a block left it changed?)");
  return false;
}
