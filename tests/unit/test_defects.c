/* Unit tests of the defect table (report/defects.h): what makes two defects the same, the
 * table's counts and ids, what a defect keeps of its first trace, and replay commands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../report/defects.h"
#include "../../report/report.h"

/* Sites 1..4: two asserts in main, a lock in worker, an unlock in worker. */
static struct dpu_site site_v[] = {
    {0},
    {.function = "main", .file = "prog.c", .line = 30, .col = 3, .callee = "__assert_fail"},
    {.function = "main", .file = "prog.c", .line = 31, .col = 3, .callee = "__assert_fail"},
    {.function = "worker", .file = "prog.c", .line = 12, .col = 5, .callee = "lock"},
    {.function = "worker", .file = "prog.c", .line = 14, .col = 5, .callee = "unlock"},
};
static const struct dpu_site_table sites = {.v = site_v, .n = 5};

static struct dpu_shm *new_shm(void) {
  struct dpu_shm *s = dpu_shm_create(64, 64, 256, 64, 8);
  assert_non_null(s);
  return s;
}

/* Sets the run's trace to ev[0..n) and its result, a defect at the end of the run (defect_at
 * n, and all the output: its count is clamped to output_len). */
static void set_run(struct dpu_shm *s, const struct dpu_event_rec *ev, uint32_t n, int end,
                    int tid, int code, uint32_t site, const char *msg) {
  memcpy(dpu_shm_records(s), ev, n * sizeof *ev);
  s->nevents = n;
  s->result.end = end;
  s->result.tid = tid;
  s->result.code = code;
  s->result.site = site;
  s->result.nblocked = 0;
  snprintf(s->result.msg, sizeof s->result.msg, "%s", msg);
  s->result.defect_at = n;
  s->result.defect_output = UINT32_MAX;
  s->output_len = 0;
}

static const struct dpu_event_rec order_a[] = {
    {.op = DPU_OP_THREAD_START, .tid = 0},
    {.op = DPU_OP_THREAD_CREATE, .tid = 0, .obj = 1, .site = 1},
    {.op = DPU_OP_THREAD_START, .tid = 1, .obj = 1},
    {.op = DPU_OP_MUTEX_LOCK, .tid = 1, .obj = 0x1000, .site = 3},
    {.op = DPU_OP_MUTEX_UNLOCK, .tid = 1, .obj = 0x1000, .site = 4},
    {.op = DPU_OP_MUTEX_LOCK, .tid = 0, .obj = 0x1000, .site = 3},
};
static const struct dpu_event_rec order_b[] = {
    {.op = DPU_OP_THREAD_START, .tid = 0},
    {.op = DPU_OP_THREAD_CREATE, .tid = 0, .obj = 1, .site = 1},
    {.op = DPU_OP_MUTEX_LOCK, .tid = 0, .obj = 0x2000, .site = 3},
    {.op = DPU_OP_THREAD_START, .tid = 1, .obj = 1},
};

/* The run s holds, as the reports read it (executor/run.h). */
static const struct dpu_run *view(struct dpu_shm *s) {
  static struct dpu_run run;
  dpu_run_decode(s, &run);
  return &run;
}

static void digest(struct dpu_shm *s, uint8_t out[DPU_DEFECT_DIGEST_BYTES]) {
  dpu_defect_digest(view(s), &sites, NULL, 0, out);
}

static void same_bug_in_other_interleavings_threads_and_addresses(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_ASSERT, 0, 0, 1, "x == 2");
  digest(s, a);
  set_run(s, order_b, 4, DPU_END_ASSERT, 0, 0, 1, "x == 2");
  digest(s, b);
  assert_memory_equal(a, b, sizeof a);
  /* Thread numbers and addresses in the message do not make another defect. */
  set_run(s, order_a, 6, DPU_END_MISUSE, 1, 0, 4, "pthread_mutex_unlock of a mutex owned by T2");
  digest(s, a);
  set_run(s, order_b, 4, DPU_END_MISUSE, 2, 0, 4, "pthread_mutex_unlock of a mutex owned by T1");
  digest(s, b);
  assert_memory_equal(a, b, sizeof a);
  set_run(s, order_a, 6, DPU_END_HEAP, 1, 0, 4, "double free of 0x7f0012345678");
  digest(s, a);
  set_run(s, order_a, 6, DPU_END_HEAP, 1, 0, 4, "double free of 0x7f00abcdef00");
  digest(s, b);
  assert_memory_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

static void other_kind_site_code_or_message_is_another_bug(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_ASSERT, 0, 0, 1, "x == 2");
  digest(s, a);
  set_run(s, order_a, 6, DPU_END_ASSERT, 0, 0, 2, "x == 2"); /* another assert */
  digest(s, b);
  assert_memory_not_equal(a, b, sizeof a);
  set_run(s, order_a, 6, DPU_END_ABORT, 0, 0, 1, "x == 2"); /* another kind */
  digest(s, b);
  assert_memory_not_equal(a, b, sizeof a);
  set_run(s, order_a, 6, DPU_END_ASSERT, 0, 0, 1, "x == 3"); /* another expression */
  digest(s, b);
  assert_memory_not_equal(a, b, sizeof a);
  set_run(s, order_a, 6, DPU_END_EXIT, 0, 1, 1, "exit(1)");
  digest(s, a);
  set_run(s, order_a, 6, DPU_END_EXIT, 0, 2, 1, "exit(2)"); /* another status */
  digest(s, b);
  assert_memory_not_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

static void deadlock_is_its_blocked_sites_whoever_waits(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_DEADLOCK, -1, 0, 0, "");
  s->result.nblocked = 2;
  s->result.blocked[0] = (struct dpu_blocked){.tid = 0, .op = DPU_OP_MUTEX_LOCK, .site = 3};
  s->result.blocked[1] = (struct dpu_blocked){.tid = 1, .op = DPU_OP_THREAD_JOIN, .site = 2};
  digest(s, a);
  s->result.blocked[0] = (struct dpu_blocked){.tid = 0, .op = DPU_OP_THREAD_JOIN, .site = 2};
  s->result.blocked[1] = (struct dpu_blocked){.tid = 1, .op = DPU_OP_MUTEX_LOCK, .site = 3};
  digest(s, b);
  assert_memory_equal(a, b, sizeof a);
  s->result.blocked[1].site = 4; /* waits somewhere else */
  digest(s, b);
  assert_memory_not_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

static void fault_stack_is_part_of_the_identity(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_SIGNAL, 1, 11, 0, "fault address 0x0");
  static struct dpu_thread_stack st[2];
  st[0] = (struct dpu_thread_stack){.tid = 1, .nframes = 2};
  st[0].frames[0] = (struct dpu_loc){.function = "leaf", .file = "prog.c", .line = 5};
  st[0].frames[1] = (struct dpu_loc){.function = "worker", .file = "prog.c", .line = 13};
  dpu_defect_digest(view(s), &sites, st, 1, a);
  dpu_defect_digest(view(s), &sites, st, 1, b);
  assert_memory_equal(a, b, sizeof a);
  st[0].frames[1].line = 15; /* called from elsewhere */
  dpu_defect_digest(view(s), &sites, st, 1, b);
  assert_memory_not_equal(a, b, sizeof a);
  dpu_defect_digest(view(s), &sites, NULL, 0, b);
  assert_memory_not_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

/* Another thread's stack says where it happened to be when the thread at fault failed: the
 * same bug, whatever it is (issue #13: a bounded buffer gave 64 "distinct" defects for its
 * two assertions). */
static void other_threads_stacks_are_not_part_of_the_identity(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_ASSERT, 1, 0, 1, "x == 2");
  static struct dpu_thread_stack st[2];
  st[0] = (struct dpu_thread_stack){.tid = 1, .nframes = 1};
  st[0].frames[0] = (struct dpu_loc){.function = "worker", .file = "prog.c", .line = 13};
  st[1] = (struct dpu_thread_stack){.tid = 0, .nframes = 1};
  st[1].frames[0] = (struct dpu_loc){.function = "main", .file = "prog.c", .line = 40};
  dpu_defect_digest(view(s), &sites, st, 2, a);
  st[1].frames[0].line = 41; /* main is somewhere else */
  dpu_defect_digest(view(s), &sites, st, 2, b);
  assert_memory_equal(a, b, sizeof a);
  dpu_defect_digest(view(s), &sites, st, 1, b); /* main has exited */
  assert_memory_equal(a, b, sizeof a);
  st[0].frames[0].line = 14; /* the thread at fault is somewhere else */
  dpu_defect_digest(view(s), &sites, st, 2, b);
  assert_memory_not_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

/* A deadlock is the set of its blocked operations and their sites; where each blocked thread's
 * callers are does not split it. */
static void deadlock_ignores_the_stacks(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  uint8_t a[DPU_DEFECT_DIGEST_BYTES], b[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_DEADLOCK, -1, 0, 0, "");
  s->result.nblocked = 1;
  s->result.blocked[0] = (struct dpu_blocked){.tid = 1, .op = DPU_OP_MUTEX_LOCK, .site = 3};
  static struct dpu_thread_stack st[1];
  st[0] = (struct dpu_thread_stack){.tid = 1, .nframes = 2};
  st[0].frames[0] = (struct dpu_loc){.function = "worker", .file = "prog.c", .line = 12};
  st[0].frames[1] = (struct dpu_loc){.function = "start", .file = "prog.c", .line = 20};
  dpu_defect_digest(view(s), &sites, st, 1, a);
  st[0].frames[1].line = 22;
  dpu_defect_digest(view(s), &sites, st, 1, b);
  assert_memory_equal(a, b, sizeof a);
  dpu_shm_destroy(s);
}

static void table_counts_traces_per_defect(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  struct dpu_defects t = {0};
  uint8_t dg[DPU_DEFECT_DIGEST_BYTES];
  /* 100 distinct defects (exit statuses), each added once: the index grows and finds all. */
  for (int i = 1; i <= 100; i++) {
    char m[32];
    snprintf(m, sizeof m, "exit(%d)", i);
    set_run(s, order_a, 6, DPU_END_EXIT, 0, i, 1, m);
    digest(s, dg);
    assert_null(dpu_defects_find(&t, dg));
    struct dpu_defect *d = dpu_defects_add(&t, view(s), &sites, NULL, 0, dg, (uint64_t)i);
    assert_non_null(d);
    assert_int_equal(d->id, i);
    assert_int_equal(d->traces, 1);
  }
  assert_int_equal(t.n, 100);
  for (int i = 1; i <= 100; i++) {
    char m[32];
    snprintf(m, sizeof m, "exit(%d)", i);
    set_run(s, order_b, 4, DPU_END_EXIT, 0, i, 1, m);
    digest(s, dg);
    struct dpu_defect *d = dpu_defects_find(&t, dg);
    assert_non_null(d);
    assert_int_equal(d->id, i);
    assert_int_equal(d->code, i);
  }
  dpu_defects_free(&t);
  assert_int_equal(t.n, 0);
  assert_null(t.v);
  dpu_shm_destroy(s);
}

/* A failed assertion stops its thread and the others go on (runtime/ending.c): the defect keeps
 * the run up to it, steps and output, and is located at the failing thread's last step then. */
static void defect_keeps_the_run_up_to_it(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  struct dpu_defects t = {0};
  uint8_t dg[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_ASSERT, 1, 0, 0, "x == 0");
  memcpy(dpu_shm_output(s), "before\nafter\n", 13);
  s->output_len = 13;
  s->result.defect_at = 4;
  s->result.defect_output = 7;
  digest(s, dg);
  struct dpu_defect *d = dpu_defects_add(&t, view(s), &sites, NULL, 0, dg, 1);
  assert_non_null(d);
  assert_int_equal(d->nsteps, 4);
  assert_string_equal(d->schedule, "0:2,1:2");
  assert_int_equal(d->output_len, 7);
  assert_memory_equal(d->output, "before\n", 7);
  dpu_defects_free(&t);
  dpu_shm_destroy(s);
}

static void defect_keeps_its_first_trace(void **state) {
  (void)state;
  struct dpu_shm *s = new_shm();
  struct dpu_defects t = {0};
  uint8_t dg[DPU_DEFECT_DIGEST_BYTES];
  set_run(s, order_a, 6, DPU_END_SIGNAL, 1, 11, 0, "fault address 0x0000000000000000");
  memcpy(dpu_shm_output(s), "hello\nworld\n", 12);
  s->output_len = 12;
  digest(s, dg);
  struct dpu_defect *d = dpu_defects_add(&t, view(s), &sites, NULL, 0, dg, 7);
  assert_non_null(d);
  /* The shared memory is reused by the next run: the defect has copies. */
  memset(dpu_shm_records(s), 0, 6 * sizeof(struct dpu_event_rec));
  memset(dpu_shm_output(s), 0, 12);
  assert_string_equal(d->message, "SIGSEGV in T1 after pthread_mutex_unlock at prog.c:14 in worker "
                                  "(fault address 0x0000000000000000)");
  assert_int_equal(d->nsteps, 6);
  assert_int_equal(d->steps[3].op, DPU_OP_MUTEX_LOCK);
  assert_int_equal(d->steps[3].obj, 0x1000);
  assert_int_equal(d->nthreads, 2);
  assert_string_equal(d->schedule, "0:2,1:3,0:1");
  assert_int_equal(d->output_len, 12);
  assert_memory_equal(d->output, "hello\nworld\n", 12);
  assert_int_equal(d->first_run, 7);
  /* A crash without a stack: located at the thread's last visible operation, not exactly. */
  assert_string_equal(d->loc.file, "prog.c");
  assert_int_equal(d->loc.line, 14);
  assert_false(d->loc_exact);
  assert_string_equal(dpu_end_kind(d->end), "crash");
  assert_string_equal(dpu_end_kind_id(d->end), "crash");
  dpu_defects_free(&t);
  dpu_shm_destroy(s);
}

static void replay_command_quotes_what_the_shell_would_split(void **state) {
  (void)state;
  char *inputs[] = {"dir/my prog.c", "lib.c"};
  char *cflags[] = {"-DMSG=it's"};
  char *run[] = {"--max-steps=50"};
  char *args[] = {"a", "b c"};
  struct dpu_invocation inv = {.inputs = inputs, .ninputs = 2, .cflags = cflags, .ncflags = 1,
                               .run_flags = run, .nrun_flags = 1, .prog_argv = args,
                               .prog_argc = 2};
  char *cmd = dpu_replay_command(&inv, "0:3,1:2");
  assert_string_equal(cmd, "dpu replay 0:3,1:2 '-DMSG=it'\\''s' --max-steps=50 'dir/my prog.c' "
                           "lib.c -- a 'b c'");
  free(cmd);
  inv.prog_argc = 0;
  inv.ncflags = 0;
  cmd = dpu_replay_command(&inv, "0:1");
  assert_string_equal(cmd, "dpu replay 0:1 --max-steps=50 'dir/my prog.c' lib.c");
  free(cmd);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(same_bug_in_other_interleavings_threads_and_addresses),
      cmocka_unit_test(other_kind_site_code_or_message_is_another_bug),
      cmocka_unit_test(deadlock_is_its_blocked_sites_whoever_waits),
      cmocka_unit_test(fault_stack_is_part_of_the_identity),
      cmocka_unit_test(other_threads_stacks_are_not_part_of_the_identity),
      cmocka_unit_test(deadlock_ignores_the_stacks),
      cmocka_unit_test(table_counts_traces_per_defect),
      cmocka_unit_test(defect_keeps_its_first_trace),
      cmocka_unit_test(defect_keeps_the_run_up_to_it),
      cmocka_unit_test(replay_command_quotes_what_the_shell_would_split),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
