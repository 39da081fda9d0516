/* Unit tests of coroutine switching (runtime/coro.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../runtime/coro.h"

static struct dpu_coro main_ctx, a_ctx, b_ctx;
static int log_buf[16], nlog;

static void entry_a(void) {
  dpu_coro_started(&main_ctx);
  for (int i = 0; i < 3; i++) {
    log_buf[nlog++] = 10 + i;
    dpu_coro_switch(&a_ctx, &b_ctx);
  }
  dpu_coro_switch(&a_ctx, &main_ctx);
}

static void entry_b(void) {
  dpu_coro_started(&a_ctx);
  double d = 1.5; /* floating-point state survives switches */
  for (int i = 0; i < 3; i++) {
    log_buf[nlog++] = 20 + i;
    d *= 2;
    dpu_coro_switch(&b_ctx, &a_ctx);
  }
  log_buf[nlog++] = (int)d;
  dpu_coro_switch(&b_ctx, &main_ctx);
}

static void ping_pong_in_order(void **state) {
  (void)state;
  assert_int_equal(dpu_stack_alloc(&a_ctx, 64 * 1024), 0);
  assert_int_equal(dpu_stack_alloc(&b_ctx, 64 * 1024), 0);
  dpu_coro_prepare(&a_ctx, entry_a);
  dpu_coro_prepare(&b_ctx, entry_b);
  volatile int local = 7; /* the caller's frame is intact after switching back */
  dpu_coro_switch(&main_ctx, &a_ctx);
  int want[] = {10, 20, 11, 21, 12, 22};
  assert_int_equal(nlog, 6);
  for (int i = 0; i < 6; i++) assert_int_equal(log_buf[i], want[i]);
  assert_int_equal(local, 7);
  /* A prepared coroutine restarts from scratch (stacks are recycled between runs). */
  nlog = 0;
  dpu_coro_prepare(&a_ctx, entry_a);
  dpu_coro_switch(&main_ctx, &b_ctx); /* b resumes: logs 12 and ends */
  assert_int_equal(nlog, 1);
  assert_int_equal(log_buf[0], 12);
  dpu_stack_free(&a_ctx);
  dpu_stack_free(&b_ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(ping_pong_in_order)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
