/* The unfolding as QPOR discovers it (Alg. 1's set U): events found or created from run
 * traces by their canonical name ⟨action, history⟩, and their conflicting extensions
 * (cexp of Alg. 1 / Sec. 5.3, generalised to every object operation). */
#ifndef DPU_UNFOLD_H
#define DPU_UNFOLD_H

#include <stdbool.h>
#include <stdint.h>

#include "../protocol/protocol.h"
#include "cutoff.h"
#include "names.h"
#include "pes.h"

struct dpu_unf_choice;

struct dpu_unfolding {
  struct dpu_pes pes;
  struct dpu_unf_choice *choices;   /* unfold.c's scratch for earlier writes (owned; NULL
                                     * until first needed) */
  /* Objects: key (class bit 63 for thread objects | address or tid) → PES object index. */
  uint64_t *okeys;
  uint32_t *oidx;
  uint32_t ocap, on;
  /* First children of the tree roots (first event of each thread / object). */
  struct dpu_event *troot_child[DPU_PES_MAX_THREADS];
  struct dpu_group **oroot_groups;  /* [DPU_PES_MAX_OBJECTS] children of the object roots */
  /* The newest child of each tree root, as its id + 1 (0: none): with dpu_event.newest_child,
   * what tells a worker of -j whether Alt could find more since it last looked (workers.c). */
  uint32_t troot_newest[DPU_PES_MAX_THREADS];
  uint32_t *oroot_newest;           /* [DPU_PES_MAX_OBJECTS] */
  uint8_t *okind;                   /* [DPU_PES_MAX_OBJECTS] mutex kind (PTHREAD_MUTEX_*), as
                                     * the runtime reports it in records (dpu_unf_learn) */
  uint64_t cex_created;             /* events created as conflicting extensions */
  struct dpu_names names;           /* the live events by canonical name (names.h) */
  /* N when a thread read one value more than N times, 0 if none did since the explorer last
   * cleared it: the orders of the writes after its earlier reads are not all explored, which
   * the explorer warns of (qpor.c). */
  uint32_t reads_unexplored;
  uint32_t reads_unexplored_site;   /* the call site of one of those reads */
  /* --preemptions: events with lb above it are outside the explored E_B (bound.h);
   * DPU_BOUND_NONE (dpu_unf_init's) for none. Set before the first event. */
  int32_t bound;
  /* Symmetry reduction: events outside E_sym (symmetry.h) are left out as those past the bound
   * are. Set before the first event. sym_groups: a thread with a symmetric predecessor has
   * started (before, no event is outside E_sym, and none is checked). */
  bool symmetry, sym_groups;
  /* Cutoffs (cutoff.h): events that are cutoffs or after one are left out as those past the
   * bound are. Set before the first event. */
  bool cutoffs;
  struct dpu_cutoffs cut;
};

/* Whether e lies outside the part of the unfolding explored: past --preemptions' bound
 * (bound.h, E_B), outside E_sym (symmetry.h), or a cutoff or after one (cutoff.h). Alg. 1's
 * en, cex and Alt are restricted to the rest, a causally closed set (every condition is on
 * ⌈e⌉; a cutoff is decided when it first runs, before any event after it exists). */
static inline bool dpu_unf_outside(const struct dpu_unfolding *u, const struct dpu_event *e) {
  return (u->bound >= 0 && e->lb > (uint32_t)u->bound) || e->sym_out || e->cut_out;
}

/* Initialises an empty unfolding with skip step `step`. Returns 0, -1 if out of memory. */
int dpu_unf_init(struct dpu_unfolding *u, uint32_t step);

/* Frees everything. */
void dpu_unf_destroy(struct dpu_unfolding *u);

/* The object index of thread tid's operation op on runtime object obj (a mutex address or a
 * thread id), or DPU_NO_OBJECT for operations that are in no object tree (FAMILY NONE in
 * protocol/ops.def: dpu_op_on_no_object; their dependences are their thread and their extra
 * cause, extend.c). Objects are told apart by dpu_op_key. A visible plain access's object is
 * its location (pes.h), made one on first use; a read's is the location's reader object of tid.
 * Allocates an index for a new object; returns DPU_NO_OBJECT - 1 when DPU_PES_MAX_OBJECTS are
 * in use. */
uint32_t dpu_unf_object(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint64_t obj);

/* The event of thread tid doing (op, result) on object index oi with immediate causes pt
 * (previous event of the thread), pm (previous event on the object) and px (its extra cause,
 * protocol/ops.def's CAUSE: the create of a started thread, the exit of a joined one, ...):
 * the existing one with this canonical name, or a
 * new one, whose object state model.h computes. site and aux (the trace record's) are recorded
 * on creation; data starts unknown. Returns NULL if out of memory. */
struct dpu_event *dpu_unf_event(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint16_t result,
                                uint32_t oi, struct dpu_event *pt, struct dpu_event *pm,
                                struct dpu_event *px, uint32_t site, uint64_t aux);

/* The same, for a write-class operation on a location (pes.h) that follows the reads
 * rpre[0, nrpre) of pm (one per other thread, sorted by thread; part of its name). */
struct dpu_event *dpu_unf_event_r(struct dpu_unfolding *u, uint16_t tid, uint8_t op,
                                  uint16_t result, uint32_t oi, struct dpu_event *pt,
                                  struct dpu_event *pm, struct dpu_event *px,
                                  struct dpu_event *const *rpre, uint32_t nrpre, uint32_t site,
                                  uint64_t aux);

/* Records what a run told about object oi in a trace record of operation op: the kind of a
 * mutex (its aux). */
static inline void dpu_unf_learn(struct dpu_unfolding *u, uint32_t oi, uint8_t op, uint64_t aux) {
  if (oi != DPU_NO_OBJECT && dpu_op_has(op, DPU_OPF_KIND))
    u->okind[oi] = (uint8_t)aux;
}

/* Adds the events of thread tid doing op on object oi, after pt (and px), at the positions of
 * the object's tree before pm: right after each proper ancestor x of pm (and after pm itself
 * if at_pm), up to the last event on the object that pt or px depend on, with every outcome
 * that the object's state after x allows (dpu_model_outcomes; none: not enabled there). A
 * write-class operation on a location (pes.h) is placed after pm too, and at each position
 * after every set of reads of x that the configuration with per-object maxima
 * conf[0, nconf) holds and its history may hold (reads commute, so a write can come before
 * any of them). For
 * an executed event these are its conflicting extensions; for an operation a thread could not
 * perform at the end of a run (it waits for pm's holder), they are the extensions in which it
 * went first, which cexp of the paper, iterating over the events of C only, does not produce.
 * Returns 0, -1 if out of memory. */
int dpu_unf_earlier(struct dpu_unfolding *u, uint16_t tid, uint8_t op, uint32_t oi,
                    struct dpu_event *pt, struct dpu_event *pm, struct dpu_event *px,
                    uint32_t site, uint64_t aux, bool at_pm, struct dpu_event *const *conf,
                    uint32_t nconf);

/* Adds the conflicting extensions that e gives rise to, once per event (Alg. 1's cexp,
 * Sec. 5.3): e's action, after e's thread predecessor, placed right after each earlier event x
 * of e's object tree (proper ancestors of pm(e), up to the last event on the object that e's
 * thread or extra cause already depends on), wherever the object's state after x enables it;
 * for a condition-variable signal, also its other choices of a thread to wake right after
 * pm(e) (App. D of the symbolic-partial-order-execution paper). Returns 0, -1 if out of
 * memory. */
int dpu_unf_cex(struct dpu_unfolding *u, struct dpu_event *e);

/* Removes every event whose keep[id] is 0 (keep must be causally closed: the causes of a kept
 * event are kept), unlinking it from the trees and freeing it. keep is indexed by event id
 * (u->pes.nevents entries). Returns the number of events freed. */
uint32_t dpu_unf_prune(struct dpu_unfolding *u, const uint8_t *keep);

#endif
