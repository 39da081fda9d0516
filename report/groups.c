/* See groups.h. */
#include "groups.h"

#include <string.h>

#include "races.h"

/* Whether a and b name one source line. */
static bool same_line(const struct dpu_loc *a, const struct dpu_loc *b) {
  return a->file && b->file && a->line && a->line == b->line && strcmp(a->file, b->file) == 0;
}

/* The first memory error of t at loc's line, or NULL. */
static const struct dpu_defect *memory_error_at(const struct dpu_defects *t,
                                                const struct dpu_loc *loc) {
  for (uint32_t i = 0; i < t->n; i++)
    if (t->v[i]->end == DPU_END_MEMORY && same_line(&t->v[i]->loc, loc)) return t->v[i];
  return NULL;
}

void dpu_defect_groups(struct dpu_defects *t) {
  for (uint32_t i = 0; i < t->n; i++) {
    struct dpu_defect *d = t->v[i];
    const struct dpu_defect *root = NULL;
    if (d->race) {
      for (int k = 0; k < 2 && !root; k++)
        if (dpu_race_access_frees(&d->race->access[1 - k]))
          root = memory_error_at(t, &d->race->access[k].loc);
    } else if (d->end == DPU_END_ASSERT) {
      root = memory_error_at(t, &d->loc);
    }
    d->root = root ? root->id : 0;
  }
}

void dpu_defect_groups_print(const struct dpu_defects *t, FILE *f) {
  for (uint32_t i = 0; i < t->n; i++) {
    const struct dpu_defect *r = t->v[i];
    uint32_t n = 0, last = 0;
    for (uint32_t k = 0; k < t->n; k++)
      if (t->v[k]->root == r->id) n++, last = t->v[k]->id;
    if (!n) continue;
    fprintf(f, "dpu: defect%s ", n > 1 ? "s" : "");
    for (uint32_t k = 0, said = 0; k < t->n; k++) {
      if (t->v[k]->root != r->id) continue;
      fprintf(f, "%s%u", !said ? "" : t->v[k]->id == last ? " and " : ", ", t->v[k]->id);
      said++;
    }
    fprintf(f, " follow%s from defect %u (the memory error at %s:%u): one bug seen %u ways\n",
            n > 1 ? "" : "s", r->id, r->loc.file, r->loc.line, n + 1);
  }
}
