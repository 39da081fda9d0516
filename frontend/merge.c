/* `dpu merge`: the JSON reports of the N shards of one exploration (--shard=I/N,
 * explorer/split.h) as one report: counts summed (every trace is in exactly one shard),
 * defects deduplicated by digest, complete only when every shard is there and complete. */
#include "merge.h"

#include "../report/doc.h"
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MERGE_CLEAN = 0, MERGE_DEFECTS = 1, MERGE_USAGE = 2, MERGE_INCOMPLETE = 3 };

static const char usage[] =
    "usage: dpu merge [--format=text|json|sarif] [-o FILE] REPORT.json...\n"
    "  Combines the --format=json reports of `dpu --shard=I/N` for I = 0 .. N-1 into one\n"
    "  report: summed counts, each defect once, complete only if every shard completed.\n"
    "  Exit code as dpu's: 0 no defect, 1 defects (also when incomplete), 2 bad input (also\n"
    "  when every shard had bad input), 3 incomplete (a shard missing, stopped by a limit or\n"
    "  killed) with no defect.\n";

struct merged {
  json_t *doc;        /* the first report, made the merged one */
  json_t *defects;    /* by digest: digest -> defect */
  char **visible;     /* [count]: each shard's visible access sites (malloc'd) */
  char **why;         /* [count]: why shard i's report is not complete (malloc'd), or NULL */
  unsigned count;     /* N */
  unsigned *seen;     /* [count]: reports of shard i */
  unsigned nreports;
  json_int_t parts;   /* the split's parts, as the first report that made the split says; -1
                       * until one does */
  const char *parts_file; /* that report's file */
  unsigned nerror;    /* reports in state "error": bad input, nothing explored */
  const char *state;  /* the worst state so far: one of states[] */
  char reason[4096];
};

/* qsort: C strings. */
static int strcmp_ptr(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* qsort: unsigned longs. */
static int cmp_ulong(const void *a, const void *b) {
  unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
  return (x > y) - (x < y);
}

static int fail(const char *file, const char *what) {
  fprintf(stderr, "dpu: error: %s: %s\n", file, what);
  return MERGE_USAGE;
}

static json_int_t num(json_t *o, const char *key) {
  return json_integer_value(json_object_get(o, key));
}

static void add_int(json_t *into, json_t *from, const char *key) {
  json_object_set_new(into, key, json_integer(num(into, key) + num(from, key)));
}

/* The command without argv (which names the shard): what must be the same in every report. */
static json_t *command_of(json_t *doc) {
  json_t *c = json_deep_copy(json_object_get(doc, "command"));
  if (c) json_object_del(c, "argv");
  return c;
}

/* The states of a report from best to worst: the merged one is the worst of the shards',
 * where a shard "running" (killed, or not ended), "failed" or "error" leaves the whole
 * "incomplete". */
static const char *const states[] = {"complete", "stopped", "incomplete", "running", "failed",
                                     "error"};
enum { NSTATES = sizeof states / sizeof *states };

/* state's index in states[], NSTATES if it is none of them. */
static int rank(const char *state) {
  for (int i = 0; i < NSTATES; i++)
    if (strcmp(states[i], state) == 0) return i;
  return NSTATES;
}

/* Makes the merged state at least as bad as state (one of states[]; m->state points to the
 * static string, never into a shard's document, which is freed once added). */
static void worsen(struct merged *m, const char *state) {
  int r = rank(state);
  if (r > rank("incomplete")) r = rank("incomplete");
  if (r < NSTATES && r > rank(m->state)) m->state = states[r];
}

/* Appends text to the merged reason, "; " between two; what does not fit is left out. */
static void add_reason(struct merged *m, const char *text) {
  size_t len = strlen(m->reason), n = strlen(text), room = sizeof m->reason - 1 - len;
  if (len && room < 2) return;
  if (len) memcpy(m->reason + len, "; ", 2), len += 2, room -= 2;
  if (n > room) n = room;
  memcpy(m->reason + len, text, n);
  m->reason[len + n] = 0;
}

/* Whether a shard's report says how many parts the split made: the split is done in a report
 * that is complete or stopped, or that was dealt parts; one written before the split ended
 * (dpu killed, interrupted or failing during the split, bad input) says 0. */
static bool split_done(json_t *doc, const char *state) {
  return !strcmp(state, "complete") || !strcmp(state, "stopped") ||
         num(json_object_get(doc, "shard"), "parts_here") > 0;
}

/* Why shard `index` is not complete, from its report's state and reason (state not
 * "complete"), into m->why[index]. Returns 0, or -1 if out of memory. */
static int not_complete(struct merged *m, unsigned index, const char *state, json_t *doc) {
  const char *why = json_string_value(json_object_get(doc, "reason"));
  char text[700];
  if (!strcmp(state, "running"))
    snprintf(text, sizeof text, "shard %u did not finish: its report still says \"running\" "
             "(dpu was killed, e.g. by SIGKILL or a job's time limit, or had not ended)", index);
  else snprintf(text, sizeof text, "shard %u %s (%s)", index, state, why ? why : "?");
  worsen(m, state);
  if (!strcmp(state, "error")) m->nerror++;
  return (m->why[index] = strdup(text)) ? 0 : -1;
}

/* Appends to `into` (a report's "warnings") those of `from` it has not: each warning once, by
 * its kind and text, as dpu says them (the shards of one exploration mostly say the same). */
static void merge_warnings(json_t *into, json_t *from) {
  size_t i, j;
  json_t *w, *had;
  json_array_foreach(from, i, w) {
    bool seen = false;
    json_array_foreach(into, j, had)
      seen |= json_equal(json_object_get(had, "kind"), json_object_get(w, "kind")) &&
              json_equal(json_object_get(had, "text"), json_object_get(w, "text"));
    if (!seen) json_array_append(into, w);
  }
}

/* Adds one shard report. Returns 0, or MERGE_USAGE (message printed). */
static int add_report(struct merged *m, const char *file, json_t *doc) {
  json_t *shard = json_object_get(doc, "shard");
  const char *fmt = json_string_value(json_object_get(doc, "format"));
  if (!fmt || strcmp(fmt, "dpu-report") != 0 || num(doc, "format_version") != 1)
    return fail(file, "not a dpu JSON report (dpu --format=json)");
  if (!json_is_object(shard) || json_object_get(shard, "merged"))
    return fail(file, "not the report of one shard (dpu --shard=I/N --format=json)");
  /* The report as its shard wrote it: a document edited by hand (a count changed, a defect
   * left out) would make a merged report that no exploration gave. */
  const char *digest = json_string_value(json_object_get(doc, DPU_CONTENT_DIGEST_KEY));
  char actual[DPU_CONTENT_DIGEST_HEX + 1];
  if (!digest)
    return fail(file, "no content digest: not a shard's report as dpu --shard wrote it (an "
                      "older dpu's, or edited)");
  if (dpu_json_content_digest(doc, actual) != 0) return fail(file, "out of memory");
  if (strcmp(digest, actual) != 0)
    return fail(file, "its content does not match its digest: the report was changed after dpu "
                      "wrote it");
  json_int_t index_in = num(shard, "index"), count_in = num(shard, "count");
  if (count_in < 1 || count_in > DPU_MAX_SHARDS || index_in < 0 || index_in >= count_in)
    return fail(file, "a shard index or count out of range");
  unsigned index = (unsigned)index_in, count = (unsigned)count_in;
  if (!m->doc) {
    m->doc = json_deep_copy(doc);
    m->count = count;
    m->seen = calloc(count, sizeof *m->seen);
    m->visible = calloc(count, sizeof *m->visible);
    m->why = calloc(count, sizeof *m->why);
    m->defects = json_object();
    if (!m->doc || !m->seen || !m->visible || !m->why || !m->defects)
      return fail(file, "out of memory");
    json_object_set_new(m->doc, "defects", json_array());
    json_object_del(m->doc, DPU_CONTENT_DIGEST_KEY); /* the first shard's, not the merge's */
  } else {
    json_t *a = command_of(m->doc), *b = command_of(doc);
    bool same = json_equal(a, b);
    json_decref(a), json_decref(b);
    if (!same) return fail(file, "another program, input or options than the first report's");
    if (count != m->count) return fail(file, "a shard of another --shard=I/N count");
    json_t *sum = json_object_get(m->doc, "summary"), *s = json_object_get(doc, "summary");
    add_int(sum, s, "traces_with_defects");
    add_int(sum, s, "max_configs");
    add_int(sum, s, "ssbs");
    add_int(sum, s, "runs");
    if (json_object_get(sum, "runs_bounded")) add_int(sum, s, "runs_bounded");
    double secs = json_number_value(json_object_get(s, "seconds"));
    if (secs > json_number_value(json_object_get(sum, "seconds")))
      json_object_set_new(sum, "seconds", json_real(secs));
    json_t *st = json_object_get(m->doc, "statistics"), *t = json_object_get(doc, "statistics");
    const char *keys[] = {"runs_redirected", "runs_repeated", "runs_cut",
                          "runs_earlier_explorations"};
    for (unsigned i = 0; i < sizeof keys / sizeof *keys; i++) add_int(st, t, keys[i]);
    add_int(json_object_get(m->doc, "shard"), shard, "parts_explored");
    merge_warnings(json_object_get(m->doc, "warnings"), json_object_get(doc, "warnings"));
  }
  if (m->seen[index]++) return fail(file, "a second report of the same shard");
  m->nreports++;
  const char *vis = json_string_value(json_object_get(shard, "visible_sites"));
  if (!(m->visible[index] = strdup(vis ? vis : ""))) return fail(file, "out of memory");
  const char *state = json_string_value(json_object_get(doc, "state"));
  if (!state || rank(state) == NSTATES) return fail(file, "no state, or an unknown one");
  if (split_done(doc, state)) {
    json_int_t parts = num(shard, "parts");
    if (m->parts < 0) m->parts = parts, m->parts_file = file;
    else if (parts != m->parts) {
      char what[600];
      snprintf(what, sizeof what, "split into %lld parts, %s into %lld: another dpu version or "
               "program?", (long long)parts, m->parts_file, (long long)m->parts);
      return fail(file, what);
    }
  }
  if (strcmp(state, "complete") != 0 && not_complete(m, index, state, doc) != 0)
    return fail(file, "out of memory");
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(doc, "defects"), i, d) {
    const char *digest = json_string_value(json_object_get(d, "digest"));
    if (!digest) return fail(file, "a defect without a digest");
    json_t *had = json_object_get(m->defects, digest);
    if (had) add_int(had, d, "traces");
    else json_object_set(m->defects, digest, d);
  }
  return 0;
}

/* The access sites visible in any shard, "A,B,..." in increasing order (malloc'd; NULL if out of
 * memory): the sites that a racy program's shards must all start from for their parts to
 * partition one exploration (main.c explores again while new racing sites appear). */
static char *visible_union(const struct merged *m) {
  size_t cap = 1;
  for (unsigned i = 0; i < m->count; i++) cap += m->visible[i] ? strlen(m->visible[i]) + 1 : 0;
  unsigned long *ids = malloc(cap * sizeof *ids);
  char *out = malloc(cap);
  size_t n = 0;
  if (!ids || !out) {
    free(ids), free(out);
    return NULL;
  }
  for (unsigned i = 0; i < m->count; i++)
    for (const char *p = m->visible[i]; p && *p;) {
      char *end;
      unsigned long id = strtoul(p, &end, 10);
      if (end == p) break;
      ids[n++] = id;
      p = *end == ',' ? end + 1 : end;
    }
  qsort(ids, n, sizeof *ids, cmp_ulong);
  size_t len = 0;
  out[0] = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || ids[i] != ids[i - 1])
      len += (size_t)snprintf(out + len, cap - len, "%s%lu", len ? "," : "", ids[i]);
  free(ids);
  return out;
}

/* Completes the merged document: shards missing, visible sites, defects, state, exit code. */
static int finish(struct merged *m, int argc, char **argv) {
  for (unsigned i = 0; i < m->count; i++) /* the shards' own, in the order of their index */
    if (m->why[i]) add_reason(m, m->why[i]);
  char missing[256] = "no report of shard ";
  size_t prefix = strlen(missing);
  for (unsigned i = 0; i < m->count; i++)
    if (!m->seen[i] && strlen(missing) + 16 < sizeof missing)
      snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%u",
               strlen(missing) > prefix ? ", " : "", i);
  if (strlen(missing) > prefix) {
    worsen(m, "incomplete");
    add_reason(m, missing);
  }
  char *all = visible_union(m);
  if (!all) return MERGE_USAGE;
  for (unsigned i = 0; i < m->count; i++)
    if (m->seen[i] && m->visible[i] && strcmp(m->visible[i], all) != 0) {
      char what[4096];
      snprintf(what, sizeof what, "the shards found different racing access sites: run every "
               "shard again with --visible-sites=%s", all);
      worsen(m, "incomplete");
      add_reason(m, what);
      break;
    }
  json_object_set_new(json_object_get(m->doc, "shard"), "visible_sites", json_string(all));
  free(all);
  /* Defects by digest (json_object_keys are unordered: sort them). */
  size_t n = json_object_size(m->defects), k = 0;
  const char **keys = malloc((n ? n : 1) * sizeof *keys);
  if (!keys) return MERGE_USAGE;
  const char *key;
  json_t *d;
  json_object_foreach(m->defects, key, d) keys[k++] = key;
  qsort(keys, n, sizeof *keys, strcmp_ptr);
  json_t *arr = json_object_get(m->doc, "defects");
  for (k = 0; k < n; k++) {
    d = json_deep_copy(json_object_get(m->defects, keys[k]));
    json_object_set_new(d, "id", json_integer((json_int_t)k + 1));
    json_array_append_new(arr, d);
  }
  free(keys);
  json_t *sum = json_object_get(m->doc, "summary");
  json_object_set_new(sum, "defects", json_integer((json_int_t)n));
  /* Every report of bad input (each shard exited 2): the merge is of bad input too. Else
   * defects found make exit 1 whatever the state (as dpu's exit code: a CI job fails on
   * them even when a shard did not finish); the state says whether the exploration is whole. */
  if (m->nerror == m->nreports) m->state = "error";
  bool complete = strcmp(m->state, "complete") == 0;
  int code = m->nerror == m->nreports ? MERGE_USAGE
             : n                      ? MERGE_DEFECTS
             : complete               ? MERGE_CLEAN
                                      : MERGE_INCOMPLETE;
  if (code == MERGE_USAGE)
    fprintf(stderr, "dpu: error: every shard's report is of bad input, nothing was explored "
                    "(%s)\n", m->reason);
  json_object_set_new(m->doc, "state", json_string(m->state));
  json_object_set_new(m->doc, "complete", json_boolean(complete));
  json_object_set_new(m->doc, "reason", complete ? json_null() : json_string(m->reason));
  json_object_set_new(m->doc, "exit_code", json_integer(code));
  json_t *shard = json_object_get(m->doc, "shard");
  json_object_set_new(shard, "parts", json_integer(m->parts > 0 ? m->parts : 0));
  json_object_set_new(shard, "index", json_integer(0));
  json_object_set_new(shard, "parts_here", json_integer(num(shard, "parts")));
  json_object_set_new(shard, "merged", json_integer(m->nreports));
  json_t *av = json_array();
  for (int i = 0; i < argc; i++) json_array_append_new(av, json_string(argv[i]));
  json_object_set_new(json_object_get(m->doc, "command"), "argv", av);
  return code;
}

/* ---- output --------------------------------------------------------------------------- */

static const char *str(json_t *o, const char *key) {
  const char *v = json_string_value(json_object_get(o, key));
  return v ? v : "";
}

/* The text report: each defect with its place, traces and replay command, then the summary
 * line of dpu's own text report. */
static void write_text(FILE *f, const struct merged *m) {
  json_t *doc = m->doc, *sum = json_object_get(doc, "summary");
  json_t *inputs = json_object_get(json_object_get(doc, "command"), "inputs");
  const char *input = json_string_value(json_array_get(inputs, 0));
  fprintf(f, "dpu merge: %u of %u shard reports of %s\n", m->nreports, m->count,
          input ? input : "?");
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(doc, "defects"), i, d) {
    fprintf(f, "\ndpu: defect %lld: %s: %s\n", (long long)num(d, "id"), str(d, "kind"),
            str(d, "message"));
    json_t *l = json_object_get(d, "location");
    if (json_is_object(l) && !strstr(str(d, "message"), " (at ")) /* not said already */
      fprintf(f, "  at %s:%lld in %s\n", str(l, "file"), (long long)num(l, "line"),
              str(l, "function"));
    fprintf(f, "  found in %lld traces; digest %s\n", (long long)num(d, "traces"),
            str(d, "digest"));
    fprintf(f, "  replay: %s\n", str(json_object_get(d, "replay"), "command"));
  }
  if (json_array_size(json_object_get(doc, "defects")))
    fprintf(f, "\ndpu: traces with defects: %lld of %lld\n",
            (long long)num(sum, "traces_with_defects"), (long long)num(sum, "max_configs"));
  if (!json_is_true(json_object_get(doc, "complete")))
    fprintf(f, "dpu: exploration %s (%s)\n", m->state, str(doc, "reason"));
  fprintf(f, "dpu: summary: %lld defects, %lld max-configs, %lld SSBs, %lld runs, %.2f s\n",
          (long long)num(sum, "defects"), (long long)num(sum, "max_configs"),
          (long long)num(sum, "ssbs"), (long long)num(sum, "runs"),
          json_number_value(json_object_get(sum, "seconds")));
}

/* SARIF 2.1.0, as dpu --format=sarif writes it for one defect's place (report/sarif.c), from
 * what the JSON reports keep: rule per kind, result per defect with its location, digest
 * (partialFingerprints) and traces (occurrenceCount). */
static json_t *sarif(const struct merged *m) {
  json_t *doc = m->doc, *rules = json_array(), *results = json_array(), *kinds = json_object();
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(doc, "defects"), i, d) {
    char kind[96]; /* the rule ids of report/sarif.c */
    snprintf(kind, sizeof kind, "dpu/%s", str(d, "kind_id"));
    if (!json_object_get(kinds, kind)) {
      json_object_set_new(kinds, kind, json_integer((json_int_t)json_array_size(rules)));
      char full[160];
      snprintf(full, sizeof full, "A %s in some interleaving of the program's threads.",
               str(d, "kind"));
      json_array_append_new(rules, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}", "id", kind,
                                             "name", str(d, "kind_id"), "shortDescription",
                                             "text", str(d, "kind"), "fullDescription", "text",
                                             full, "help", "text", "The replay command in the "
                                             "result's message runs the interleaving again."));
    }
    char text[2048];
    snprintf(text, sizeof text, "%s: %s. Replay: %s", str(d, "kind"), str(d, "message"),
             str(json_object_get(d, "replay"), "command"));
    json_t *res = json_pack("{s:s, s:O, s:s, s:{s:s}, s:{s:s}, s:I, s:{s:I, s:s}}", "ruleId",
                            kind, "ruleIndex", json_object_get(kinds, kind), "level", "error",
                            "message", "text", text, "partialFingerprints",
                            "dpuDefectDigest/v1", str(d, "digest"), "occurrenceCount",
                            num(d, "traces"), "properties", "defectId", num(d, "id"), "kind",
                            str(d, "kind"));
    json_t *l = json_object_get(d, "location");
    if (res && json_is_object(l) && str(l, "file")[0]) {
      struct dpu_loc loc = {str(l, "function")[0] ? str(l, "function") : NULL, str(l, "file"),
                            (uint32_t)num(l, "line"), (uint32_t)num(l, "column")};
      int ok = 1;
      json_t *locs = json_array();
      dpu_json_push(locs, dpu_sarif_location(loc, NULL, &ok), &ok);
      json_object_set_new(res, "locations", locs);
    }
    if (res) json_array_append_new(results, res);
  }
  json_decref(kinds);
  json_t *sum = json_object_get(doc, "summary");
  json_t *run = json_pack(
      "{s:{s:{s:s, s:s, s:s, s:o}}, s:o, s:[{s:b, s:I}], s:{s:s, s:O, s:O, s:O, s:O, s:O}}",
      "tool", "driver", "name", "dpu", "version", str(json_object_get(doc, "tool"), "version"),
      "fullName", "dpu merge of --shard reports", "rules", rules, "results", results,
      "invocations", "executionSuccessful", json_is_true(json_object_get(doc, "complete")),
      "exitCode", num(doc, "exit_code"), "properties", "state", m->state, "reason",
      json_object_get(doc, "reason"), "defects", json_object_get(sum, "defects"), "maxConfigs",
      json_object_get(sum, "max_configs"), "ssbs", json_object_get(sum, "ssbs"), "runs",
      json_object_get(sum, "runs"));
  int ok = 1;
  json_t *bases = dpu_sarif_base_ids(&ok);
  if (run && bases) json_object_set_new(run, "originalUriBaseIds", bases);
  return json_pack("{s:s, s:s, s:[o]}", "$schema", "https://json.schemastore.org/sarif-2.1.0.json",
                   "version", "2.1.0", "runs", run);
}

/* Writes the merged report m as format ("text", "json" or "sarif") to the file output, or to
 * stdout if NULL. Returns 0, or -1 (message printed). */
static int write_report(const struct merged *m, const char *format, const char *output) {
  FILE *f = output ? fopen(output, "w") : stdout;
  if (!f) {
    fprintf(stderr, "dpu: error: cannot write %s: %s\n", output, strerror(errno));
    return -1;
  }
  int rc = 0;
  if (!strcmp(format, "text")) {
    write_text(f, m);
  } else {
    json_t *out = !strcmp(format, "json") ? json_incref(m->doc) : sarif(m);
    if (!out || json_dumpf(out, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) rc = -1;
    fputc('\n', f);
    json_decref(out);
  }
  if (f != stdout ? fclose(f) != 0 : fflush(f) != 0) rc = -1;
  if (rc) fprintf(stderr, "dpu: error: cannot write the merged report%s%s\n",
                  output ? " to " : "", output ? output : "");
  return rc;
}

int dpu_merge_main(int argc, char **argv) {
  static const struct option opts[] = {{"format", required_argument, 0, 'f'},
                                       {"output", required_argument, 0, 'o'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  const char *format = "text", *output = NULL;
  int c;
  optind = 1;
  opterr = 0; /* dpu's words, not getopt's ("merge: unrecognized option") */
  while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': fputs(usage, stdout); return MERGE_CLEAN;
    case 'o': output = optarg; break;
    case 'f':
      if (strcmp(optarg, "text") != 0 && strcmp(optarg, "json") != 0 &&
          strcmp(optarg, "sarif") != 0) {
        fprintf(stderr, "dpu: error: invalid value '%s' for --format (expected text, json or "
                        "sarif)\n", optarg);
        return MERGE_USAGE;
      }
      format = optarg;
      break;
    case ':':
      fprintf(stderr, "dpu: error: option '%s' needs a value\n", argv[optind - 1]);
      return MERGE_USAGE;
    default:
      fprintf(stderr, "dpu: error: unknown option '%s' for dpu merge, which takes the shards' "
                      "reports (see dpu merge --help)\n", argv[optind - 1]);
      return MERGE_USAGE;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, "dpu: error: no report to merge (see dpu merge --help)\n");
    return MERGE_USAGE;
  }
  struct merged m = {.state = "complete", .parts = -1};
  int rc = 0;
  for (int i = optind; i < argc && !rc; i++) {
    json_error_t err;
    json_t *doc = json_load_file(argv[i], JSON_ALLOW_NUL, &err); /* (program output) */
    if (!doc) {
      char what[300];
      if (err.line > 0)
        snprintf(what, sizeof what, "cannot read a JSON document: %s (line %d)", err.text,
                 err.line);
      else snprintf(what, sizeof what, "cannot read a JSON document: %s", err.text);
      rc = fail(argv[i], what);
      break;
    }
    rc = add_report(&m, argv[i], doc);
    json_decref(doc);
  }
  bool merged = !rc; /* every report added: there is a merged report to write */
  if (merged) rc = finish(&m, argc, argv);
  /* Bad input in every shard: the merged report too says so. */
  if (merged && (rc != MERGE_USAGE || m.nerror == m.nreports) &&
      write_report(&m, format, output) != 0)
    rc = MERGE_USAGE;
  for (unsigned i = 0; m.visible && i < m.count; i++) free(m.visible[i]);
  for (unsigned i = 0; m.why && i < m.count; i++) free(m.why[i]);
  free(m.visible), free(m.why), free(m.seen);
  json_decref(m.doc), json_decref(m.defects);
  return rc;
}
