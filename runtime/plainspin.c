/* The plain-spin watch (issue #10): a thread that spins on plain (non-atomic) loads whose
 * sites are not visible never reaches a visible operation, so the scheduler never lets the
 * thread that would end the loop run, the race that would make the loads visible is never
 * seen, and the run would only end at the time limit as a hang.
 *
 * The watch notices such a loop from the accesses themselves: after DPU_SPIN_QUIET accesses
 * without a visible operation, it records the next WINDOW accesses (site, address, bytes,
 * whether a store, and the value read or written) and looks for a period p <= WINDOW / 2 with
 * every access equal to the one p before it. Such a thread is going round the same iteration
 * with the same values: it cannot leave the loop before another thread writes to what it reads.
 * The run then ends (DPU_END_DIVERGED, code DPU_DIVERGED_SPIN) with the loads' sites, which the
 * explorer makes visible (explorer/visible.h) before exploring again: visible loads follow the
 * spin-loop rule of runtime/models/atomic.c (the thread waits for a write to what it reads, or is a
 * hang with its line when no write can come). A loop that changes something it reads or writes
 * (a counter) is not periodic and is not taken for a spin. Accesses that can never be visible
 * (wider than 8 bytes or straddling an 8-byte granule) are not counted as sites; when no site
 * of the period can be made visible, the thread runs on (and the time limit decides).
 *
 * The threshold (DPU_SPIN_QUIET, 2^22 accesses: a fraction of a second) is high because the
 * watch cannot see a thread's registers: a bounded loop that re-reads one unchanged variable
 * with a local counter looks the same as a spin, so only loops longer than that are taken for
 * one (docs/races.md, "Racy programs").
 *
 * Cost: one increment and compare per access (race.c); nothing else until the threshold. */
#include "rt.h"

uint32_t dpu_spin_quiet;

#define WINDOW 128

struct access {
  uint64_t addr, value;
  uint32_t site;
  uint32_t size_store; /* size << 1 | store */
};

static struct access window[WINDOW];
static unsigned nwindow;

static bool same(const struct access *a, const struct access *b) {
  return a->addr == b->addr && a->value == b->value && a->site == b->site &&
         a->size_store == b->size_store;
}

/* The smallest period of the window, 0 if none. */
static unsigned period(void) {
  for (unsigned p = 1; p <= WINDOW / 2; p++) {
    unsigned i = 0;
    while (i + p < WINDOW && same(&window[i], &window[i + p])) i++;
    if (i + p == WINDOW) return p;
  }
  return 0;
}

/* Ends the run if the window's period has plain loads whose sites can be made visible. */
static void judge(void) {
  unsigned p = period();
  if (!p) return;
  struct dpu_shm *shm = dpu_rt.shm;
  uint32_t n = 0;
  for (unsigned i = 0; i < p; i++) {
    const struct access *a = &window[i];
    uint32_t size = a->size_store >> 1;
    if ((a->size_store & 1) || size > 8 || (a->addr & 7) + size > 8) continue;
    if (dpu_rt.visible[a->site >> 3] >> (a->site & 7) & 1) continue;
    bool dup = false;
    for (uint32_t k = 0; k < n; k++) dup |= shm->spin_sites[k] == a->site;
    if (!dup && n < DPU_MAX_SPIN_SITES) shm->spin_sites[n++] = a->site;
  }
  if (!n) return;
  shm->nspin_sites = n;
  __dpu_site = shm->spin_sites[0];
  dpu_rt_end(DPU_END_DIVERGED, DPU_DIVERGED_SPIN,
             "T%d repeats the same %u plain accesses without a visible operation (a spin loop "
             "on %u load sites that are not visible)",
             dpu_rt.cur, p, n);
}

void dpu_spin_watch(uintptr_t p, uint32_t size, uint32_t site, bool store, uint64_t value) {
  if (!dpu_rt.shm->spin_watch || dpu_rt.cur < 0 || dpu_rt.ended) {
    dpu_spin_quiet = 0;
    return;
  }
  if (dpu_spin_quiet == DPU_SPIN_QUIET) nwindow = 0; /* a fresh window */
  if (!store) value = dpu_rt_value_at((const void *)p, size);
  window[nwindow++] =
      (struct access){.addr = p, .value = value, .site = site, .size_store = size << 1 | store};
  if (nwindow < WINDOW) return;
  judge();
  dpu_spin_quiet = 0; /* not a spin (yet): look again later */
}
