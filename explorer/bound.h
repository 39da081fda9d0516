/* Bounded exploration (--preemptions=B; docs/design.md §6, "Bounded exploration"): the
 * preemptions that an event's history forces, and the sub-unfolding QPOR explores under a bound.
 *
 * A preemption is a switch away from a thread that could still move (CHESS; Musuvathi and
 * Qadeer, PLDI 2007): in a schedule, step i is of thread t, step i+1 of another thread, and t's
 * next operation is enabled after step i. A trace's preemptions are the fewest of any schedule
 * of it (the exhaustive explorer counts them exactly, explorer/dfs.c).
 *
 * QPOR cannot compute that minimum per event (it ranges over the linearisations of a history),
 * nor bound it naively: the number is not monotone along a run, and a reduction may reach a
 * trace only through a representative with more preemptions (Coons, Musuvathi and McKinley,
 * "Bounded partial-order reduction", OOPSLA 2013). dpu bounds a lower bound instead, lb(e).
 * If an event c of another thread lies causally between events a and a' of thread t (a < c <
 * a'), every schedule of ⌈e⌉ switches away from t between a and a'; the first such switch is a
 * preemption when each operation of t from a to a' is enabled at that point whatever ran
 * before a: one that never blocks (nor is held back by a spin-loop rule), or the lock of a
 * mutex whose next acquisition by another thread is causally after a. lb(e) sums over the
 * threads of ⌈e⌉ the most pairwise disjoint such intervals (each holds its own preemption),
 * which greedy stabbing by right ends counts as events are created. So lb(e) is at most the
 * preemptions of every trace that holds e, and lb is monotone in causality (e' < e: the
 * intervals of ⌈e'⌉ are intervals of ⌈e⌉), so E_B = {e | lb(e) <= B} is causally closed, a
 * prime event structure of its own, and QPOR over E_B (Alg. 1 with en, cex and the
 * alternatives restricted to E_B) explores each of its maximal configurations once (Theorem 6
 * and the paper's completeness, for that structure). Every trace with at most B preemptions has
 * all its events in E_B: the exploration is complete for the bound. Some traces with more
 * preemptions are explored too (lb is a lower bound), and runs that stop at a configuration of
 * E_B that no event of E_B extends but the program could (the bound's leaves) are counted as
 * such (dpu_counts.bounded), not as traces. docs/design.md §6 has the rest. */
#ifndef DPU_BOUND_H
#define DPU_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#include "pes.h"

/* No bound (dpu_explore_options.preemptions, dpu_unfolding.bound). */
#define DPU_BOUND_NONE (-1)

/* Sets e->cap (up to which interval start the gap before e surely preempts), e->forced and
 * e->stab (the disjoint intervals above on e's thread up to e, and where the last one ends)
 * and e->lb (the intervals over every thread of ⌈e⌉), from its causes', which must have theirs;
 * e is an event of p. The object states of e's causes must be set (explorer/model.h).
 * O(threads + the events on e's mutex between its thread's previous event and e + the gaps
 * walked, at most 256 per event: a longer interval counts as none, lb stays a lower bound).
 * Counts saturate at UINT16_MAX. Operations that the runtime may hold back although they
 * never block (a trylock retried in a spin loop, an access under the spin-loop rule) count
 * only where that rule cannot apply. */
void dpu_bound_event(const struct dpu_pes *p, struct dpu_event *e);

/* The unfolding's bound (dpu_unfolding.bound) for the options' --preemptions (explore.h). */
static inline int32_t dpu_bound_of(bool bounded, uint32_t preemptions) {
  return !bounded ? DPU_BOUND_NONE : preemptions > INT32_MAX ? INT32_MAX : (int32_t)preemptions;
}

/* Whether e lies outside E_B for bound B (DPU_BOUND_NONE: never). */
static inline bool dpu_bound_over(int32_t bound, const struct dpu_event *e) {
  return bound >= 0 && e->lb > (uint32_t)bound;
}

#endif
