/* The prime event structure that QPOR explores (QPOR paper, Sec. 2 and 5.1): events with
 * their immediate causes, a node in their thread's tree and, for operations on an object, a
 * node in that object's tree; causality and conflict decided by Theorem 6. */
#ifndef DPU_PES_H
#define DPU_PES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "tree.h"

#define DPU_NO_OBJECT UINT32_MAX
#define DPU_DATA_UNKNOWN 0xff
#define DPU_PES_MAX_THREADS 64        /* as runtime/protocol.h's DPU_MAX_THREADS */
#define DPU_PES_MAX_OBJECTS (1u << 16) /* distinct objects over the whole exploration */

/* One event: an action (thread, operation, object, outcome) after a history. Its immediate
 * causes are at most three: the previous event of its thread (pt in Alg. 1), the previous event
 * in its object's tree (pm), and one more for the causal edges between threads that are not
 * object trees (the create of a thread causes its start; the exit of a thread causes the join
 * of it). Def. 7's maps are stored for the local configuration ⌈e⌉ (e included):
 * tmax[i] is the <-maximal event of thread i in ⌈e⌉, omax[l] that of object l, NULL for ⊥.
 * Events are owned by their PES. */
struct dpu_event {
  uint32_t id;              /* creation order in the PES, from 0 */
  uint16_t tid;             /* canonical thread id */
  uint8_t op;               /* enum dpu_op */
  uint8_t result;           /* outcome (trylock acquired or not) */
  uint32_t obj;             /* object index in the PES, DPU_NO_OBJECT for none */
  uint32_t site;            /* call site of the first run that reached it */
  struct dpu_event *pre_thread;
  struct dpu_event *pre_obj;
  struct dpu_event *pre_extra;
  struct dpu_node tnode;    /* node in the thread tree of tid */
  struct dpu_node onode;    /* node in the tree of obj (unused without an object) */
  uint32_t ntmax, nomax;    /* lengths of tmax / omax: entries beyond are ⊥ */
  struct dpu_event **tmax;
  struct dpu_event **omax;
  struct dpu_event *next;   /* list of all events, newest first */
  /* Children lists of the trees, for finding an event by its causes and for siblings. The
   * children of an object-tree node are grouped by thread: ochild/osibling link one child per
   * thread (the group's head), osame links the other children of the head's thread (the same
   * operation after other thread histories). */
  struct dpu_event *tchild, *tsibling;  /* thread tree */
  struct dpu_event *ochild, *osibling;  /* object tree: heads of the thread groups */
  struct dpu_event *osame;              /* object tree: rest of this thread group */
  struct dpu_ostate st;     /* state of its object after it (model.h) */
  uint64_t aux;             /* the trace record's aux (initial value of a semaphore ...) */
  uint8_t data;             /* atomics: the record's result once executed (a CAS exchanged:
                             * 1), DPU_DATA_UNKNOWN before */
  uint32_t in_d;            /* how many times it is in the explorer's set D */
  uint8_t cex_done;         /* its conflicting extensions have been added */
};

/* The event structure. Trees have one root node per thread and per object. */
struct dpu_pes {
  uint32_t step;            /* skip-pointer step s (Sec. 5.2) */
  uint32_t nevents;          /* events ever created (ids are below) */
  uint32_t live;             /* events not freed by pruning */
  struct dpu_event *events; /* newest first */
  uint32_t nthreads, nobjects;  /* thread ids and object indices in use: [0, n) */
  uint32_t cap_threads, cap_objects;
  struct dpu_node *troot;   /* [cap_threads] */
  struct dpu_node *oroot;   /* [cap_objects] */
  struct dpu_tree_stats causality_stats, conflict_stats;
  size_t bytes;             /* memory held by events, for statistics */
};

/* Initialises an empty PES with skip step `step` (>= 2). Returns 0, -1 if out of memory. */
int dpu_pes_init(struct dpu_pes *p, uint32_t step);

/* Frees every event and the PES's arrays. */
void dpu_pes_destroy(struct dpu_pes *p);

/* Creates a new event of thread tid performing op (with result) on object obj (an index below
 * DPU_NO_OBJECT; the PES grows its object range as needed), with the given immediate causes
 * (any may be NULL). pre_thread must be of thread tid; pre_obj must be on obj. The causes must
 * be pairwise conflict-free (their union is a configuration); this is not checked.
 * Computes the tree nodes and Def. 7's maps. Returns NULL if out of memory. Does not check for
 * an existing equal event (the unfolding does). */
struct dpu_event *dpu_pes_add(struct dpu_pes *p, uint16_t tid, uint8_t op, uint8_t result,
                              uint32_t obj, struct dpu_event *pre_thread,
                              struct dpu_event *pre_obj, struct dpu_event *pre_extra);

/* tmax / omax of Def. 7 over the local configuration ⌈e⌉ (NULL = ⊥). */
static inline struct dpu_event *dpu_event_tmax(const struct dpu_event *e, uint32_t tid) {
  return tid < e->ntmax ? e->tmax[tid] : NULL;
}
static inline struct dpu_event *dpu_event_omax(const struct dpu_event *e, uint32_t obj) {
  return obj < e->nomax ? e->omax[obj] : NULL;
}

/* a ≤ b in causality (a is b or in its history). Theorem 6: for different threads, a ≤ b iff
 * a ≤ tmax(b, thread of a) in a's thread tree. */
bool dpu_pes_leq(struct dpu_pes *p, const struct dpu_event *a, const struct dpu_event *b);

/* a < b: a ≤ b and a ≠ b. */
static inline bool dpu_pes_lt(struct dpu_pes *p, const struct dpu_event *a,
                              const struct dpu_event *b) {
  return a != b && dpu_pes_leq(p, a, b);
}

/* a # b. Same thread: neither node is an ancestor of the other. Theorem 6 otherwise: some
 * object l has omax(a, l) and omax(b, l) in conflict in l's tree. O((threads + objects) log d). */
bool dpu_pes_conflict(struct dpu_pes *p, const struct dpu_event *a, const struct dpu_event *b);

#endif
