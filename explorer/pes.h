/* The prime event structure that QPOR explores (QPOR paper, Sec. 2 and 5.1): events with
 * their immediate causes, a node in their thread's tree and, for operations on an object, a
 * node in that object's tree; causality and conflict decided by Theorem 6. */
#ifndef DPU_PES_H
#define DPU_PES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "group.h"
#include "model.h"
#include "tree.h"

#define DPU_NO_OBJECT UINT32_MAX
#define DPU_DATA_UNKNOWN 0xff
#define DPU_PES_MAX_THREADS DPU_MAX_THREADS /* protocol/tset.h */
#define DPU_PES_MAX_OBJECTS (1u << 16) /* distinct objects over the whole exploration */

/* One event: an action (thread, operation, object, outcome) after a history. Its immediate
 * causes are at most three: the previous event of its thread (pt in Alg. 1), the previous event
 * in its object's tree (pm), and one more for the causal edges between threads that are not
 * object trees (the create of a thread causes its start; the exit of a thread causes the join
 * of it). Def. 7's maps are stored for the local configuration ⌈e⌉ (e included):
 * tmax[i] is the <-maximal event of thread i in ⌈e⌉, omax[l] that of object l, NULL for ⊥.
 * Events are owned by their PES. */
struct dpu_event {
  /* The first 64 bytes hold what Alt's scans of siblings read of a candidate that its group
   * entry (group.h) cannot decide: identity, causes and the explorer's marks. */
  uint32_t id;              /* creation order in the PES, from 0 */
  uint16_t tid;             /* canonical thread id */
  uint8_t op;               /* enum dpu_op */
  uint8_t data;             /* atomics: the record's result once executed (a CAS exchanged:
                             * 1), DPU_DATA_UNKNOWN before */
  uint16_t result;          /* outcome (trylock acquired or not; a signal: tid + 1 woken) */
  uint8_t in_c;             /* the QPOR explorer's mark: the event is in its configuration C */
  uint8_t cex_done : 1;     /* its conflicting extensions have been added */
  uint8_t yields_after : 1; /* its thread yields the CPU before its next operation (a record's
                             * DPU_REC_YIELDED; bound.h): a function of its history */
  uint8_t sym_out : 1;      /* it lies outside E_sym (symmetry.h; set when the unfolding's
                             * symmetry is on) */
  uint8_t sym_free : 1;     /* symmetry.h: it is its thread's start or one of the operations
                             * right after it that the rule does not order (dpu_op_sym_free) */
  uint8_t cut_out : 1;      /* it is a cutoff or causally after one (cutoff.h; set when the
                             * unfolding's cutoffs are on) */
  uint8_t cutoff : 1;       /* it is a cutoff event (cutoff.h) */
  uint8_t fp_state : 2;     /* cutoff.h: 0 its state is not known yet (it has not run), 1 sfp
                             * holds it, 2 it cannot be known (its run did not give it) */
  uint32_t obj;             /* object index in the PES, DPU_NO_OBJECT for none */
  struct dpu_event *pre_thread;
  struct dpu_event *pre_obj;
  struct dpu_event *pre_extra;
  uint32_t in_d;            /* how many times it is in the explorer's set D */
  uint32_t nrpre;
  /* A write (any operation but a read) on a location object: the reads of pre_obj (the write
   * before it) in its history, the latest of each other thread, sorted by thread; these are
   * immediate causes too (reads commute with reads, so a write must follow every read of the
   * value it overwrites that its history holds). Stored after the event; NULL when none. */
  struct dpu_event **rpre;
  uint32_t site;            /* call site of the first run that reached it */
  uint32_t ntmax, nomax;    /* lengths of tmax / omax: entries beyond are ⊥ */
  uint32_t cframe;          /* the QPOR explorer's: its frame (position in the run) while in C;
                             * while in its set D, the frame of its first entry there */
  struct dpu_node tnode;    /* node in the thread tree of tid */
  struct dpu_node onode;    /* node in the tree of obj (unused without an object) */
  struct dpu_event **tmax;
  struct dpu_event **omax;
  struct dpu_event *next;   /* list of all events, newest first */
  /* Children in the trees, for siblings (an event is found by its causes in the unfolding's
   * index, names.h): in the thread tree a list linked by tsibling, in the object tree thread
   * groups (group.h). */
  struct dpu_event *tchild, *tsibling;
  struct dpu_group *ogroups;
  struct dpu_ostate st;     /* state of its object after it (model.h) */
  uint64_t aux;             /* the trace record's aux (initial value of a semaphore ...) */
  uint16_t forced, lb;      /* bounded exploration (bound.h): preemptions forced on its thread
                             * up to it, and in its whole history */
  uint16_t sym_pred1;       /* symmetry.h, for a sym_free event: its thread's symmetric
                             * predecessor + 1 (its start's aux), 0 none */
  uint32_t newest_child;    /* id + 1 of its newest child in either tree (0: none), kept by the
                             * unfolding (unfold.c) */
  uint32_t cap, stab;       /* bound.h: up to which left end the gap before it is surely a
                             * preemption, and the depth of the event after the thread's last
                             * forced one */
  /* Cutoffs (cutoff.h), 128-bit xors: ofp, its thread's changes of the objects' states up to
   * it (set at creation); sfp, once it ran (fp_state 1), its thread's whole update: ofp xor
   * the runner's state after it (memory changes and local state, protocol.h's
   * dpu_state_rec). */
  uint64_t ofp[2], sfp[2];
};

/* Memory accesses (issue #10) and reads that commute. A location (the object of visible plain
 * reads and writes, DPU_OP_READ/WRITE, and of atomic accesses) is an object X whose tree holds
 * its writes (every operation on X but a read: plain writes and atomic stores,
 * read-modify-writes and compare-and-swaps, which may write) as a chain
 * per configuration, and the reads as leaves: a read's pre_obj is the write it reads (NULL: the
 * initial value). A read is a plain read or an atomic load. Its reads by thread t are the events of a reader object (X, t), which has no
 * tree of its own: omax[(X, t)] is the latest read of X by t, and two reads of one thread are
 * ordered by their thread. This is the independence "two reads of one location commute", the
 * read/write conflict relation of data-centric-dpor.txt (Sec. 2: Confl(e1, e2) iff same
 * location and one of them writes), as a PES: each configuration's events on X are a chain of
 * writes, each followed by a set of concurrent reads of it, and every write after them has
 * those reads in its history (rpre). Theorem 6 then holds with the location check of
 * dpu_pes_conflict in place of the tree check for X. */

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
  /* Locations (see above), per object index [cap_objects], each index stored plus one so that
   * the arrays start zeroed (calloc: no cost for pages never used): oloc1[R] - 1 is X for a
   * reader object R = (X, t), 0 for any other object; oisloc[X] is 1 for a location; its
   * reader objects are the list ofirst1[X] - 1, onext1[R] - 1, ... (0: the end). Read them
   * through dpu_pes_reader_location / dpu_pes_first_reader / dpu_pes_next_reader. */
  uint32_t *oloc1, *ofirst1, *onext1;
  uint8_t *oisloc;
  uint32_t nlocs;            /* locations declared: 0 keeps the per-object loops as they were */
  size_t bytes;             /* memory held by events, for statistics */
  /* --max-memory: the bytes the events may hold (0: no limit); past them dpu_pes_add fails
   * as if out of memory, and sets over. Events cost O(threads + objects) each (tmax, omax):
   * one long run over thousands of locations made millions of conflicting extensions and
   * 24 GiB until the system killed dpu (issue 42). */
  size_t max_bytes;
  bool over;
};

/* Initialises an empty PES with skip step `step` (>= 2). Returns 0, -1 if out of memory. */
int dpu_pes_init(struct dpu_pes *p, uint32_t step);

/* Frees every event and the PES's arrays. */
void dpu_pes_destroy(struct dpu_pes *p);

/* Declares object x a location. */
void dpu_pes_set_location(struct dpu_pes *p, uint32_t x);

/* Declares object r the reader object of location x for one thread (r is not x). */
void dpu_pes_add_reader(struct dpu_pes *p, uint32_t x, uint32_t r);

/* The location of reader object r, DPU_NO_OBJECT if r is no reader object. */
static inline uint32_t dpu_pes_reader_location(const struct dpu_pes *p, uint32_t r) {
  return p->oloc1[r] - 1u;
}

/* The first reader object of location x, then the next after reader object r; DPU_NO_OBJECT
 * at the end. */
static inline uint32_t dpu_pes_first_reader(const struct dpu_pes *p, uint32_t x) {
  return p->ofirst1[x] - 1u;
}
static inline uint32_t dpu_pes_next_reader(const struct dpu_pes *p, uint32_t r) {
  return p->onext1[r] - 1u;
}

/* for (each reader object r of location x) */
#define DPU_PES_FOR_READERS(p, x, r)                                                         \
  for (uint32_t r = dpu_pes_first_reader(p, x); r != DPU_NO_OBJECT; r = dpu_pes_next_reader(p, r))

/* The object whose tree holds the events of object obj: its location for a reader object,
 * obj itself otherwise. */
static inline uint32_t dpu_pes_tree_object(const struct dpu_pes *p, uint32_t obj) {
  return obj != DPU_NO_OBJECT && p->oloc1[obj] ? p->oloc1[obj] - 1u : obj;
}

/* Creates a new event of thread tid performing op (with result) on object obj (an index below
 * DPU_NO_OBJECT; the PES grows its object range as needed), with the given immediate causes
 * (any may be NULL) and, for a write on a location, rpre[0, nrpre) (the reads of pre_obj that
 * it follows, one per other thread, sorted by thread; copied). pre_thread must be of thread tid;
 * pre_obj must be on obj's tree (dpu_pes_tree_object). The causes must be pairwise
 * conflict-free (their union is a configuration); this is not checked.
 * Computes the tree nodes and Def. 7's maps. Returns NULL if out of memory. Does not check for
 * an existing equal event (the unfolding does). */
struct dpu_event *dpu_pes_add(struct dpu_pes *p, uint16_t tid, uint8_t op, uint16_t result,
                              uint32_t obj, struct dpu_event *pre_thread,
                              struct dpu_event *pre_obj, struct dpu_event *pre_extra,
                              struct dpu_event *const *rpre, uint32_t nrpre);

/* Bytes held by event e (for the statistics). */
size_t dpu_pes_event_bytes(const struct dpu_event *e);

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

/* Whether the events on location x of ⌈a⌉ ∪ ⌈b⌉ are not a chain of writes each followed
 * by reads of it (see above): their last writes are in conflict in x's tree, or the one whose
 * last write w is earlier holds a read of w that the other does not (that read and the write
 * after w are in immediate conflict). */
bool dpu_pes_location_conflict(struct dpu_pes *p, const struct dpu_event *a,
                               const struct dpu_event *b, uint32_t x);

/* a # b. Same thread: neither node is an ancestor of the other. Theorem 6 otherwise: some
 * object l has omax(a, l) and omax(b, l) in conflict in l's tree (for a location, as
 * dpu_pes_location_conflict says). O((threads + objects) log d). */
bool dpu_pes_conflict(struct dpu_pes *p, const struct dpu_event *a, const struct dpu_event *b);

#endif
