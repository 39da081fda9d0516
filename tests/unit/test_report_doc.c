/* Unit tests of the JSON and SARIF builders (report/doc.h): program output and file
 * names that are not valid UTF-8 still make valid JSON strings, and a report's documents have
 * the shape their readers expect. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../report/doc.h"

static void check_text(const char *in, size_t n, const char *want, size_t want_len) {
  json_t *v = dpu_json_text(in, n);
  assert_non_null(v);
  assert_int_equal(json_string_length(v), want_len);
  assert_memory_equal(json_string_value(v), want, want_len);
  json_decref(v);
}

static void text_keeps_valid_utf8_and_nul_bytes(void **state) {
  (void)state;
  check_text("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82", (size_t)-1,
             "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82", 14);
  check_text("a\0b", 3, "a\0b", 3);
  check_text("", 0, "", 0);
}

static void text_replaces_each_invalid_byte(void **state) {
  (void)state;
  /* Latin-1, a lone continuation byte, a truncated sequence at the end. */
  check_text("caf\xe9!", (size_t)-1, "caf\xef\xbf\xbd!", 7);
  check_text("\x80x", (size_t)-1, "\xef\xbf\xbdx", 4);
  check_text("ab\xe2\x82", (size_t)-1, "ab\xef\xbf\xbd\xef\xbf\xbd", 8);
  /* An overlong '/', a UTF-16 surrogate, a code point beyond U+10FFFF. */
  check_text("\xc0\xaf", (size_t)-1, "\xef\xbf\xbd\xef\xbf\xbd", 6);
  check_text("\xed\xa0\x80", (size_t)-1, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 9);
  check_text("\xf4\x90\x80\x80", (size_t)-1,
             "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 12);
  json_t *v = dpu_json_text(NULL, 0);
  assert_true(json_is_null(v));
}

static void put_and_push_report_failures(void **state) {
  (void)state;
  int ok = 1;
  json_t *o = json_object(), *a = json_array();
  dpu_json_put(o, "x", json_integer(1), &ok);
  dpu_json_push(a, json_integer(2), &ok);
  assert_int_equal(ok, 1);
  dpu_json_put(o, "y", NULL, &ok); /* a failed allocation */
  assert_int_equal(ok, 0);
  ok = 1;
  dpu_json_push(a, NULL, &ok);
  assert_int_equal(ok, 0);
  ok = 1;
  dpu_json_put(NULL, "z", json_integer(3), &ok); /* the container failed: v is released */
  assert_int_equal(ok, 0);
  assert_int_equal(json_integer_value(json_object_get(o, "x")), 1);
  assert_int_equal(json_array_size(a), 1);
  json_decref(o);
  json_decref(a);
}

/* A report with no site table entries and no defect: both documents are built, with their
 * state, counts and (SARIF) one rule per defect kind. */
static void documents_of_an_empty_report(void **state) {
  (void)state;
  char *inputs[] = {"prog.c"};
  struct dpu_invocation inv = {.version = "1.2.3", .inputs = inputs, .ninputs = 1,
                               .explorer = "qpor"};
  struct dpu_site_table sites = {0};
  struct dpu_counts counts = {.max_configs = 5, .runs = 7};
  struct dpu_report r = {.sites = &sites, .inv = &inv, .counts = &counts};
  struct dpu_report_end end = {.state = "incomplete", .reason = "--timeout reached",
                               .exit_code = 3};
  json_t *j = dpu_report_json(&r, &end);
  assert_non_null(j);
  assert_string_equal(json_string_value(json_object_get(j, "state")), "incomplete");
  assert_false(json_is_true(json_object_get(j, "complete")));
  assert_int_equal(json_integer_value(json_object_get(j, "exit_code")), 3);
  json_t *sum = json_object_get(j, "summary");
  assert_int_equal(json_integer_value(json_object_get(sum, "max_configs")), 5);
  assert_int_equal(json_integer_value(json_object_get(sum, "runs")), 7);
  assert_int_equal(json_array_size(json_object_get(j, "defects")), 0);
  json_decref(j);
  json_t *s = dpu_report_sarif(&r, &end);
  assert_non_null(s);
  assert_string_equal(json_string_value(json_object_get(s, "version")), "2.1.0");
  json_t *run = json_array_get(json_object_get(s, "runs"), 0);
  json_t *drv = json_object_get(json_object_get(run, "tool"), "driver");
  assert_string_equal(json_string_value(json_object_get(drv, "version")), "1.2.3");
  assert_int_equal(json_array_size(json_object_get(drv, "rules")), 11); /* one per defect kind */
  json_t *invo = json_array_get(json_object_get(run, "invocations"), 0);
  assert_false(json_is_true(json_object_get(invo, "executionSuccessful")));
  assert_int_equal(json_integer_value(json_object_get(invo, "exitCode")), 3);
  json_decref(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(text_keeps_valid_utf8_and_nul_bytes),
      cmocka_unit_test(text_replaces_each_invalid_byte),
      cmocka_unit_test(put_and_push_report_failures),
      cmocka_unit_test(documents_of_an_empty_report),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
