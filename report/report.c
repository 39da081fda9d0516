/* See report.h. The text report, and writing the JSON and SARIF documents to their file
 * (replay schedules and commands: replay.c). */
#include "report.h"
#include "groups.h"
#include "steps.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../executor/executor.h"
#include "progress.h"
#include "races.h"
#include "doc.h"
#include "stacks.h"
#include "waits.h"
#include "warnings.h"

double dpu_report_elapsed(const struct dpu_report *r) { return dpu_now() - r->t0; }

/* ---- the text report -------------------------------------------------------------------- */

static void print_output(FILE *f, const char *o, size_t len, bool truncated) {
  if (len == 0 && !truncated) {
    fprintf(f, "  output: (none)\n");
    return;
  }
  fprintf(f, "  output:\n");
  for (size_t i = 0; i < len;) {
    size_t j = i;
    while (j < len && o[j] != '\n') j++;
    fputs("  | ", f);
    fwrite(o + i, 1, j - i, f); /* as written, NUL bytes included */
    fputc('\n', f);
    i = j + 1;
  }
  if (truncated) fprintf(f, "  | [output truncated]\n");
}

void dpu_report_output(struct dpu_report *r, const struct dpu_run *run) {
  if (!r->text) return;
  dpu_progress_clear();
  print_output(r->text, run->output, run->output_len, run->output_truncated);
}

/* The block of a new distinct defect. */
static void print_defect(struct dpu_report *r, const struct dpu_defect *d) {
  FILE *f = r->text;
  dpu_report_steps_heap(d);
  fprintf(f, "dpu: defect %u: %s: %s\n", d->id, dpu_end_kind(d->end), d->message);
  if (r->verbosity >= 0) {
    fprintf(f, "  interleaving (%u thread%s, %u step%s):\n", d->nthreads,
            d->nthreads == 1 ? "" : "s", d->nsteps, d->nsteps == 1 ? "" : "s");
    dpu_report_print_steps(r, d->steps, d->nsteps);
    if (d->race) dpu_race_print(f, d);
    else dpu_stacks_print(f, d->stacks, d->nstacks);
    if (d->later)
      fprintf(f, d->nstacks ? "  (the failing thread's stack only: a defect after another one "
                              "in its run, where the threads' stacks were taken)\n"
                            : "  stacks: not taken (a crash after another defect in its run)\n");
    dpu_waits_print(f, r, d);
    print_output(f, d->output, d->output_len, d->output_truncated);
  }
  char *cmd = dpu_defect_replay(r->inv, d);
  fprintf(f, "  replay: %s\n", cmd ? cmd : "(out of memory)");
  free(cmd);
  if (r->inv->stdin_bytes)
    fprintf(f, "  stdin: %llu bytes (blake2b %s), the same in every run: give the replay the "
               "same input\n",
            (unsigned long long)r->inv->stdin_bytes, r->inv->stdin_digest);
  if (r->verbosity > 0) {
    char hex[2 * DPU_DEFECT_DIGEST_BYTES + 1];
    dpu_digest_hex(d->digest, hex);
    fprintf(f, "  digest: %s\n", hex);
  }
  fflush(f);
  dpu_report_steps_heap(NULL);
}

static void print_trace(struct dpu_report *r, const uint8_t *fp, size_t len) {
  dpu_progress_clear();
  fprintf(r->text, "dpu: trace ");
  for (size_t i = 0; i < len; i++) fprintf(r->text, "%02x", fp[i]);
  fprintf(r->text, "\n");
}

void dpu_report_trace(struct dpu_report *r, const uint8_t *fp, size_t len) {
  if (!r->text) return;
  if (!r->defer_traces) {
    print_trace(r, fp, len);
    return;
  }
  if (r->ntraces_kept + len > r->traces_cap) {
    size_t cap = r->traces_cap ? 2 * r->traces_cap : 4096;
    while (cap < r->ntraces_kept + len) cap *= 2;
    uint8_t *p = realloc(r->traces_kept, cap);
    if (!p) {
      fprintf(stderr, "dpu: error: out of memory while keeping trace fingerprints\n");
      return;
    }
    r->traces_kept = p, r->traces_cap = cap;
  }
  memcpy(r->traces_kept + r->ntraces_kept, fp, len);
  r->ntraces_kept += len;
  r->trace_len = len;
}

void dpu_report_traces_end(struct dpu_report *r, bool print) {
  for (size_t i = 0; print && r->trace_len && i + r->trace_len <= r->ntraces_kept; i += r->trace_len)
    print_trace(r, r->traces_kept + i, r->trace_len);
  r->ntraces_kept = 0;
}

/* ---- documents -------------------------------------------------------------------------- */

/* Replaces path by the document: written to a temporary file beside it, then renamed over it,
 * so that a reader (or a dpu killed meanwhile) only ever sees a whole document. */
static int replace_file(const char *path, json_t *doc, size_t flags) {
  size_t n = strlen(path) + sizeof ".tmpXXXXXX";
  char *tmp = malloc(n);
  if (!tmp) return -1;
  snprintf(tmp, n, "%s.tmpXXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(stderr, "dpu: error: cannot write %s: %s\n", path, strerror(errno));
    free(tmp);
    return -1;
  }
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  FILE *f = fdopen(fd, "w");
  int rc = -1;
  if (f) {
    rc = json_dumpf(doc, f, flags);
    if (fputc('\n', f) == EOF) rc = -1;
    if (fclose(f) != 0) rc = -1;
  } else {
    close(fd);
  }
  if (rc == 0 && rename(tmp, path) != 0) rc = -1;
  if (rc != 0) {
    fprintf(stderr, "dpu: error: cannot write %s: %s\n", path, strerror(errno));
    unlink(tmp);
  }
  free(tmp);
  return rc;
}

static int write_document(struct dpu_report *r, const struct dpu_report_end *end) {
  if (r->format == DPU_REPORT_TEXT) return 0;
  json_t *doc = r->format == DPU_REPORT_SARIF ? dpu_report_sarif(r, end) : dpu_report_json(r, end);
  if (!doc) {
    fprintf(stderr, "dpu: error: out of memory while writing the report\n");
    return -1;
  }
  /* JSON indented for people who look at it; SARIF, whose interleavings repeat locations at
   * every step, compact (a SARIF file is read by tools, and its size matters to them). */
  size_t flags = (r->format == DPU_REPORT_SARIF ? JSON_COMPACT : JSON_INDENT(2)) |
                 JSON_REAL_PRECISION(DPU_JSON_REAL_DIGITS);
  int rc;
  if (r->doc_path) {
    rc = replace_file(r->doc_path, doc, flags);
  } else {
    rc = json_dumpf(doc, stdout, flags);
    if (fputc('\n', stdout) == EOF || fflush(stdout) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "dpu: error: cannot write the report to stdout\n");
  }
  json_decref(doc);
  return rc;
}

static const struct dpu_report_end running = {.state = "running", .exit_code = -1};

/* The least time between two writes of the document file while the exploration runs. */
#define DPU_DOC_REWRITE_SECONDS 1.0

/* Rewrites the document file while the exploration runs, unless it was written less than
 * DPU_DOC_REWRITE_SECONDS ago or that would spend more than a tenth of the time writing
 * documents: then it is left pending for dpu_report_tick. (At every new defect, a program
 * with many defects found in a burst rewrote its file as many times: issue 37.) */
static void rewrite_running(struct dpu_report *r) {
  if (!r->doc_path || r->doc_failed) return;
  double now = dpu_now(), wait = 10 * r->doc_cost;
  if (now - r->doc_written < (wait > DPU_DOC_REWRITE_SECONDS ? wait : DPU_DOC_REWRITE_SECONDS)) {
    r->doc_pending = true;
    return;
  }
  r->doc_pending = false;
  if (write_document(r, &running) != 0) r->doc_failed = true;
  r->doc_written = dpu_now();
  r->doc_cost = r->doc_written - now;
}

int dpu_report_begin(struct dpu_report *r) {
  if (r->format == DPU_REPORT_TEXT || !r->doc_path) return 0;
  double now = dpu_now();
  if (write_document(r, &running) != 0) return -1;
  r->doc_written = dpu_now();
  r->doc_cost = r->doc_written - now;
  return 0;
}

void dpu_report_restart(struct dpu_report *r, uint64_t *earlier) {
  dpu_report_traces_end(r, false); /* --print-traces: the last exploration's only */
  for (uint32_t i = 0; i < r->defects.n; i++) {
    earlier[i] = r->defects.v[i]->traces;
    r->defects.v[i]->traces = 0;
  }
  r->defects.traces = 0;
  r->ntraces++; /* no trace of the new exploration counts as seen */
}

void dpu_report_keep_earlier(struct dpu_report *r, const uint64_t *earlier, uint32_t n) {
  for (uint32_t i = 0; i < r->defects.n; i++)
    if (!r->defects.v[i]->traces) r->defects.v[i]->traces = i < n && earlier[i] ? earlier[i] : 1;
}

void dpu_report_tick(struct dpu_report *r) {
  if (r->doc_pending) rewrite_running(r);
}

/* The defect with digest `bare` without stacks (dpu_defect.bare_digest) that a defect
 * first seen as `later` (or not) may be: a later defect of a run may have no stack (a crash
 * after another defect), so it is the same as any defect with its bare digest, and a defect
 * with stacks is the same as one first seen as a later defect with its bare digest. NULL if
 * none. A linear scan: defects are few. */
static struct dpu_defect *find_bare(const struct dpu_defects *t, const uint8_t *bare,
                                    bool later) {
  for (uint32_t i = 0; i < t->n; i++)
    if ((later || t->v[i]->later) &&
        memcmp(t->v[i]->bare_digest, bare, DPU_DEFECT_DIGEST_BYTES) == 0)
      return t->v[i];
  return NULL;
}

/* The defect run ended with (or a later defect of the run, as its end: later): counted once
 * per trace, or recorded if new. Returns it if it is new (to be printed), else NULL. */
static struct dpu_defect *report_end(struct dpu_report *r, const struct dpu_run *run,
                                     bool later) {
  static struct dpu_thread_stack stacks[DPU_MAX_THREADS];
  uint32_t nstacks = dpu_defect_stacks(run, stacks);
  uint8_t digest[DPU_DEFECT_DIGEST_BYTES], bare[DPU_DEFECT_DIGEST_BYTES];
  dpu_defect_digest(run, r->sites, stacks, nstacks, digest);
  dpu_defect_digest(run, r->sites, NULL, 0, bare);
  struct dpu_defect *d = dpu_defects_find(&r->defects, digest);
  if (!d) d = find_bare(&r->defects, bare, later);
  if (d) {
    if (d->traces_seen != r->ntraces) d->traces++; /* two threads of one trace, one bug */
    d->traces_seen = r->ntraces;
    return NULL;
  }
  d = dpu_defects_add(&r->defects, run, r->sites, stacks, nstacks, digest,
                      r->counts ? r->counts->runs : 0);
  if (d) {
    memcpy(d->bare_digest, bare, sizeof bare);
    d->later = later;
    d->traces_seen = r->ntraces;
  }
  if (!d) {
    dpu_progress_clear();
    fprintf(stderr, "dpu: error: out of memory while recording a defect (%s: %s)\n",
            dpu_end_kind(run->result->end), run->result->msg);
    r->doc_failed = true;
  }
  return d;
}

/* Later defect l of run (protocol.h) as the end of the run up to it, with its thread's stack
 * if it has one: counted, or recorded if new, as report_end does. */
static struct dpu_defect *report_later(struct dpu_report *r, const struct dpu_run *run,
                                       const struct dpu_later_defect *l) {
  static struct dpu_run_result res; /* large (every thread's stack): not on the stack */
  const struct dpu_stacks *st = &run->result->stacks;
  res = (struct dpu_run_result){.end = l->end, .tid = l->tid, .code = l->code, .site = l->site,
                                .defect_at = l->defect_at, .defect_output = l->defect_output};
  memcpy(res.msg, l->msg, sizeof res.msg);
  if (l->stack < DPU_MAX_THREADS && run->result->nstacks && st->state == DPU_STACKS_DONE) {
    /* Its thread's stack, taken when it failed (runtime/sched.c), with the strings. */
    res.nstacks = 1;
    res.stacks.state = DPU_STACKS_DONE;
    res.stacks.threads[0] = st->threads[l->stack];
    res.stacks.strings_len = st->strings_len;
    memcpy(res.stacks.strings, st->strings, st->strings_len);
  }
  struct dpu_run later = *run;
  later.result = &res;
  later.nlater = 0;
  return report_end(r, &later, true);
}

static int race_writes(const struct dpu_race_rec *rec) {
  return (rec->access[0].flags & DPU_ACCESS_WRITE) + (rec->access[1].flags & DPU_ACCESS_WRITE);
}

/* The races of run: counted, or recorded if new, into fresh[]. Returns how many
 * are new. */
static uint32_t report_races(struct dpu_report *r, const struct dpu_run *run,
                             struct dpu_defect **fresh) {
  uint32_t n = run->nraces;
  if (run->races_msg && !r->warned_races++)
    dpu_warn("races-incomplete", "data-race detection is incomplete in some runs: %s",
             run->races_msg);
  if (run->races_truncated && !r->warned_races_truncated++)
    dpu_warn("races-truncated", "a run had more than %d racing pairs of sites; the others are "
             "not reported from it", DPU_MAX_RACES);
  static uint8_t digests[DPU_MAX_RACES][DPU_DEFECT_DIGEST_BYTES];
  for (uint32_t i = 0; i < n; i++) dpu_race_digest(&run->races[i], r->sites, digests[i]);

  uint32_t nf = 0;
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *digest = digests[i];
    /* Several records of one run with one digest (the load and the store of `x++` against
     * another thread's): the first stands for them, or the one with more writes (a
     * write/write race tells more than a read/write one of the same two lines). */
    bool seen = false;
    const struct dpu_race_rec *rec = &run->races[i];
    for (uint32_t j = 0; j < n && !seen; j++) {
      if (memcmp(digests[j], digest, DPU_DEFECT_DIGEST_BYTES) != 0) continue;
      if (j < i) seen = true;
      else if (race_writes(&run->races[j]) > race_writes(rec)) rec = &run->races[j];
    }
    if (seen) continue;
    struct dpu_defect *d = dpu_defects_find(&r->defects, digest);
    if (d) {
      /* A trace counts once per defect, even if two of its races share a digest. */
      if (d->traces_seen != r->ntraces) d->traces++;
      d->traces_seen = r->ntraces;
      continue;
    }
    d = dpu_race_defect(run, rec, r->sites, digest);
    if (!d || dpu_defects_insert(&r->defects, d, r->counts ? r->counts->runs : 0) != 0) {
      dpu_progress_clear();
      fprintf(stderr, "dpu: error: out of memory while recording a data race\n");
      r->doc_failed = true;
      continue;
    }
    d->traces_seen = r->ntraces;
    fresh[nf++] = d;
  }
  return nf;
}

/* How long an exploration that met a waiting loop that is no spin loop runs before dpu says
 * it may not end. Such a loop also occurs where nothing waits (a function that reads a
 * variable, called twice; a loop over an array another thread writes), in explorations that
 * end by themselves in a moment: warning at once was noise there (a user test). */
#define DPU_REREAD_WARN_SECONDS 5.0

static void warn_reread(struct dpu_report *r) {
  const struct dpu_site *w = &r->sites->v[r->reread_site];
  r->warned_reread = true;
  struct dpu_say_loc at = {.file = w->file, .function = w->function, .line = w->line};
  dpu_say(stderr, DPU_SAY_WARNING, "reread-loop", &at,
          "a thread reads again, unchanged, what it read at %s:%u in %s, in a loop that is no "
          "spin loop (its iterations change more than what they read, e.g. a count): if it "
          "waits there for another thread, each number of iterations is another execution, "
          "and exploring an unbounded wait does not end (docs/races.md, \"Racy programs\"; "
          "bound it with --max-runs or --timeout)",
          w->file, w->line, w->function);
}

void dpu_report_racing_sites(struct dpu_report *r, const struct dpu_run *run) {
  uint32_t n = run->nraces;
  for (uint32_t i = 0; r->racing && i < n; i++)
    for (int k = 0; k < 2; k++) {
      uint32_t site = run->races[i].access[k].site;
      if (site < r->sites->n) r->racing[site >> 3] |= (uint8_t)(1u << (site & 7));
    }
  uint32_t s = run->reread_site;
  if (s && !r->reread_site && s < r->sites->n) r->reread_site = s;
  if (r->reread_site && !r->warned_reread && dpu_report_elapsed(r) >= DPU_REREAD_WARN_SECONDS)
    warn_reread(r);
}

/* Whether run has a race at a plain load or store site that is not visible: while
 * there are such sites, the spin-loop rule may wait for a change that an invisible racing
 * access would have seen (explorer/visible.h), so a spin hang is not trusted. */
static bool invisible_races(struct dpu_report *r, const struct dpu_run *run) {
  const uint8_t *vis = run->visible;
  uint32_t n = run->nraces;
  for (uint32_t i = 0; i < n; i++)
    for (int k = 0; k < 2; k++) {
      uint32_t s = run->races[i].access[k].site;
      if (s < run->visible_cap && !(vis[s >> 3] >> (s & 7) & 1) &&
          dpu_site_is_plain_access(r->sites, s))
        return true;
    }
  return false;
}

/* A spin hang's message names the location by its variable when dpu knows it (the runner
 * knows only the address). */
static void name_spin_location(const struct dpu_report *r, struct dpu_run_result *res) {
  char name[64];
  if (res->end != DPU_END_HANG_STEPS || res->code != DPU_HANG_SPIN ||
      !dpu_report_global_name(r, res->addr, name, sizeof name))
    return;
  snprintf(res->msg, sizeof res->msg,
           "T%d spins forever: it keeps reading the %svariable %s, which no other thread will "
           "change", res->tid, res->op == DPU_OP_READ ? "" : "atomic ", name);
}

uint32_t dpu_report_run(struct dpu_report *r, const struct dpu_run *run,
                        struct dpu_defect **fresh) {
  r->ntraces++;
  name_spin_location(r, run->result);
  bool ended = dpu_end_is_defect(run->result->end);
  /* A spin hang of a run with invisible racing sites: the exploration goes on with those
   * sites visible (explorer/visible.h), where it is decided again. */
  if (ended && r->racing && run->result->end == DPU_END_HANG_STEPS &&
      run->result->code == DPU_HANG_SPIN && invisible_races(r, run))
    ended = false;
  bool raced = run->nraces > 0;
  if (ended || raced) r->defects.traces++;
  /* Every new defect is made from the run, before a capture run replaces it: the races first
   * (they happened before the run ended, and may be why it failed). */
  uint32_t nf = raced || run->races_msg ? report_races(r, run, fresh) : 0;
  if (ended && (fresh[nf] = report_end(r, run, false))) nf++;
  for (uint32_t i = 0; ended && i < run->nlater; i++)
    if ((fresh[nf] = report_later(r, run, &run->later[i]))) nf++;
  for (uint32_t i = 0; i < nf && r->visible_sites; i++)
    fresh[i]->visible_sites = strdup(r->visible_sites);
  /* --show-output: every trace's output, once (a new defect's block shows its trace's). */
  if (!nf && r->show_output) dpu_report_output(r, run);
  return nf;
}

void dpu_report_new_defects(struct dpu_report *r, struct dpu_defect *const *fresh, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    dpu_progress_clear();
    if (r->text) print_defect(r, fresh[i]);
  }
  if (n) rewrite_running(r);
}

bool dpu_defect_violates(const struct dpu_defect *d, enum dpu_property p) {
  if (p == DPU_PROPERTY_UNREACH_CALL)
    return d->end == DPU_END_ASSERT && d->code == DPU_ASSERT_ERROR_CALL;
  return p == DPU_PROPERTY_NO_DATA_RACE && d->end == DPU_DEFECT_RACE;
}

const char *dpu_report_verdict(const struct dpu_report *r, const struct dpu_report_end *end) {
  bool bounded = false;
  for (uint32_t i = 0; i < r->defects.n; i++) {
    const struct dpu_defect *d = r->defects.v[i];
    if (dpu_defect_violates(d, r->property)) return "false";
    bounded |= d->end == DPU_END_HANG_TIME ||
               (d->end == DPU_END_HANG_STEPS && d->code != DPU_HANG_SPIN);
  }
  /* A nondet value explored over part of its type (passes/nondet.c) leaves the others open;
   * --preemptions the executions with more preemptions. */
  bounded |= (r->sites && r->sites->nondet_bounded) || r->bounded;
  return strcmp(end->state, "complete") == 0 && !bounded ? "true" : "unknown";
}

/* --preemptions' line (explorer/bound.h): the bound the exploration is complete for. */
static void print_bound(const struct dpu_report *r, const struct dpu_report_end *end, FILE *f) {
  int64_t done = r->preemptions_done;
  const char *s = done == 1 ? "" : "s";
  if (strcmp(end->state, "complete") == 0 && done >= 0) {
    if (r->defects.n)
      fprintf(f, "dpu: bound: complete for the executions with at most %lld preemption%s; "
                 "executions with more were explored in part only\n", (long long)done, s);
    else
      fprintf(f, "dpu: bound: no defect within %lld preemption%s (complete for that bound; "
                 "executions with more were explored in part only)\n", (long long)done, s);
  } else if (done >= 0) {
    fprintf(f, "dpu: bound: complete for the executions with at most %lld preemption%s; the "
               "exploration of bound %u did not end\n", (long long)done, s, r->preemptions);
  } else {
    fprintf(f, "dpu: bound: at most %u preemption%s, and the exploration did not end\n",
            r->preemptions, r->preemptions == 1 ? "" : "s");
  }
}

/* The notes of the text report's end, said on `to` (NULL: kept for the documents only). */
static void note_racy(const struct dpu_report_end *end, FILE *to) {
  /* Ordering racing accesses can multiply the traces many times over (a user's ticket lock:
   * 4 races known after 0.1 s, over 12 million traces in 300 s exploring them). */
  if (strcmp(end->state, "incomplete") == 0 && end->explorations > 1)
    dpu_say(to, DPU_SAY_NOTE, "racy-incomplete", NULL,
            "it stopped while exploring the orders of the racing accesses (exploration %u), "
            "after the races listed; --races=report explores the synchronisation only",
            end->explorations);
}

static void note_shards(const struct dpu_report *r, FILE *to) {
  const struct dpu_split_info *sp = r->split;
  if (r->shards && !sp->mine && sp->parts < r->shards)
    dpu_say(to, DPU_SAY_NOTE, "shards-empty", NULL,
            "the program splits into %u part%s only: shards %u to %u have nothing to explore",
            sp->parts, sp->parts == 1 ? "" : "s", sp->parts, r->shards - 1);
}

int dpu_report_finish(struct dpu_report *r, const struct dpu_report_end *end) {
  dpu_progress_clear();
  dpu_defect_groups(&r->defects);
  if (r->reread_site && !r->warned_reread && strcmp(end->state, "incomplete") == 0)
    warn_reread(r);
  FILE *f = r->text;
  /* After an input error nothing was explored: the document says so, the text says nothing. */
  if (f && strcmp(end->state, "error") != 0) {
    const struct dpu_defects *t = &r->defects;
    const struct dpu_counts zero = {0}, *c = r->counts ? r->counts : &zero;
    if (c->runs != c->max_configs + c->ssbs) { /* name every other run (struct dpu_counts) */
      fprintf(f, "dpu: runs: %llu = %llu max-configs + %llu SSBs", (unsigned long long)c->runs,
              (unsigned long long)c->max_configs, (unsigned long long)c->ssbs);
      const struct {
        uint64_t n;
        const char *what;
      } more[] = {{c->redirected, r->bounded   ? "redirected (took an event of D, or one past the bound, run "
                                                   "again along another)"
                                  : r->cutoffs ? "redirected (took an event of D, or a cutoff, run again "
                                                   "along another)"
                                               : "redirected (took an event of D, run again along "
                                                 "another)"},
                  {c->repeated, "repeated (another interleaving or renaming of a trace already seen)"},
                  {c->cut, "cut short"},
                  {c->bounded, "stopped at the bound (--preemptions)"},
                  {c->earlier, "of earlier explorations"}};
      for (unsigned i = 0; i < sizeof more / sizeof *more; i++)
        if (more[i].n) fprintf(f, " + %llu %s", (unsigned long long)more[i].n, more[i].what);
      fprintf(f, "\n");
    }
    dpu_defect_groups_print(t, f);
    if (t->n) {
      fprintf(f, "dpu: traces with defects: %llu of %llu (", (unsigned long long)t->traces,
              (unsigned long long)c->max_configs);
      for (uint32_t i = 0; i < t->n; i++)
        fprintf(f, "%sdefect %u in %llu", i ? ", " : "", t->v[i]->id,
                (unsigned long long)t->v[i]->traces);
      fprintf(f, ")\n");
    }
    if (r->inv && r->inv->order && strcmp(r->inv->order, "random") == 0) /* workers.c */
      fprintf(f, "dpu: order: random, seed %llu (--order=random:%llu takes it again with -j 1)\n",
              (unsigned long long)r->inv->seed, (unsigned long long)r->inv->seed);
    if (c->symmetric) /* explorer/symmetry.h */
      fprintf(f, "dpu: symmetry: traces that differ only by exchanging threads created alike "
                 "(one routine and argument, in a row) explored once (--no-symmetry: each)\n");
    if (r->cutoffs) /* explorer/cutoff.h */
      fprintf(f, "dpu: cutoffs: %llu events reached a state reached before in fewer events, "
                 "and were not explored past; %llu max-configs end at one%s\n",
              (unsigned long long)c->cutoff_events, (unsigned long long)c->cut_off,
              strcmp(end->state, "complete") == 0 && c->max_configs && !c->cutoff_ended
                  ? "; no explored max-config ends the program, so no execution of it does" : "");
    if (end->visible_sites)
      fprintf(f, "dpu: racing accesses explored: %u access site%s made scheduling points, %u "
                 "exploration%s\n", end->visible_sites, end->visible_sites == 1 ? "" : "s",
              end->explorations, end->explorations == 1 ? "" : "s");
    if (strcmp(end->state, "incomplete") == 0) {
      fprintf(f, "dpu: exploration incomplete (%s)\n", end->reason ? end->reason : "?");
      if (c->estimate >= DPU_ESTIMATE_MAX) /* explorer/estimate.c */
        fprintf(f, "dpu: explored %llu of an estimated more than %.0e traces: this exploration "
                   "will not end; a smaller program (fewer threads, tasks or rounds) may\n",
                (unsigned long long)c->max_configs, DPU_ESTIMATE_MAX);
      else if (c->estimate > (double)c->max_configs)
        fprintf(f, "dpu: explored %llu of an estimated ~%.2g traces (%.2g %%)\n",
                (unsigned long long)c->max_configs, c->estimate,
                100.0 * (double)c->max_configs / c->estimate);
      note_racy(end, f);
    } else if (strcmp(end->state, "stopped") == 0) {
      fprintf(f, "dpu: exploration stopped at the first defect (%s): the traces not explored "
                 "may hold other defects\n", end->reason ? end->reason : "--stop-on-defect");
    }
    if (r->bounded) print_bound(r, end, f);
    if (r->sites && r->sites->nondet_bounded)
      fprintf(f, "dpu: data: %zu __VERIFIER_nondet_* calls took some values of their type only: "
                 "runs with other values are not explored\n",
              r->sites->nondet_bounded);
    if (r->shards) {
      const struct dpu_split_info *sp = r->split;
      fprintf(f, "dpu: shard %u/%u: %u of the %u parts (%u explored to their end); the split "
                 "took %llu runs, %.2f s, in every shard\n",
              r->shard, r->shards, sp->mine, sp->parts, sp->explored,
              (unsigned long long)sp->runs, sp->seconds);
      note_shards(r, f);
    }
    fprintf(f, "dpu: summary: %u defects, %llu max-configs, %llu SSBs, %llu runs, %.2f s\n", t->n,
            (unsigned long long)c->max_configs, (unsigned long long)c->ssbs,
            (unsigned long long)c->runs, dpu_report_elapsed(r));
    if (r->property != DPU_PROPERTY_NONE) fprintf(f, "verdict: %s\n", dpu_report_verdict(r, end));
    fflush(f);
  }
  if (!f && strcmp(end->state, "error") != 0) { /* the documents have them all the same */
    note_racy(end, NULL);
    note_shards(r, NULL);
  }
  int rc = write_document(r, end);
  return rc != 0 || r->doc_failed ? -1 : 0;
}

void dpu_report_free(struct dpu_report *r) {
  dpu_defects_free(&r->defects);
  free(r->traces_kept);
}
