/* Reports (docs/design.md §8, issue #4): the defects of an exploration as they are found, each
 * distinct defect once (report/defects.h) with the number of traces that showed it, and the
 * end of the exploration with the stable summary line. Three formats:
 *  - text, streamed as defects are found (report/report.c);
 *  - JSON following docs/report.schema.json (report/json.c);
 *  - SARIF 2.1.0 (report/sarif.c).
 * A JSON or SARIF document that goes to a file is rewritten whole, atomically (a temporary
 * file renamed over it), when the exploration starts and after new distinct defects, marked
 * as still running, so that a dpu killed by a CI job leaves every defect found so far: at most
 * once a second, and less often when writing it would slow the exploration down by more than
 * a tenth (a new defect's rewrite then waits for dpu_report_tick, between runs). Documents
 * stay small: a long interleaving has its first and last --steps-shown steps only
 * (report/steps.h), so the last write after --timeout's deadline is quick. */
#ifndef DPU_REPORT_H
#define DPU_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../executor/run.h"
#include "../passes/sites.h"
#include "../protocol/protocol.h"
#include "../results/results.h"
#include "defects.h"

enum dpu_report_format { DPU_REPORT_TEXT, DPU_REPORT_JSON, DPU_REPORT_SARIF };

/* The command a report is about: documents record it, and replay commands repeat its
 * compile flags, run options, inputs and program arguments. Everything is the caller's and
 * must outlive the report. */
struct dpu_invocation {
  const char *version;            /* dpu's version, e.g. "0.1.0" */
  char *const *argv;              /* dpu's own command line */
  int argc;
  char *const *inputs;            /* the program's input files */
  int ninputs;
  char *const *cflags;            /* clang flags, e.g. "-DN=3" */
  int ncflags;
  char *const *run_flags;         /* options that change a run, e.g. "--max-steps=50" */
  int nrun_flags;
  char *const *prog_argv;         /* the program's arguments (after `--`) */
  int prog_argc;
  const char *explorer;           /* "qpor", "none" or "replay" */
  unsigned k;                     /* QPOR's k */
  const char *order;              /* QPOR's --order: "dfs" or "random" (NULL: dfs) */
  uint64_t seed;                  /* random's seed (given, or chosen by main.c) */
  uint64_t stdin_bytes;           /* the program's input, the same for every run */
  const char *stdin_digest;       /* its BLAKE2b-128 in hex, "" or NULL when there is none */
};

/* How the exploration ended; for a document written while it runs, state is "running". */
struct dpu_report_end {
  const char *state;        /* "running", "complete", "stopped" (--stop-on-defect),
                             * "incomplete" (a limit, or interrupted), "failed" (internal) */
  const char *reason;       /* why it is incomplete or stopped, e.g. "--timeout reached";
                             * NULL otherwise */
  int exit_code;            /* dpu's exit code (docs/design.md §8); -1 while running */
  double executor_seconds;  /* statistics; 0 when not known (yet) */
  double explorer_seconds;
  double startup_seconds;
  uint32_t visible_sites;   /* racing access sites made scheduling points (issue #10) */
  uint32_t explorations;    /* explorations run (one more per growth of the visible sites) */
};

/* SV-COMP properties (--svcomp, --property). */
enum dpu_property {
  DPU_PROPERTY_NONE = 0,
  DPU_PROPERTY_UNREACH_CALL, /* no call of reach_error / __VERIFIER_error is reachable */
  DPU_PROPERTY_NO_DATA_RACE, /* no execution has a data race */
};

struct dpu_report {
  /* Set by the caller before the exploration. */
  FILE *text;                        /* the text report's stream, or NULL for none */
  enum dpu_report_format format;     /* JSON/SARIF: the document's format */
  const char *doc_path;              /* JSON/SARIF: the file to keep rewritten; NULL: the
                                      * document goes to stdout at the end */
  int verbosity;                     /* -1 (-q): per defect only its header and replay line;
                                      * 0; 1 (-v): also each defect's digest */
  bool show_output;                  /* show the output of every run, not only defective ones */
  uint32_t steps_shown;              /* an interleaving longer than twice this shows only its
                                      * first and last steps_shown steps, in the text, JSON
                                      * and SARIF reports alike (report/steps.h); 0 = all */
  bool defer_traces;                 /* keep the traces' fingerprints (dpu_report_trace) until
                                      * dpu_report_traces_end (an exploration
                                      * that racy programs may start again prints only the
                                      * traces of the last one) */
  const struct dpu_site_table *sites;
  const struct dpu_invocation *inv;
  const struct dpu_counts *counts;   /* the exploration's counts, read for documents */
  enum dpu_property property;        /* the property whose SV-COMP verdict the text report's
                                      * last line gives (dpu_report_verdict); none: no line */
  struct dpu_executor *exec;         /* the executor of the runs reported (the caller's: with
                                      * -j, the worker's of the trace at hand), whose table of
                                      * globals names the globals that addresses lie in
                                      * (dpu_report_global); NULL: addresses stay as they are */
  double t0;                         /* dpu_now() when dpu started */
  /* Kept by the report. */
  struct dpu_defects defects;        /* distinct defects, with their trace counts */
  bool doc_failed;                   /* a document could not be written (already said) */
  uint64_t ntraces;                  /* traces accounted (dpu_report_run calls) */
  uint8_t *traces_kept;              /* fingerprints kept (defer_traces) */
  size_t ntraces_kept, traces_cap, trace_len;
  const char *visible_sites;         /* the visible access sites of the exploration under
                                      * way ("12,15"), NULL for none: new defects keep a copy
                                      * for their replay commands (the caller's) */
  uint8_t *racing;                   /* if not NULL: bit i of byte i / 8 is set for every
                                      * access site i of a race record seen (issue #10;
                                      * room for sites->n bits, the caller's) */
  unsigned warned_races, warned_races_truncated; /* warnings given once */
  /* The site of the first waiting loop that is no spin loop (runtime/sched.c, reread_site),
   * 0: none, and whether its warning was given: only when it may matter, once the exploration
   * has taken DPU_REREAD_WARN_SECONDS or at its end when a limit stopped it. */
  uint32_t reread_site;
  bool warned_reread;
  /* --shard=I/N (explorer/split.h): shards 0 without; split is what the explorer's split did,
   * filled in during the exploration (the caller's; not NULL with shards). */
  unsigned shard, shards;
  const struct dpu_split_info *split;
  /* --preemptions (explorer/bound.h), when `bounded`: the bound explored last, and the highest
   * bound whose exploration ended (-1: none yet); complete for the executions with at most
   * that many preemptions. */
  bool bounded;
  uint32_t preemptions;
  int64_t preemptions_done;
  bool cutoffs;                      /* --cutoffs=on (explorer/cutoff.h) */
  bool tso;                          /* --memory-model=tso (docs/memory-models.md) */
  uint8_t memory_model;              /* --memory-model, enum dpu_memory_model (protocol.h) */
  bool doc_pending;                  /* the file lacks a defect: rewrite it when allowed */
  double doc_written, doc_cost;      /* when the file was last written, and how long it took */
};

/* Writes the first document ("running", no defect) when the document goes to a file, so that
 * the file exists and is valid from the start. Returns 0, or -1 if the file cannot be written
 * (message on stderr). */
int dpu_report_begin(struct dpu_report *r);

/* The most new distinct defects one trace can show: one per race of its run, the defect it
 * ended with, and its later defects (protocol.h). */
#define DPU_REPORT_MAX_NEW (DPU_MAX_RACES + 1 + DPU_MAX_LATER)

/* Accounts one explored trace, whose run is run (executor/run.h, decoded from the executor's
 * region): the defect it ended with, if any, and the data races it showed (run->races). A
 * defect seen before only counts one more trace. A new distinct defect is recorded and put in
 * fresh[] (room for DPU_REPORT_MAX_NEW), its races first, not printed yet: the stacks of a new
 * race are still to be captured by whoever can run its trace again (report/races.h:
 * capture_pending, dpu_race_captured), and then dpu_report_new_defects prints them. A trace
 * that showed no new defect has its output printed when show_output is set. A spin hang's
 * message is reworded to name the variable (run->result->msg). Returns how many defects are
 * new. */
uint32_t dpu_report_run(struct dpu_report *r, const struct dpu_run *run,
                        struct dpu_defect **fresh);

/* Prints the new distinct defects of one trace, fresh[0, n) as dpu_report_run gave them, in
 * full on the text stream ("dpu: defect N: KIND: MESSAGE", the interleaving, the stacks, the
 * output, the replay command), and rewrites the document file. */
void dpu_report_new_defects(struct dpu_report *r, struct dpu_defect *const *fresh, uint32_t n);

/* Marks in r->racing the access sites of every race of run (called for every run,
 * explored trace or not). Warns (once) when the run had a thread wait in a loop that is no
 * spin region (run->reread_site): its explorations may not end. */
void dpu_report_racing_sites(struct dpu_report *r, const struct dpu_run *run);

/* A new exploration of the same program starts (a racy program's, once more access sites are
 * visible: explorer/visible.h), whose traces count afresh: the fingerprints kept (defer_traces)
 * are dropped unprinted, and each defect's count of traces moves to earlier[i] (room for
 * defects.n), 0 left in its place. */
void dpu_report_restart(struct dpu_report *r, uint64_t *earlier);

/* After the last exploration: a defect that it did not show again (it should: it is a
 * sequentially consistent execution) keeps the count of traces of the exploration that found
 * it, earlier[i] as dpu_report_restart kept it (i < n), or 1. */
void dpu_report_keep_earlier(struct dpu_report *r, const uint64_t *earlier, uint32_t n);

/* Between runs: rewrites the document file if a new defect's rewrite was put off. */
void dpu_report_tick(struct dpu_report *r);

/* Prints the output of a run that is not reported as a defect (--show-output, replays). */
void dpu_report_output(struct dpu_report *r, const struct dpu_run *run);

/* Prints "dpu: trace HEX", the fingerprint of a new trace (--print-traces), or keeps it with
 * defer_traces. */
void dpu_report_trace(struct dpu_report *r, const uint8_t *fp, size_t len);

/* The end of one exploration: prints the fingerprints kept (if print) and forgets them. */
void dpu_report_traces_end(struct dpu_report *r, bool print);

/* Ends the report. Text: the line
 *   dpu: traces with defects: N of M (defect 1 in A, defect 2 in B, ...)
 * when there were defects, "dpu: exploration incomplete (REASON)" when it is, and the stable
 * summary line
 *   dpu: summary: D defects, M max-configs, S SSBs, R runs, T s
 * (D distinct defects). Then the final document, to its file or to stdout. Returns 0, or -1
 * if the document could not be written (message on stderr). */
int dpu_report_finish(struct dpu_report *r, const struct dpu_report_end *end);

/* Whether address a is inside a global variable of the program (after the executor set the
 * runner up: r->exec; NULL or an address in no global: false). Then *name is the global's
 * source name (owned by r->sites) and *offset a's byte offset in it: JSON's object_name and
 * object_offset. (This and the next are defined in report/steps.c.) */
bool dpu_report_global(const struct dpu_report *r, uint64_t a, const char **name,
                       uint64_t *offset);

/* dpu_step_object (report/defects.h: step e's object into obj[size], and its outcome or NULL),
 * with an object that is (inside) a global of the program named as the reports show it: 'm',
 * 'locks[1]' (report/fields.h); objects on the heap or a stack keep their address. */
const char *dpu_report_step_object(const struct dpu_report *r, const struct dpu_event_rec *e,
                                   char *obj, size_t size);

/* Whether defect d violates property p: unreach-call, a call of reach_error or
 * __VERIFIER_error (code DPU_ASSERT_ERROR_CALL); no-data-race, a data race. */
bool dpu_defect_violates(const struct dpu_defect *d, enum dpu_property p);

/* SV-COMP's verdict on r->property after an exploration that ended as `end`: "false" if a
 * defect found violates it (dpu_defect_violates); otherwise "true" if the exploration is
 * complete, no run was cut short by a step or time bound (a hang defect other than a
 * spin-loop hang) and no __VERIFIER_nondet_* call was explored over part of its type only
 * (r->sites->nondet_bounded), else "unknown". */
const char *dpu_report_verdict(const struct dpu_report *r, const struct dpu_report_end *end);

/* Frees what the report keeps. */
void dpu_report_free(struct dpu_report *r);

/* The command that replays a defect alone: "dpu replay SCHEDULE [FLAGS] INPUTS [-- ARGS]",
 * with shell quoting where a word needs it. malloc'd; NULL if out of memory. */
char *dpu_replay_command(const struct dpu_invocation *inv, const char *schedule);

/* The command that replays defect d alone: dpu_replay_command of its schedule, with
 * `--visible-sites=...` when the exploration that found it had made access sites visible.
 * malloc'd; NULL if out of memory. */
char *dpu_defect_replay(const struct dpu_invocation *inv, const struct dpu_defect *d);

/* Seconds since r->t0. */
double dpu_report_elapsed(const struct dpu_report *r);

/* Writes the replay of ev[0..n) as "T:C,T:C,..." (thread, number of steps) into buf. Returns
 * the length it needed (as snprintf does). */
size_t dpu_replay_format(const struct dpu_event_rec *ev, uint32_t n, char *buf, size_t size);

/* Parses "T:C,T:C,..." into steps (at most cap). Returns the number of steps, or -1 if the text
 * is malformed or has more than cap steps. */
long dpu_replay_parse(const char *text, struct dpu_replay_step *steps, size_t cap);

#endif
