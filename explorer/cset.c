/* Queries against the configuration C (its maxima per thread and object tree): a location's
 * conflict with C, the reads a write must follow, and the debug build's Theorem 6 oracle.
 * Adding to and removing from C and D is inline in qpor_impl.h. */

#include "qpor_impl.h"

/* For thread t's write-class operation on location x after pm, the reads of pm in C by the
 * other threads (their latest), sorted by thread, into rpre; returns how many. */
uint32_t qpor_c_reads(struct qpor *q, uint16_t t, uint32_t x, const struct dpu_event *pm,
                        struct dpu_event **rpre) {
  const struct dpu_pes *p = &q->u->pes;
  uint32_t n = 0;
  if (x == DPU_NO_OBJECT || !p->oisloc[x]) return 0;
  DPU_PES_FOR_READERS(p, x, r) {
    struct dpu_event *rd = q->cmax_o[r];
    if (!rd || rd->pre_obj != pm || rd->tid == t) continue;
    uint32_t j = n++;
    while (j > 0 && rpre[j - 1]->tid > rd->tid) rpre[j] = rpre[j - 1], j--;
    rpre[j] = rd;
  }
  return n;
}

/* Whether a and b, events of one tree (thread trees if thread_tree, else object trees) with b
 * C's last event on it, can be in one configuration: one is an ancestor of the other (NULL is
 * comparable with anything). An event of C is an ancestor of b; an event outside C can only
 * be a descendant. */
static bool comparable(struct qpor *q, const struct dpu_event *a, const struct dpu_event *b,
                       int thread_tree) {
  if (!a || !b || a == b || in_c(q, a)) return true;
  const struct dpu_node *na = thread_tree ? &a->tnode : &a->onode;
  const struct dpu_node *nb = thread_tree ? &b->tnode : &b->onode;
  return nb->depth < na->depth &&
         dpu_node_is_ancestor(nb, na, q->u->pes.step, &q->u->pes.conflict_stats);
}

/* dpu_pes_location_conflict between ⌈x⌉ and C, on location l. */
bool qpor_c_location_conflict(struct qpor *q, const struct dpu_event *x, uint32_t l) {
  const struct dpu_pes *p = &q->u->pes;
  const struct dpu_event *wx = dpu_event_omax(x, l), *wc = q->cmax_o[l];
  if (wx == wc) return false;
  bool x_earlier = !wx || (wc && wx->onode.depth <= wc->onode.depth);
  if (!comparable(q, wx, wc, 0)) return true;
  DPU_PES_FOR_READERS(p, l, r) {
    if (x_earlier) { /* every read of wx in ⌈x⌉ must be in C */
      const struct dpu_event *rd = dpu_event_omax(x, r);
      if (rd && rd->pre_obj == wx && !in_c(q, rd)) return true;
    } else { /* every read of wc in C must be in ⌈x⌉ */
      const struct dpu_event *rd = q->cmax_o[r];
      if (rd && rd->pre_obj == wc && !dpu_pes_leq(&q->u->pes, rd, x)) return true;
    }
  }
  return false;
}

#if DPU_CHECKS
/* Whether ⌈x⌉ ∪ C is a configuration: on every thread and object tree, x's maximum and C's
 * are comparable (Theorem 6). The debug build's oracle for admissible(), which decides the
 * same by one walk of ⌈x⌉ \ C. */
bool qpor_compatible(struct qpor *q, const struct dpu_event *x) {
  const struct dpu_pes *p = &q->u->pes;
  for (uint32_t t = 0; t < x->ntmax; t++)
    if (!comparable(q, x->tmax[t], q->cmax_t[t], 1)) return false;
  for (uint32_t l = 0; l < x->nomax; l++) {
    if (x->omax[l] == q->cmax_o[l]) continue;
    if (p->nlocs) {
      if (dpu_pes_reader_location(p, l) != DPU_NO_OBJECT) continue; /* with its location */
      if (p->oisloc[l]) {
        if (qpor_c_location_conflict(q, x, l)) return false;
        continue;
      }
    }
    if (!comparable(q, x->omax[l], q->cmax_o[l], 0)) return false;
  }
  /* A location that x never touches but whose reader objects it does (x holds reads only):
   * covered, as the reads' location has an index below theirs (made first). */
  return true;
}
#endif
