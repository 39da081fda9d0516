/* See symmetry.h. */
#include "symmetry.h"

void dpu_sym_event(struct dpu_event *e) {
  bool out = (e->pre_thread && e->pre_thread->sym_out) || (e->pre_obj && e->pre_obj->sym_out) ||
             (e->pre_extra && e->pre_extra->sym_out);
  for (uint32_t i = 0; i < e->nrpre && !out; i++) out = e->rpre[i]->sym_out;
  int p;
  if (!out && dpu_sym_ordered(e, &p)) {
    /* The predecessor's ordered operation must be in ⌈e⌉: its latest event there is past its
     * prefix. */
    const struct dpu_event *f = dpu_event_tmax(e, (uint32_t)p);
    out = !f || f->sym_free;
  }
  e->sym_out = out;
}
