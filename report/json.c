/* The JSON report (--format=json): the document docs/report.schema.json describes. Keep the
 * two in step: tests/report/ validates every document it makes against the schema. */
#include <blake2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "races.h"
#include "steps.h"
#include "waits.h"
#include "warnings.h"
#include "doc.h"

/* ---- helpers shared with sarif.c ------------------------------------------------------- */

json_t *dpu_json_text(const char *s, size_t n) {
  if (!s) return json_null();
  if (n == (size_t)-1) n = strlen(s);
  /* Fast path: valid UTF-8 (jansson checks it, and keeps NUL bytes as \u0000). */
  json_t *v = json_stringn(s, n);
  if (v) return v;
  /* Replace every byte that does not start a valid sequence by U+FFFD (EF BF BD). */
  char *buf = malloc(3 * n + 1);
  if (!buf) return NULL;
  size_t k = 0;
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    unsigned c = p[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= n;
    for (size_t j = 1; ok && j < len; j++) ok = (p[i + j] & 0xC0) == 0x80;
    if (ok && len > 1) {
      /* Overlong forms, surrogates and code points beyond U+10FFFF are invalid too. */
      uint32_t cp = c & (0x7F >> len);
      for (size_t j = 1; j < len; j++) cp = (cp << 6) | (p[i + j] & 0x3F);
      static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
      ok = cp >= min[len] && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
    }
    if (ok) {
      memcpy(buf + k, p + i, len);
      k += len, i += len;
    } else {
      memcpy(buf + k, "\xEF\xBF\xBD", 3);
      k += 3, i++;
    }
  }
  v = json_stringn(buf, k);
  free(buf);
  return v;
}

/* json_dump_callback's sink: the bytes into the BLAKE2b state `data`. */
static int hash_bytes(const char *buf, size_t size, void *data) {
  return blake2b_update(data, (const uint8_t *)buf, size) == 0 ? 0 : -1;
}

int dpu_json_content_digest(const json_t *doc, char hex[DPU_CONTENT_DIGEST_HEX + 1]) {
  hex[0] = 0;
  json_t *rest = json_copy((json_t *)doc); /* shallow: the members are shared, not copied */
  if (!rest) return -1;
  json_object_del(rest, DPU_CONTENT_DIGEST_KEY);
  uint8_t d[DPU_CONTENT_DIGEST_HEX / 2];
  blake2b_state s;
  int rc = blake2b_init(&s, sizeof d) == 0 &&
                   json_dump_callback(rest, hash_bytes, &s,
                                      JSON_COMPACT | JSON_SORT_KEYS |
                                          JSON_REAL_PRECISION(DPU_JSON_REAL_DIGITS)) == 0 &&
                   blake2b_final(&s, d, sizeof d) == 0
               ? 0
               : -1;
  json_decref(rest);
  for (size_t i = 0; rc == 0 && i < sizeof d; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
  return rc;
}

/* json_object_set_new and json_array_append_new take v's reference even when they fail. */
void dpu_json_put(json_t *obj, const char *key, json_t *v, int *ok) {
  if (!obj) json_decref(v);
  if (!v || !obj || json_object_set_new(obj, key, v) != 0) *ok = 0;
}

void dpu_json_push(json_t *arr, json_t *v, int *ok) {
  if (!arr) json_decref(v);
  if (!v || !arr || json_array_append_new(arr, v) != 0) *ok = 0;
}

/* ---- the document ----------------------------------------------------------------------- */

static json_t *str_array(char *const *v, int n, int *ok) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) dpu_json_push(a, dpu_json_text(v[i], (size_t)-1), ok);
  if (!a) *ok = 0;
  return a;
}

/* Adds "function", "file", "line", "column" of l to o (nulls when unknown). */
static void put_loc(json_t *o, struct dpu_loc l, int *ok) {
  dpu_json_put(o, "function", dpu_json_text(l.function, (size_t)-1), ok);
  dpu_json_put(o, "file", dpu_json_text(l.file, (size_t)-1), ok);
  dpu_json_put(o, "line", l.file && l.line ? json_integer(l.line) : json_null(), ok);
  dpu_json_put(o, "column", l.file && l.column ? json_integer(l.column) : json_null(), ok);
}

/* Adds "operation", "object", "object_name", "object_offset", "object_member" and "result" of
 * step e to o, as dpu_step_object describes them (object: "T1" for thread operations, the
 * object's address for others, null for none or an unknown thread; object_name and
 * object_offset: the global variable the address is in and the offset in it, or null;
 * object_member: the member or element there as the program writes it, "acct[1].lock"
 * (report/fields.h), null when the object is the whole variable or its type is not known;
 * result: the outcome or null). */
static void put_operation(const struct dpu_report *r, json_t *o, const struct dpu_event_rec *e,
                          int *ok) {
  char buf[48], member[96];
  const char *outcome = dpu_step_object(e, buf, sizeof buf), *name = NULL;
  uint64_t off = 0;
  bool global = buf[0] == '0' && dpu_report_global(r, e->obj, &name, &off);
  bool has_member = global && dpu_report_global_member(r, e->obj, member, sizeof member);
  dpu_json_put(o, "operation", json_string(dpu_report_op_name(r, e)), ok);
  dpu_json_put(o, "object", buf[0] && buf[0] != '(' ? json_string(buf) : json_null(), ok);
  dpu_json_put(o, "object_name", global ? dpu_json_text(name, (size_t)-1) : json_null(), ok);
  dpu_json_put(o, "object_offset", global ? json_integer((json_int_t)off) : json_null(), ok);
  dpu_json_put(o, "object_member",
               has_member ? dpu_json_text(member, (size_t)-1) : json_null(), ok);
  dpu_json_put(o, "result", outcome ? json_string(outcome) : json_null(), ok);
  uint64_t boff = 0;
  const struct dpu_heap_object *h = global ? NULL : dpu_report_heap_block(e->obj, &boff);
  json_t *block = json_null();
  if (h) { /* the heap block it lies in (report/steps.h) */
    block = json_object();
    dpu_json_put(block, "size", json_integer((json_int_t)h->size), ok);
    dpu_json_put(block, "offset", json_integer((json_int_t)boff), ok);
    dpu_json_put(block, "thread", json_integer(h->alloc_tid), ok);
    put_loc(block, dpu_site_loc(r->sites, h->alloc_site), ok);
  }
  dpu_json_put(o, "object_block", block, ok);
}

static json_t *step_json(const struct dpu_report *r, uint32_t i, const struct dpu_event_rec *e,
                         int *ok) {
  json_t *s = json_object();
  dpu_json_put(s, "step", json_integer(i + 1), ok);
  dpu_json_put(s, "thread", json_integer(e->tid), ok);
  put_operation(r, s, e, ok);
  /* (a value of 2^63 or more, 8 bytes with the top bit set, comes out negative) */
  dpu_json_put(s, "value",
               e->flags & DPU_REC_VALUE ? json_integer((json_int_t)e->value) : json_null(), ok);
  put_loc(s, dpu_site_loc(r->sites, e->site), ok);
  return s;
}

/* {"thread": T, "frames": [...]} */
static json_t *stack_json(const struct dpu_thread_stack *st, int *ok) {
  json_t *s = json_object(), *frames = json_array();
  dpu_json_put(s, "thread", json_integer(st->tid), ok);
  for (uint16_t j = 0; j < st->nframes && j < DPU_STACK_DEPTH; j++) {
    const struct dpu_loc *f = &st->frames[j];
    json_t *fr = json_object();
    put_loc(fr, (struct dpu_loc){f->function, f->file, f->line, f->column}, ok);
    dpu_json_push(frames, fr, ok);
  }
  dpu_json_put(s, "frames", frames, ok);
  return s;
}

/* The threads' stacks at the defect; for a data race, the stacks of its two accesses. */
static json_t *stacks_json(const struct dpu_defect *d, int *ok) {
  json_t *a = json_array();
  for (uint32_t i = 0; i < d->nstacks; i++) dpu_json_push(a, stack_json(&d->stacks[i], ok), ok);
  for (int i = 0; d->race && i < 2; i++)
    if (d->race->access[i].captured) dpu_json_push(a, stack_json(&d->race->access[i].stack, ok), ok);
  if (!a) *ok = 0;
  return a;
}

/* "race": the two accesses and the memory of a data race; null for other kinds. */
static json_t *race_json(const struct dpu_defect *d, int *ok) {
  const struct dpu_race_info *ri = d->race;
  if (!ri) return json_null();
  json_t *o = json_object(), *acc = json_array();
  for (int i = 0; i < 2; i++) {
    const struct dpu_race_access *a = &ri->access[i];
    json_t *ao = json_object();
    dpu_json_put(ao, "thread", json_integer(a->rec.tid), ok);
    dpu_json_put(ao, "kind", json_string(a->rec.flags & DPU_ACCESS_WRITE ? "write" : "read"), ok);
    dpu_json_put(ao, "atomic", json_boolean(a->rec.flags & DPU_ACCESS_ATOMIC), ok);
    dpu_json_put(ao, "size", json_integer(a->size), ok);
    dpu_json_put(ao, "operation", json_string(a->what), ok);
    dpu_json_put(ao, "after_step", a->step ? json_integer(a->step) : json_null(), ok);
    json_t *l = json_object();
    put_loc(l, a->loc, ok);
    dpu_json_put(ao, "location", l, ok);
    dpu_json_put(ao, "stack", a->captured ? stack_json(&a->stack, ok) : json_null(), ok);
    dpu_json_push(acc, ao, ok);
  }
  dpu_json_put(o, "accesses", acc, ok);
  static const char *const kinds[] = {"unknown", "global", "heap", "stack", "thread-local"};
  json_t *m = json_object();
  dpu_json_put(m, "description", dpu_json_text(ri->memory, (size_t)-1), ok);
  dpu_json_put(m, "kind", json_string(kinds[ri->rec.mem <= DPU_MEM_TLS ? ri->rec.mem : 0]), ok);
  char addr[32];
  snprintf(addr, sizeof addr, "%#llx", (unsigned long long)ri->rec.addr);
  dpu_json_put(m, "address", json_string(addr), ok);
  dpu_json_put(o, "memory", m, ok);
  return o;
}

static json_t *defect_json(const struct dpu_report *r, const struct dpu_defect *d, int *ok) {
  dpu_report_steps_heap(d); /* (reset below) */
  json_t *o = json_object();
  char hex[2 * DPU_DEFECT_DIGEST_BYTES + 1];
  dpu_digest_hex(d->digest, hex);
  dpu_json_put(o, "id", json_integer(d->id), ok);
  dpu_json_put(o, "kind", json_string(dpu_end_kind(d->end)), ok);
  dpu_json_put(o, "kind_id", json_string(dpu_end_kind_id(d->end)), ok);
  dpu_json_put(o, "message", dpu_json_text(d->message, (size_t)-1), ok);
  dpu_json_put(o, "thread", d->tid >= 0 ? json_integer(d->tid) : json_null(), ok);
  if (d->loc.file) {
    json_t *l = json_object();
    put_loc(l, d->loc, ok);
    dpu_json_put(l, "exact", json_boolean(d->loc_exact), ok);
    dpu_json_put(o, "location", l, ok);
  } else {
    dpu_json_put(o, "location", json_null(), ok);
  }
  dpu_json_put(o, "digest", json_string(hex), ok);
  dpu_json_put(o, "traces", json_integer((json_int_t)d->traces), ok);
  dpu_json_put(o, "root", d->root ? json_integer(d->root) : json_null(), ok);
  dpu_json_put(o, "first_run", json_integer((json_int_t)d->first_run), ok);
  dpu_json_put(o, "threads", json_integer(d->nthreads), ok);
  /* The steps the text report shows (--steps-shown): the first and last N of a longer
   * interleaving, with their numbers in it; the replay schedule has them all. */
  json_t *steps = json_array();
  uint32_t keep = r->steps_shown, omitted = dpu_report_steps_omitted(keep, d->nsteps);
  for (uint32_t i = 0; i < d->nsteps; i++) {
    if (omitted && i == keep) i += omitted;
    dpu_json_push(steps, step_json(r, i, &d->steps[i], ok), ok);
  }
  dpu_json_put(o, "steps", steps, ok);
  dpu_json_put(o, "steps_total", json_integer(d->nsteps), ok);
  dpu_json_put(o, "steps_omitted", json_integer(omitted), ok);
  json_t *blocked = json_array(), *could = json_array();
  bool deadlock = d->end == DPU_END_DEADLOCK;
  for (uint32_t i = 0; i < d->nblocked && i < DPU_MAX_THREADS; i++) {
    const struct dpu_blocked *b = &d->blocked[i];
    if (!deadlock && !dpu_waits_could_run(d, b)) continue;
    json_t *bo = json_object();
    dpu_json_put(bo, "thread", json_integer(b->tid), ok);
    put_operation(r, bo, &(struct dpu_event_rec){.op = b->op, .obj = b->obj}, ok);
    int32_t h = deadlock ? dpu_waits_holder(d, b) : -1;
    if (deadlock) dpu_json_put(bo, "held_by", h >= 0 ? json_integer(h) : json_null(), ok);
    if (deadlock)
      dpu_json_put(bo, "holder_ended", h >= 0 ? json_boolean(dpu_waits_ended(d, h)) : json_null(),
                   ok);
    put_loc(bo, dpu_site_loc(r->sites, b->site), ok);
    dpu_json_push(deadlock ? blocked : could, bo, ok);
  }
  dpu_json_put(o, "blocked", blocked, ok);
  dpu_json_put(o, "could_run", could, ok);
  dpu_json_put(o, "stacks", stacks_json(d, ok), ok);
  dpu_json_put(o, "race", race_json(d, ok), ok);
  dpu_json_put(o, "output", dpu_json_text(d->output, d->output_len), ok);
  dpu_json_put(o, "output_truncated", json_boolean(d->output_truncated), ok);
  json_t *replay = json_object();
  char *cmd = dpu_defect_replay(r->inv, d);
  dpu_json_put(replay, "schedule", json_string(d->schedule), ok);
  dpu_json_put(replay, "command", dpu_json_text(cmd, (size_t)-1), ok);
  if (!cmd) *ok = 0;
  free(cmd);
  dpu_json_put(o, "replay", replay, ok);
  dpu_report_steps_heap(NULL);
  return o;
}

/* "warnings": every warning and note dpu said (report/warnings.h), in the order said. */
static json_t *warnings_json(int *ok) {
  size_t n;
  const struct dpu_warning *w = dpu_warnings(&n);
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object(), *l = json_null();
    dpu_json_put(o, "id", json_string(w[i].id), ok);
    dpu_json_put(o, "kind", json_string(w[i].kind == DPU_SAY_NOTE ? "note" : "warning"), ok);
    dpu_json_put(o, "text", dpu_json_text(w[i].text, (size_t)-1), ok);
    if (w[i].file) {
      l = json_object();
      put_loc(l, (struct dpu_loc){w[i].function, w[i].file, w[i].line, w[i].column}, ok);
    }
    dpu_json_put(o, "location", l, ok);
    dpu_json_push(a, o, ok);
  }
  if (!a) *ok = 0;
  return a;
}

/* qsort: defects by digest. */
static int by_digest(const void *a, const void *b) {
  const struct dpu_defect *x = *(const struct dpu_defect *const *)a;
  const struct dpu_defect *y = *(const struct dpu_defect *const *)b;
  return memcmp(x->digest, y->digest, sizeof x->digest);
}

/* --shard=I/N: which part of the exploration this is (what `dpu merge` checks); null without. */
static json_t *shard_json(const struct dpu_report *r, int *ok) {
  if (!r->shards) return json_null();
  const struct dpu_split_info *sp = r->split;
  json_t *o = json_object();
  dpu_json_put(o, "index", json_integer(r->shard), ok);
  dpu_json_put(o, "count", json_integer(r->shards), ok);
  dpu_json_put(o, "parts", json_integer(sp->parts), ok);
  dpu_json_put(o, "parts_here", json_integer(sp->mine), ok);
  dpu_json_put(o, "parts_explored", json_integer(sp->explored), ok);
  dpu_json_put(o, "split_runs", json_integer((json_int_t)sp->runs), ok);
  dpu_json_put(o, "split_seconds", json_real(sp->seconds), ok);
  dpu_json_put(o, "visible_sites", json_string(r->visible_sites ? r->visible_sites : ""), ok);
  return o;
}

json_t *dpu_report_json(const struct dpu_report *r, const struct dpu_report_end *end) {
  int ok = 1;
  const struct dpu_invocation *inv = r->inv;
  const struct dpu_counts zero = {0}, *c = r->counts ? r->counts : &zero;
  double secs = dpu_report_elapsed(r);
  json_t *doc = json_object();
  dpu_json_put(doc, "format", json_string("dpu-report"), &ok);
  dpu_json_put(doc, "format_version", json_integer(1), &ok);
  json_t *tool = json_object();
  dpu_json_put(tool, "name", json_string("dpu"), &ok);
  dpu_json_put(tool, "version", json_string(inv->version), &ok);
  dpu_json_put(doc, "tool", tool, &ok);
  json_t *cmd = json_object();
  dpu_json_put(cmd, "argv", str_array(inv->argv, inv->argc, &ok), &ok);
  dpu_json_put(cmd, "inputs", str_array(inv->inputs, inv->ninputs, &ok), &ok);
  dpu_json_put(cmd, "compile_flags", str_array(inv->cflags, inv->ncflags, &ok), &ok);
  dpu_json_put(cmd, "run_flags", str_array(inv->run_flags, inv->nrun_flags, &ok), &ok);
  dpu_json_put(cmd, "program_args", str_array(inv->prog_argv, inv->prog_argc, &ok), &ok);
  dpu_json_put(cmd, "explorer", json_string(inv->explorer), &ok);
  dpu_json_put(cmd, "k", json_integer(inv->k), &ok);
  bool random = inv->order && strcmp(inv->order, "random") == 0; /* NULL: dfs */
  dpu_json_put(cmd, "order", json_string(random ? "random" : "dfs"), &ok);
  dpu_json_put(cmd, "seed", random ? json_integer((json_int_t)inv->seed) : json_null(), &ok);
  json_t *in = json_null();
  if (inv->stdin_bytes) {
    in = json_object();
    dpu_json_put(in, "bytes", json_integer((json_int_t)inv->stdin_bytes), &ok);
    dpu_json_put(in, "blake2b", json_string(inv->stdin_digest), &ok);
  }
  dpu_json_put(cmd, "stdin", in, &ok);
  dpu_json_put(doc, "command", cmd, &ok);
  dpu_json_put(doc, "state", json_string(end->state), &ok);
  dpu_json_put(doc, "complete", json_boolean(strcmp(end->state, "complete") == 0), &ok);
  dpu_json_put(doc, "reason", end->reason ? json_string(end->reason) : json_null(), &ok);
  /* SV-COMP's verdict, as the text report's last line gives it (a user read "complete" with
   * values of a nondet type left unexplored as the verdict true). */
  bool prop = r->property != DPU_PROPERTY_NONE && strcmp(end->state, "error") != 0;
  dpu_json_put(doc, "property",
               !prop ? json_null()
               : json_string(r->property == DPU_PROPERTY_NO_DATA_RACE ? "no-data-race"
                                                                       : "unreach-call"),
               &ok);
  dpu_json_put(doc, "verdict", prop ? json_string(dpu_report_verdict(r, end)) : json_null(), &ok);
  dpu_json_put(doc, "nondet_partial",
               json_integer(r->sites ? (json_int_t)r->sites->nondet_bounded : 0), &ok);
  dpu_json_put(doc, "exit_code", end->exit_code >= 0 ? json_integer(end->exit_code) : json_null(),
               &ok);
  json_t *sum = json_object();
  dpu_json_put(sum, "defects", json_integer(r->defects.n), &ok);
  dpu_json_put(sum, "traces_with_defects", json_integer((json_int_t)r->defects.traces), &ok);
  dpu_json_put(sum, "max_configs", json_integer((json_int_t)c->max_configs), &ok);
  dpu_json_put(sum, "ssbs", json_integer((json_int_t)c->ssbs), &ok);
  dpu_json_put(sum, "runs", json_integer((json_int_t)c->runs), &ok);
  dpu_json_put(sum, "seconds", json_real(secs), &ok);
  dpu_json_put(sum, "estimated_traces", c->estimate > 0 ? json_real(c->estimate) : json_null(),
               &ok);
  dpu_json_put(sum, "preemption_bound",
               r->bounded ? json_integer((json_int_t)r->preemptions) : json_null(), &ok);
  dpu_json_put(sum, "runs_bounded", json_integer((json_int_t)c->bounded), &ok);
  dpu_json_put(sum, "cutoffs", json_boolean(r->cutoffs), &ok);
  dpu_json_put(sum, "runs_cut_off", json_integer((json_int_t)c->cut_off), &ok);
  dpu_json_put(sum, "cutoff_events", json_integer((json_int_t)c->cutoff_events), &ok);
  dpu_json_put(sum, "memory_model", json_string(dpu_memory_model_name(r->memory_model)), &ok);
  dpu_json_put(sum, "symmetry", json_boolean(c->symmetric), &ok);
  dpu_json_put(sum, "preemption_bound_complete",
               r->bounded && r->preemptions_done >= 0 ? json_integer(r->preemptions_done)
                                                      : json_null(), &ok);
  dpu_json_put(doc, "summary", sum, &ok);
  json_t *stats = json_object();
  dpu_json_put(stats, "runs_per_second", json_real(secs > 0 ? (double)c->runs / secs : 0), &ok);
  dpu_json_put(stats, "executor_seconds", json_real(end->executor_seconds), &ok);
  dpu_json_put(stats, "explorer_seconds", json_real(end->explorer_seconds), &ok);
  dpu_json_put(stats, "startup_seconds", json_real(end->startup_seconds), &ok);
  dpu_json_put(stats, "visible_access_sites", json_integer(end->visible_sites), &ok);
  dpu_json_put(stats, "explorations", json_integer(end->explorations), &ok);
  dpu_json_put(stats, "runs_redirected", json_integer((json_int_t)c->redirected), &ok);
  dpu_json_put(stats, "runs_repeated", json_integer((json_int_t)c->repeated), &ok);
  dpu_json_put(stats, "runs_cut", json_integer((json_int_t)c->cut), &ok);
  dpu_json_put(stats, "runs_earlier_explorations", json_integer((json_int_t)c->earlier), &ok);
  dpu_json_put(doc, "statistics", stats, &ok);
  dpu_json_put(doc, "shard", shard_json(r, &ok), &ok);
  dpu_json_put(doc, "warnings", warnings_json(&ok), &ok);
  dpu_json_put(doc, "warnings_omitted", json_integer((json_int_t)dpu_warnings_omitted()), &ok);
  /* By digest, not in the order found: with -j the order found varies from run to run. */
  const struct dpu_defect **sorted = malloc((r->defects.n ? r->defects.n : 1) * sizeof *sorted);
  if (!sorted) ok = false;
  for (uint32_t i = 0; sorted && i < r->defects.n; i++) sorted[i] = r->defects.v[i];
  if (sorted) qsort(sorted, r->defects.n, sizeof *sorted, by_digest);
  json_t *defects = json_array();
  for (uint32_t i = 0; sorted && i < r->defects.n; i++)
    dpu_json_push(defects, defect_json(r, sorted[i], &ok), &ok);
  free(sorted);
  dpu_json_put(doc, "defects", defects, &ok);
  char digest[DPU_CONTENT_DIGEST_HEX + 1];
  if (ok && r->shards) /* what dpu merge checks: a shard's report as dpu wrote it */
    dpu_json_put(doc, DPU_CONTENT_DIGEST_KEY,
                 dpu_json_content_digest(doc, digest) == 0 ? json_string(digest) : NULL, &ok);
  if (!ok) {
    json_decref(doc);
    return NULL;
  }
  return doc;
}
