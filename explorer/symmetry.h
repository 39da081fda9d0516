/* Symmetry reduction, the explorer's side (docs/design.md §6, "Symmetry reduction"; the
 * runner's side, which tells which threads are symmetric and watches what tells them apart, is
 * runtime/symmetry.h).
 *
 * Threads t and p are symmetric (p is t's symmetric predecessor, its start event's aux - 1)
 * when one creator made them one after the other with the same start routine and argument and
 * nothing between: they begin in the same state, and a trace with t's part and p's exchanged
 * (every event of the one renamed to the other) is a trace of the program with the same defects
 * up to that renaming, while nothing tells the two apart by identity (runtime/symmetry.h).
 *
 * A thread's ordered operation is its first operation after its start that is not free
 * (protocol/ops.h, dpu_op_sym_free: a read of a location, an operation on no object, a choice
 * of its own); the free operations before it are its prefix (sym_free events). Of each class
 * of traces that differ only by such renamings, QPOR explores those in which every thread's
 * ordered operation is preceded by its predecessor's own: E_sym = {e | no event of ⌈e⌉ is the
 * ordered operation of a thread t whose predecessor p has not made its ordered operation in
 * that operation's history}. E_sym is causally closed (the condition is on ⌈e⌉), so a prime
 * event structure, and QPOR over it is Alg. 1 restricted to it as for the bound (bound.h, E_B):
 * every maximal configuration of E_sym once.
 *
 * Why one of each class is in E_sym: the two threads begin alike and their prefixes are free,
 * so where both make their ordered operations they make the same operation on the same object
 * (which the check below makes sure of); not free, the two are dependent, so every trace
 * orders them, and of a trace and its renaming exactly one puts p's first. By induction along
 * a group p1, p2, ..., pn (each the predecessor of the next), one renaming of every trace
 * orders the whole group's ordered operations as they were created. And E_sym's maximal
 * configurations are maximal in the unfolding: wherever t's ordered operation is enabled, p
 * can move (its start, a free operation of its prefix, or its own ordered operation, enabled
 * where t's is), and that event is in E_sym. When the two ordered operations are not the same,
 * or p cannot move where t's is enabled, the threads were not alike after all: the run tells
 * (extend.c, check_symmetry), and the exploration starts again without symmetry
 * (frontend/main.c), as it does when the runner sees them told apart. Reads in the prefix are
 * what lets threads that begin by reading shared data (a balance, a counter, a queue's head)
 * be reduced at all: before, only a thread whose very first operation was ordered was. */
#ifndef DPU_SYMMETRY_H
#define DPU_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "../protocol/ops.h"
#include "pes.h"

/* Whether e is its thread's ordered operation (above): not free, right after the thread's
 * start or its prefix, and the thread has a symmetric predecessor (returned in *pred). */
static inline bool dpu_sym_ordered(const struct dpu_event *e, int *pred) {
  const struct dpu_event *s = e->pre_thread;
  if (!s || !s->sym_free || !s->sym_pred1 || dpu_op_sym_free(e->op)) return false;
  *pred = (int)s->sym_pred1 - 1;
  return true;
}

/* Sets e->sym_free and e->sym_pred1 from e's thread predecessor's: e is its thread's start
 * (its aux is the predecessor + 1) or a free operation right after the start or its prefix.
 * Every event of an unfolding with symmetry on gets it, before dpu_sym_event. */
static inline void dpu_sym_prefix(struct dpu_event *e) {
  const struct dpu_event *s = e->pre_thread;
  if (e->op == DPU_OP_THREAD_START) {
    e->sym_free = 1;
    e->sym_pred1 = e->aux <= UINT16_MAX ? (uint16_t)e->aux : 0;
  } else {
    e->sym_free = s && s->sym_free && dpu_op_sym_free(e->op);
    e->sym_pred1 = e->sym_free ? s->sym_pred1 : 0;
  }
}

/* Sets e->sym_out: whether e lies outside E_sym (above), from its causes' (which must have
 * theirs) and ⌈e⌉'s maximum of the predecessor's thread. O(causes). */
void dpu_sym_event(struct dpu_event *e);

#endif
