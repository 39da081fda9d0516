/* Cutoff events (issue 41; docs/cutoffs.md): the state fingerprint of each event's local
 * configuration, and the cutoff test of the symbolic POR paper
 * (symbolic-partial-order-execution.txt, §3.8, §4.2, App. H).
 *
 * fp(⌈e⌉), 128 bits, is the xor over the threads t of ⌈e⌉ of sfp(tmax(⌈e⌉, t)): each event's
 * sfp is its thread's update of the state up to it, the runner's part (the memory the thread
 * changed, and h(thread, its local state) after the event: protocol.h's dpu_state_rec) xor
 * the explorer's (ofp: its thread's changes of the operations' objects' states, fragment 3).
 * A change of one fragment by one thread is xored out and in again by the next thread that
 * changes it, which follows it in ⌈e⌉ (data-race-free memory, or one object's chain), so the
 * xor telescopes to the state's.
 *
 * e is a cutoff when an event e' that was explored (not a cutoff, nor after one) reached the
 * same state with a smaller local configuration: fp(⌈e'⌉) = fp(⌈e⌉) and |⌈e'⌉| < |⌈e⌉|
 * (§3.8; |⌈e⌉| is McMillan's adequate order, which is well founded, refines ⊂ and is kept by
 * extensions). Nothing causally after a cutoff is explored, nor the cutoff itself: it lies
 * outside the explored part as an event past --preemptions' bound does (unfold.h,
 * dpu_unf_outside; the paper's Alg. 2 line 38 leaves cutoffs out of en(C), and its Alg. 3
 * adds the enabled ones before computing cex, as extend.c does for the events outside).
 *
 * The decision is made once per event, when a run first performs it (its state comes from
 * that run), before any event after it exists, and it is kept: the table keeps, per
 * fingerprint, the size of the first explored event that reached it, never lowered, so an
 * event pruned from U and made again is decided the same way. */
#ifndef DPU_CUTOFF_H
#define DPU_CUTOFF_H

#include <stdint.h>

#include "../protocol/protocol.h"
#include "fingerprint.h"
#include "pes.h"

/* The states reached: fingerprint → |⌈e'⌉| of the first explored event e' that reached it;
 * and what says whether the program can end at all (a livelock, cutoff_runs.c's
 * qpor_livelock: with cutoffs, the explored maximal configurations are all those of the
 * unfolding without cutoffs, so if none of them ends the program, no execution does). */
struct dpu_cutoffs {
  struct dpu_fpset table;  /* owned; all zero: empty */
  uint64_t events;         /* events decided cutoffs */
  uint64_t unknown;        /* events whose state no run gave (never cutoffs) */
  uint64_t ended;          /* explored maximal configurations in which the program ended: the
                            * process exited, every thread did, or they deadlocked */
  uint64_t livelocks;      /* runs past a cutoff reported as livelocks (cutoff_runs.c went_round) */
  /* The first explored maximal configuration that ends at cutoffs with the process alive:
   * its replay (owned; NULL: none yet), the threads that went round past it and where. */
  struct dpu_replay_step *live;
  uint32_t nlive, live_frames;
  int32_t live_tid;        /* the first thread that went on past it */
  uint32_t live_site;      /* that thread's first operation past it */
  char live_threads[96];   /* "T1, T2" */
};

/* For a new event e (its causes made before it): e->cut_out from its causes', and
 * e->ofp from its thread predecessor's and the change of its object's state (model.h's
 * e->st against its pre_obj's; locations' states are memory, the runner's part). */
void dpu_cutoff_created(struct dpu_event *e);

/* The first run to perform e gave r, the state after it (NULL, or an entry of another run:
 * none). Sets e's sfp and fp_state and decides whether e is a cutoff (e->cutoff, e->cut_out).
 * Every event of ⌈e⌉ other than e must have run (fp_state not 0). Returns 0, -1 if out of
 * memory (e is then no cutoff). */
int dpu_cutoff_decide(struct dpu_cutoffs *c, struct dpu_event *e, const struct dpu_state_rec *r);

/* Frees the table. */
void dpu_cutoffs_free(struct dpu_cutoffs *c);

#endif
