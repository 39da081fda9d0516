/* See model.h. Each case mirrors the runtime file named in the comment; the rules themselves
 * (when an operation can run, what it gets) are protocol/rules.h's, which the runner uses too;
 * here is how the explorer keeps the state they are over (in each event). */
#include "model.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../protocol/protocol.h"
#include "../protocol/rules.h"
#include "pes.h"

static const struct dpu_ostate initial; /* all zero */

static struct dpu_spin_kinds kinds;

/* ---- the thread sets of a state (set 1 or 2): word 0 inline, the others in s->wide ------ */

static bool in_set(const struct dpu_ostate *s, int which, unsigned t) {
  if (t < 64) return ((which == 1 ? s->set1 : s->set2) >> t) & 1;
  if (!s->wide || t >= DPU_MAX_THREADS) return false;
  const uint64_t *w = which == 1 ? s->wide->set1 : s->wide->set2;
  return (w[(t >> 6) - 1] >> (t & 63)) & 1;
}

/* Adds (add) or removes thread t in set `which` of s, whose wide part s owns. */
static void set_put(struct dpu_ostate *s, int which, unsigned t, bool add) {
  uint64_t *w, bit = 1ull << (t & 63);
  if (t < 64) {
    w = which == 1 ? &s->set1 : &s->set2;
  } else {
    if (t >= DPU_MAX_THREADS) return;
    if (!s->wide) {
      if (!add) return;
      s->wide = calloc(1, sizeof *s->wide);
      if (!s->wide) abort(); /* out of memory: the explorer cannot go on without the state */
    }
    w = &(which == 1 ? s->wide->set1 : s->wide->set2)[(t >> 6) - 1];
  }
  *w = add ? *w | bit : *w & ~bit;
}

static unsigned set1_count(const struct dpu_ostate *s) {
  unsigned n = (unsigned)__builtin_popcountll(s->set1);
  if (s->wide)
    for (unsigned i = 0; i < DPU_TSET_WORDS - 1; i++)
      n += (unsigned)__builtin_popcountll(s->wide->set1[i]);
  return n;
}

/* Empties set1, moving its threads into set2 when to_set2. */
static void set1_move(struct dpu_ostate *s, bool to_set2) {
  if (to_set2) s->set2 |= s->set1;
  s->set1 = 0;
  if (s->wide)
    for (unsigned i = 0; i < DPU_TSET_WORDS - 1; i++) {
      if (to_set2) s->wide->set2[i] |= s->wide->set1[i];
      s->wide->set1[i] = 0;
    }
}

/* A thread's role towards a condition variable whose state is s: set 1 is the wait set, set 2
 * the threads a signal or broadcast chose (runtime/models/cond.c keeps the same as pointers in
 * its threads). */
static enum dpu_cond_role cond_role(const struct dpu_ostate *s, unsigned t) {
  return in_set(s, 1, t) ? DPU_COND_WAITING : in_set(s, 2, t) ? DPU_COND_CHOSEN : DPU_COND_NONE;
}

/* Thread t's role after op (dpu_cond_role_after), in s. */
static void cond_step(struct dpu_ostate *s, uint8_t op, unsigned t, bool is_self, bool chosen) {
  enum dpu_cond_role r = dpu_cond_role_after(op, cond_role(s, t), is_self, chosen);
  set_put(s, 1, t, r == DPU_COND_WAITING);
  set_put(s, 2, t, r == DPU_COND_CHOSEN);
}

void dpu_model_set_spin_kinds(const uint8_t *v, uint32_t n) {
  kinds = (struct dpu_spin_kinds){v, n};
}

static uint8_t site_spin(uint32_t site) { return dpu_site_spin(kinds, site); }
static uint32_t site_base(uint32_t site) { return dpu_site_base(kinds, site); }

/* Whether a read at `site` continues pt, a read at the same site in the same activation of a
 * spin region (runtime/models/atomic.c: continues). */
static int continues(const struct dpu_event *pt, uint32_t site) {
  return dpu_site_continues(kinds, pt->site, site);
}

/* runtime/models/atomic.c's stuck threads: whether the reads of pt's thread back from pt (at most
 * 16, while they are reads of one activation of a spin region) end with two equal iterations
 * (dpu_spin_repeated_iteration): then the thread takes no further step after pt. */
static bool stuck_after(const struct dpu_event *pt) {
  struct dpu_spin_read chain[16];
  unsigned n = 0;
  for (const struct dpu_event *e = pt; e && n < 16 && dpu_op_is_read(e->op); e = e->pre_thread) {
    uint8_t k = site_spin(e->site);
    if (k == DPU_SITE_PLAIN) break;
    chain[n++] = (struct dpu_spin_read){e->obj, site_base(e->site), e->st.count};
    if (k == DPU_SITE_SPIN) break; /* the activation's first read */
  }
  for (unsigned i = 0; i < n / 2; i++) { /* oldest first */
    struct dpu_spin_read x = chain[i];
    chain[i] = chain[n - 1 - i], chain[n - 1 - i] = x;
  }
  return dpu_spin_repeated_iteration(chain, n) != 0;
}

/* Whether pt is an update that failed, as far as it is known: a CAS that did not exchange, a
 * read-modify-write that left the value as it was (ops.def: their data, the record's result;
 * unknown until executed: no failed read). */
static bool failed_update(const struct dpu_event *pt) {
  return (pt->op == DPU_OP_ATOMIC_CAS && pt->data == 0) ||
         (pt->op == DPU_OP_ATOMIC_RMW && pt->data == 1);
}

/* Whether the next read (op: a load, a visible plain read, or an update: a CAS or a
 * read-modify-write) of obj at `site` by the owner of pt, right after `after` (for a read: the
 * write it reads; for an update: the location's last event), is blocked by the spin rule
 * (dpu_spin_read_blocks; runtime/models/atomic.c): it continues pt, a read of obj at the same
 * place in the same activation of a spin region (for an update: a failed one; a load has
 * another site), nothing modified obj since, and for an update aux says it would fail again. */
static bool spin_read_blocks(const struct dpu_event *after, const struct dpu_event *pt,
                             uint8_t op, uint32_t obj, uint32_t site, uint64_t aux) {
  if (!pt) return false;
  bool update = op == DPU_OP_ATOMIC_CAS || op == DPU_OP_ATOMIC_RMW;
  bool cont, unchanged;
  if (update) {
    cont = after && pt->op == op && failed_update(pt) && pt->obj == after->obj &&
           continues(pt, site);
    unchanged = cont && after->st.count == pt->st.count; /* pt is on obj's tree above after */
  } else {
    cont = dpu_op_is_read(pt->op) && pt->obj == obj && continues(pt, site);
    unchanged = pt->pre_obj == after;
  }
  return dpu_spin_read_blocks(update, !update && stuck_after(pt), cont, unchanged, aux != 0);
}

/* Whether the trylock op of obj at `site` by the owner of pt, right after `after` (obj's last
 * event), is held back by the rule of retries (runtime/models/mutex.c: dpu_rt_try_blocks): pt
 * is a failed trylock of obj at the same place in the same activation of a spin region, and
 * obj's owner is the one that made it fail. */
static bool try_blocks(const struct dpu_event *after, const struct dpu_event *pt, uint8_t op,
                       uint32_t obj, uint32_t site) {
  if (!pt || pt->op != op || pt->obj != obj || pt->result != 0 || !continues(pt, site))
    return false;
  return (after ? after->st.owner : initial.owner) == pt->st.owner;
}

/* Over 100 lines (issue #14's limit) on purpose: one case per operation of ops.def that has a
 * rule, grouped by the runtime file that models it, so that the rule of each can be read
 * next to its twin in runtime/models/; the same holds for dpu_model_apply. */
/* The frozen object (dpu_model_freeze): index and the depth of its last event, or none. */
static uint32_t frozen_obj = UINT32_MAX, frozen_depth = UINT32_MAX; /* no depth is */

void dpu_model_freeze(uint32_t obj, uint32_t depth) {
  frozen_obj = obj;
  frozen_depth = obj == DPU_NO_OBJECT ? UINT32_MAX : depth;
}

unsigned dpu_model_outcomes(const struct dpu_event *after, const struct dpu_event *pt,
                            uint16_t tid, uint8_t op, uint32_t site, uint64_t aux, uint8_t kind,
                            uint32_t obj, uint16_t *results) {
  if (__builtin_expect(obj == frozen_obj, 0) && (after ? after->onode.depth : 0) == frozen_depth)
    return 0;
  const struct dpu_ostate *s = after ? &after->st : &initial;
  int32_t self = tid + 1;
  int r = 0;
  switch (op) {
  /* mutex.c */
  case DPU_OP_MUTEX_LOCK:
  case DPU_OP_SPIN_LOCK:     /* spin.c: a relock by the holder runs and is reported */
  case DPU_OP_ATOMIC_BEGIN:  /* atomic.c: nests */
    if (!dpu_lock_can_run(s->owner, self)) return 0;
    break;
  case DPU_OP_MUTEX_TRYLOCK:
  case DPU_OP_MUTEX_TIMEDLOCK:
    if (op == DPU_OP_MUTEX_TRYLOCK && try_blocks(after, pt, op, obj, site)) return 0;
    r = dpu_trylock_acquires(s->owner, self, kind == PTHREAD_MUTEX_RECURSIVE);
    break;
  case DPU_OP_SPIN_TRYLOCK:
    if (try_blocks(after, pt, op, obj, site)) return 0;
    r = dpu_trylock_acquires(s->owner, self, false);
    break;
  /* cond.c */
  case DPU_OP_COND_RESUME:
    if (!dpu_cond_resume_can_run(cond_role(s, tid))) return 0;
    break;
  case DPU_OP_COND_TIMEDRESUME:
  case DPU_OP_COND_SPURIOUS:
    r = dpu_cond_resume_result(cond_role(s, tid));
    break;
  case DPU_OP_COND_SIGNAL: { /* every waiting thread (set 1), tid + 1; none: lost, result 0 */
    unsigned n = 0;
    for (uint64_t w = s->set1; w; w &= w - 1) results[n++] = (uint16_t)(__builtin_ctzll(w) + 1);
    if (s->wide)
      for (unsigned i = 0; i < DPU_TSET_WORDS - 1; i++)
        for (uint64_t w = s->wide->set1[i]; w; w &= w - 1)
          results[n++] = (uint16_t)((i + 1) * 64 + (unsigned)__builtin_ctzll(w) + 1);
    if (!n) break;
    return n;
  }
  /* rwlock.c */
  case DPU_OP_RWLOCK_RDLOCK:
  case DPU_OP_RWLOCK_WRLOCK:
    if (!dpu_rwlock_can_run(op == DPU_OP_RWLOCK_WRLOCK, s->owner, s->count, self)) return 0;
    break;
  case DPU_OP_RWLOCK_TRYRDLOCK:
  case DPU_OP_RWLOCK_TIMEDRDLOCK:
    r = dpu_tryrwlock_acquires(false, s->owner, s->count);
    break;
  case DPU_OP_RWLOCK_TRYWRLOCK:
  case DPU_OP_RWLOCK_TIMEDWRLOCK:
    r = dpu_tryrwlock_acquires(true, s->owner, s->count);
    break;
  /* sem.c: misuse (never initialised, destroyed) is reported when the operation runs */
  case DPU_OP_SEM_WAIT:
    if (!dpu_sem_wait_can_run(s->status == 1, s->count)) return 0;
    break;
  case DPU_OP_SEM_TRYWAIT:
  case DPU_OP_SEM_TIMEDWAIT:
    r = dpu_sem_trywait_succeeds(s->status == 1, s->count);
    break;
  /* barrier.c */
  case DPU_OP_BARRIER_ARRIVE: /* set 1: the threads arrived in the current round */
    r = dpu_barrier_arrive_completes(s->status == 1, set1_count(s) - in_set(s, 1, tid), s->count);
    break;
  case DPU_OP_BARRIER_LEAVE: /* on no object: enabled by its cause, the arrival completing
                              * its round (explorer/extend.c, round_end) */
    break;
  /* once.c */
  case DPU_OP_ONCE_ENTER: /* the state is the once object's (enum dpu_once_state) */
    if (!dpu_once_enter_can_run(s->owner)) return 0;
    r = dpu_once_enter_runs(s->owner);
    break;
  /* atomic.c */
  case DPU_OP_ATOMIC_CAS:
  case DPU_OP_ATOMIC_RMW:
    if (spin_read_blocks(after, pt, op, obj, site, aux)) return 0;
    break;
  /* signal.c: the state is the set of pending signals */
  case DPU_OP_SIG_WAIT:
  case DPU_OP_SIG_TRYWAIT:
    r = dpu_sig_take(s->set1, aux);
    if (!r && op == DPU_OP_SIG_WAIT) return 0;
    break;
  case DPU_OP_NONDET: /* nondet.c: every value of the domain */
  case DPU_OP_READS_FROM:   /* ra.c: every store the load may read */
  case DPU_OP_CAS_SPURIOUS: { /* atomic.c: the weak CAS fails spuriously or not */
    unsigned n = aux < DPU_NONDET_MAX_VALUES ? (unsigned)aux : DPU_NONDET_MAX_VALUES;
    for (unsigned i = 0; i < n; i++) results[i] = (uint16_t)i;
    return n;
  }
  case DPU_OP_PROCESS_EXIT: /* on the process object: after an exit, none */
    if (after) return 0;
    break;
  case DPU_OP_ATOMIC_LOAD:
  case DPU_OP_READ: /* on reader object obj, where `after` is the write it reads */
    if (spin_read_blocks(after, pt, op, obj, site, aux)) return 0;
    break;
  default:
    break;
  }
  results[0] = (uint16_t)r;
  return 1;
}

void dpu_model_free(struct dpu_event *e) {
  free(e->st.wide);
  e->st.wide = NULL;
}

/* s = the initial state, dropping the wide sets s owns. */
static void reset(struct dpu_ostate *s) {
  free(s->wide);
  *s = initial;
}

/* Over 100 lines on purpose: see dpu_model_outcomes. */
void dpu_model_apply(struct dpu_event *e, uint8_t kind) {
  struct dpu_ostate s = e->pre_obj ? e->pre_obj->st : initial;
  if (s.wide) { /* e's state owns a copy */
    struct dpu_ostate_wide *w = malloc(sizeof *w);
    if (!w) abort(); /* out of memory: the explorer cannot go on without the state */
    memcpy(w, s.wide, sizeof *w);
    s.wide = w;
  }
  int32_t self = e->tid + 1;
  switch (e->op) {
  case DPU_OP_MUTEX_INIT:
  case DPU_OP_MUTEX_DESTROY:
  case DPU_OP_SPIN_INIT:
  case DPU_OP_SPIN_DESTROY:
  case DPU_OP_COND_INIT:
  case DPU_OP_COND_DESTROY:
  case DPU_OP_RWLOCK_INIT:
  case DPU_OP_RWLOCK_DESTROY:
    reset(&s);
    break;
  case DPU_OP_MUTEX_LOCK:
  case DPU_OP_MUTEX_TRYLOCK:
  case DPU_OP_MUTEX_TIMEDLOCK:
    if (e->op != DPU_OP_MUTEX_LOCK && !e->result) break;
    dpu_lock_take(&s.owner, &s.count, self, kind == PTHREAD_MUTEX_RECURSIVE);
    break;
  case DPU_OP_MUTEX_UNLOCK:
    dpu_lock_drop(&s.owner, &s.count, self);
    break;
  case DPU_OP_SPIN_LOCK:
    s.owner = self;
    break;
  case DPU_OP_SPIN_TRYLOCK:
    if (e->result) s.owner = self;
    break;
  case DPU_OP_SPIN_UNLOCK:
    if (s.owner == self) s.owner = 0;
    break;
  case DPU_OP_ATOMIC_BEGIN:
    s.owner = self;
    s.count++;
    break;
  case DPU_OP_ATOMIC_END:
    dpu_lock_drop(&s.owner, &s.count, self);
    break;
  case DPU_OP_COND_WAIT:
  case DPU_OP_COND_RESUME:
  case DPU_OP_COND_TIMEDRESUME:
  case DPU_OP_COND_SPURIOUS:
    cond_step(&s, e->op, e->tid, true, false);
    break;
  case DPU_OP_COND_SIGNAL: /* result: the chosen thread + 1, 0 lost */
    if (e->result) cond_step(&s, e->op, e->result - 1u, e->result - 1u == e->tid, true);
    break;
  case DPU_OP_COND_BROADCAST: /* dpu_cond_role_after for every thread: waiting -> chosen */
    set1_move(&s, true);
    break;
  case DPU_OP_RWLOCK_RDLOCK:
  case DPU_OP_RWLOCK_TRYRDLOCK:
  case DPU_OP_RWLOCK_TIMEDRDLOCK:
    if (s.owner != self && (e->op == DPU_OP_RWLOCK_RDLOCK || e->result)) s.count++;
    break;
  case DPU_OP_RWLOCK_WRLOCK:
  case DPU_OP_RWLOCK_TRYWRLOCK:
  case DPU_OP_RWLOCK_TIMEDWRLOCK:
    if (e->op == DPU_OP_RWLOCK_WRLOCK || e->result) s.owner = self;
    break;
  case DPU_OP_RWLOCK_UNLOCK:
    if (s.owner == self) s.owner = 0;
    else if (s.count) s.count--;
    break;
  case DPU_OP_SEM_INIT:     /* aux: the initial value */
  case DPU_OP_BARRIER_INIT: /* aux: threads per round */
    reset(&s);
    s.status = 1;
    s.count = (uint32_t)e->aux;
    break;
  case DPU_OP_SEM_DESTROY:
  case DPU_OP_BARRIER_DESTROY:
    s.status = 2;
    break;
  case DPU_OP_SEM_WAIT:
    if (s.count) s.count--;
    break;
  case DPU_OP_SEM_TRYWAIT:
  case DPU_OP_SEM_TIMEDWAIT:
    if (e->result) s.count--;
    break;
  case DPU_OP_SEM_POST:
    s.count++;
    break;
  case DPU_OP_BARRIER_ARRIVE:
    set_put(&s, 1, e->tid, true);
    if (e->result) set1_move(&s, false);
    break;
  case DPU_OP_ONCE_ENTER:
    if (e->result) s.owner = DPU_ONCE_RUNNING;
    break;
  case DPU_OP_ONCE_DONE:
    s.owner = DPU_ONCE_DONE;
    break;
  case DPU_OP_ATOMIC_STORE:
  case DPU_OP_TSO_FLUSH: /* a buffered store reaches memory */
  case DPU_OP_WRITE:
    s.count++;
    break;
  case DPU_OP_ATOMIC_RMW: /* data 1: it left the value as it was (unknown: taken to change it) */
    if (e->data != 1) s.count++;
    break;
  case DPU_OP_ATOMIC_CAS:
    if (e->data == 1) s.count++;
    break;
  case DPU_OP_SIG_SEND: /* aux: the signal */
    if (e->aux >= 1 && e->aux <= 64) s.set1 |= dpu_sig_bit((int)e->aux);
    break;
  case DPU_OP_SIG_WAIT:
  case DPU_OP_SIG_TRYWAIT: /* result: the signal taken, 0 none */
    if (e->result) s.set1 &= ~dpu_sig_bit(e->result);
    break;
  default:
    break;
  }
  s.kind = kind;
  e->st = s;
}
