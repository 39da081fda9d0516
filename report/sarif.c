/* The SARIF 2.1.0 report (--format=sarif), for code-scanning services such as GitHub's. One run
 * of the tool "dpu" with one rule per defect kind and one result per distinct defect:
 *  - locations: where the defect happened (the faulting call; for a deadlock, the first lock
 *    a thread is blocked in, and every blocked thread's call in relatedLocations; for a hang by
 *    --max-steps, the threads that could have run, there; for a data race, one access (the
 *    one whose file, line and function come first: the same whichever trace shows it), and
 *    the other in relatedLocations);
 *  - codeFlows: the interleaving, one threadFlow per program thread, whose locations carry
 *    executionOrder = the step number, so that a viewer can replay the steps in order;
 *  - stacks: each thread's call stack at the defect (a data race: those of its two accesses);
 *  - occurrenceCount: the traces that showed the defect; partialFingerprints: its digest, which
 *    is the same in every dpu invocation on the same sources, so alerts follow a defect.
 * Files are URIs: a relative path below the working directory is relative to %SRCROOT% (the
 * working directory, in originalUriBaseIds), anything else is an absolute file:// URI.
 * The interleaving has the steps the text report shows (--steps-shown: the first and last N of
 * a longer one), and in any case at most the first and last 5,000: GitHub's limits (hard:
 * 10,000 thread-flow locations per result, 25,000 results per run) are kept by that and by
 * cutting the results to the first defects. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "races.h"
#include "steps.h"
#include "doc.h"
#include "waits.h"
#include "warnings.h"

#define DPU_SARIF_MAX_FLOW 10000
#define DPU_SARIF_MAX_RESULTS 25000

/* The rules, one per defect kind, in ruleIndex order. */
static const struct rule {
  int end;
  const char *name, *short_text, *full_text;
} rules[] = {
    {DPU_END_ASSERT, "AssertionFailure", "Assertion failure",
     "An assert() of the program fails in some interleaving of its threads."},
    {DPU_END_ABORT, "Abort", "abort() called",
     "The program calls abort() in some interleaving of its threads."},
    {DPU_END_EXIT, "NonZeroExit", "Non-zero exit",
     "The program exits with a non-zero status (exit(n) or main returning n) in some "
     "interleaving of its threads."},
    {DPU_END_DEADLOCK, "Deadlock", "Deadlock",
     "Every live thread is blocked (on a mutex, or joining a thread that cannot end)."},
    {DPU_END_SIGNAL, "Crash", "Crash",
     "The program is killed by a signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL) in some "
     "interleaving of its threads."},
    {DPU_END_MISUSE, "PthreadMisuse", "Misuse of the pthread API",
     "A pthread call that POSIX makes undefined or an error: unlocking a mutex not owned, "
     "re-locking a normal mutex, using a destroyed mutex, joining a detached thread, ..."},
    {DPU_END_HEAP, "HeapMisuse", "Heap misuse",
     "A double or invalid free, or the heap exhausted."},
    {DPU_END_MEMORY, "MemoryError", "Memory error",
     "An access to a freed heap block (use after free), or outside a heap block's bytes "
     "(heap out of bounds)."},
    {DPU_END_HANG_STEPS, "Hang", "Hang",
     "A run does not end: a thread loops without a visible operation for longer than "
     "--run-timeout, or performs more than --max-steps of them."},
    {DPU_END_LIVELOCK, "Livelock", "Livelock",
     "The program never ends: every execution goes round program states it reached before "
     "(found with --cutoffs=on)."},
    {DPU_DEFECT_RACE, "DataRace", "Data race",
     "Two threads access the same memory, at least one of them writes, at least one access "
     "is not atomic, and no synchronisation orders them (C11 5.1.2.4): undefined behaviour."},
};
#define NRULES (sizeof rules / sizeof *rules)

/* The rule id of a defect kind: "dpu/" and the kind's identifier, e.g. "dpu/deadlock" (the
 * validator wants ids and names to differ, even in case). */
static json_t *rule_id(int end) {
  char id[64];
  snprintf(id, sizeof id, "dpu/%s", dpu_end_kind_id(end));
  return json_string(id);
}

static size_t rule_index(int end) {
  if (end == DPU_END_HANG_TIME) end = DPU_END_HANG_STEPS;
  for (size_t i = 0; i < NRULES; i++)
    if (rules[i].end == end) return i;
  return 0;
}

static json_t *msg(const char *text) {
  json_t *m = json_object();
  int ok = 1;
  dpu_json_put(m, "text", dpu_json_text(text, (size_t)-1), &ok);
  if (!ok) {
    json_decref(m);
    return NULL;
  }
  return m;
}

/* s percent-encoded for a URI path: unreserved characters and '/' stay. */
static char *uri_encode(const char *s) {
  static const char hex[] = "0123456789ABCDEF";
  char *out = malloc(3 * strlen(s) + 1), *q = out;
  if (!out) return NULL;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
        strchr("-._~/", *p)) {
      *q++ = (char)*p;
    } else {
      *q++ = '%', *q++ = hex[*p >> 4], *q++ = hex[*p & 15];
    }
  }
  *q = 0;
  return out;
}

/* "file://" + the encoded absolute path abs (+ "/" if dir). */
static json_t *file_uri(const char *abs, bool dir) {
  char *enc = uri_encode(abs);
  if (!enc) return NULL;
  size_t n = strlen(enc) + 10;
  char *u = malloc(n);
  json_t *v = NULL;
  if (u) {
    snprintf(u, n, "file://%s%s", enc, dir && enc[strlen(enc) - 1] != '/' ? "/" : "");
    v = json_string(u);
  }
  free(u);
  free(enc);
  return v;
}

/* Whether a relative path stays below the directory it is relative to. */
static bool stays_below(const char *p) {
  if (p[0] == '/' || !p[0]) return false;
  for (const char *s = p; *s;) {
    size_t n = strcspn(s, "/");
    if (n == 2 && s[0] == '.' && s[1] == '.') return false;
    s += n;
    while (*s == '/') s++;
  }
  return true;
}

static json_t *artifact(const char *file, int *ok) {
  json_t *a = json_object();
  if (stays_below(file)) {
    char *enc = uri_encode(file);
    dpu_json_put(a, "uri", enc ? json_string(enc) : NULL, ok);
    dpu_json_put(a, "uriBaseId", json_string("%SRCROOT%"), ok);
    free(enc);
  } else {
    /* Resolved if the file exists (it normally does: it was just compiled): an absolute
     * path too, as a URI may hold no "." or ".." segment (SARIF1002). */
    char *abs = realpath(file, NULL);
    if (!abs && file[0] == '/') abs = strdup(file);
    char cwd[PATH_MAX];
    if (!abs && getcwd(cwd, sizeof cwd)) {
      size_t n = strlen(cwd) + strlen(file) + 2;
      if ((abs = malloc(n))) snprintf(abs, n, "%s/%s", cwd, file);
    }
    dpu_json_put(a, "uri", abs ? file_uri(abs, false) : NULL, ok);
    free(abs);
  }
  return a;
}

json_t *dpu_sarif_base_ids(int *ok) {
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return NULL;
  json_t *bases = json_object(), *root = json_object();
  dpu_json_put(root, "uri", file_uri(cwd, true), ok);
  dpu_json_put(bases, "%SRCROOT%", root, ok);
  return bases;
}

json_t *dpu_sarif_location(struct dpu_loc l, const char *message, int *ok) {
  json_t *loc = json_object(), *phys = json_object();
  dpu_json_put(phys, "artifactLocation", artifact(l.file, ok), ok);
  json_t *region = json_object();
  dpu_json_put(region, "startLine", json_integer(l.line ? l.line : 1), ok);
  if (l.line && l.column) dpu_json_put(region, "startColumn", json_integer(l.column), ok);
  dpu_json_put(phys, "region", region, ok);
  dpu_json_put(loc, "physicalLocation", phys, ok);
  if (l.function) {
    json_t *lls = json_array(), *ll = json_object();
    dpu_json_put(ll, "name", dpu_json_text(l.function, (size_t)-1), ok);
    dpu_json_put(ll, "kind", json_string("function"), ok);
    dpu_json_push(lls, ll, ok);
    dpu_json_put(loc, "logicalLocations", lls, ok);
  }
  if (message) dpu_json_put(loc, "message", msg(message), ok);
  return loc;
}

/* The result's primary location: the defect's own, or (SARIF consumers need one) the last
 * step of the trace that has a source location, or the first input file. */
static struct dpu_loc primary(const struct dpu_report *r, const struct dpu_defect *d) {
  if (d->loc.file) return d->loc;
  for (uint32_t i = d->nsteps; i-- > 0;) {
    struct dpu_loc l = dpu_site_loc(r->sites, d->steps[i].site);
    if (l.file) return l;
  }
  return (struct dpu_loc){.file = r->inv->ninputs ? r->inv->inputs[0] : "?"};
}

/* The first and last steps of an interleaving its thread flows keep: --steps-shown's, at most
 * half of GitHub's limit each. */
static uint32_t flow_keep(const struct dpu_report *r) {
  uint32_t keep = r->steps_shown;
  return !keep || keep > DPU_SARIF_MAX_FLOW / 2 ? DPU_SARIF_MAX_FLOW / 2 : keep;
}

/* The steps of d that its thread flows leave out. */
static uint32_t flow_omitted(const struct dpu_report *r, const struct dpu_defect *d) {
  return dpu_report_steps_omitted(flow_keep(r), d->nsteps);
}

static json_t *code_flow(const struct dpu_report *r, const struct dpu_defect *d, int *ok) {
  dpu_report_steps_heap(d); /* (reset below) */
  uint32_t keep = flow_keep(r), omitted = flow_omitted(r, d);
  char text[192];
  if (omitted)
    snprintf(text, sizeof text, "interleaving: %u steps, %u threads; the %u steps #%u to #%u "
             "are left out (the replay runs them all)", d->nsteps, d->nthreads, omitted,
             keep + 1, keep + omitted);
  else
    snprintf(text, sizeof text, "interleaving: %u steps, %u threads", d->nsteps, d->nthreads);
  json_t *flow = json_object(), *tfs = json_array();
  dpu_json_put(flow, "message", msg(text), ok);
  for (uint32_t t = 0; t < d->nthreads; t++) {
    json_t *locs = json_array();
    for (uint32_t i = 0; i < d->nsteps; i++) {
      if (omitted && i == keep) i += omitted;
      const struct dpu_event_rec *e = &d->steps[i];
      if (e->tid != t) continue;
      char obj[96], what[208];
      dpu_report_step_text(r, e, obj, sizeof obj);
      snprintf(what, sizeof what, "#%u T%u %s%s%s", i + 1, t, dpu_report_op_name(r, e),
               obj[0] ? " " : "", obj);
      struct dpu_loc l = dpu_site_loc(r->sites, e->site);
      json_t *tfl = json_object(), *loc;
      if (l.file) {
        loc = dpu_sarif_location(l, what, ok);
      } else {
        loc = json_object();
        dpu_json_put(loc, "message", msg(what), ok);
      }
      dpu_json_put(tfl, "location", loc, ok);
      dpu_json_put(tfl, "executionOrder", json_integer(i + 1), ok);
      dpu_json_push(locs, tfl, ok);
    }
    if (json_array_size(locs) == 0) {
      json_decref(locs);
      continue;
    }
    json_t *tf = json_object();
    snprintf(text, sizeof text, "T%u", t);
    dpu_json_put(tf, "id", json_string(text), ok);
    dpu_json_put(tf, "message", msg(t == 0 ? "T0 (main)" : text), ok);
    dpu_json_put(tf, "locations", locs, ok);
    dpu_json_push(tfs, tf, ok);
  }
  dpu_json_put(flow, "threadFlows", tfs, ok);
  json_t *flows = json_array();
  dpu_json_push(flows, flow, ok);
  dpu_report_steps_heap(NULL);
  return flows;
}

static json_t *stacks(const struct dpu_defect *d, int *ok) {
  json_t *a = json_array();
  uint32_t n = d->race ? 2 : d->nstacks;
  for (uint32_t i = 0; i < n; i++) {
    const struct dpu_thread_stack *st = d->race ? &d->race->access[i].stack : &d->stacks[i];
    if (d->race && !d->race->access[i].captured) continue;
    json_t *s = json_object(), *frames = json_array();
    char text[48];
    if (d->race)
      snprintf(text, sizeof text, "the %s by T%u", dpu_race_kind(d->race->access[i].rec.flags),
               st->tid);
    else
      snprintf(text, sizeof text, "T%u", st->tid);
    dpu_json_put(s, "message", msg(text), ok);
    for (uint16_t j = 0; j < st->nframes && j < DPU_STACK_DEPTH; j++) {
      const struct dpu_loc *f = &st->frames[j];
      json_t *fr = json_object(), *loc;
      if (f->file) {
        loc = dpu_sarif_location((struct dpu_loc){f->function, f->file, f->line, f->column}, NULL, ok);
      } else {
        loc = json_object();
        json_t *lls = json_array(), *ll = json_object();
        dpu_json_put(ll, "name", dpu_json_text(f->function ? f->function : "??", (size_t)-1), ok);
        dpu_json_put(ll, "kind", json_string("function"), ok);
        dpu_json_push(lls, ll, ok);
        dpu_json_put(loc, "logicalLocations", lls, ok);
      }
      dpu_json_put(fr, "location", loc, ok);
      dpu_json_put(fr, "threadId", json_integer(st->tid), ok);
      dpu_json_push(frames, fr, ok);
    }
    dpu_json_put(s, "frames", frames, ok);
    dpu_json_push(a, s, ok);
  }
  return a;
}

static json_t *result(const struct dpu_report *r, const struct dpu_defect *d, int *ok) {
  json_t *res = json_object();
  size_t ri = rule_index(d->end);
  char *cmd = dpu_defect_replay(r->inv, d);
  if (!cmd) *ok = 0;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (f) {
    fprintf(f, "%s: %s. Found in %llu trace%s; `%s` replays it.", dpu_end_kind(d->end),
            d->message, (unsigned long long)d->traces, d->traces == 1 ? "" : "s",
            cmd ? cmd : "?");
    if (fclose(f) != 0) *ok = 0;
  } else {
    *ok = 0;
  }
  dpu_json_put(res, "ruleId", rule_id(d->end), ok);
  dpu_json_put(res, "ruleIndex", json_integer((json_int_t)ri), ok);
  dpu_json_put(res, "level", json_string("error"), ok);
  dpu_json_put(res, "message", text ? msg(text) : NULL, ok);
  free(text);
  json_t *locs = json_array();
  dpu_json_push(locs, dpu_sarif_location(primary(r, d), NULL, ok), ok);
  dpu_json_put(res, "locations", locs, ok);
  bool could = d->end == DPU_END_HANG_STEPS;
  if ((d->end == DPU_END_DEADLOCK || could) && d->nblocked) {
    json_t *rel = json_array();
    for (uint32_t i = 0; i < d->nblocked && i < DPU_MAX_THREADS; i++) {
      struct dpu_loc l = dpu_site_loc(r->sites, d->blocked[i].site);
      if (!l.file || (could && !dpu_waits_could_run(d, &d->blocked[i]))) continue;
      char what[96];
      snprintf(what, sizeof what, "T%u %s %s", d->blocked[i].tid,
               could ? "could run" : "blocked in", dpu_op_name(d->blocked[i].op));
      json_t *loc = dpu_sarif_location(l, what, ok);
      dpu_json_put(loc, "id", json_integer(i), ok);
      dpu_json_push(rel, loc, ok);
    }
    dpu_json_put(res, "relatedLocations", rel, ok);
  }
  /* A race's result location is one access (races.h: located, the same in every trace), its
   * related location the other. */
  if (d->race && d->race->access[1 - d->race->located].loc.file) {
    const struct dpu_race_access *a = &d->race->access[1 - d->race->located];
    json_t *rel = json_array();
    char what[96];
    snprintf(what, sizeof what, "the racing %s by T%u", dpu_race_kind(a->rec.flags), a->rec.tid);
    json_t *loc = dpu_sarif_location(a->loc, what, ok);
    dpu_json_put(loc, "id", json_integer(0), ok);
    dpu_json_push(rel, loc, ok);
    dpu_json_put(res, "relatedLocations", rel, ok);
  }
  dpu_json_put(res, "codeFlows", code_flow(r, d, ok), ok);
  if (d->nstacks || (d->race && (d->race->access[0].captured || d->race->access[1].captured)))
    dpu_json_put(res, "stacks", stacks(d, ok), ok);
  char hex[2 * DPU_DEFECT_DIGEST_BYTES + 1];
  dpu_digest_hex(d->digest, hex);
  json_t *fp = json_object();
  dpu_json_put(fp, "dpuDefectDigest/v1", json_string(hex), ok);
  dpu_json_put(res, "partialFingerprints", fp, ok);
  dpu_json_put(res, "occurrenceCount", json_integer((json_int_t)d->traces), ok);
  json_t *props = json_object();
  dpu_json_put(props, "defectId", json_integer(d->id), ok);
  dpu_json_put(props, "kind", json_string(dpu_end_kind(d->end)), ok);
  dpu_json_put(props, "traces", json_integer((json_int_t)d->traces), ok);
  dpu_json_put(props, "replay", dpu_json_text(cmd, (size_t)-1), ok);
  dpu_json_put(props, "schedule", json_string(d->schedule), ok);
  dpu_json_put(props, "steps", json_integer(d->nsteps), ok);
  dpu_json_put(props, "stepsOmitted", json_integer(flow_omitted(r, d)), ok);
  dpu_json_put(props, "output", dpu_json_text(d->output, d->output_len), ok);
  dpu_json_put(props, "outputTruncated", json_boolean(d->output_truncated), ok);
  dpu_json_put(res, "properties", props, ok);
  free(cmd);
  return res;
}

static json_t *driver(const struct dpu_report *r, int *ok) {
  json_t *drv = json_object();
  dpu_json_put(drv, "name", json_string("dpu"), ok);
  dpu_json_put(drv, "fullName", json_string("dpu, a dynamic unfolder for POSIX-threads C programs"),
               ok);
  dpu_json_put(drv, "version", json_string(r->inv->version), ok);
  dpu_json_put(drv, "semanticVersion", json_string(r->inv->version), ok);
  json_t *rs = json_array();
  for (size_t i = 0; i < NRULES; i++) {
    json_t *rule = json_object();
    dpu_json_put(rule, "id", rule_id(rules[i].end), ok);
    dpu_json_put(rule, "name", json_string(rules[i].name), ok);
    dpu_json_put(rule, "shortDescription", msg(rules[i].short_text), ok);
    dpu_json_put(rule, "fullDescription", msg(rules[i].full_text), ok);
    dpu_json_put(rule, "help", msg("The result's codeFlow is the interleaving of threads that "
                                   "leads to the defect; the replay command in its message "
                                   "runs exactly that interleaving again."),
                 ok);
    json_t *cfg = json_object();
    dpu_json_put(cfg, "level", json_string("error"), ok);
    dpu_json_put(rule, "defaultConfiguration", cfg, ok);
    json_t *props = json_object(), *tags = json_array();
    dpu_json_push(tags, json_string("concurrency"), ok);
    dpu_json_push(tags, json_string("correctness"), ok);
    dpu_json_put(props, "tags", tags, ok);
    dpu_json_put(props, "precision", json_string("very-high"), ok);
    dpu_json_put(props, "problem.severity", json_string("error"), ok);
    dpu_json_put(rule, "properties", props, ok);
    dpu_json_push(rs, rule, ok);
  }
  dpu_json_put(drv, "rules", rs, ok);
  return drv;
}

/* Every warning and note dpu said (report/warnings.h) as a notification of the invocation:
 * level warning or note, its id as the descriptor, its source location if it has one. */
static void push_warnings(json_t *notes, int *ok) {
  size_t n;
  const struct dpu_warning *w = dpu_warnings(&n);
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object(), *desc = json_object();
    dpu_json_put(o, "level", json_string(w[i].kind == DPU_SAY_NOTE ? "note" : "warning"), ok);
    dpu_json_put(o, "message", msg(w[i].text), ok);
    dpu_json_put(desc, "id", json_string(w[i].id), ok);
    dpu_json_put(o, "descriptor", desc, ok);
    if (w[i].file) {
      json_t *locs = json_array();
      struct dpu_loc l = {w[i].function, w[i].file, w[i].line, w[i].column};
      dpu_json_push(locs, dpu_sarif_location(l, NULL, ok), ok);
      dpu_json_put(o, "locations", locs, ok);
    }
    dpu_json_push(notes, o, ok);
  }
}

static json_t *invocation(const struct dpu_report *r, const struct dpu_report_end *end, int *ok) {
  json_t *inv = json_object();
  char *line = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&line, &len);
  json_t *args = json_array();
  if (f) {
    for (int i = 0; i < r->inv->argc; i++) {
      fprintf(f, "%s%s", i ? " " : "", r->inv->argv[i]);
      if (i) dpu_json_push(args, dpu_json_text(r->inv->argv[i], (size_t)-1), ok);
    }
    if (fclose(f) != 0) *ok = 0;
  } else {
    *ok = 0;
  }
  dpu_json_put(inv, "commandLine", line ? dpu_json_text(line, (size_t)-1) : NULL, ok);
  free(line);
  dpu_json_put(inv, "arguments", args, ok);
  bool done = strcmp(end->state, "complete") == 0 || strcmp(end->state, "stopped") == 0;
  dpu_json_put(inv, "executionSuccessful", json_boolean(done), ok);
  if (end->exit_code >= 0) dpu_json_put(inv, "exitCode", json_integer(end->exit_code), ok);
  json_t *notes = json_array();
  if (!done) {
    char text[1024];
    if (strcmp(end->state, "running") == 0)
      snprintf(text, sizeof text, "The exploration is still running (or dpu was killed): the "
                                  "results so far are all here.");
    else if (strcmp(end->state, "error") == 0)
      snprintf(text, sizeof text, "The program cannot be explored: %s.",
               end->reason ? end->reason : "see dpu's errors");
    else
      snprintf(text, sizeof text, "The exploration is %s%s%s%s: the results found are all here.",
               end->state, end->reason ? " (" : "", end->reason ? end->reason : "",
               end->reason ? ")" : "");
    json_t *n = json_object();
    dpu_json_put(n, "level", json_string(strcmp(end->state, "failed") == 0 ||
                                                 strcmp(end->state, "error") == 0
                                             ? "error"
                                             : "warning"),
                 ok);
    dpu_json_put(n, "message", msg(text), ok);
    dpu_json_push(notes, n, ok);
  }
  push_warnings(notes, ok);
  if (json_array_size(notes)) dpu_json_put(inv, "toolExecutionNotifications", notes, ok);
  else json_decref(notes);
  char cwd[PATH_MAX];
  if (getcwd(cwd, sizeof cwd)) {
    json_t *wd = json_object();
    dpu_json_put(wd, "uri", file_uri(cwd, true), ok);
    dpu_json_put(inv, "workingDirectory", wd, ok);
  }
  return inv;
}

json_t *dpu_report_sarif(const struct dpu_report *r, const struct dpu_report_end *end) {
  int ok = 1;
  const struct dpu_counts zero = {0}, *c = r->counts ? r->counts : &zero;
  json_t *log = json_object(), *run = json_object(), *runs = json_array();
  dpu_json_put(log, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json"), &ok);
  dpu_json_put(log, "version", json_string("2.1.0"), &ok);
  json_t *tool = json_object();
  dpu_json_put(tool, "driver", driver(r, &ok), &ok);
  dpu_json_put(run, "tool", tool, &ok);
  json_t *invs = json_array();
  dpu_json_push(invs, invocation(r, end, &ok), &ok);
  dpu_json_put(run, "invocations", invs, &ok);
  json_t *bases = dpu_sarif_base_ids(&ok);
  if (bases) dpu_json_put(run, "originalUriBaseIds", bases, &ok);
  json_t *results = json_array();
  for (uint32_t i = 0; i < r->defects.n && i < DPU_SARIF_MAX_RESULTS; i++)
    dpu_json_push(results, result(r, r->defects.v[i], &ok), &ok);
  dpu_json_put(run, "results", results, &ok);
  json_t *props = json_object();
  dpu_json_put(props, "state", json_string(end->state), &ok);
  dpu_json_put(props, "reason", end->reason ? json_string(end->reason) : json_null(), &ok);
  dpu_json_put(props, "defects", json_integer(r->defects.n), &ok);
  dpu_json_put(props, "tracesWithDefects", json_integer((json_int_t)r->defects.traces), &ok);
  dpu_json_put(props, "maxConfigs", json_integer((json_int_t)c->max_configs), &ok);
  dpu_json_put(props, "ssbs", json_integer((json_int_t)c->ssbs), &ok);
  dpu_json_put(props, "runs", json_integer((json_int_t)c->runs), &ok);
  dpu_json_put(props, "seconds", json_real(dpu_report_elapsed(r)), &ok);
  /* JSON's summary.estimated_traces (explorer/estimate.c) */
  dpu_json_put(props, "estimatedTraces", c->estimate > 0 ? json_real(c->estimate) : json_null(),
               &ok);
  /* JSON's summary.preemption_bound and runs_bounded (explorer/bound.h) */
  dpu_json_put(props, "preemptionBound",
               r->bounded ? json_integer((json_int_t)r->preemptions) : json_null(), &ok);
  dpu_json_put(props, "runsBounded", json_integer((json_int_t)c->bounded), &ok);
  /* JSON's summary.memory_model (docs/memory-models.md) */
  dpu_json_put(props, "memoryModel", json_string(dpu_memory_model_name(r->memory_model)), &ok);
  /* JSON's summary.symmetry (explorer/symmetry.h) */
  dpu_json_put(props, "symmetry", json_boolean(c->symmetric), &ok);
  /* JSON's command.order and command.seed (explorer/workers.c) */
  bool random = r->inv->order && strcmp(r->inv->order, "random") == 0;
  dpu_json_put(props, "order", json_string(random ? "random" : "dfs"), &ok);
  dpu_json_put(props, "seed", random ? json_integer((json_int_t)r->inv->seed) : json_null(), &ok);
  dpu_json_put(props, "preemptionBoundComplete",
               r->bounded && r->preemptions_done >= 0 ? json_integer(r->preemptions_done)
                                                      : json_null(), &ok);
  dpu_json_put(run, "properties", props, &ok);
  dpu_json_push(runs, run, &ok);
  dpu_json_put(log, "runs", runs, &ok);
  if (!ok) {
    json_decref(log);
    return NULL;
  }
  return log;
}
