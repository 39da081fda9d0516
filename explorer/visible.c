/* See visible.h. */
#include "visible.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Marks site visible if it is eligible and not visible yet; returns whether it did. */
static bool mark(struct dpu_shm *shm, const struct dpu_site_table *sites, uint32_t site) {
  uint8_t *bits = dpu_shm_visible(shm);
  if (site >= shm->visible_cap || (bits[site >> 3] >> (site & 7) & 1) ||
      !dpu_site_is_plain_access(sites, site))
    return false;
  bits[site >> 3] |= (uint8_t)(1u << (site & 7));
  return true;
}

uint32_t dpu_visible_add(struct dpu_shm *shm, const struct dpu_site_table *sites,
                         const uint8_t *racing) {
  uint32_t added = 0;
  for (uint32_t site = 1; site < sites->n; site++)
    if (racing[site >> 3] >> (site & 7) & 1) added += mark(shm, sites, site);
  return added;
}

uint32_t dpu_visible_add_sites(struct dpu_shm *shm, const struct dpu_site_table *sites,
                               const uint32_t *ids, uint32_t n) {
  uint32_t added = 0;
  for (uint32_t i = 0; i < n; i++) added += mark(shm, sites, ids[i]);
  return added;
}

uint32_t dpu_visible_count(struct dpu_shm *shm) {
  const uint8_t *bits = dpu_shm_visible(shm);
  uint32_t n = 0;
  for (uint32_t i = 0; i < (shm->visible_cap + 7) / 8; i++) n += (uint32_t)__builtin_popcount(bits[i]);
  return n;
}

int dpu_visible_set(struct dpu_shm *shm, const struct dpu_site_table *sites, const char *list) {
  uint8_t *bits = dpu_shm_visible(shm);
  for (const char *p = list; *p;) {
    char *end;
    unsigned long id = strtoul(p, &end, 10);
    if (end == p || id >= shm->visible_cap || !dpu_site_is_plain_access(sites, (uint32_t)id)) {
      fprintf(stderr, "dpu: error: --visible-sites: %lu is not the site of a load or store of "
                      "this program (were the sources or flags changed?)\n", id);
      return -1;
    }
    bits[id >> 3] |= (uint8_t)(1u << (id & 7));
    p = *end == ',' ? end + 1 : end;
  }
  return 0;
}

char *dpu_visible_list(struct dpu_shm *shm, const struct dpu_site_table *sites) {
  const uint8_t *bits = dpu_shm_visible(shm);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) abort();
  bool any = false;
  for (uint32_t id = 1; id < sites->n && id < shm->visible_cap; id++)
    if (bits[id >> 3] >> (id & 7) & 1) {
      fprintf(f, "%s%u", any ? "," : "", id);
      any = true;
    }
  if (fclose(f) != 0) abort();
  if (!any) {
    free(buf);
    return NULL;
  }
  return buf;
}

void dpu_visible_copy(struct dpu_shm *to, struct dpu_shm *from) {
  memcpy(dpu_shm_visible(to), dpu_shm_visible(from), (from->visible_cap + 7) / 8);
  to->spin_watch = from->spin_watch;
}
