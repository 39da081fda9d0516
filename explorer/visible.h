/* Racy programs (issue #10): the access sites that race become visible operations, and the
 * program is explored again, until no new racing site appears.
 *
 * Why it is complete: an exploration with visible set V runs every Mazurkiewicz trace of the
 * program's synchronisation and of its accesses at sites in V, and reports every race of every
 * trace it runs (runtime/race.h). If it reports no race with a site outside V, then in every
 * explored execution the accesses left invisible race with nothing: each is ordered by
 * happens-before with every conflicting access of other threads, so no schedule of the
 * invisible accesses between two visible operations changes what any thread reads, and the
 * explored traces cover every sequentially consistent execution of the program (the
 * invisible accesses commute with everything they are not ordered against). A new racing
 * site means a schedule of it was not explored: it joins V and the exploration starts again
 * with a fresh unfolding (the earlier one's events have the wrong dependence: a read that was
 * invisible is missing from them). The cost of a restart is one more exploration of the
 * program with a larger V; V only grows, so there are at most as many restarts as racing
 * sites, and in practice one or two (bench/README.md). Defects found by earlier explorations
 * are kept (each is a real execution); the counts are those of the last one. */
#ifndef DPU_VISIBLE_H
#define DPU_VISIBLE_H

#include <stdint.h>

#include "../passes/sites.h"
#include "../protocol/protocol.h"

/* Marks visible, in the bitmap of shm (dpu_shm_visible), every plain load or store site that
 * is set in `racing` (a bitmap of site ids: the sites of every race record seen, see
 * dpu_report.racing) and not visible yet; memcpy-like and libc sites stay invisible (their
 * accesses are not single locations). Returns how many sites it added. */
uint32_t dpu_visible_add(struct dpu_shm *shm, const struct dpu_site_table *sites,
                         const uint8_t *racing);

/* Marks visible the plain load and store sites (sites.h: dpu_site_is_plain_access) among ids[0, n) that are not visible yet: the load sites of
 * plain spin loops (runtime/plainspin.c), which must be visible for the spin-loop rule to make
 * the spinning thread wait, even before any race with them is seen. Returns how many it added. */
uint32_t dpu_visible_add_sites(struct dpu_shm *shm, const struct dpu_site_table *sites,
                               const uint32_t *ids, uint32_t n);

/* How many sites are visible. */
uint32_t dpu_visible_count(struct dpu_shm *shm);

/* Gives region `to` (another runner's, -j) the visible sites of region `from` and whether its
 * runs watch plain spin loops. Both have the same visible capacity. */
void dpu_visible_copy(struct dpu_shm *to, struct dpu_shm *from);

/* --visible-sites=ID,...: marks the sites of list (decimal ids, comma-separated) visible.
 * Returns 0, or -1 (message on stderr) when one is not the site of a plain load or store. */
int dpu_visible_set(struct dpu_shm *shm, const struct dpu_site_table *sites, const char *list);

/* The visible sites as "ID,ID,..." (malloc'd, the caller frees), or NULL when there are none;
 * aborts when out of memory. */
char *dpu_visible_list(struct dpu_shm *shm, const struct dpu_site_table *sites);

#endif
