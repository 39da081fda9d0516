/* See dot.h. */
#include "dot.h"

static void conflict_edge(FILE *f, const struct dpu_event *a, const struct dpu_event *b) {
  fprintf(f, "  e%u -> e%u [dir=none, style=dotted, color=red, constraint=false];\n", a->id,
          b->id);
}

/* Immediate conflicts among the children of one object-tree node (all thread groups). */
static void conflicts_obj(FILE *f, const struct dpu_group *groups) {
  for (const struct dpu_group *ga = groups; ga; ga = ga->next)
    for (uint32_t i = 0; i < ga->n; i++) {
      const struct dpu_event *a = ga->m[i].e;
      for (uint32_t j = i + 1; j < ga->n; j++) conflict_edge(f, a, ga->m[j].e);
      for (const struct dpu_group *gb = ga->next; gb; gb = gb->next)
        for (uint32_t j = 0; j < gb->n; j++) conflict_edge(f, a, gb->m[j].e);
    }
}

/* Immediate conflicts among the children of one thread-tree node, but for pairs that are also
 * siblings in an object tree (conflicts_obj draws those). */
static void conflicts(FILE *f, const struct dpu_event *first) {
  for (const struct dpu_event *a = first; a; a = a->tsibling)
    for (const struct dpu_event *b = a->tsibling; b; b = b->tsibling)
      if (a->obj == DPU_NO_OBJECT || a->obj != b->obj || a->pre_obj != b->pre_obj)
        conflict_edge(f, a, b);
}

int dpu_unf_write_dot(const struct dpu_unfolding *u, FILE *f) {
  fprintf(f, "digraph unfolding {\n  node [shape=box, fontsize=10];\n");
  for (const struct dpu_event *e = u->pes.events; e; e = e->next) {
    fprintf(f, "  e%u [label=\"%u: T%u %s", e->id, e->id, e->tid, dpu_op_name(e->op));
    if (e->obj != DPU_NO_OBJECT) fprintf(f, " o%u", e->obj);
    if (dpu_op_is_try(e->op)) fprintf(f, e->result ? " (acquired)" : " (busy)");
    else if (e->op == DPU_OP_COND_SIGNAL && e->result) fprintf(f, " (wakes T%u)", e->result - 1u);
    /* a cutoff (cutoff.h): not explored past */
    fprintf(f, e->cutoff ? " (cutoff)\", style=dashed];\n" : "\"];\n");
    const struct dpu_event *causes[3] = {e->pre_thread, e->pre_obj, e->pre_extra};
    for (int i = 0; i < 3; i++)
      if (causes[i] && (i == 0 || causes[i] != e->pre_thread))
        fprintf(f, "  e%u -> e%u;\n", causes[i]->id, e->id);
  }
  for (uint32_t t = 0; t < u->pes.nthreads; t++) conflicts(f, u->troot_child[t]);
  for (uint32_t l = 0; l < u->pes.nobjects; l++) conflicts_obj(f, u->oroot_groups[l]);
  for (const struct dpu_event *e = u->pes.events; e; e = e->next) {
    conflicts(f, e->tchild);
    conflicts_obj(f, e->ogroups);
  }
  fprintf(f, "}\n");
  return ferror(f) ? -1 : 0;
}
