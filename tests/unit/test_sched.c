/* Unit tests of the runner's replay scheduler and trace format (runtime/sched.c): a C "guest"
 * calls the runtime's __dpu_* functions directly, without the JIT. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../runtime/interpose.h"
#include "../../runtime/rt.h"

static pthread_mutex_t m; /* zeroed = PTHREAD_MUTEX_INITIALIZER */
static int counter;
static char *heap_ptr;

static void *worker(void *arg) {
  (void)arg;
  __dpu_pthread_mutex_lock(&m);
  counter++;
  __dpu_pthread_mutex_unlock(&m);
  return NULL;
}

static int guest_main(int argc, char **argv, char **envp) {
  (void)argc, (void)argv, (void)envp;
  heap_ptr = __dpu_malloc(32);
  pthread_t t;
  __dpu_pthread_create(&t, NULL, worker, NULL);
  __dpu_pthread_mutex_lock(&m);
  counter++;
  __dpu_pthread_mutex_unlock(&m);
  __dpu_pthread_join(t, NULL);
  return counter == 2 ? 0 : 1;
}

static struct dpu_shm *shm;

static int setup(void **state) {
  (void)state;
  shm = dpu_shm_create(64, 64, 256, 64, 8);
  static char *argv[] = {"guest", NULL};
  struct dpu_rt_config cfg = {.main_fn = guest_main, .argc = 1, .argv = argv,
                              .max_steps = 1000, .stack_size = 64 * 1024,
                              .heap_size = 1 << 20, .internal_fd = 2};
  if (dpu_rt_init(shm, &cfg) != 0) return -1;
  static void *addrs[2] = {&m, &counter};
  static uint64_t sizes[2] = {sizeof m, sizeof counter};
  return dpu_rt_snapshot_globals(addrs, sizes, 2);
}

static int teardown(void **state) {
  (void)state;
  dpu_shm_destroy(shm);
  return 0;
}

static void run(const struct dpu_replay_step *r, uint32_t n) {
  if (n) memcpy(dpu_shm_replay(shm), r, n * sizeof *r);
  shm->replay_len = n;
  dpu_rt_run_once();
}

/* Without a replay the fixed policy keeps running the last thread while it can move. T1's
 * start is eager (offered alone) right after its creation, so T1 then goes on and takes the
 * mutex first. */
static void default_policy_trace(void **state) {
  (void)state;
  run(NULL, 0);
  assert_int_equal(shm->result.end, DPU_END_OK);
  const struct dpu_event_rec *ev = dpu_shm_records(shm);
  uint8_t want_op[] = {DPU_OP_THREAD_START, DPU_OP_THREAD_CREATE, DPU_OP_THREAD_START,
                       DPU_OP_MUTEX_LOCK, DPU_OP_MUTEX_UNLOCK, DPU_OP_THREAD_EXIT,
                       DPU_OP_MUTEX_LOCK, DPU_OP_MUTEX_UNLOCK, DPU_OP_THREAD_JOIN,
                       DPU_OP_PROCESS_EXIT};
  uint16_t want_tid[] = {0, 0, 1, 1, 1, 1, 0, 0, 0, 0};
  assert_int_equal(shm->nevents, 10);
  for (int i = 0; i < 10; i++) {
    assert_int_equal(ev[i].op, want_op[i]);
    assert_int_equal(ev[i].tid, want_tid[i]);
  }
  assert_int_equal(ev[1].obj, 1);                          /* created T1 */
  assert_int_equal(ev[3].obj, (uint64_t)(uintptr_t)&m);    /* the mutex's address */
  assert_int_equal(ev[3].enabled, 3);                      /* both could lock */
  assert_int_equal(ev[2].enabled, 2);                      /* start offered alone */
  assert_int_equal(ev[8].enabled, 1);                      /* join enabled once T1 exited */
}

/* A replay makes main take the mutex first; the globals and heap are reset between runs, so
 * the program sees counter == 0 again and malloc returns the same block. */
static void replay_is_followed_and_state_reset(void **state) {
  (void)state;
  run(NULL, 0);
  char *first_heap = heap_ptr;
  /* main: start, create; T1: start; main: lock, unlock; then the policy: main's join cannot
   * move, so T1 runs to its end, then main. */
  struct dpu_replay_step r[] = {{0, 2, 0}, {1, 1, 0}, {0, 2, 0}};
  run(r, 3);
  assert_int_equal(shm->result.end, DPU_END_OK);
  const struct dpu_event_rec *ev = dpu_shm_records(shm);
  assert_int_equal(shm->nevents, 10);
  assert_int_equal(ev[3].tid, 0);
  assert_int_equal(ev[3].op, DPU_OP_MUTEX_LOCK);
  assert_int_equal(ev[5].tid, 1);
  assert_int_equal(ev[5].op, DPU_OP_MUTEX_LOCK);
  assert_int_equal(ev[8].tid, 0);
  assert_int_equal(ev[8].op, DPU_OP_THREAD_JOIN);
  assert_ptr_equal(heap_ptr, first_heap);
  assert_int_equal(counter, 2);
}

/* Asking for a thread that cannot move is reported, not obeyed. */
static void diverging_replay_is_reported(void **state) {
  (void)state;
  struct dpu_replay_step r[] = {{0, 1, 0}, {1, 1, 0}}; /* T1 does not exist yet */
  run(r, 2);
  assert_int_equal(shm->result.end, DPU_END_DIVERGED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(default_policy_trace),
      cmocka_unit_test(replay_is_followed_and_state_reset),
      cmocka_unit_test(diverging_replay_is_reported),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
