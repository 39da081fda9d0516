/* Unit tests of the preemption bound's lower bound lb (explorer/bound.h): small histories whose
 * preemptions are derived by hand, and on random histories, that lb never decreases along
 * causality (what makes E_B = {e | lb(e) <= B} causally closed). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../explorer/bound.h"
#include "../../explorer/unfold.h"

static struct dpu_unfolding u;
static struct dpu_event *last_t[DPU_MAX_THREADS];

static int setup(void **state) {
  (void)state;
  for (int i = 0; i < DPU_MAX_THREADS; i++) last_t[i] = NULL;
  int rc = dpu_unf_init(&u, 4);
  u.bound = 0; /* lb is computed for every event once a bound is set */
  return rc;
}

static int teardown(void **state) {
  (void)state;
  dpu_unf_destroy(&u);
  return 0;
}

/* Appends thread t's operation op on the object at address addr after `after` (the object's
 * previous event, NULL: its first), with the extra cause px. */
static struct dpu_event *add(uint16_t t, uint8_t op, uint64_t addr, struct dpu_event *after,
                             struct dpu_event *px) {
  uint32_t oi = dpu_unf_object(&u, t, op, addr);
  struct dpu_event *e = dpu_unf_event(&u, t, op, 0, oi, last_t[t], after, px, 1,
                                      op == DPU_OP_MUTEX_LOCK || op == DPU_OP_MUTEX_UNLOCK
                                          ? PTHREAD_MUTEX_NORMAL
                                          : 0);
  assert_non_null(e);
  last_t[t] = e;
  return e;
}

/* T0 signals, T1 signals after it, T0 signals again: T1's signal lies between T0's two, and
 * T0's second never blocks, so every schedule preempts T0 after its first: 1. */
static void round_trip_of_a_nonblocking_operation(void **state) {
  (void)state;
  struct dpu_event *a = add(0, DPU_OP_COND_SIGNAL, 0x100, NULL, NULL);
  struct dpu_event *c = add(1, DPU_OP_COND_SIGNAL, 0x100, a, NULL);
  struct dpu_event *a2 = add(0, DPU_OP_COND_SIGNAL, 0x100, c, NULL);
  assert_int_equal(a->lb, 0);
  assert_int_equal(c->lb, 0);
  assert_int_equal(a2->lb, 1);
  assert_true(dpu_bound_over(0, a2));
  assert_false(dpu_bound_over(1, a2));
  assert_false(dpu_bound_over(DPU_BOUND_NONE, a2));
}

/* A lock handed over and taken back: T0 locks and unlocks m, T1 locks and unlocks it, T0
 * locks it again. Right after T0's unlock the mutex is free and T1's lock follows it, so T0's
 * next lock is enabled when T0 is switched away from: 1. */
static void lock_taken_back(void **state) {
  (void)state;
  struct dpu_event *l0 = add(0, DPU_OP_MUTEX_LOCK, 0x200, NULL, NULL);
  struct dpu_event *u0 = add(0, DPU_OP_MUTEX_UNLOCK, 0x200, l0, NULL);
  struct dpu_event *l1 = add(1, DPU_OP_MUTEX_LOCK, 0x200, u0, NULL);
  struct dpu_event *u1 = add(1, DPU_OP_MUTEX_UNLOCK, 0x200, l1, NULL);
  struct dpu_event *l2 = add(0, DPU_OP_MUTEX_LOCK, 0x200, u1, NULL);
  assert_int_equal(u1->lb, 0);
  assert_int_equal(l2->lb, 1);
}

/* A preemption that is one of two: T0 locks and unlocks m, then locks n; T1 locks n, then
 * locks and unlocks m, then unlocks n, and T0's lock of n follows. Either T1 is switched away
 * from after locking n (its lock of m could run) or T0 after unlocking m (n is still free):
 * every schedule has 1, at no fixed place. T0's lock of n may find n held (T1's lock of n is
 * not after T0's unlock of m), so the interval does not force it: lb is 0, a lower bound
 * (bound.h says which preemptions it misses). */
static void lock_that_may_wait(void **state) {
  (void)state;
  struct dpu_event *n1 = add(1, DPU_OP_MUTEX_LOCK, 0x300, NULL, NULL);
  struct dpu_event *l0 = add(0, DPU_OP_MUTEX_LOCK, 0x200, NULL, NULL);
  struct dpu_event *u0 = add(0, DPU_OP_MUTEX_UNLOCK, 0x200, l0, NULL);
  struct dpu_event *l1 = add(1, DPU_OP_MUTEX_LOCK, 0x200, u0, NULL);
  struct dpu_event *u1 = add(1, DPU_OP_MUTEX_UNLOCK, 0x200, l1, NULL);
  struct dpu_event *v1 = add(1, DPU_OP_MUTEX_UNLOCK, 0x300, n1, NULL);
  (void)u1;
  struct dpu_event *n0 = add(0, DPU_OP_MUTEX_LOCK, 0x300, v1, NULL);
  assert_int_equal(n0->lb, 0);
}

/* A wait: T0 enters the wait set, T1 signals it, T0 resumes. The resume waits for the signal,
 * so the switch away from T0 before it is no preemption: 0. */
static void waiting_is_no_preemption(void **state) {
  (void)state;
  struct dpu_event *w = add(0, DPU_OP_COND_WAIT, 0x400, NULL, NULL);
  struct dpu_event *s = add(1, DPU_OP_COND_SIGNAL, 0x400, w, NULL);
  struct dpu_event *r = add(0, DPU_OP_COND_RESUME, 0x400, s, NULL);
  assert_int_equal(r->lb, 0);
}

/* Two threads each forced once by a third, T2, which is forced too: T2 signals between T0's
 * two signals and between T1's, and its own later signals follow T0's and T1's second ones.
 * T2: c, d, x (after a2), y (after b2). T0 must yield between a and a2 (to c), T1 between b and
 * b2 (to d), and T2 between c and x (to a2) and between d and y (to b2): one switch of T2
 * after d serves both. lb sums over the threads of the history: x's history holds T0's and
 * T2's preemptions (2), y's T1's too (3). */
static void forced_preemptions_add_up(void **state) {
  (void)state;
  struct dpu_event *a = add(0, DPU_OP_COND_SIGNAL, 0x500, NULL, NULL);
  struct dpu_event *c = add(2, DPU_OP_COND_SIGNAL, 0x500, a, NULL);
  struct dpu_event *a2 = add(0, DPU_OP_COND_SIGNAL, 0x500, c, NULL);
  struct dpu_event *b = add(1, DPU_OP_COND_SIGNAL, 0x600, NULL, NULL);
  struct dpu_event *d = add(2, DPU_OP_COND_SIGNAL, 0x600, b, NULL);
  struct dpu_event *b2 = add(1, DPU_OP_COND_SIGNAL, 0x600, d, NULL);
  assert_int_equal(a2->lb, 1);
  assert_int_equal(b2->lb, 1);
  struct dpu_event *x = add(2, DPU_OP_COND_SIGNAL, 0x500, a2, NULL);
  struct dpu_event *y = add(2, DPU_OP_COND_SIGNAL, 0x600, b2, NULL);
  assert_int_equal(x->lb, 2);
  assert_int_equal(y->lb, 3);
}

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

/* Random histories of 4 threads on 3 condition variables (signals never block, resumes do):
 * lb(cause) <= lb(e) for every immediate cause. */
static void monotone_in_causality(void **state) {
  (void)state;
  struct dpu_event *last_o[3] = {NULL, NULL, NULL};
  static const uint8_t ops[] = {DPU_OP_COND_SIGNAL, DPU_OP_COND_BROADCAST, DPU_OP_COND_RESUME};
  for (int i = 0; i < 3000; i++) {
    uint16_t t = (uint16_t)rnd(4);
    uint32_t o = rnd(3);
    struct dpu_event *e = add(t, ops[rnd(3)], 0x700 + 0x10 * o, last_o[o], NULL);
    last_o[o] = e;
    if (e->pre_thread) assert_true(e->pre_thread->lb <= e->lb);
    if (e->pre_obj) assert_true(e->pre_obj->lb <= e->lb);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(round_trip_of_a_nonblocking_operation, setup, teardown),
      cmocka_unit_test_setup_teardown(lock_taken_back, setup, teardown),
      cmocka_unit_test_setup_teardown(lock_that_may_wait, setup, teardown),
      cmocka_unit_test_setup_teardown(waiting_is_no_preemption, setup, teardown),
      cmocka_unit_test_setup_teardown(forced_preemptions_add_up, setup, teardown),
      cmocka_unit_test_setup_teardown(monotone_in_causality, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
