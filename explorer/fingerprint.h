/* Identity of a Mazurkiewicz trace: a BLAKE2b digest of a run's happens-before partial order,
 * the same for every interleaving of the same trace (docs/design.md §6, exhaustive mode). */
#ifndef DPU_FINGERPRINT_H
#define DPU_FINGERPRINT_H

#include <stdint.h>

#include "../protocol/protocol.h"

#define DPU_FP_BYTES 16

/* out := fingerprint of the run ev[0..n). Two events are dependent iff they are of the same
 * thread or act on the same object (docs/design.md §5), so the partial order is fixed by each
 * thread's sequence of (operation, result) and each object's sequence of accessing events.
 * Threads are named canonically by their creation path (main; k-th thread created by X), events
 * by (thread, index in thread), and objects by their sequence of events, never by address, so
 * heap addresses and thread numbering that vary between equivalent runs do not matter.
 * Cost: O(n log n). Scratch memory is allocated and freed inside. Returns 0, -1 if out of
 * memory. */
int dpu_fingerprint(const struct dpu_event_rec *ev, uint32_t n, uint8_t out[DPU_FP_BYTES]);

/* A set of fingerprints (open addressing), each with a 32-bit value (a map). All zero: empty. */
struct dpu_fpset {
  uint8_t (*slots)[DPU_FP_BYTES];
  uint8_t *used;
  uint32_t *vals;
  uint64_t cap, n;
};

/* Adds fp (with value 0); returns 1 if it was new, 0 if present, -1 if out of memory. */
int dpu_fpset_add(struct dpu_fpset *s, const uint8_t fp[DPU_FP_BYTES]);

/* Adds fp with value *val and returns 1 if it was new; if present, sets *val to its value
 * and returns 0 (the value stays); -1 if out of memory. */
int dpu_fpset_put(struct dpu_fpset *s, const uint8_t fp[DPU_FP_BYTES], uint32_t *val);

/* Frees the set's storage; the set is empty afterwards and may be reused. */
void dpu_fpset_free(struct dpu_fpset *s);

#endif
