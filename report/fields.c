/* See fields.h. */
#include "fields.h"

#include <stdio.h>
#include <string.h>

/* Appends to buf (of size bytes, holding a string of *len bytes) what fmt says. */
static void append(char *buf, size_t size, size_t *len, const char *fmt, const char *s,
                   unsigned long long v) {
  if (*len >= size) return;
  int k = s ? snprintf(buf + *len, size - *len, fmt, s) : snprintf(buf + *len, size - *len, fmt, v);
  if (k > 0) *len += (size_t)k < size - *len ? (size_t)k : size - *len - 1;
}

/* The member of struct type ty that holds byte off: the last one at or before it whose type
 * covers it (a union's members all start at 0: the first that covers it), or NULL. */
static const struct dpu_field_member *member_at(const struct dpu_site_table *t,
                                                const struct dpu_field_type *ty, uint64_t off) {
  const struct dpu_field_member *best = NULL;
  for (uint32_t i = 0; i < ty->n; i++) {
    const struct dpu_field_member *m = &t->members[ty->first + i];
    if (m->offset > off || m->type >= t->ntypes) continue;
    if (off < m->offset + t->types[m->type].size && (!best || m->offset > best->offset))
      best = m;
  }
  return best;
}

uint64_t dpu_field_name(const struct dpu_site_table *t, size_t global, uint64_t off, char *buf,
                        size_t size) {
  size_t len = 0;
  if (!size) return off;
  buf[0] = 0;
  append(buf, size, &len, "%s", t->globals[global], 0);
  uint32_t ty = t->global_type ? t->global_type[global] : UINT32_MAX;
  /* Down the types while a member or an element holds the byte. */
  for (unsigned depth = 0; ty < t->ntypes && depth < 32; depth++) {
    const struct dpu_field_type *node = &t->types[ty];
    if (node->kind == DPU_FT_ARRAY) {
      if (node->first >= t->ntypes || !t->types[node->first].size) break;
      uint64_t esize = t->types[node->first].size, i = off / esize;
      if (i >= node->n) break;
      append(buf, size, &len, "[%llu]", NULL, (unsigned long long)i);
      off -= i * esize;
      ty = node->first;
    } else if (node->kind == DPU_FT_STRUCT) {
      const struct dpu_field_member *m = member_at(t, node, off);
      if (!m) break;
      if (m->name[0]) append(buf, size, &len, ".%s", m->name, 0);
      off -= m->offset;
      ty = m->type;
    } else {
      break;
    }
  }
  return off;
}
