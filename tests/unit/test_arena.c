/* Unit tests of the per-run heap arena (runtime/arena.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../runtime/arena.h"

static void alloc_is_zeroed_aligned_and_distinct(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 1 << 20), 0);
  char *p = dpu_arena_alloc(&a, 100, 16, 0, 0);
  char *q = dpu_arena_alloc(&a, 1, 64, 0, 0);
  assert_non_null(p);
  assert_non_null(q);
  assert_true(((uintptr_t)p & 15) == 0);
  assert_true(((uintptr_t)q & 63) == 0);
  assert_true(q >= p + 100);
  for (int i = 0; i < 100; i++) assert_int_equal(p[i], 0);
  assert_int_equal(dpu_arena_block_size(&a, p), 100);
  dpu_arena_destroy(&a);
}

static void reset_rewinds_and_rezeroes(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 1 << 20), 0);
  char *p = dpu_arena_alloc(&a, 64, 16, 0, 0);
  p[0] = 42;
  dpu_arena_reset(&a);
  char *q = dpu_arena_alloc(&a, 64, 16, 0, 0);
  assert_ptr_equal(p, q);       /* same address in the next run: runs are deterministic */
  assert_int_equal(q[0], 0);    /* and the content does not leak from the last run */
  dpu_arena_destroy(&a);
}

static void frees_are_checked(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 1 << 20), 0);
  char *p = dpu_arena_alloc(&a, 32, 16, 0, 0);
  int local;
  assert_int_equal(dpu_arena_free(&a, &a, NULL, 0, 0), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, &a, p + 16, 0, 0), DPU_ARENA_INVALID_FREE);
  assert_int_equal(dpu_arena_free(&a, &a, p + 1, 0, 0), DPU_ARENA_INVALID_FREE);
  assert_int_equal(dpu_arena_free(&a, &a, &local, 0, 0), DPU_ARENA_NOT_OURS);
  assert_int_equal(dpu_arena_free(&a, &a, p, 0, 0), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, &a, p, 0, 0), DPU_ARENA_DOUBLE_FREE);
  assert_int_equal(dpu_arena_block_size(&a, p), 0);
  dpu_arena_destroy(&a);
}

static void exhaustion_returns_null(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 4096), 0);
  assert_non_null(dpu_arena_alloc(&a, 2000, 16, 0, 0));
  assert_null(dpu_arena_alloc(&a, 4000, 16, 0, 0));
  assert_null(dpu_arena_alloc(&a, SIZE_MAX - 8, 16, 0, 0)); /* no overflow */
  assert_null(dpu_arena_alloc(&a, 16, 24, 0, 0));           /* not a power of two */
  assert_non_null(dpu_arena_alloc(&a, 1000, 16, 0, 0));
  dpu_arena_destroy(&a);
}

static void freed_blocks_are_reused_lifo_by_size(void **state) {
  (void)state;
  struct dpu_arena a, b;
  assert_int_equal(dpu_arena_init(&a, 1 << 20), 0);
  assert_int_equal(dpu_arena_init(&b, 1 << 20), 0);
  char *p = dpu_arena_alloc(&a, 24, 16, 7, 1);
  char *q = dpu_arena_alloc(&a, 24, 16, 7, 1);
  char *big = dpu_arena_alloc(&a, 2000, 16, 7, 1);
  p[0] = 5;
  /* Freed by b's thread: on b's lists, newest first; same size class (17..32 bytes). */
  assert_int_equal(dpu_arena_free(&a, &b, p, 8, 2), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, &b, q, 8, 2), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, &b, big, 8, 2), DPU_ARENA_FREED);
  assert_ptr_not_equal(dpu_arena_alloc(&a, 24, 16, 9, 1), q); /* a's thread freed nothing */
  assert_ptr_equal(dpu_arena_alloc(&b, 30, 16, 9, 2), q);
  char *r = dpu_arena_alloc(&b, 17, 16, 9, 2);
  assert_ptr_equal(r, p);
  assert_int_equal(r[0], 0);                                  /* zeroed again */
  assert_int_equal(dpu_arena_block_size(&a, r), 17);
  assert_ptr_not_equal(dpu_arena_alloc(&b, 2000, 16, 9, 2), big); /* too big to reuse */
  assert_ptr_not_equal(dpu_arena_alloc(&b, 24, 16, 9, 2), p);    /* the list is empty */
  dpu_arena_reset(&b);
  dpu_arena_destroy(&a);
  dpu_arena_destroy(&b);
}

static void shadow_tracks_live_freed_and_headers(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 1 << 16), 0);
  static uint8_t shadow[(1 << 16) / 16];
  a.shadow = shadow;
  char *p = dpu_arena_alloc(&a, 20, 16, 3, 0);
  size_t g = (size_t)(p - a.base) / 16;
  assert_int_equal(shadow[g - 1], DPU_SHADOW_HEADER);
  assert_int_equal(shadow[g - 2], DPU_SHADOW_HEADER);
  assert_int_equal(shadow[g], DPU_SHADOW_LIVE);
  assert_int_equal(shadow[g + 1], 4); /* bytes 16..19 */
  assert_int_equal(shadow[g + 2], DPU_SHADOW_NONE);
  struct dpu_block_info b;
  assert_int_equal(dpu_arena_block_near(&a, p + 25, &b), 1); /* past the end: the block */
  assert_ptr_equal(b.start, p);
  assert_int_equal(b.alloc_site, 3);
  assert_int_equal(b.freed, 0);
  assert_int_equal(dpu_arena_free(&a, &a, p, 4, 1), DPU_ARENA_FREED);
  assert_int_equal(shadow[g], DPU_SHADOW_FREED);
  assert_int_equal(shadow[g + 1], DPU_SHADOW_FREED);
  assert_int_equal(dpu_arena_block_near(&a, p + 3, &b), 1);
  assert_int_equal(b.freed, 1);
  assert_int_equal(b.free_site, 4);
  assert_int_equal(b.free_tid, 1);
  dpu_arena_reset(&a);
  assert_int_equal(shadow[g - 1], DPU_SHADOW_NONE);
  assert_int_equal(shadow[g], DPU_SHADOW_NONE);
  dpu_arena_destroy(&a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(alloc_is_zeroed_aligned_and_distinct),
      cmocka_unit_test(reset_rewinds_and_rezeroes),
      cmocka_unit_test(frees_are_checked),
      cmocka_unit_test(exhaustion_returns_null),
      cmocka_unit_test(freed_blocks_are_reused_lifo_by_size),
      cmocka_unit_test(shadow_tracks_live_freed_and_headers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
