/* See fingerprint.h. */
#include "fingerprint.h"

#include <blake2.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct obj_ref {
  uint64_t key;  /* its object's key (dpu_op_key) */
  uint32_t seq;  /* position in the run */
};

static int cmp_ref(const void *a, const void *b) {
  const struct obj_ref *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int cmp_fp(const void *a, const void *b) { return memcmp(a, b, DPU_FP_BYTES); }

/* The canonical order of two reads of one location between the same writes: by the name of
 * their thread, then by their position in it. */
static bool read_before(const struct dpu_event_rec *ev, uint8_t (*name)[DPU_FP_BYTES],
                        const uint32_t *index, uint32_t x, uint32_t y) {
  int c = memcmp(name[ev[x].tid], name[ev[y].tid], DPU_FP_BYTES);
  return c < 0 || (c == 0 && index[x] < index[y]);
}

/* The hash of one object's sequence: refs[i, j) are its operations in trace order (j, the first
 * of the next object, is returned), hashed as (thread name, position in the thread) pairs,
 * after the object's own name when it is a thread. */
static uint32_t hash_object(const struct dpu_event_rec *ev, struct obj_ref *refs, uint32_t i,
                            uint32_t nrefs, uint8_t (*name)[DPU_FP_BYTES], const uint32_t *index,
                            unsigned nt, uint8_t out[DPU_FP_BYTES]) {
  blake2b_state s;
  blake2b_init(&s, DPU_FP_BYTES);
  /* A thread object is named by its thread's canonical name; other objects stay anonymous
   * (their addresses may differ between equivalent runs). */
  const struct dpu_event_rec *first = &ev[refs[i].seq];
  if (dpu_op_is_thread_op(first->op)) {
    static const uint8_t unknown[DPU_FP_BYTES] = {0xff};
    blake2b_update(&s, first->obj < nt ? name[first->obj] : unknown, DPU_FP_BYTES);
  }
  uint32_t j = i;
  for (; j < nrefs && refs[j].key == refs[i].key; j++) {
    /* Operations of one object that commute (dpu_op_commutes: reads of a location):
     * consecutive ones between two others are hashed in a canonical order (by thread name,
     * then position), so runs that order them differently have one fingerprint. */
    uint8_t op = ev[refs[j].seq].op;
    if (dpu_op_commutes(op, op) &&
        (j == i || !dpu_op_commutes(ev[refs[j - 1].seq].op, op))) {
      uint32_t k = j + 1;
      while (k < nrefs && refs[k].key == refs[i].key && dpu_op_commutes(op, ev[refs[k].seq].op))
        k++;
      for (uint32_t a = j + 1; a < k; a++) /* insertion sort of refs[j, k) */
        for (uint32_t b = a;
             b > j && read_before(ev, name, index, refs[b].seq, refs[b - 1].seq); b--) {
          struct obj_ref t = refs[b];
          refs[b] = refs[b - 1], refs[b - 1] = t;
        }
    }
    const struct dpu_event_rec *e = &ev[refs[j].seq];
    blake2b_update(&s, name[e->tid], DPU_FP_BYTES);
    blake2b_update(&s, (const uint8_t *)&index[refs[j].seq], sizeof index[0]);
  }
  blake2b_final(&s, out, DPU_FP_BYTES);
  return j;
}

int dpu_fingerprint(const struct dpu_event_rec *ev, uint32_t n, uint8_t out[DPU_FP_BYTES]) {
  /* Per-thread tables for the ids the trace names (its threads, the threads it creates). */
  unsigned nt = 1;
  for (uint32_t i = 0; i < n; i++) {
    if (ev[i].tid >= nt) nt = ev[i].tid + 1u;
    if (ev[i].op == DPU_OP_THREAD_CREATE && ev[i].obj < DPU_MAX_THREADS && ev[i].obj >= nt)
      nt = (unsigned)ev[i].obj + 1;
  }
  /* On the stack for the common case of few threads (no allocation per run), else malloc'd. */
  enum { FEW = 16 };
  uint8_t few_name[FEW][DPU_FP_BYTES];
  uint32_t few_count[FEW];
  bool few_seen[FEW];
  blake2b_state few_th[FEW];
  bool many = nt > FEW;
  uint8_t (*name)[DPU_FP_BYTES] = many ? malloc(nt * sizeof *name) : few_name;
  uint32_t *count = many ? malloc(nt * sizeof *count) : few_count;
  bool *seen = many ? malloc(nt * sizeof *seen) : few_seen;
  blake2b_state *th = many ? malloc(nt * sizeof *th) : few_th;
  uint32_t *index = malloc((n ? n : 1) * sizeof *index);
  struct obj_ref *refs = malloc((n ? n : 1) * sizeof *refs);
  uint8_t (*hashes)[DPU_FP_BYTES] = malloc((n + nt + 1) * DPU_FP_BYTES);
  if (!name || !count || !seen || !index || !refs || !th || !hashes) {
    if (many) free(name), free(count), free(seen), free(th);
    free(index), free(refs), free(hashes);
    return -1;
  }
  memset(count, 0, nt * sizeof *count);
  memset(seen, 0, nt * sizeof *seen);
  uint32_t nrefs = 0;
  memset(name, 0xff, nt * sizeof *name);  /* a thread the trace does not create: unknown */
  memset(name[0], 0, DPU_FP_BYTES); /* main */

  for (uint32_t i = 0; i < n; i++) {
    unsigned t = ev[i].tid;
    if (!seen[t]) {
      seen[t] = true;
      blake2b_init(&th[t], DPU_FP_BYTES);
      blake2b_update(&th[t], name[t], DPU_FP_BYTES);
    }
    uint8_t opres[3] = {ev[i].op, (uint8_t)ev[i].result, (uint8_t)(ev[i].result >> 8)};
    blake2b_update(&th[t], opres, ev[i].result >> 8 ? 3 : 2); /* results below 256: 2 bytes */
    index[i] = count[t]++;
    if (ev[i].op == DPU_OP_THREAD_CREATE && ev[i].obj < DPU_MAX_THREADS) {
      /* The child is named by its creating event: this also records create → start. */
      struct { uint8_t parent[DPU_FP_BYTES]; uint32_t k; } path;
      memcpy(path.parent, name[t], DPU_FP_BYTES);
      path.k = index[i];
      blake2b(name[ev[i].obj], &path, NULL, DPU_FP_BYTES, sizeof path, 0);
    }
    /* On no object (protocol/ops.def's FAMILY NONE): its thread's sequence has it, and its
     * extra cause follows from the others. Start, exit and create are ordered by program
     * order and thread names alone (see dpu_op_is_eager); exit → join follows from join naming
     * its target; a barrier's leave follows the arrival
     * that completed its round, which the barrier's sequence and the arrivals' results name. */
    if (dpu_op_on_no_object(ev[i].op)) continue;
    refs[nrefs++] = (struct obj_ref){.key = dpu_op_key(ev[i].op, ev[i].obj), .seq = i};
  }

  uint32_t nh = 0;
  for (unsigned t = 0; t < nt; t++)
    if (seen[t]) blake2b_final(&th[t], hashes[nh++], DPU_FP_BYTES);

  qsort(refs, nrefs, sizeof *refs, cmp_ref);
  for (uint32_t i = 0; i < nrefs;)
    i = hash_object(ev, refs, i, nrefs, name, index, nt, hashes[nh++]);
  /* Thread hashes and object hashes are sorted together: neither the numbering of threads nor
   * the addresses of objects may show. */
  qsort(hashes, nh, DPU_FP_BYTES, cmp_fp);
  blake2b(out, hashes, NULL, DPU_FP_BYTES, (size_t)nh * DPU_FP_BYTES, 0);
  if (many) free(name), free(count), free(seen), free(th);
  free(index), free(refs), free(hashes);
  return 0;
}

static uint64_t slot_of(const uint8_t fp[DPU_FP_BYTES], uint64_t cap) {
  uint64_t h;
  memcpy(&h, fp, sizeof h);
  return h & (cap - 1);
}

static int grow(struct dpu_fpset *s) {
  uint64_t ncap = s->cap ? s->cap * 2 : 1024;
  uint8_t (*slots)[DPU_FP_BYTES] = calloc(ncap, DPU_FP_BYTES);
  uint8_t *used = calloc(ncap, 1);
  uint32_t *vals = calloc(ncap, sizeof *vals);
  if (!slots || !used || !vals) {
    free(slots), free(used), free(vals);
    return -1;
  }
  for (uint64_t i = 0; i < s->cap; i++) {
    if (!s->used[i]) continue;
    uint64_t k = slot_of(s->slots[i], ncap);
    while (used[k]) k = (k + 1) & (ncap - 1);
    used[k] = 1;
    memcpy(slots[k], s->slots[i], DPU_FP_BYTES);
    vals[k] = s->vals[i];
  }
  free(s->slots), free(s->used), free(s->vals);
  s->slots = slots;
  s->used = used;
  s->vals = vals;
  s->cap = ncap;
  return 0;
}

int dpu_fpset_put(struct dpu_fpset *s, const uint8_t fp[DPU_FP_BYTES], uint32_t *val) {
  if ((s->n + 1) * 2 > s->cap && grow(s) != 0) return -1;
  uint64_t k = slot_of(fp, s->cap);
  while (s->used[k]) {
    if (memcmp(s->slots[k], fp, DPU_FP_BYTES) == 0) {
      *val = s->vals[k];
      return 0;
    }
    k = (k + 1) & (s->cap - 1);
  }
  s->used[k] = 1;
  memcpy(s->slots[k], fp, DPU_FP_BYTES);
  s->vals[k] = *val;
  s->n++;
  return 1;
}

int dpu_fpset_add(struct dpu_fpset *s, const uint8_t fp[DPU_FP_BYTES]) {
  uint32_t v = 0;
  return dpu_fpset_put(s, fp, &v);
}

void dpu_fpset_free(struct dpu_fpset *s) {
  free(s->slots), free(s->used), free(s->vals);
  memset(s, 0, sizeof *s);
}
