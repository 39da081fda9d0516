/* See cutoff.h. */
#include "cutoff.h"

#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "../protocol/invariant.h"
#include "../protocol/ops.h"

/* h(object, its state): 0 for the initial (all-zero) state, so that an object's fragment
 * starts out of the fingerprint as the runner's memory does. */
static void ostate_hash(uint32_t obj, const struct dpu_ostate *st, uint64_t out[2]) {
  uint64_t in[5 + 2 * (DPU_TSET_WORDS - 1)];
  memset(in, 0, sizeof in);
  in[0] = (uint64_t)(uint32_t)st->owner | (uint64_t)st->count << 32;
  in[1] = st->set1, in[2] = st->set2;
  in[3] = (uint64_t)st->status | (uint64_t)st->kind << 8;
  bool zero = !in[0] && !in[1] && !in[2] && !in[3];
  if (st->wide)
    for (unsigned i = 0; i < DPU_TSET_WORDS - 1; i++) {
      in[5 + 2 * i] = st->wide->set1[i], in[6 + 2 * i] = st->wide->set2[i];
      zero &= !st->wide->set1[i] && !st->wide->set2[i];
    }
  if (zero) {
    out[0] = out[1] = 0;
    return;
  }
  in[4] = obj;
  XXH128_hash_t h = XXH3_128bits(in, sizeof in);
  out[0] = h.low64, out[1] = h.high64;
}

void dpu_cutoff_created(struct dpu_event *e) {
  bool out = (e->pre_thread && e->pre_thread->cut_out) || (e->pre_obj && e->pre_obj->cut_out) ||
             (e->pre_extra && e->pre_extra->cut_out);
  for (uint32_t i = 0; i < e->nrpre && !out; i++) out = e->rpre[i]->cut_out;
  e->cut_out = out;
  e->ofp[0] = e->pre_thread ? e->pre_thread->ofp[0] : 0;
  e->ofp[1] = e->pre_thread ? e->pre_thread->ofp[1] : 0;
  /* The objects whose state is the explorer's alone: not a location, whose memory the
   * runner hashes (and whose model state counts modifications without end). */
  if (e->obj == DPU_NO_OBJECT || dpu_op_family(e->op) == DPU_FAM_LOCATION) return;
  if (dpu_op_family(e->op) == DPU_FAM_THREAD) {
    /* A join or a detach marks its thread for good (joined, detached: the runtime's flags,
     * which a later join or detach reads), with no state of the model's. */
    uint64_t in[2] = {e->obj, e->op};
    XXH128_hash_t h = XXH3_128bits(in, sizeof in);
    e->ofp[0] ^= h.low64, e->ofp[1] ^= h.high64;
    return;
  }
  static const struct dpu_ostate initial;
  uint64_t before[2], after[2];
  ostate_hash(e->obj, e->pre_obj ? &e->pre_obj->st : &initial, before);
  ostate_hash(e->obj, &e->st, after);
  e->ofp[0] ^= before[0] ^ after[0];
  e->ofp[1] ^= before[1] ^ after[1];
}

int dpu_cutoff_decide(struct dpu_cutoffs *c, struct dpu_event *e, const struct dpu_state_rec *r) {
  DPU_ASSERT(e->fp_state == 0);
  if (!r) {
    e->fp_state = 2;
    c->unknown++;
    return 0;
  }
  e->sfp[0] = e->ofp[0] ^ r->lo;
  e->sfp[1] = e->ofp[1] ^ r->hi;
  e->fp_state = 1;
  if (e->cut_out) return 0; /* (not explored: the caller does not ask) */
  uint64_t fp[2] = {0, 0};
  uint32_t size = 0;
  for (uint32_t t = 0; t < e->ntmax; t++) {
    const struct dpu_event *m = t == e->tid ? e : e->tmax[t];
    if (!m) continue;
    DPU_ASSERT(m->fp_state != 0);
    if (m->fp_state != 1) return 0; /* a state of ⌈e⌉ not known: no decision */
    fp[0] ^= m->sfp[0], fp[1] ^= m->sfp[1];
    size += m->tnode.depth;
  }
  uint8_t key[DPU_FP_BYTES];
  memcpy(key, fp, sizeof key);
  uint32_t first = size;
  int r2 = dpu_fpset_put(&c->table, key, &first);
  if (r2 < 0) return -1;
  if (r2 == 0 && first < size) {
    e->cutoff = 1;
    e->cut_out = 1;
    c->events++;
  }
  return 0;
}

void dpu_cutoffs_free(struct dpu_cutoffs *c) {
  dpu_fpset_free(&c->table);
  free(c->live);
  memset(c, 0, sizeof *c);
}
