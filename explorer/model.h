/* The explorer's model of the synchronisation objects (docs/design.md §5): the state of an object
 * after each event on it, which operations that state enables, and with which outcomes. It
 * mirrors what the runtime does (runtime/models/mutex.c, cond.c, rwlock.c, sem.c, barrier.c,
 * once.c, spin.c, atomic.c) so that the conflicting extensions the explorer predicts are the
 * events a run then performs (Alg. 1's cexp generalised to every object: an operation placed at
 * an earlier position of its object's tree exists iff the object's state there enables it). */
#ifndef DPU_MODEL_H
#define DPU_MODEL_H

#include <stdint.h>

#include "../protocol/tset.h"

struct dpu_event;

/* The words of the thread sets set1 and set2 for thread ids of 64 and more (tset.h: words 1
 * to DPU_TSET_WORDS - 1), allocated only for a state whose sets hold such a thread. */
struct dpu_ostate_wide {
  uint64_t set1[DPU_TSET_WORDS - 1], set2[DPU_TSET_WORDS - 1];
};

/* The state of one object after an event (all zero: its initial state). Fields by family:
 *   mutex, spinlock, atomic section: owner = holder tid + 1, count = recursion depth,
 *                                    kind = PTHREAD_MUTEX_* (mutexes only)
 *   condition variable:  set1 = waiting threads, set2 = woken threads not resumed yet
 *                        (thread t: bit t of set1/set2 below 64, else in wide)
 *   rwlock:              owner = writer tid + 1, count = read locks held
 *   semaphore:           status, count = value
 *   barrier:             status, count = threads per round, set1 = arrived in this round
 *   once:                status 0 not run, 1 running, 2 done
 *   atomic location:     count = version (modifications so far) */
struct dpu_ostate {
  int32_t owner;
  uint32_t count;
  uint64_t set1, set2;
  uint8_t status;   /* semaphores and barriers: 0 never initialised, 1 live, 2 destroyed */
  uint8_t kind;
  struct dpu_ostate_wide *wide; /* owned; NULL while the sets hold no thread id of 64 or more */
};

/* Maximum number of outcomes of one operation: a signal can wake any waiting thread; a nondet
 * value has at most DPU_NONDET_MAX_VALUES. */
#define DPU_MODEL_MAX_OUTCOMES DPU_MAX_THREADS

/* The outcomes (trace-record results) that thread tid's operation op at call site `site` could
 * have right after `after` (the object's previous event, NULL for the object's initial state),
 * given pt, the thread's previous event (NULL at its start), and the object's mutex kind
 * (PTHREAD_MUTEX_*, for mutexes). Writes them to results[] and returns how many: 0 when the
 * operation is not enabled there. More than one only for a condition-variable signal (which
 * waiting thread it wakes). Atomic accesses have the single outcome 0 (what a CAS does is not
 * part of the event's name) and are disabled by the spin-loop rule of runtime/models/atomic.c
 * (an atomic load, like a visible plain read, is on its thread's reader object obj of the
 * location, and `after` is the write it would read: explorer/pes.h): a load at the same site as
 * pt in the same activation of a spin region (`site` is then the twin of pt's,
 * dpu_model_set_spin_kinds), a read of the same location with no modification since; a CAS
 * likewise when its record's aux (given here) says it would fail again. A visible plain read (on
 * reader object obj, whose `after` is the write it would read) likewise, when pt is such a read
 * on obj that read `after`. */
unsigned dpu_model_outcomes(const struct dpu_event *after, const struct dpu_event *pt,
                            uint16_t tid, uint8_t op, uint32_t site, uint64_t aux, uint8_t kind,
                            uint32_t obj, uint16_t *results);

/* The spin kind of every call site (enum dpu_site_spin, protocol/protocol.h, as the site
 * table of passes/sites.h gives it), for the spin-loop rule above; kinds[] is borrowed and
 * must outlive the exploration. Without a call, or beyond n, every site is DPU_SITE_PLAIN.
 * dpu_explore_qpor sets them from its options (explore.h). */
void dpu_model_set_spin_kinds(const uint8_t *kinds, uint32_t n);

/* Freezes object obj (a PES index) after its event at depth `depth` of its tree (0: in its
 * initial state), for --shard's split (explorer/split.h): from then on no operation is enabled
 * right after an event at that depth, as the runtime keeps every thread pending on the object
 * (dpu_shm.frozen). DPU_NO_OBJECT: nothing frozen (the default). Global, like the spin kinds:
 * one exploration at a time freezes. */
void dpu_model_freeze(uint32_t obj, uint32_t depth);

/* Frees what e's state owns (its wide sets); the event's owner calls it before freeing e. */
void dpu_model_free(struct dpu_event *e);

/* Sets e->st, the state of e's object after e, from the state after e->pre_obj and e's
 * thread, operation, result, aux and data (what a CAS did), with mutex kind `kind`. */
void dpu_model_apply(struct dpu_event *e, uint8_t kind);

#endif
