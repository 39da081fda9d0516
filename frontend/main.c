/* dpu: the command-line driver. Parses options, compiles and instruments the program, starts the
 * executor, explores, and reports (docs/design.md §2, §8). */
#include <errno.h>
#include <llvm-c/Orc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../executor/executor.h"
#include "../explorer/dfs.h"
#include "../explorer/explore.h"
#include "../explorer/fingerprint.h"
#include "../explorer/qpor.h"
#include "../explorer/visible.h"
#include "../passes/instrument.h"
#include "../report/progress.h"
#include "../report/warnings.h"
#include "../report/witness.h"
#include "check.h"
#include "compile.h"
#include "diag.h"
#include "gdb.h"
#include "merge.h"
#include "options.h"
#include "signals.h"
#include "sink.h"
#include "stdin.h"

/* Exit codes of docs/design.md §8. */
enum { EXIT_CLEAN = 0, EXIT_DEFECTS = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3, EXIT_INTERNAL = 4 };

/* The report's stream and document, as -o and --format ask: the text report goes to stdout,
 * or to the -o file when the format is text; a JSON or SARIF document goes to the -o file (and
 * the text to stdout), or alone to stdout at the end. Returns 0, or -1 (message printed). */
static int open_report(const struct dpu_options *o, struct dpu_report *rep) {
  rep->text = stdout;
  rep->shard = o->shard, rep->shards = o->shards;
  rep->bounded = o->bounded, rep->preemptions = o->preemptions;
  rep->tso = o->tso;
  rep->memory_model = o->memory_model;
  rep->preemptions_done = -1;
  rep->format = o->format == DPU_FORMAT_JSON    ? DPU_REPORT_JSON
                : o->format == DPU_FORMAT_SARIF ? DPU_REPORT_SARIF
                                                : DPU_REPORT_TEXT;
  if (rep->format == DPU_REPORT_TEXT) {
    if (o->output && !(rep->text = fopen(o->output, "w"))) {
      fprintf(stderr, "dpu: error: cannot write %s: %s\n", o->output, strerror(errno));
      return -1;
    }
  } else if (o->output) {
    rep->doc_path = o->output;
  } else {
    rep->text = NULL;
  }
  if (o->estimate > 0) rep->text = NULL, rep->doc_path = NULL; /* the estimate alone */
  return dpu_report_begin(rep);
}

/* What one invocation of dpu holds from its start to its end. Pointers go from rep into it, so
 * it never moves (main's static). */
struct session {
  struct dpu_options o;
  double t0;                       /* dpu_now() at the start */
  struct dpu_replay_step *replay;  /* --replay's schedule, nreplay steps */
  long nreplay;
  struct dpu_invocation inv;
  struct dpu_site_table sites;
  struct dpu_report rep;
  struct dpu_sink sink;            /* the explorers' results into rep */
  uint8_t *spin_kinds;             /* the explorer's copy of the sites' spin kinds */
  char **pargv;                    /* the program's argv */
  struct dpu_stdin in;             /* the program's input (inv points at its digest) */
  struct dpu_executor execs[DPU_MAX_JOBS]; /* [nexecs]: one per worker of -j */
  unsigned nexecs;
  struct dpu_explore_options eo;
  struct dpu_explore_result res;   /* counts (rep reads them), statistics, the split */
  uint8_t *racing;                 /* racing access sites seen (issue #10), or NULL */
  char *visible_text;              /* the visible sites as "ID,ID,...", or NULL */
  uint32_t explorations;
  uint64_t mismatches;             /* the last exploration's replay mismatches (qpor.h) */
  double explore_start, startup_seconds;
  char unsupported[512];          /* the instrumentation's first rejection (instrument.h) */
};

/* Ends an invocation that could not explore: the report says why (reason, or the first error
 * printed), in state `state`. Returns the exit code. */
static int give_up(struct session *s, const char *state, const char *reason, int code) {
  struct dpu_report_end end = {.state = state, .reason = reason, .exit_code = code};
  dpu_report_finish(&s->rep, &end);
  return code;
}

/* --replay's schedule into s->replay. Returns 0, or -1 (message printed). */
static int read_replay(struct session *s) {
  if (!s->o.replay) return 0;
  s->replay = calloc(s->o.max_events, sizeof *s->replay);
  if (!s->replay) abort();
  s->nreplay = dpu_replay_parse(s->o.replay, s->replay, s->o.max_events);
  if (s->nreplay >= 0) return 0;
  fprintf(stderr, "dpu: error: invalid replay schedule '%s' (expected THREAD:COUNT,...)\n",
          s->o.replay);
  return -1;
}

/* The invocation as documents record it, and the report's settings from the options. */
static void describe(struct session *s, int argc, char **argv) {
  const struct dpu_options *o = &s->o;
  s->inv = (struct dpu_invocation){
      .version = DPU_VERSION,
      .argv = argv,
      .argc = argc,
      .inputs = o->inputs,
      .ninputs = o->ninputs,
      .cflags = o->cflags,
      .ncflags = o->ncflags,
      .run_flags = o->run_flags,
      .nrun_flags = o->nrun_flags,
      .prog_argv = o->prog_argv,
      .prog_argc = o->prog_argc,
      .explorer = o->replay ? "replay" : o->por == DPU_POR_QPOR ? "qpor" : "none",
      .k = o->k,
      .order = o->order_random && !o->replay ? "random" : "dfs",
      .seed = o->order_seed,
  };
  s->rep = (struct dpu_report){
      .verbosity = o->verbosity,
      .sites = &s->sites,
      .inv = &s->inv,
      .counts = &s->res.counts,
      .split = &s->res.split,
      .t0 = s->t0,
      /* a replay shows the output of its run, defect or not */
      .show_output = o->show_output || o->replay,
      .steps_shown = o->steps_shown,
      .property = !o->svcomp && !o->property && !o->witness ? DPU_PROPERTY_NONE
                  : o->property && strcmp(o->property, "no-data-race") == 0
                      ? DPU_PROPERTY_NO_DATA_RACE
                      : DPU_PROPERTY_UNREACH_CALL,
  };
  s->sink = (struct dpu_sink){.rep = &s->rep, .capture = true};
}

/* Compiles, checks and instruments the inputs into *mod (in tsc's context), fills the site
 * table, and keeps the sites' spin kinds for the explorer. Returns 0, or -1 (errors printed). */
static int build_program(struct session *s, LLVMOrcThreadSafeContextRef tsc, LLVMModuleRef *mod) {
  const struct dpu_options *o = &s->o;
  bool rc11_chosen = false;
  struct dpu_instrument_options io = {
      .nondet_fixed = o->nondet_fixed,
      .nondet = o->nondet,
      .nondet_range = o->nondet_range,
      .nondet_lo = o->nondet_lo,
      .nondet_hi = o->nondet_hi,
      .races = o->races,
      .svcomp = o->svcomp,
      .spurious_cas = o->spurious_cas,
      .tso = o->tso,
      .ra = o->ra,
      .rc11 = o->memory_model == DPU_MM_RC11,
      .model_auto = !o->model_given,
      .rc11_chosen = &rc11_chosen,
      .error = s->unsupported,
      .error_size = sizeof s->unsupported,
      .note = dpu_sink_pass_note};
  LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(tsc);
  if (dpu_compile_inputs(o, ctx, mod) != 0 || dpu_check_processes(*mod) != 0 ||
      dpu_instrument(*mod, &io, &s->sites) != 0 || dpu_check_undefined(*mod) != 0)
    return -1;
  if (rc11_chosen) { /* the default model for a program with weaker orders (passes/atomics.c) */
    s->o.memory_model = DPU_MM_RC11;
    s->o.ra = true;
    s->rep.memory_model = DPU_MM_RC11;
  }
  /* The explorer's copy of the spin kinds the runtime gets from the JIT (the spin-loop rule). */
  s->spin_kinds = malloc(s->sites.n + 1);
  if (!s->spin_kinds) abort();
  for (size_t i = 0; i < s->sites.n; i++) s->spin_kinds[i] = s->sites.v[i].spin;
  return 0;
}

/* Whether the exploration has cutoffs (explorer/cutoff.h): asked for, and under sc (the
 * options refuse the rest; rc11 may be chosen for the program's atomics). */
static bool cutoffs_on(const struct dpu_options *o) {
  return o->cutoffs && !o->replay && o->memory_model == DPU_MM_SC;
}

/* Starts the executor on the instrumented module (which it takes), with the program's argv
 * (the first input's name, then what follows `--`) and stdin. Returns 0, or the exit code
 * after the report was finished. */
static int start_executor(struct session *s, LLVMOrcThreadSafeContextRef tsc,
                          LLVMModuleRef mod) {
  const struct dpu_options *o = &s->o;
  s->pargv = calloc((size_t)o->prog_argc + 2, sizeof *s->pargv);
  if (!s->pargv) abort();
  s->pargv[0] = o->inputs[0];
  for (int i = 0; i < o->prog_argc; i++) s->pargv[i + 1] = o->prog_argv[i];
  struct dpu_executor_options xo = {
      .records_cap = o->max_events,
      .output_cap = 1 << 16,
      .max_steps = o->max_steps,
      .max_threads = o->max_threads,
      .run_timeout = o->run_timeout,
      .stack_size = o->stack_size,
      .heap_size = o->heap_size,
      .races = o->races,
      .nsites = (uint32_t)s->sites.n,
      .nglobals = (uint32_t)s->sites.nglobals,
      .argc = o->prog_argc + 1,
      .argv = s->pargv,
      .spurious_wakeups = o->spurious_wakeups,
      .tso = o->tso,
      .ra = o->ra,
      .isolate_files = !o->shared_files,
      .debugger = o->gdb,
  };
  if (dpu_stdin_capture(&s->in) != 0) return give_up(s, "error", dpu_first_error(), EXIT_USAGE);
  s->inv.stdin_bytes = s->in.bytes;
  s->inv.stdin_digest = s->in.digest;
  xo.stdin_rewind = s->in.bytes > 0;
  dpu_catch_signals();
  if (o->cutoffs && !o->replay && o->memory_model != DPU_MM_SC)
    dpu_warn("cutoffs-off", "--cutoffs=on is for sequentially consistent executions: the "
             "program's atomics weaker than seq_cst are explored under rc11, without cutoffs");
  xo.state_fingerprints = cutoffs_on(o);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
  /* -j's workers explore with QPOR; a replay and the exhaustive explorer run alone. */
  s->nexecs = o->por == DPU_POR_QPOR && !o->replay ? o->jobs : 1;
  int started = dpu_executor_start_many(s->execs, s->nexecs, tsm, &xo);
  if (started != 0) {
    /* The JIT could not load the program: bad input, like a link error; otherwise dpu's. */
    if (started != DPU_EXECUTOR_BAD_PROGRAM)
      return give_up(s, "failed", "the executor did not start", EXIT_INTERNAL);
    dpu_error("cannot load the program: %s", s->execs[0].error);
    return give_up(s, "error", dpu_first_error(), EXIT_USAGE);
  }
  s->rep.exec = &s->execs[0];
  /* The zygote has its own copy; the explorer does not need the module any more. */
  LLVMOrcDisposeThreadSafeModule(tsm);
  LLVMOrcDisposeThreadSafeContext(tsc);
  return 0;
}

/* The bytes each QPOR unfolding may hold (dpu_explore_options.max_memory): --max-memory, or
 * half the machine's memory, shared by the `workers` unfoldings that -j may hold at once (a
 * part's each, or the pool's one). 0: no limit. */
static size_t unfolding_memory(const struct dpu_options *o, unsigned workers) {
  size_t total = o->max_memory;
  if (!o->max_memory_given) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    total = pages > 0 && page > 0 ? (size_t)pages * (size_t)page / 2 : 0;
  }
  return total / (workers ? workers : 1);
}

/* The explorers' options, --dot's file, and for races the racing and visible sites. Returns 0,
 * or the exit code after the executor was stopped and the report finished. */
static int prepare_exploration(struct session *s) {
  const struct dpu_options *o = &s->o;
  s->eo = (struct dpu_explore_options){
      .max_runs = o->max_runs,
      .bounded = o->bounded,
      .preemptions = o->preemptions,
      .deadline = o->timeout > 0 ? s->t0 + o->timeout : 0,
      .stop_on_defect = o->stop_on_defect,
      .max_steps = o->max_steps,
      .interrupted = &dpu_interrupted,
      .k = o->k,
      .skip_step = o->skip_step,
      .max_memory = unfolding_memory(o, s->nexecs),
      /* Symmetry reduction (explorer/symmetry.h): QPOR's, under sc, where the race detector
       * sees the memory that tells threads apart (runtime/symmetry.h); not for --shard, whose
       * shards could not tell each other that threads were told apart. */
      .symmetry = !o->no_symmetry && o->por == DPU_POR_QPOR && !o->replay &&
                  o->memory_model == DPU_MM_SC && o->races && !o->shards,
      .cutoffs = cutoffs_on(o),
      .random_order = o->order_random,
      .seed = o->order_seed,
      .workers = s->nexecs,
      .execs = s->execs,
      .shard = o->shard,
      .shards = o->shards,
      .spin_kinds = s->spin_kinds,
      .nsites = (uint32_t)s->sites.n,
      .sink = dpu_sink_for(&s->sink, o->print_traces),
  };
  s->rep.cutoffs = s->eo.cutoffs; /* not when rc11 was chosen for the program's atomics */
  if (o->estimate > 0) { /* the exploration's first SECONDS, or --timeout if sooner */
    double until = dpu_now() + o->estimate;
    if (!s->eo.deadline || until < s->eo.deadline) s->eo.deadline = until;
  }
  if (o->dot && !(s->eo.dot = fopen(o->dot, "w"))) {
    fprintf(stderr, "dpu: error: cannot write %s\n", o->dot);
    dpu_executor_stop_all(s->execs, s->nexecs);
    return give_up(s, "error", "the --dot file cannot be written", EXIT_USAGE);
  }
  /* Racy programs (issue #10, explorer/visible.h): explore, make the racing sites visible,
   * explore again until no new racing site appears. */
  if (o->races) {
    s->racing = calloc(s->sites.n / 8 + 1, 1);
    if (!s->racing) abort();
    if (o->races_explore) s->rep.racing = s->racing;
    if (o->visible_sites && dpu_visible_set(s->execs[0].shm, &s->sites, o->visible_sites) != 0) {
      dpu_executor_stop_all(s->execs, s->nexecs);
      return give_up(s, "error", "--visible-sites names a site that is not a load or store",
                     EXIT_USAGE);
    }
    s->rep.visible_sites = s->visible_text = dpu_visible_list(s->execs[0].shm, &s->sites);
  }
  s->sink.defer_divergence = o->races_explore && !o->replay;
  s->execs[0].shm->spin_watch = o->races_explore && !o->replay;
  s->rep.defer_traces = o->print_traces && o->races_explore && !o->replay;
  return 0;
}

/* Before another exploration of the same program (more visible sites, or no symmetry): the
 * counts restart, and earlier[i] (reallocated, *nearlier entries) keeps defect i's traces in
 * the exploration before. With --preemptions=A..B every trace within the bound under way
 * counts again: the traces of the bounds before were another exploration's (the exhaustive
 * explorer's fingerprints of them go). */
static void restart(struct session *s, uint64_t **earlier, uint32_t *nearlier) {
  struct dpu_report *rep = &s->rep;
  s->eo.preemptions_from = 0;
  if (s->eo.seen) dpu_fpset_free(s->eo.seen); /* (empty again, fingerprint.h) */
  dpu_counts_restart(&s->res.counts);
  free(*earlier);
  *nearlier = rep->defects.n;
  *earlier = calloc(*nearlier + 1, sizeof **earlier);
  if (!*earlier) abort();
  dpu_report_restart(rep, *earlier);
}

/* After a complete exploration of a racy program: makes the new racing sites visible. Returns
 * whether there were any: then the counts restart (restart()). */
static bool more_visible_sites(struct session *s, uint64_t **earlier, uint32_t *nearlier) {
  struct dpu_report *rep = &s->rep;
  uint32_t added = dpu_visible_add(s->execs[0].shm, &s->sites, s->racing) +
                   dpu_visible_add_sites(s->execs[0].shm, &s->sites, s->sink.spin,
                                         s->sink.nspin);
  s->sink.nspin = 0;
  if (!added) return false;
  s->sink.divergence[0] = 0;
  /* Again, with a fresh unfolding: the earlier one's events lack the new visible accesses. */
  free(s->visible_text);
  rep->visible_sites = s->visible_text = dpu_visible_list(s->execs[0].shm, &s->sites);
  if (s->o.verbosity > 0 && rep->text) {
    dpu_progress_clear();
    fprintf(rep->text, "dpu: %u more racing access sites made visible; exploring again\n", added);
  }
  restart(s, earlier, nearlier);
  return true;
}

/* Explores (again, for a racy program, while new racing sites appear), or replays. */
static enum dpu_explore_status explore_once(struct session *s) {
  const struct dpu_options *o = &s->o;
  enum dpu_explore_status st;
  uint64_t *earlier = NULL; /* each defect's traces in the exploration before */
  uint32_t nearlier = 0;
  for (;;) {
    s->explorations++;
    uint64_t mismatches = s->res.stats.replay_mismatch;
    for (unsigned i = 1; i < s->nexecs; i++) dpu_visible_copy(s->execs[i].shm, s->execs[0].shm);
    for (unsigned i = 0; i < s->nexecs; i++) s->execs[i].shm->symmetry = s->eo.symmetry;
    if (o->replay)
      st = dpu_explore_replay(&s->execs[0], s->replay, (uint32_t)s->nreplay, &s->eo, &s->res);
    else if (o->por == DPU_POR_QPOR) st = dpu_explore_qpor(&s->execs[0], &s->eo, &s->res);
    else st = dpu_explore_dfs(&s->execs[0], &s->eo, &s->res);
    s->mismatches = s->res.stats.replay_mismatch - mismatches;
    /* Threads taken for symmetric were told apart (explorer/symmetry.h): again without
     * symmetry, unless a limit stopped it as well. */
    if (s->res.counts.asymmetric && !dpu_explore_must_stop(&s->eo, &s->res.counts)) {
      s->explorations--; /* (the racy programs' count: this one had no new visible site) */
      s->eo.symmetry = false;
      s->sink.divergence[0] = 0;
      restart(s, &earlier, &nearlier);
      continue;
    }
    if (o->replay || !o->races_explore) break;
    /* An exploration cut short by a run that did not follow its replay goes on with more
     * visible sites when new racing sites explain it; other limits end it. */
    bool diverged = s->sink.divergence[0] != 0;
    if (st != DPU_EXPLORE_COMPLETE && !(st == DPU_EXPLORE_INCOMPLETE && diverged)) break;
    /* ... and not when a limit (--max-runs, --timeout, a signal) stopped it as well: the next
     * exploration would stop before its first run, and its counts, all zero, would replace
     * this one's (-j 2 said "0 max-configs, 3000 runs of earlier explorations": a user test). */
    if (st == DPU_EXPLORE_INCOMPLETE && dpu_explore_must_stop(&s->eo, &s->res.counts)) break;
    if (!more_visible_sites(s, &earlier, &nearlier)) break;
    st = DPU_EXPLORE_COMPLETE;
  }
  /* A defect that the last exploration did not show again (it should: it is a sequentially
   * consistent execution) keeps the count of the exploration that found it. Not a shard's:
   * its last exploration's parts are not its first's, and the shard whose part holds the
   * defect's traces now counts them (dpu merge sums the counts). */
  if (earlier && !o->shards) dpu_report_keep_earlier(&s->rep, earlier, nearlier);
  free(earlier);
  /* A replay that did not give the events predicted from earlier runs: the program does not
   * behave the same way on every run of the same trace, and the traces that only it would
   * have led to may be left out: Theorem 6 holds for a deterministic program only. */
  if (st == DPU_EXPLORE_COMPLETE && s->mismatches) st = DPU_EXPLORE_INCOMPLETE;
  return st;
}

/* Explores, bound by bound for --preemptions=A..B (explorer/bound.h): each bound's
 * exploration yields the traces the one before did not, and the report says the highest bound
 * completed. */
static enum dpu_explore_status explore(struct session *s) {
  const struct dpu_options *o = &s->o;
  dpu_progress_start(o->verbosity >= 0 && !o->replay, &s->res.counts, &s->rep.defects);
  if (!o->bounded || o->replay) return explore_once(s);
  struct dpu_fpset seen = {0}; /* the exhaustive explorer's traces of the bounds so far */
  s->eo.seen = &seen;
  enum dpu_explore_status st;
  for (uint32_t b = o->preemptions_lo;; b++) {
    s->eo.preemptions = b;
    s->eo.preemptions_from = b > o->preemptions_lo ? b : 0;
    s->rep.preemptions = b;
    st = explore_once(s);
    if (st != DPU_EXPLORE_COMPLETE) break;
    s->rep.preemptions_done = b;
    if (b == o->preemptions) break;
    if (o->verbosity > 0 && s->rep.text) {
      dpu_progress_clear();
      fprintf(s->rep.text, "dpu: bound %u: complete (%llu traces so far); exploring bound %u\n",
              b, (unsigned long long)s->res.counts.max_configs, b + 1);
    }
  }
  s->eo.seen = NULL;
  dpu_fpset_free(&seen);
  return st;
}

/* The runs below which -j's "one worker explored alone" note is not worth saying. */
#define DPU_NOTE_ALONE_RUNS 1000

/* -v's time line and --stats' lines, after the exploration. With -j, the executor's time
 * and runs are summed over the workers, and the explorer's is what is left of the wall time
 * after an average worker's wait for runs. */
static void print_stats(struct session *s, double explore_seconds) {
  FILE *text = s->rep.text;
  double exec_seconds = 0;
  uint64_t runs = 0;
  uint32_t forks = 0;
  uint64_t reruns = 0, killed = 0;
  for (unsigned i = 0; i < s->nexecs; i++) {
    reruns += s->execs[i].reruns;
    killed += s->execs[i].reruns_killed;
    exec_seconds += s->execs[i].exec_seconds;
    runs += s->execs[i].runs;
    forks += s->execs[i].shm->runner_forks;
  }
  double waited = exec_seconds / s->nexecs;
  /* The executor's runs include the split's, which the summary does not count (issue 37: -v
   * -j 2 said 124 runs beside a summary of 6): said apart. */
  uint64_t split_runs = s->res.split.runs;
  if (s->o.verbosity > 0 && text) {
    fprintf(text, "dpu: executor %.3f s in %llu runs", exec_seconds, (unsigned long long)runs);
    if (split_runs)
      fprintf(text, " (%llu of the exploration, %llu of the split)",
              (unsigned long long)(runs > split_runs ? runs - split_runs : 0),
              (unsigned long long)split_runs);
    fprintf(text, " (%.1f us/run), explorer %.3f s, start-up %.3f s\n",
            runs ? exec_seconds * 1e6 / (double)runs : 0.0, explore_seconds - waited,
            s->startup_seconds);
  }
  if (s->o.verbosity > 0 && text && reruns)
    fprintf(text, "dpu: %llu run%s over --run-timeout ran again before %s called a hang\n",
            (unsigned long long)reruns, reruns == 1 ? "" : "s", reruns == 1 ? "it was" : "they were");
  if (s->o.verbosity > 0 && text && killed)
    fprintf(text, "dpu: %llu run%s whose runner was killed from outside ran again\n",
            (unsigned long long)killed, killed == 1 ? "" : "s");
  if (!s->o.stats || !text) return;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(text, "dpu: stats: runs %llu, max-configs %llu, SSBs %llu, runners %u\n",
          (unsigned long long)s->res.counts.runs, (unsigned long long)s->res.counts.max_configs,
          (unsigned long long)s->res.counts.ssbs, forks);
  if (s->o.por == DPU_POR_QPOR && !s->o.replay) dpu_qpor_print_stats(text, &s->res.stats);
  /* The split's runs explore no trace of their own and are not in `runs` (a user test asked
   * where the executor's other runs went). */
  const struct dpu_split_info *sp = &s->res.split;
  if (sp->runs)
    fprintf(text, "dpu: stats: the split: %llu runs (not in the runs above), %.3f s, %u parts\n",
            (unsigned long long)sp->runs, sp->seconds, sp->parts);
  const struct dpu_counts *c = &s->res.counts;
  if (c->estimate > 0)
    fprintf(text, "dpu: stats: estimate: ~%.0f traces in all, at the last estimate (%llu "
                  "explored)\n", c->estimate, (unsigned long long)c->max_configs);
  fprintf(text, "dpu: stats: time executor %.3f s, explorer %.3f s (start-up %.3f s); "
                "explorer peak memory %.1f MiB\n",
          exec_seconds, explore_seconds - waited, s->startup_seconds,
          (double)ru.ru_maxrss / 1024);
}

/* The state, reason and exit code of an exploration that ended with st (docs/design.md §8). */
static void end_state(const struct session *s, enum dpu_explore_status st,
                      struct dpu_report_end *end) {
  switch (st) {
  case DPU_EXPLORE_FAILED:
    end->state = "failed";
    end->reason = "internal error, see the messages above";
    end->exit_code = EXIT_INTERNAL;
    break;
  case DPU_EXPLORE_INCOMPLETE:
    end->state = "incomplete";
    if (dpu_interrupted) end->reason = dpu_interrupted == SIGINT ? "interrupted by SIGINT"
                                                                 : "interrupted by SIGTERM";
    else if (s->eo.deadline > 0 && dpu_now() >= s->eo.deadline) end->reason = "--timeout reached";
    else if (s->o.max_runs && s->res.counts.runs >= s->o.max_runs)
      end->reason = "--max-runs reached";
    else if (s->mismatches)
      end->reason = "a replay did not give the events that earlier runs predicted: the program "
                    "does not run the same way every time";
    else if (s->res.counts.memory_limited)
      end->reason = "the explorer's events reached --max-memory";
    else end->reason = "a run was cut short, see warnings";
    /* Defects found are defects whatever stopped the exploration: a CI job that lets an
     * incomplete exploration pass must not pass one that found defects (issue 37: a --timeout
     * with 9 defects exited 3, and the --shard recipe of docs/distributed.md passed it). The
     * state says incomplete. */
    end->exit_code = s->rep.defects.n ? EXIT_DEFECTS : EXIT_INCOMPLETE;
    break;
  case DPU_EXPLORE_BAD_SCHEDULE:
    end->state = "error";
    end->reason = "the replay's schedule does not fit the program (see the error above)";
    end->exit_code = EXIT_USAGE;
    break;
  case DPU_EXPLORE_STOPPED:
    end->state = "stopped";
    end->reason = "--stop-on-defect";
    end->exit_code = EXIT_DEFECTS;
    break;
  default:
    end->state = "complete";
    end->exit_code = s->rep.defects.n ? EXIT_DEFECTS : EXIT_CLEAN;
  }
}

/* --estimate's line in place of the report (explorer/estimate.c). Returns the exit code: 0
 * unless the exploration failed or could not start. */
static int print_estimate(const struct session *s, const struct dpu_report_end *end,
                          double secs) {
  const struct dpu_counts *c = &s->res.counts;
  unsigned long long seen = c->max_configs;
  char buf[32];
  if (end->exit_code == EXIT_INTERNAL || end->exit_code == EXIT_USAGE) return end->exit_code;
  if (strcmp(end->state, "incomplete") != 0)
    printf("dpu: estimate: %llu traces, every one explored in %.2f s", seen, secs);
  else if (c->estimate >= DPU_ESTIMATE_MAX)
    printf("dpu: estimate: more than %.0e traces in all (%llu explored in %.1f s): this "
           "exploration will not end; a smaller program (fewer threads, tasks or rounds) may",
           DPU_ESTIMATE_MAX, seen, secs);
  else if (c->estimate > (double)seen && seen > 0)
    printf("dpu: estimate: ~%.2g traces in all; %llu (%.2g %%) explored in %.1f s, so about %s "
           "for all of them at this rate", c->estimate, seen, 100.0 * (double)seen / c->estimate,
           secs, dpu_duration_text(secs * c->estimate / (double)seen, buf));
  else if (s->o.por != DPU_POR_QPOR || s->o.shards)
    printf("dpu: estimate: none: %llu traces explored in %.1f s (%s gives no estimate)", seen,
           secs, s->o.shards ? "--shard" : "--por=none");
  else
    printf("dpu: estimate: none yet: %llu traces explored in %.1f s (try a longer --estimate)",
           seen, secs);
  if (s->rep.defects.n)
    printf("; %u defect%s found meanwhile (run without --estimate to see %s)", s->rep.defects.n,
           s->rep.defects.n == 1 ? "" : "s", s->rep.defects.n == 1 ? "it" : "them");
  printf("\n");
  fflush(stdout);
  return EXIT_CLEAN;
}

/* The final report, --witness's file, and the exit code. */
static int finish(struct session *s, struct dpu_report_end *end) {
  int code = end->exit_code;
  if (dpu_report_finish(&s->rep, end) != 0 && strcmp(end->state, "incomplete") != 0)
    code = EXIT_INTERNAL;
  if (s->o.witness) {
    const struct dpu_defect *d = dpu_witness_defect(&s->rep);
    if (!d)
      fprintf(stderr, "dpu: no violation witness written: the verdict is %s\n",
              dpu_report_verdict(&s->rep, end));
    else if (dpu_witness_write(s->o.witness, d, &s->sites, &s->inv, s->rep.property) != 0)
      code = EXIT_INTERNAL;
  }
  if (s->rep.text && s->rep.text != stdout && fclose(s->rep.text) != 0) {
    fprintf(stderr, "dpu: error: cannot write %s\n", s->o.output);
    code = EXIT_INTERNAL;
  }
  return code;
}

static void free_session(struct session *s) {
  dpu_report_free(&s->rep);
  dpu_executor_release(&s->execs[0]);
  free(s->racing);
  free(s->spin_kinds);
  free(s->visible_text);
  free(s->pargv);
  free(s->replay);
  dpu_site_table_free(&s->sites);
  dpu_options_free(&s->o);
}

int main(int argc, char **argv) {
  static struct session session;
  struct session *s = &session;
  s->t0 = dpu_now();
  if (argc > 1 && strcmp(argv[1], "merge") == 0) return dpu_merge_main(argc - 1, argv + 1);
  int rc = dpu_options_parse(argc, argv, &s->o);
  if (rc == 1) return EXIT_CLEAN;
  if (rc != 0) return EXIT_USAGE;
  if (s->o.gdb) {
    if (!dpu_gdb_is_inferior()) {
      dpu_gdb_exec(argc, argv); /* returns only if gdb cannot be run */
      return EXIT_USAGE;
    }
    dpu_gdb_inferior_setup();
    s->o.run_timeout = 0; /* no per-run limit: the run may sit in the debugger */
  }
  if (read_replay(s) != 0) return EXIT_USAGE;
  if (s->o.order_random && !s->o.order_seeded) { /* the report gives it, to take it again */
    uint32_t seed;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
      seed = (uint32_t)time(NULL) ^ (uint32_t)getpid();
    s->o.order_seed = seed;
  }
  describe(s, argc, argv);
  if (open_report(&s->o, &s->rep) != 0) return EXIT_USAGE;

  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef mod;
  if (build_program(s, tsc, &mod) != 0) {
    const char *why = dpu_first_error();
    if (!why && s->unsupported[0]) why = s->unsupported;
    return give_up(s, "error", why ? why : "the program uses what dpu does not model (see the "
                                           "errors)", EXIT_USAGE);
  }
  int code = start_executor(s, tsc, mod);
  if (code == 0) code = prepare_exploration(s);
  if (code != 0) return code;

  s->explore_start = dpu_now();
  s->startup_seconds = s->explore_start - s->t0;
  enum dpu_explore_status st = explore(s);
  uint32_t nvisible = s->o.races ? dpu_visible_count(s->execs[0].shm) : 0;
  dpu_report_traces_end(&s->rep, true);
  for (unsigned i = 0; i < s->nexecs; i++) dpu_explore_notices(&s->eo.sink, s->execs[i].shm);
  if (s->sink.divergence[0]) dpu_warn("run-cut", "%s", s->sink.divergence);
  dpu_progress_stop();
  /* Also when a limit stopped it: that is when a user asks why -j did not help. Not for an
   * exploration of fewer than DPU_NOTE_ALONE_RUNS runs, which takes a fraction of a second
   * anyway: there it was noise on almost every small program (a user test). */
  if (s->nexecs > 1 && !s->res.stats.handed && !s->res.stats.parts && s->o.verbosity >= 0 &&
      s->res.counts.runs >= DPU_NOTE_ALONE_RUNS &&
      (st == DPU_EXPLORE_COMPLETE || st == DPU_EXPLORE_INCOMPLETE))
    dpu_note("jobs-alone", "-j %u: one worker explored alone (too few lock operations to split "
             "at, runs too short to hand work over; docs/distributed.md, -j)",
             s->nexecs);
  double explore_seconds = dpu_now() - s->explore_start;
  print_stats(s, explore_seconds);
  if (s->eo.dot) fclose(s->eo.dot);
  double exec_seconds = dpu_executor_stop_all(s->execs, s->nexecs);

  /* With -j, executor_seconds sums the workers' waits for runs, and explorer_seconds is what
   * is left of the wall time after an average worker's wait. */
  double explorer_seconds = explore_seconds - exec_seconds / s->nexecs;
  struct dpu_report_end end = {.executor_seconds = exec_seconds,
                               .explorer_seconds = explorer_seconds > 0 ? explorer_seconds : 0,
                               .startup_seconds = s->startup_seconds,
                               .visible_sites = nvisible,
                               .explorations = s->explorations};
  end_state(s, st, &end);
  code = s->o.estimate > 0 ? print_estimate(s, &end, explore_seconds) : finish(s, &end);
  free_session(s);
  return code;
}
