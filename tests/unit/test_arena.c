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
  char *p = dpu_arena_alloc(&a, 100, 16);
  char *q = dpu_arena_alloc(&a, 1, 64);
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
  char *p = dpu_arena_alloc(&a, 64, 16);
  p[0] = 42;
  dpu_arena_reset(&a);
  char *q = dpu_arena_alloc(&a, 64, 16);
  assert_ptr_equal(p, q);       /* same address in the next run: runs are deterministic */
  assert_int_equal(q[0], 0);    /* and the content does not leak from the last run */
  dpu_arena_destroy(&a);
}

static void frees_are_checked(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 1 << 20), 0);
  char *p = dpu_arena_alloc(&a, 32, 16);
  int local;
  assert_int_equal(dpu_arena_free(&a, NULL), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, p + 16), DPU_ARENA_INVALID_FREE);
  assert_int_equal(dpu_arena_free(&a, p + 1), DPU_ARENA_INVALID_FREE);
  assert_int_equal(dpu_arena_free(&a, &local), DPU_ARENA_NOT_OURS);
  assert_int_equal(dpu_arena_free(&a, p), DPU_ARENA_FREED);
  assert_int_equal(dpu_arena_free(&a, p), DPU_ARENA_DOUBLE_FREE);
  assert_int_equal(dpu_arena_block_size(&a, p), 0);
  dpu_arena_destroy(&a);
}

static void exhaustion_returns_null(void **state) {
  (void)state;
  struct dpu_arena a;
  assert_int_equal(dpu_arena_init(&a, 4096), 0);
  assert_non_null(dpu_arena_alloc(&a, 2000, 16));
  assert_null(dpu_arena_alloc(&a, 4000, 16));
  assert_null(dpu_arena_alloc(&a, SIZE_MAX - 8, 16)); /* no overflow */
  assert_null(dpu_arena_alloc(&a, 16, 24));           /* not a power of two */
  assert_non_null(dpu_arena_alloc(&a, 1000, 16));
  dpu_arena_destroy(&a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(alloc_is_zeroed_aligned_and_distinct),
      cmocka_unit_test(reset_rewinds_and_rezeroes),
      cmocka_unit_test(frees_are_checked),
      cmocka_unit_test(exhaustion_returns_null),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
