/* Symmetry reduction, the explorer's side (docs/design.md §6, "Symmetry reduction"; the
 * runner's side, which tells which threads are symmetric and watches what tells them apart, is
 * runtime/symmetry.h).
 *
 * Threads t and p are symmetric (p is t's symmetric predecessor, its start event's aux - 1)
 * when one creator made them one after the other with the same start routine and argument and
 * nothing between: they begin in the same state, and a trace with t's part and p's exchanged
 * (every event of the one renamed to the other) is a trace of the program with the same defects
 * up to that renaming, while nothing tells the two apart by identity (runtime/symmetry.h). Of
 * each class of traces that differ only by such renamings, QPOR explores those in which every
 * thread's first operation on an object after its start is preceded by its predecessor's own,
 * when the two are dependent: E_sym = {e | no event of ⌈e⌉ is the first operation (after the
 * start, on an object, not a read) of a thread t whose predecessor p has no event after its
 * start in that operation's history}. E_sym is causally closed (the condition is on ⌈e⌉), so a
 * prime event structure, and QPOR over it is Alg. 1 restricted to it as for the bound
 * (bound.h, E_B): every maximal configuration of E_sym once.
 *
 * Why one of each class is in E_sym: the two threads begin alike, so their first operations
 * are the same operation on the same object, enabled together; they are dependent (reads of a
 * location commute and are left free), so every trace orders them, and of a trace and its
 * renaming exactly one puts p's first. By induction along a group p1, p2, ..., pn (each the
 * predecessor of the next), one renaming of every trace orders the whole group's first
 * operations as they were created. And E_sym's maximal configurations are maximal in the
 * unfolding: wherever t's first operation is enabled, so is p's (or p's start), which is in
 * E_sym. When the two first operations are not the same, or p cannot go where t can, the
 * threads were not alike after all: the run tells (dpu_sym_check_*), and the exploration
 * starts again without symmetry (frontend/main.c), as it does when the runner sees them told
 * apart. */
#ifndef DPU_SYMMETRY_H
#define DPU_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "../protocol/ops.h"
#include "pes.h"

/* Whether e is the first operation of its thread that the rule above orders: right after its
 * start, on an object, no read, and the thread has a symmetric predecessor (returned in
 * *pred). */
static inline bool dpu_sym_ordered(const struct dpu_event *e, int *pred) {
  const struct dpu_event *s = e->pre_thread;
  if (!s || s->op != DPU_OP_THREAD_START || !s->aux || e->obj == DPU_NO_OBJECT ||
      dpu_op_is_read(e->op))
    return false;
  *pred = (int)s->aux - 1;
  return true;
}

/* Sets e->sym_out: whether e lies outside E_sym (above), from its causes' (which must have
 * theirs) and ⌈e⌉'s maximum of the predecessor's thread. O(causes). */
void dpu_sym_event(struct dpu_event *e);

#endif
