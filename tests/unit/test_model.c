/* Unit tests of the explorer's object model (explorer/model.h): the states events leave and
 * the outcomes they allow, checked against what the runtime does for the same sequence. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../explorer/unfold.h"
#include "../../protocol/rules.h"

static struct dpu_unfolding u;
static struct dpu_event *last_t[DPU_MAX_THREADS];

static int setup(void **state) {
  (void)state;
  for (int i = 0; i < DPU_MAX_THREADS; i++) last_t[i] = NULL;
  return dpu_unf_init(&u, 4);
}

static int teardown(void **state) {
  (void)state;
  dpu_unf_destroy(&u);
  return 0;
}

/* Appends thread t's operation (op, result, aux) on object 0x1000 after `after`. */
static struct dpu_event *add(struct dpu_event *after, uint16_t t, uint8_t op, uint16_t result,
                             uint64_t aux, uint32_t site) {
  uint32_t oi = dpu_unf_object(&u, t, op, 0x1000);
  struct dpu_event *e = dpu_unf_event(&u, t, op, result, oi, last_t[t], after, NULL, site, aux);
  assert_non_null(e);
  last_t[t] = e;
  return e;
}

static unsigned outcomes(const struct dpu_event *after, uint16_t t, uint8_t op, uint32_t site,
                         uint16_t *r) {
  return dpu_model_outcomes(after, last_t[t], t, op, site, 1, 0, 0, r);
}

/* Signals the program sends itself (runtime/models/signal.c): sigwait on the set aux waits for
 * one of them to be pending and takes the lowest; sigtimedwait never waits. */
static void pending_signals_gate_sigwait(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  uint64_t usr = 1ull << (10 - 1) | 1ull << (12 - 1); /* SIGUSR1, SIGUSR2 */
  assert_int_equal(dpu_model_outcomes(NULL, NULL, 1, DPU_OP_SIG_WAIT, 1, usr, 0, 0, r), 0);
  assert_int_equal(dpu_model_outcomes(NULL, NULL, 1, DPU_OP_SIG_TRYWAIT, 1, usr, 0, 0, r), 1);
  assert_int_equal(r[0], 0); /* nothing pending: EAGAIN */
  struct dpu_event *s12 = add(NULL, 0, DPU_OP_SIG_SEND, 0, 12, 2);
  struct dpu_event *s10 = add(s12, 0, DPU_OP_SIG_SEND, 0, 10, 2);
  assert_int_equal(dpu_model_outcomes(s10, NULL, 1, DPU_OP_SIG_WAIT, 1, usr, 0, 0, r), 1);
  assert_int_equal(r[0], 10); /* the lowest pending one */
  struct dpu_event *w = add(s10, 1, DPU_OP_SIG_WAIT, 10, usr, 1);
  assert_int_equal(dpu_model_outcomes(w, last_t[1], 1, DPU_OP_SIG_WAIT, 1, usr, 0, 0, r), 1);
  assert_int_equal(r[0], 12);
  struct dpu_event *w2 = add(w, 1, DPU_OP_SIG_WAIT, 12, usr, 1);
  assert_int_equal(dpu_model_outcomes(w2, last_t[1], 1, DPU_OP_SIG_WAIT, 1, usr, 0, 0, r), 0);
}

static void semaphore_value_gates_wait(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  struct dpu_event *init = add(NULL, 0, DPU_OP_SEM_INIT, 0, 1, 1);
  assert_int_equal(outcomes(init, 1, DPU_OP_SEM_WAIT, 2, r), 1);
  struct dpu_event *w = add(init, 1, DPU_OP_SEM_WAIT, 0, 0, 2);
  assert_int_equal(outcomes(w, 2, DPU_OP_SEM_WAIT, 2, r), 0); /* value 0: blocked */
  assert_int_equal(outcomes(w, 2, DPU_OP_SEM_TRYWAIT, 3, r), 1);
  assert_int_equal(r[0], 0); /* trywait fails */
  struct dpu_event *p = add(w, 1, DPU_OP_SEM_POST, 0, 0, 4);
  assert_int_equal(outcomes(p, 2, DPU_OP_SEM_WAIT, 2, r), 1);
}

static void signal_chooses_among_waiters(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  assert_int_equal(outcomes(NULL, 0, DPU_OP_COND_SIGNAL, 1, r), 1);
  assert_int_equal(r[0], 0); /* nobody waits: lost */
  struct dpu_event *w1 = add(NULL, 1, DPU_OP_COND_WAIT, 0, 0, 2);
  struct dpu_event *w2 = add(w1, 2, DPU_OP_COND_WAIT, 0, 0, 2);
  assert_int_equal(outcomes(w2, 1, DPU_OP_COND_RESUME, 3, r), 0); /* not woken yet */
  assert_int_equal(outcomes(w2, 0, DPU_OP_COND_SIGNAL, 1, r), 2);
  assert_int_equal(r[0], 2); /* wakes T1 */
  assert_int_equal(r[1], 3); /* or T2 */
  struct dpu_event *s = add(w2, 0, DPU_OP_COND_SIGNAL, 3, 0, 1);
  assert_int_equal(outcomes(s, 2, DPU_OP_COND_RESUME, 3, r), 1);
  assert_int_equal(outcomes(s, 1, DPU_OP_COND_RESUME, 3, r), 0);
  assert_int_equal(outcomes(s, 1, DPU_OP_COND_TIMEDRESUME, 3, r), 1);
  assert_int_equal(r[0], 0); /* T1 would time out */
  assert_int_equal(outcomes(s, 1, DPU_OP_COND_SPURIOUS, 3, r), 1);
  assert_int_equal(r[0], 0); /* or wake spuriously (--spurious-wakeups) */
  assert_int_equal(outcomes(s, 2, DPU_OP_COND_SPURIOUS, 3, r), 1);
  assert_int_equal(r[0], 1); /* T2 was chosen: woken */
  struct dpu_event *b = add(s, 0, DPU_OP_COND_BROADCAST, 0, 0, 4);
  assert_int_equal(outcomes(b, 1, DPU_OP_COND_RESUME, 3, r), 1);
}

/* Outcomes of thread t's atomic load of 0x1000 at site, reading w (NULL: the initial value):
 * loads are on the thread's reader object of the location (explorer/pes.h). */
static unsigned load_outcomes(const struct dpu_event *w, uint16_t t, uint32_t site, uint16_t *r) {
  uint32_t oi = dpu_unf_object(&u, t, DPU_OP_ATOMIC_LOAD, 0x1000);
  return dpu_model_outcomes(w, last_t[t], t, DPU_OP_ATOMIC_LOAD, site, 0, 0, oi, r);
}

static void spin_reads_wait_for_a_write(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  /* Sites 7 and 11 are reads of spin regions, 8 and 12 their twins (a read that is not the
   * first of its activation); 13 is a read outside spin regions. */
  static uint8_t kinds[16];
  kinds[7] = kinds[11] = DPU_SITE_SPIN;
  kinds[8] = kinds[12] = DPU_SITE_SPIN_AGAIN;
  dpu_model_set_spin_kinds(kinds, 16);
  struct dpu_event *l1 = add(NULL, 1, DPU_OP_ATOMIC_LOAD, 0, 0, 7); /* reads the initial 0 */
  /* The same read again, in the same activation, nothing written: blocked. */
  assert_int_equal(load_outcomes(NULL, 1, 8, r), 0);
  /* The first read of a new activation is not a repeat. */
  assert_int_equal(load_outcomes(NULL, 1, 7, r), 1);
  /* At another site it is a different read. */
  assert_int_equal(load_outcomes(NULL, 1, 9, r), 1);
  /* Another thread's read changes nothing; its write does. */
  add(NULL, 2, DPU_OP_ATOMIC_LOAD, 0, 0, 9);
  assert_int_equal(load_outcomes(NULL, 1, 8, r), 0);
  struct dpu_event *st = add(NULL, 2, DPU_OP_ATOMIC_STORE, 0, 0, 10);
  assert_int_equal(load_outcomes(st, 1, 8, r), 1);
  (void)l1;
  /* A CAS that failed is a read; one that exchanged is a write. */
  struct dpu_event *c = add(st, 1, DPU_OP_ATOMIC_CAS, 0, 0, 11);
  c->data = 0;
  dpu_model_apply(c, 0);
  assert_int_equal(outcomes(c, 1, DPU_OP_ATOMIC_CAS, 12, r), 0);
  /* A CAS that expects the value the failed one read (aux 0: a retry loop) would succeed. */
  assert_int_equal(dpu_model_outcomes(c, last_t[1], 1, DPU_OP_ATOMIC_CAS, 12, 0, 0, 0, r), 1);
  c->data = 1;
  dpu_model_apply(c, 0);
  assert_int_equal(outcomes(c, 1, DPU_OP_ATOMIC_CAS, 12, r), 1);
  /* Outside spin regions a read at one site twice in a row is no spin (a bounded loop). */
  add(c, 3, DPU_OP_ATOMIC_LOAD, 0, 0, 13);
  assert_int_equal(load_outcomes(c, 3, 13, r), 1);
  dpu_model_set_spin_kinds(NULL, 0);
}

static void barrier_opens_when_the_round_is_complete(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  struct dpu_event *init = add(NULL, 0, DPU_OP_BARRIER_INIT, 0, 2, 1);
  assert_int_equal(outcomes(init, 1, DPU_OP_BARRIER_ARRIVE, 2, r), 1);
  assert_int_equal(r[0], 0); /* not the last */
  struct dpu_event *a1 = add(init, 1, DPU_OP_BARRIER_ARRIVE, 0, 0, 2);
  assert_int_equal(outcomes(a1, 2, DPU_OP_BARRIER_ARRIVE, 2, r), 1);
  assert_int_equal(r[0], 1); /* the last: PTHREAD_BARRIER_SERIAL_THREAD */
  struct dpu_event *a2 = add(a1, 2, DPU_OP_BARRIER_ARRIVE, 1, 0, 2);
  /* The round is over: the next arrival starts the next one. (A leave is on no object: the
   * completing arrival a2, its extra cause, enables it: explorer/extend.c, round_end.) */
  assert_int_equal(outcomes(a2, 1, DPU_OP_BARRIER_ARRIVE, 2, r), 1);
  assert_int_equal(r[0], 0);
}

/* Thread ids of 64 and more (issue #12): the wait set and the arrivals are thread sets whose
 * other words the state allocates as needed; signals name every waiter, whatever its id. */
static void wide_thread_ids_in_wait_sets(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  struct dpu_event *w1 = add(NULL, 3, DPU_OP_COND_WAIT, 0, 0, 2);
  struct dpu_event *w2 = add(w1, 70, DPU_OP_COND_WAIT, 0, 0, 2);
  struct dpu_event *w3 = add(w2, 1000, DPU_OP_COND_WAIT, 0, 0, 2);
  assert_int_equal(outcomes(w3, 0, DPU_OP_COND_SIGNAL, 1, r), 3);
  assert_int_equal(r[0], 4);
  assert_int_equal(r[1], 71);
  assert_int_equal(r[2], 1001);
  struct dpu_event *s = add(w3, 0, DPU_OP_COND_SIGNAL, 71, 0, 1); /* wakes T70 */
  assert_int_equal(outcomes(s, 70, DPU_OP_COND_RESUME, 3, r), 1);
  assert_int_equal(outcomes(s, 1000, DPU_OP_COND_RESUME, 3, r), 0);
  assert_int_equal(outcomes(w3, 70, DPU_OP_COND_RESUME, 3, r), 0); /* w3's state is its own */
  assert_int_equal(outcomes(s, 0, DPU_OP_COND_SIGNAL, 1, r), 2);
  assert_int_equal(r[0], 4);
  assert_int_equal(r[1], 1001);
  struct dpu_event *b = add(s, 0, DPU_OP_COND_BROADCAST, 0, 0, 4);
  assert_int_equal(outcomes(b, 1000, DPU_OP_COND_RESUME, 3, r), 1);
  assert_int_equal(outcomes(b, 3, DPU_OP_COND_RESUME, 3, r), 1);
  assert_int_equal(outcomes(b, 0, DPU_OP_COND_SIGNAL, 1, r), 1);
  assert_int_equal(r[0], 0); /* nobody waits now: lost */
  struct dpu_event *init = add(NULL, 0, DPU_OP_BARRIER_INIT, 0, 2, 5);
  struct dpu_event *a1 = add(init, 200, DPU_OP_BARRIER_ARRIVE, 0, 0, 6);
  assert_int_equal(outcomes(a1, 200, DPU_OP_BARRIER_ARRIVE, 6, r), 1);
  assert_int_equal(r[0], 0); /* T200 again does not complete the round of two */
  assert_int_equal(outcomes(a1, 3, DPU_OP_BARRIER_ARRIVE, 6, r), 1);
  assert_int_equal(r[0], 1);
  struct dpu_event *a2 = add(a1, 3, DPU_OP_BARRIER_ARRIVE, 1, 0, 6);
  assert_int_equal(outcomes(a2, 200, DPU_OP_BARRIER_ARRIVE, 6, r), 1);
  assert_int_equal(r[0], 0); /* the round of T200 and T3 is over */
}

static void mutex_kinds(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  struct dpu_event *l = add(NULL, 1, DPU_OP_MUTEX_LOCK, 0, PTHREAD_MUTEX_RECURSIVE, 1);
  assert_int_equal(outcomes(l, 2, DPU_OP_MUTEX_LOCK, 2, r), 0);
  /* A recursive mutex's owner acquires it again; an errorcheck one's does not. */
  assert_int_equal(dpu_model_outcomes(l, l, 1, DPU_OP_MUTEX_TRYLOCK, 3, 0, PTHREAD_MUTEX_RECURSIVE, 0,
                                      r),
                   1);
  assert_int_equal(r[0], 1);
  assert_int_equal(dpu_model_outcomes(l, l, 1, DPU_OP_MUTEX_TRYLOCK, 3, 0, PTHREAD_MUTEX_ERRORCHECK, 0,
                                      r),
                   1);
  assert_int_equal(r[0], 0);
  assert_int_equal(outcomes(l, 2, DPU_OP_MUTEX_TIMEDLOCK, 4, r), 1);
  assert_int_equal(r[0], 0); /* times out */
  struct dpu_event *un = add(l, 1, DPU_OP_MUTEX_UNLOCK, 0, 0, 5);
  assert_int_equal(outcomes(un, 2, DPU_OP_MUTEX_TIMEDLOCK, 4, r), 1);
  assert_int_equal(r[0], 1);
}

static void rwlock_readers_share(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  struct dpu_event *r1 = add(NULL, 1, DPU_OP_RWLOCK_RDLOCK, 0, 0, 1);
  assert_int_equal(outcomes(r1, 2, DPU_OP_RWLOCK_RDLOCK, 1, r), 1);
  assert_int_equal(outcomes(r1, 2, DPU_OP_RWLOCK_WRLOCK, 2, r), 0);
  struct dpu_event *un = add(r1, 1, DPU_OP_RWLOCK_UNLOCK, 0, 0, 3);
  assert_int_equal(outcomes(un, 2, DPU_OP_RWLOCK_WRLOCK, 2, r), 1);
  struct dpu_event *w = add(un, 2, DPU_OP_RWLOCK_WRLOCK, 0, 0, 2);
  assert_int_equal(outcomes(w, 1, DPU_OP_RWLOCK_RDLOCK, 1, r), 0);
  assert_int_equal(outcomes(w, 1, DPU_OP_RWLOCK_TRYRDLOCK, 4, r), 1);
  assert_int_equal(r[0], 0);
}

/* A nondet value (DPU_OP_NONDET, aux = its domain's size) may be any of them, whatever the
 * state; the other values are its conflicting extensions, in conflict with each other on the
 * thread's choices object (ops.h: DPU_FAM_CHOICES), and so is every event after one of them,
 * of any thread: a lock of another thread after the unlock that followed value 0 is in
 * conflict with value 2 (on no object, only the thread tree would have said so, which
 * dpu_pes_conflict does not look at for events of two threads). */
static void nondet_takes_every_value(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  assert_int_equal(dpu_model_outcomes(NULL, NULL, 1, DPU_OP_NONDET, 1, 256, 0, 0, r), 256);
  assert_int_equal(r[0], 0);
  assert_int_equal(r[255], 255);
  uint32_t c1 = dpu_unf_object(&u, 1, DPU_OP_NONDET, 1), c2 = dpu_unf_object(&u, 2, DPU_OP_NONDET, 2);
  assert_int_not_equal(c1, DPU_NO_OBJECT);
  assert_int_not_equal(c1, c2);
  assert_int_equal(dpu_unf_object(&u, 1, DPU_OP_READS_FROM, 1), c1); /* one per thread */
  struct dpu_event *start = dpu_unf_event(&u, 1, DPU_OP_THREAD_START, 0, DPU_NO_OBJECT, NULL,
                                          NULL, NULL, 0, 0);
  assert_non_null(start);
  struct dpu_event *v0 = dpu_unf_event(&u, 1, DPU_OP_NONDET, 0, c1, start, NULL, NULL, 5, 3);
  assert_non_null(v0);
  uint32_t before = u.pes.nevents;
  assert_int_equal(dpu_unf_cex(&u, v0), 0);
  assert_int_equal(u.pes.nevents, before + 2); /* values 1 and 2 */
  struct dpu_event *v2 = dpu_unf_event(&u, 1, DPU_OP_NONDET, 2, c1, start, NULL, NULL, 5, 3);
  assert_int_equal(u.pes.nevents, before + 2); /* already there */
  assert_true(dpu_pes_conflict(&u.pes, v0, v2));
  /* Another thread's value is in conflict with neither. */
  struct dpu_event *w = dpu_unf_event(&u, 2, DPU_OP_NONDET, 0, c2, NULL, NULL, NULL, 6, 2);
  assert_false(dpu_pes_conflict(&u.pes, v0, w));
  assert_false(dpu_pes_conflict(&u.pes, v2, w));
  /* T1 locks and unlocks m after value 0; T2's lock of m after that unlock follows value 0. */
  uint32_t m = dpu_unf_object(&u, 1, DPU_OP_MUTEX_LOCK, 0x2000);
  struct dpu_event *l1 = dpu_unf_event(&u, 1, DPU_OP_MUTEX_LOCK, 0, m, v0, NULL, NULL, 7, 0);
  struct dpu_event *u1 = dpu_unf_event(&u, 1, DPU_OP_MUTEX_UNLOCK, 0, m, l1, l1, NULL, 8, 0);
  struct dpu_event *l2 = dpu_unf_event(&u, 2, DPU_OP_MUTEX_LOCK, 0, m, w, u1, NULL, 9, 0);
  assert_non_null(l2);
  assert_true(dpu_pes_conflict(&u.pes, l2, v2));
  assert_false(dpu_pes_conflict(&u.pes, l2, v0));
}

/* protocol/ops.def against itself and against the explorer's model: every operation has a name;
 * the flags nest as they say (an atomic access or a read is an access, an eager operation is a
 * thread operation, a try operation does not block); an operation that cannot block has an
 * outcome on a fresh object, and a try operation's outcomes have words. */
/* rules.h's read-modify-writes that leave a value as it was (the spin-loop rule's failed
 * updates), at each width: a test-and-set of a set flag, an OR of set bits, a signed MIN that
 * keeps the value; and the ones that change it. */
static void rmw_unchanged(void **state) {
  (void)state;
  assert_true(dpu_rmw_unchanged(DPU_RMW_XCHG, 1, 1, 1));   /* test-and-set of a set flag */
  assert_false(dpu_rmw_unchanged(DPU_RMW_XCHG, 0, 1, 1));  /* takes the lock */
  assert_true(dpu_rmw_unchanged(DPU_RMW_OR, 6, 2, 4));
  assert_false(dpu_rmw_unchanged(DPU_RMW_OR, 4, 2, 4));
  assert_true(dpu_rmw_unchanged(DPU_RMW_ADD, 5, 0, 8));
  assert_false(dpu_rmw_unchanged(DPU_RMW_ADD, 5, 1, 8));
  assert_true(dpu_rmw_unchanged(DPU_RMW_ADD, 0xff, 0x100, 1)); /* wraps within the byte */
  assert_true(dpu_rmw_unchanged(DPU_RMW_AND, 3, 7, 2));
  assert_true(dpu_rmw_unchanged(DPU_RMW_NAND, 0xff, 0, 1));   /* ~(0xff & 0) = 0xff */
  assert_true(dpu_rmw_unchanged(DPU_RMW_XOR, 9, 0, 4));
  assert_true(dpu_rmw_unchanged(DPU_RMW_MIN, 0xfffffffe, 3, 4)); /* -2 < 3 */
  assert_false(dpu_rmw_unchanged(DPU_RMW_UMIN, 0xfffffffe, 3, 4));
  assert_true(dpu_rmw_unchanged(DPU_RMW_MAX, 3, 0xfffffffe, 4));
  assert_true(dpu_rmw_unchanged(DPU_RMW_UMAX, 0xffffffffffffffffull, 7, 8));
  assert_false(dpu_rmw_unchanged(DPU_RMW_OTHER, 1, 1, 4)); /* floating point: taken to change */
}

static void ops_table_agrees_with_the_model(void **state) {
  (void)state;
  uint16_t r[DPU_MODEL_MAX_OUTCOMES];
  for (uint8_t op = 0; op < DPU_OP_COUNT; op++) {
    assert_string_not_equal(dpu_op_name(op), "?");
    if (dpu_op_is_atomic(op) || dpu_op_is_read(op)) assert_true(dpu_op_is_access(op));
    if (dpu_op_is_eager(op)) assert_true(dpu_op_is_thread_op(op));
    if (dpu_op_has(op, DPU_OPF_TRY)) assert_false(dpu_op_has(op, DPU_OPF_BLOCKS));
    if (!dpu_op_has(op, DPU_OPF_BLOCKS))
      assert_true(dpu_model_outcomes(NULL, NULL, 1, op, 1, 2, 0, 0, r) >= 1);
    if (dpu_op_has(op, DPU_OPF_TRY) && op != DPU_OP_SIG_TRYWAIT) /* its result is a signal */
      assert_true(dpu_op_outcome_word(op, 1) && dpu_op_outcome_word(op, 0));
  }
  assert_string_equal(dpu_op_name(DPU_OP_COUNT), "?");
  assert_null(dpu_op_outcome_word(DPU_OP_MUTEX_LOCK, 1));
  assert_string_equal(dpu_op_outcome_word(DPU_OP_MUTEX_TRYLOCK, 0), "busy");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(semaphore_value_gates_wait, setup, teardown),
      cmocka_unit_test_setup_teardown(pending_signals_gate_sigwait, setup, teardown),
      cmocka_unit_test_setup_teardown(signal_chooses_among_waiters, setup, teardown),
      cmocka_unit_test_setup_teardown(spin_reads_wait_for_a_write, setup, teardown),
      cmocka_unit_test_setup_teardown(barrier_opens_when_the_round_is_complete, setup, teardown),
      cmocka_unit_test_setup_teardown(wide_thread_ids_in_wait_sets, setup, teardown),
      cmocka_unit_test_setup_teardown(mutex_kinds, setup, teardown),
      cmocka_unit_test_setup_teardown(rwlock_readers_share, setup, teardown),
      cmocka_unit_test_setup_teardown(nondet_takes_every_value, setup, teardown),
      cmocka_unit_test_setup_teardown(ops_table_agrees_with_the_model, setup, teardown),
      cmocka_unit_test(rmw_unchanged),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
