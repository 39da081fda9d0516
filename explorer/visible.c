/* See visible.h. */
#include "visible.h"

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
