/* The size of Alg. 1's tree, estimated from the path the exploration stands on; see
 * qpor_impl.h (qpor_estimate_leaves).
 *
 * Knuth's estimator (D. E. Knuth, "Estimating the efficiency of backtrack programs", Math.
 * Comp. 29, 1975) takes the tree to be as wide everywhere as it is along one path: a node with
 * b children is given 1/b of its parent's share. Alg. 1's tree here is the tree of the
 * configurations C_m: the children of the node at frame m are the events chosen there, e_m
 * now and before it those of D at frame m (each backtracking to m adds one). Explored in depth
 * first, a node's own count of children is known only once the exploration leaves it, and the
 * nodes near the root are left last, so a count read from the explored part alone is far too
 * low for most of the exploration (on MPAT(6), PI(7), DISP(3,3) and MPC(3,3) of bench/qpor it
 * gave 0.2-0.4 of the final count at 10 % of the runs). The unfolding knows more: the events
 * that conflict with e_m right after the same object event (its siblings in the object's tree,
 * one group per thread: group.h) are, most of the time, the other events chosen at m sooner or
 * later. So a node is given b = max(children so far, 1 + other threads' groups beside e_m).
 * Not always: on MPC(4,5) of the original DPU most of those groups never become an
 * alternative at that node, and the estimate was 8,915 times the final count at a tenth of
 * the traces. So the groups are scaled by the share of them that became children at the nodes
 * the exploration finished so far (qpor_estimate_finished): MPC(4,5) 9.6 times at a tenth,
 * DISP(5,5) from 3.6 to 1.7 (bench/README.md, "Session 38").
 *
 * The explored share F of the tree is then the sum, over the frames m of the path, of the
 * share of m's node times (children before e_m) / b, plus the share of the leaf; the leaves
 * seen so far divided by F estimate all the leaves. Measured on bench/qpor (bench/README.md,
 * "Session 25: the estimate"), -j 1, from a tenth of the traces on: 0.88-1.06 of the final
 * count on PI(8), MPC(3,4) and DISP(3,3); MPAT(6) and POOL(2,3), whose first subtrees are
 * smaller than the later ones, down to 0.33 and 0.48 until a quarter of the traces. */
#include "qpor_impl.h"

#include <math.h>

/* Children of the node at frame m so far, beside e_m's, among the other threads' groups of
 * e_m's object-tree parent: 1 + the number of those with a member inside the part explored
 * (dpu_unf_outside: past the bound, outside E_sym, a group is no child); 1 for an event on no
 * object. */
static uint32_t siblings(const struct qpor *q, const struct dpu_event *e) {
  if (e->obj == DPU_NO_OBJECT) return 1;
  const struct dpu_group *g =
      e->pre_obj ? e->pre_obj->ogroups
                 : q->u->oroot_groups[dpu_pes_tree_object(&q->u->pes, e->obj)];
  uint32_t n = 1;
  for (; g; g = g->next) {
    if (g->tid == e->tid) continue;
    uint32_t i = 0;
    while (i < g->n && dpu_unf_outside(q->u, g->m[i].e)) i++;
    n += i < g->n;
  }
  return n;
}

/* log(e^a + e^b), for a sum of shares too small for a double (a path of tens of thousands of
 * frames: 2^-50,000). */
static double log_add(double a, double b) {
  if (a < b) {
    double t = a;
    a = b, b = t;
  }
  return b == -INFINITY ? a : a + log1p(exp(b - a));
}

void qpor_estimate_finished(struct qpor *q, uint32_t m) {
  if (q->leaves & 15) return;
  uint32_t children = 1;
  for (uint32_t i = q->nd; i > 0 && q->d[i - 1].frame >= m; i--)
    children += q->d[i - 1].frame == m;
  uint32_t s = siblings(q, q->ev[m]);
  if (s <= 1) return;
  q->est_children += children - 1;
  q->est_groups += s - 1;
}

/* The guessed children of a node whose event has s - 1 other threads' groups beside it
 * (siblings): 1 + those groups, scaled by the share of such groups that became children at
 * the nodes finished so far (all of them until 64 groups were seen). */
static double guessed(const struct qpor *q, uint32_t s) {
  double share = q->est_groups >= 64 ? q->est_children / q->est_groups : 1.0;
  return 1.0 + (s - 1) * (share < 1.0 ? share : 1.0);
}

double qpor_estimate_leaves(const struct qpor *q, uint32_t n, uint64_t leaves) {
  double share = 0.0, explored = -INFINITY; /* natural logarithms */
  uint32_t i = 0; /* D is a stack sorted by frame (qpor_d_pop_above): its entries at frame m */
  while (i < q->nd && q->d[i].frame < q->floor) i++;
  for (uint32_t m = q->floor; m < n; m++) {
    uint32_t before = 0;
    while (i < q->nd && q->d[i].frame == m) i++, before++;
    double b = before + 1, g = guessed(q, siblings(q, q->ev[m]));
    if (g > b) b = g;
    if (b <= 1.0) continue;
    if (before) explored = log_add(explored, share + log((double)before / b));
    share -= log(b);
  }
  explored = log_add(explored, share); /* the leaf */
  double est = log((double)leaves) - explored;
  return est < log(DPU_ESTIMATE_MAX) ? exp(est) : DPU_ESTIMATE_MAX;
}
