/* See fields.h. */
#include "fields.h"

#include <stdio.h>
#include <string.h>

/* Appends to buf (of size bytes, holding a string of *len bytes) prefix, then s or, for a
 * NULL s, "[v]"; truncated to fit. */
static void append(char *buf, size_t size, size_t *len, const char *prefix, const char *s,
                   unsigned long long v) {
  if (*len + 1 >= size) return;
  int k = s ? snprintf(buf + *len, size - *len, "%s%s", prefix, s)
            : snprintf(buf + *len, size - *len, "[%llu]", v);
  if (k > 0) *len += (size_t)k < size - *len ? (size_t)k : size - *len - 1;
}

/* Appends to buf the path to byte off of type ty, from depth on; returns how many bytes into
 * what it names the byte is. A union's members all start at 0: of those that hold the byte,
 * the first whose path names it exactly (nothing left over), else the first. */
static uint64_t walk(const struct dpu_site_table *t, uint32_t ty, uint64_t off, char *buf,
                     size_t size, size_t *len, unsigned depth) {
  if (ty >= t->ntypes || depth >= 32) return off;
  const struct dpu_field_type *node = &t->types[ty];
  if (node->kind == DPU_FT_ARRAY) {
    if (node->first >= t->ntypes || !t->types[node->first].size) return off;
    uint64_t esize = t->types[node->first].size, i = off / esize;
    if (i >= node->n) return off;
    append(buf, size, len, "", NULL, (unsigned long long)i);
    return walk(t, node->first, off - i * esize, buf, size, len, depth + 1);
  }
  if (node->kind != DPU_FT_STRUCT) return off;
  const struct dpu_field_member *pick = NULL;
  uint64_t left = off;
  size_t picked_len = *len;
  for (uint32_t i = 0; i < node->n; i++) {
    const struct dpu_field_member *m = &t->members[node->first + i];
    if (m->offset > off || m->type >= t->ntypes || off >= m->offset + t->types[m->type].size)
      continue;
    if (pick && m->offset < pick->offset) continue; /* a later member holds it */
    char try[128];
    size_t n = 0;
    if (m->name[0]) append(try, sizeof try, &n, ".", m->name, 0);
    else try[0] = 0;
    uint64_t rest = walk(t, m->type, off - m->offset, try, sizeof try, &n, depth + 1);
    bool better = !pick || m->offset > pick->offset || (left && !rest);
    if (!better) continue;
    pick = m, left = rest;
    *len = picked_len;
    buf[*len] = 0;
    append(buf, size, len, "", try, 0);
  }
  return pick ? left : off;
}

uint64_t dpu_field_name(const struct dpu_site_table *t, size_t global, uint64_t off, char *buf,
                        size_t size) {
  size_t len = 0;
  if (!size) return off;
  buf[0] = 0;
  append(buf, size, &len, "", t->globals[global], 0);
  uint32_t ty = t->global_type ? t->global_type[global] : UINT32_MAX;
  return ty < t->ntypes ? walk(t, ty, off, buf, size, &len, 0) : off;
}
