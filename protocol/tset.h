/* Sets of threads (canonical ids below DPU_MAX_THREADS): enabled sets, wait sets, the threads
 * still alive at an exit. A bit set of DPU_TSET_WORDS 64-bit words, bit t % 64 of word t / 64
 * for thread t. Most programs have fewer than 64 threads, so code on a hot path keeps only word
 * 0 in a register (the trace record's `enabled`) and reaches for the other words when a thread
 * id of 64 or more exists; the operations below take the whole set. */
#ifndef DPU_TSET_H
#define DPU_TSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Hard limit on distinct program threads over the whole exploration (canonical thread ids, see
 * dpu_shm.thread_ids). A run that goes beyond ends with DPU_END_LIMIT. */
#define DPU_MAX_THREADS 1024
#define DPU_MAX_THREADS_STR "1024"
#define DPU_TSET_WORDS (DPU_MAX_THREADS / 64)

struct dpu_tset {
  uint64_t w[DPU_TSET_WORDS];
};

/* The words of a set that can be non-zero when no thread id reaches n (1 <= result). */
static inline unsigned dpu_tset_words(unsigned n) { return n > 64 ? (n + 63) / 64 : 1; }

static inline void dpu_tset_clear(struct dpu_tset *s) { memset(s, 0, sizeof *s); }
static inline void dpu_tset_add(struct dpu_tset *s, unsigned t) { s->w[t >> 6] |= 1ull << (t & 63); }
static inline void dpu_tset_del(struct dpu_tset *s, unsigned t) { s->w[t >> 6] &= ~(1ull << (t & 63)); }
static inline bool dpu_tset_has(const struct dpu_tset *s, unsigned t) {
  return t < DPU_MAX_THREADS && (s->w[t >> 6] >> (t & 63) & 1);
}

static inline bool dpu_tset_empty(const struct dpu_tset *s) {
  for (unsigned i = 0; i < DPU_TSET_WORDS; i++)
    if (s->w[i]) return false;
  return true;
}

static inline unsigned dpu_tset_count(const struct dpu_tset *s) {
  unsigned n = 0;
  for (unsigned i = 0; i < DPU_TSET_WORDS; i++) n += (unsigned)__builtin_popcountll(s->w[i]);
  return n;
}

/* The least thread of s at or above t, or -1 when there is none. Iterate with
 * for (int t = dpu_tset_next(s, 0); t >= 0; t = dpu_tset_next(s, t + 1)). */
static inline int dpu_tset_next(const struct dpu_tset *s, unsigned t) {
  if (t >= DPU_MAX_THREADS) return -1;
  unsigned i = t >> 6;
  uint64_t w = s->w[i] & (~0ull << (t & 63));
  for (;;) {
    if (w) return (int)(i * 64 + (unsigned)__builtin_ctzll(w));
    if (++i == DPU_TSET_WORDS) return -1;
    w = s->w[i];
  }
}

/* into = into ∪ from; into = into \ from. */
static inline void dpu_tset_union(struct dpu_tset *into, const struct dpu_tset *from) {
  for (unsigned i = 0; i < DPU_TSET_WORDS; i++) into->w[i] |= from->w[i];
}
static inline void dpu_tset_minus(struct dpu_tset *into, const struct dpu_tset *from) {
  for (unsigned i = 0; i < DPU_TSET_WORDS; i++) into->w[i] &= ~from->w[i];
}

#endif
