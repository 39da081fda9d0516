/* Unit tests of the replay text format (report/report.h): what defect reports print and
 * --replay reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../report/report.h"

static void format_compresses_runs_of_one_thread(void **state) {
  (void)state;
  struct dpu_event_rec ev[6] = {{.tid = 0}, {.tid = 0}, {.tid = 1}, {.tid = 0}, {.tid = 2}, {.tid = 2}};
  char buf[64];
  size_t n = dpu_replay_format(ev, 6, buf, sizeof buf);
  assert_string_equal(buf, "0:2,1:1,0:1,2:2");
  assert_int_equal(n, strlen(buf));
  /* Measuring with a NULL buffer gives the same length. */
  assert_int_equal(dpu_replay_format(ev, 6, NULL, 0), n);
}

static void parse_round_trips(void **state) {
  (void)state;
  struct dpu_replay_step s[8];
  assert_int_equal(dpu_replay_parse("0:2,1:1,0:1,2:2", s, 8), 4);
  assert_int_equal(s[0].tid, 0);
  assert_int_equal(s[0].count, 2);
  assert_int_equal(s[3].tid, 2);
  assert_int_equal(s[3].count, 2);
  assert_int_equal(dpu_replay_parse("", s, 8), 0);
}

/* A signal that woke a thread ends its step and names the thread: "T:C/W". */
static void signal_choice_round_trips(void **state) {
  (void)state;
  struct dpu_event_rec ev[4] = {{.tid = 0},
                                {.tid = 0, .op = DPU_OP_COND_SIGNAL, .result = 3},
                                {.tid = 0, .op = DPU_OP_COND_SIGNAL, .result = 0},
                                {.tid = 1}};
  char buf[64];
  dpu_replay_format(ev, 4, buf, sizeof buf);
  assert_string_equal(buf, "0:2/2,0:1,1:1");
  struct dpu_replay_step s[8];
  assert_int_equal(dpu_replay_parse(buf, s, 8), 3);
  assert_int_equal(s[0].count, 2);
  assert_int_equal(s[0].choice, 3); /* tid + 1 */
  assert_int_equal(s[1].choice, 0);
  assert_int_equal(dpu_replay_parse("0:1/", s, 8), -1);
  assert_int_equal(dpu_replay_parse("0:1/65535", s, 8), -1); /* its choice would not fit */
  assert_int_equal(dpu_replay_parse("0:1/k", s, 8), -1);     /* no longer a choice */
}

/* A nondet value ends its step and names its index in the domain: "T:C/I". */
static void nondet_choice_round_trips(void **state) {
  (void)state;
  struct dpu_event_rec ev[3] = {{.tid = 0, .op = DPU_OP_NONDET, .result = 0, .aux = 2},
                                {.tid = 0, .op = DPU_OP_NONDET, .result = 255, .aux = 256},
                                {.tid = 0}};
  char buf[64];
  dpu_replay_format(ev, 3, buf, sizeof buf);
  assert_string_equal(buf, "0:1/0,0:1/255,0:1");
  struct dpu_replay_step s[8];
  assert_int_equal(dpu_replay_parse(buf, s, 8), 3);
  assert_int_equal(s[0].choice, 1); /* index + 1 */
  assert_int_equal(s[1].choice, 256);
  assert_int_equal(s[2].choice, 0);
}

static void parse_rejects_malformed(void **state) {
  (void)state;
  struct dpu_replay_step s[2];
  assert_int_equal(dpu_replay_parse("0", s, 2), -1);
  assert_int_equal(dpu_replay_parse("0:", s, 2), -1);
  assert_int_equal(dpu_replay_parse("0:0", s, 2), -1);     /* empty step */
  assert_int_equal(dpu_replay_parse("1024:1", s, 2), -1);  /* beyond DPU_MAX_THREADS */
  assert_int_equal(dpu_replay_parse("1023:1", s, 2), 1);
  assert_int_equal(dpu_replay_parse("0:1;1:1", s, 2), -1);
  assert_int_equal(dpu_replay_parse("0:1,1:1,0:1", s, 2), -1); /* over capacity */
  assert_int_equal(dpu_replay_parse("x:1", s, 2), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(format_compresses_runs_of_one_thread),
      cmocka_unit_test(parse_round_trips),
      cmocka_unit_test(parse_rejects_malformed),
      cmocka_unit_test(signal_choice_round_trips),
      cmocka_unit_test(nondet_choice_round_trips),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
