/* Unit tests of coroutine switching (runtime/coro.h), and of unwinding a switched-out
 * coroutine's stack (runtime/backtrace.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../runtime/backtrace.h"
#include "../../runtime/coro.h"

void dpu_coro_trampoline(void); /* coro.c: the first frame of every coroutine */

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

static struct dpu_coro c_ctx;
static uint64_t inner_ret; /* where inner_c returns to in outer_c */

__attribute__((noinline)) static void inner_c(void) {
  inner_ret = (uint64_t)(uintptr_t)__builtin_return_address(0);
  dpu_coro_switch(&c_ctx, &main_ctx);
}

__attribute__((noinline)) static void outer_c(void) {
  inner_c();
  __asm__ volatile(""); /* not a tail call: outer_c stays on the stack */
}

static void entry_c(void) {
  dpu_coro_started(&main_ctx);
  outer_c();
  dpu_coro_switch(&c_ctx, &main_ctx);
}

static void switched_out_stack_unwinds(void **state) {
  (void)state;
  uint64_t pcs[64];
  assert_int_equal(dpu_stack_alloc(&c_ctx, 64 * 1024), 0);
  dpu_coro_prepare(&c_ctx, entry_c);
  /* Prepared, never run: nothing but the trampoline's start. */
  assert_true(dpu_bt_unwind_coro(&c_ctx, pcs, 64, NULL) <= 1);

  dpu_coro_switch(&main_ctx, &c_ctx); /* runs to the switch in inner_c */
  struct dpu_coro_regs r;
  dpu_coro_registers(&c_ctx, &r);
  uint64_t lo = (uint64_t)(uintptr_t)c_ctx.stack_base, hi = lo + c_ctx.stack_size;
  assert_true(r.rsp > lo && r.rsp < hi);
  unsigned n = dpu_bt_unwind_coro(&c_ctx, pcs, 64, NULL);
  /* The call of inner_c in outer_c is a frame (return address - 1), ... */
  unsigned i = 0;
  while (i < n && pcs[i] != inner_ret - 1) i++;
  assert_true(i < n);
  /* ... and the chain ends at the trampoline, below entry_c, not in whatever lies beyond. */
  assert_true(n >= i + 3 && n < 16);
  assert_true(pcs[n - 1] - (uint64_t)(uintptr_t)dpu_coro_trampoline < 32);

  dpu_coro_switch(&main_ctx, &c_ctx); /* let it finish */
  dpu_stack_free(&c_ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(ping_pong_in_order),
                                     cmocka_unit_test(switched_out_stack_unwinds)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
