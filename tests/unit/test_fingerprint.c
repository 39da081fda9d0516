/* Unit tests of trace fingerprints (explorer/fingerprint.h): equivalent interleavings get the
 * same fingerprint, different partial orders different ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../explorer/fingerprint.h"

#define E(t, o, x) {.op = (o), .tid = (t), .obj = (x)}
enum { START = DPU_OP_THREAD_START, EXIT = DPU_OP_THREAD_EXIT, CREATE = DPU_OP_THREAD_CREATE,
       JOIN = DPU_OP_THREAD_JOIN, LOCK = DPU_OP_MUTEX_LOCK, UNLOCK = DPU_OP_MUTEX_UNLOCK };

static void fp(const struct dpu_event_rec *ev, uint32_t n, uint8_t out[DPU_FP_BYTES]) {
  assert_int_equal(dpu_fingerprint(ev, n, out), 0);
}

/* main creates T1 and T2; T1 locks m1, T2 locks m2: independent. */
static void independent_orders_are_equal(void **state) {
  (void)state;
  struct dpu_event_rec a[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(1, START, 1), E(1, LOCK, 0x100), E(1, UNLOCK, 0x100),
                              E(2, START, 2), E(2, LOCK, 0x200), E(2, UNLOCK, 0x200)};
  struct dpu_event_rec b[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(2, START, 2), E(2, LOCK, 0x200), E(1, START, 1),
                              E(1, LOCK, 0x100), E(2, UNLOCK, 0x200), E(1, UNLOCK, 0x100)};
  uint8_t x[DPU_FP_BYTES], y[DPU_FP_BYTES];
  fp(a, 9, x);
  fp(b, 9, y);
  assert_memory_equal(x, y, DPU_FP_BYTES);
}

/* The same two threads on one mutex: T1 first vs T2 first are two traces. */
static void mutex_order_matters(void **state) {
  (void)state;
  struct dpu_event_rec a[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(1, START, 1), E(1, LOCK, 0x100), E(1, UNLOCK, 0x100),
                              E(2, START, 2), E(2, LOCK, 0x100), E(2, UNLOCK, 0x100)};
  struct dpu_event_rec b[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(2, START, 2), E(2, LOCK, 0x100), E(2, UNLOCK, 0x100),
                              E(1, START, 1), E(1, LOCK, 0x100), E(1, UNLOCK, 0x100)};
  uint8_t x[DPU_FP_BYTES], y[DPU_FP_BYTES];
  fp(a, 9, x);
  fp(b, 9, y);
  assert_memory_not_equal(x, y, DPU_FP_BYTES);
}

/* Heap addresses and thread numbering may differ between equivalent runs. */
static void addresses_and_tids_do_not_show(void **state) {
  (void)state;
  /* main creates A then B; A locks the mutex it allocated at 0x100 in one run, 0x300 in the
   * other; and in the second run B happened to be given tid 1 by a different creation order
   * of ... (same creator, so the tids are the same here: vary the address only). */
  struct dpu_event_rec a[] = {E(0, START, 0), E(0, CREATE, 1), E(1, START, 1),
                              E(1, LOCK, 0x100), E(1, UNLOCK, 0x100), E(1, EXIT, 1),
                              E(0, JOIN, 1)};
  struct dpu_event_rec b[] = {E(0, START, 0), E(0, CREATE, 1), E(1, START, 1),
                              E(1, LOCK, 0x300), E(1, UNLOCK, 0x300), E(1, EXIT, 1),
                              E(0, JOIN, 1)};
  uint8_t x[DPU_FP_BYTES], y[DPU_FP_BYTES];
  fp(a, 7, x);
  fp(b, 7, y);
  assert_memory_equal(x, y, DPU_FP_BYTES);
  /* Two threads that each create a child: the children's tids depend on the interleaving,
   * the trace does not. */
  struct dpu_event_rec c[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(1, START, 1), E(1, CREATE, 3), E(3, START, 3),
                              E(2, START, 2), E(2, CREATE, 4), E(4, START, 4),
                              E(3, LOCK, 0x10), E(3, UNLOCK, 0x10)};
  struct dpu_event_rec d[] = {E(0, START, 0), E(0, CREATE, 1), E(0, CREATE, 2),
                              E(2, START, 2), E(2, CREATE, 3), E(3, START, 3),
                              E(1, START, 1), E(1, CREATE, 4), E(4, START, 4),
                              E(4, LOCK, 0x10), E(4, UNLOCK, 0x10)};
  fp(c, 11, x);
  fp(d, 11, y);
  assert_memory_equal(x, y, DPU_FP_BYTES);
}

/* A trylock that failed is a different event from one that succeeded. */
static void results_matter(void **state) {
  (void)state;
  struct dpu_event_rec a[] = {E(0, START, 0), E(0, DPU_OP_MUTEX_TRYLOCK, 0x10)};
  struct dpu_event_rec b[] = {E(0, START, 0), E(0, DPU_OP_MUTEX_TRYLOCK, 0x10)};
  b[1].result = 1;
  uint8_t x[DPU_FP_BYTES], y[DPU_FP_BYTES];
  fp(a, 2, x);
  fp(b, 2, y);
  assert_memory_not_equal(x, y, DPU_FP_BYTES);
}

static void fpset_counts_distinct(void **state) {
  (void)state;
  struct dpu_fpset s = {0};
  uint8_t k[DPU_FP_BYTES];
  for (int i = 0; i < 5000; i++) {
    memset(k, 0, sizeof k);
    memcpy(k, &i, sizeof i);
    assert_int_equal(dpu_fpset_add(&s, k), 1);
  }
  for (int i = 0; i < 5000; i += 7) {
    memset(k, 0, sizeof k);
    memcpy(k, &i, sizeof i);
    assert_int_equal(dpu_fpset_add(&s, k), 0);
  }
  assert_int_equal(s.n, 5000);
  dpu_fpset_free(&s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(independent_orders_are_equal),
      cmocka_unit_test(mutex_order_matters),
      cmocka_unit_test(addresses_and_tids_do_not_show),
      cmocka_unit_test(results_matter),
      cmocka_unit_test(fpset_counts_distinct),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
