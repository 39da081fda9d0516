/* The index of an unfolding's live events by canonical name. An event of the unfolding is
 * determined by its action and its immediate causes (QPOR paper, Sec. 2: an event is a pair
 * ⟨action, history⟩, and the history is the union of the immediate causes' local
 * configurations), so finding "the event of this action after these causes" is the question
 * that every step of every run asks (explorer/unfold.c, dpu_unf_event_r). Searching the tree
 * children for it costs one comparison per history of the thread at that position of the
 * object, which grows with the exploration; the index answers it in constant expected time. */
#ifndef DPU_NAMES_H
#define DPU_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "pes.h"

/* A canonical name: thread, operation, outcome, object index (DPU_NO_OBJECT: none), the
 * immediate causes pt (previous event of the thread), pm (previous event on the object's
 * tree; NULL when there is no object) and px (the extra cause), and, for a write on a
 * location, the reads rpre[0, nrpre) it follows (pes.h). Pointers are borrowed. */
struct dpu_name {
  uint16_t tid;
  uint8_t op, result;
  uint32_t oi;
  const struct dpu_event *pt, *pm, *px;
  struct dpu_event *const *rpre;
  uint32_t nrpre;
};

/* Open addressing with linear probing; NULL is an empty slot. Kept at most half full. The
 * table owns its slot array, not the events. */
struct dpu_names {
  struct dpu_event **slot; /* [cap], cap a power of two */
  uint32_t cap, n;
};

/* Initialises an empty index. Returns 0, -1 if out of memory. */
int dpu_names_init(struct dpu_names *t);

/* Frees the slot array. */
void dpu_names_destroy(struct dpu_names *t);

/* The event named n, NULL if none is in the index. */
struct dpu_event *dpu_names_find(const struct dpu_names *t, const struct dpu_name *n);

/* Puts e in the index; no event of its name may be there (checked in the debug build).
 * Grows the table as needed. Returns 0, -1 if out of memory (e is then not indexed). */
int dpu_names_put(struct dpu_names *t, struct dpu_event *e);

/* Empties the index and puts every event of the list `events` (linked by next) in it, in a
 * table sized for `count` of them: after pruning, so that no freed event stays. Returns 0,
 * -1 if out of memory (the index then holds the listed events in its old table). */
int dpu_names_rebuild(struct dpu_names *t, struct dpu_event *events, uint32_t count);

#endif
