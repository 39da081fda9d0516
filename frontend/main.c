/* dpu: the command-line driver. Parses options, compiles and instruments the program, starts the
 * executor, explores, and reports (DESIGN.md §2, §8). */
#include <errno.h>
#include <llvm-c/Orc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../explorer/dfs.h"
#include "../explorer/explore.h"
#include "../explorer/model.h"
#include "../report/progress.h"
#include "../explorer/qpor.h"
#include "../explorer/visible.h"
#include "../report/witness.h"
#include "../passes/instrument.h"
#include "../executor/executor.h"
#include "check.h"
#include "compile.h"
#include "diag.h"
#include "gdb.h"
#include "options.h"
#include "stdin.h"

/* Exit codes of DESIGN.md §8. */
enum { EXIT_CLEAN = 0, EXIT_DEFECTS = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3, EXIT_INTERNAL = 4 };

/* SIGINT and SIGTERM: stop between runs and write the final report (exit 3). The executor's
 * processes inherit the handler (they are forked after it is installed) and ignore the signal,
 * so that a Ctrl-C or a CI job signalling the whole process group does not kill them under a
 * run: dpu stops them itself. Another signal more than a second later (an impatient second
 * Ctrl-C; not the copy that e.g. GNU timeout sends to the process group right after the one
 * to dpu) ends dpu at once. */
static volatile sig_atomic_t interrupted; /* the signal number */
static struct timespec interrupted_at;   /* written and read by the handler only */
static pid_t dpu_pid;

static void on_signal(int sig) {
  if (getpid() != dpu_pid) return;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe */
  if (!interrupted) {
    interrupted_at = now;
    interrupted = sig;
  } else if (now.tv_sec - interrupted_at.tv_sec >= 2) {
    signal(sig, SIG_DFL);
    raise(sig);
  }
}

static void catch_signals(void) {
  dpu_pid = getpid();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT); /* the handler never runs inside itself */
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* --visible-sites=ID,...: marks those sites visible. Returns 0, or -1 (message printed) when
 * one is not the site of a plain load or store. */
static int set_visible(struct dpu_executor *ex, const struct dpu_site_table *sites,
                       const char *list) {
  uint8_t *bits = dpu_shm_visible(ex->shm);
  for (const char *p = list; *p;) {
    char *end;
    unsigned long id = strtoul(p, &end, 10);
    if (end == p || id >= ex->shm->visible_cap || !dpu_site_is_plain_access(sites, (uint32_t)id)) {
      fprintf(stderr, "dpu: error: --visible-sites: %lu is not the site of a load or store of "
                      "this program (were the sources or flags changed?)\n", id);
      return -1;
    }
    bits[id >> 3] |= (uint8_t)(1u << (id & 7));
    p = *end == ',' ? end + 1 : end;
  }
  return 0;
}

/* The visible sites as "ID,ID,..." (malloc'd), or NULL when there are none. */
static char *visible_list(struct dpu_executor *ex, const struct dpu_site_table *sites) {
  const uint8_t *bits = dpu_shm_visible(ex->shm);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) abort();
  bool any = false;
  for (uint32_t id = 1; id < sites->n && id < ex->shm->visible_cap; id++)
    if (bits[id >> 3] >> (id & 7) & 1) {
      fprintf(f, "%s%u", any ? "," : "", id);
      any = true;
    }
  if (fclose(f) != 0) abort();
  if (!any) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Between runs: the progress line, and a pending rewrite of the report's file. */
static void tick(void *arg) {
  dpu_progress_tick();
  dpu_report_tick(arg);
}

/* The report's stream and document, as -o and --format ask: the text report goes to stdout,
 * or to the -o file when the format is text; a JSON or SARIF document goes to the -o file (and
 * the text to stdout), or alone to stdout at the end. Returns 0, or -1 (message printed). */
static int open_report(const struct dpu_options *o, struct dpu_report *rep) {
  rep->text = stdout;
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
  return dpu_report_begin(rep);
}

int main(int argc, char **argv) {
  double t0 = dpu_now();
  struct dpu_options o;
  int rc = dpu_options_parse(argc, argv, &o);
  if (rc == 1) return EXIT_CLEAN;
  if (rc != 0) return EXIT_USAGE;
  if (o.gdb) {
    if (!dpu_gdb_is_inferior()) {
      dpu_gdb_exec(argc, argv); /* returns only if gdb cannot be run */
      return EXIT_USAGE;
    }
    dpu_gdb_inferior_setup();
    o.run_timeout = 0; /* no per-run limit: the run may sit in the debugger */
  }
  struct dpu_replay_step *replay = NULL;
  long nreplay = 0;
  if (o.replay) {
    replay = calloc(o.max_events, sizeof *replay);
    if (!replay) abort();
    nreplay = dpu_replay_parse(o.replay, replay, o.max_events);
    if (nreplay < 0) {
      fprintf(stderr, "dpu: error: invalid replay schedule '%s' (expected THREAD:COUNT,...)\n",
              o.replay);
      return EXIT_USAGE;
    }
  }

  struct dpu_invocation inv = {
      .version = DPU_VERSION,
      .argv = argv,
      .argc = argc,
      .inputs = o.inputs,
      .ninputs = o.ninputs,
      .cflags = o.cflags,
      .ncflags = o.ncflags,
      .run_flags = o.run_flags,
      .nrun_flags = o.nrun_flags,
      .prog_argv = o.prog_argv,
      .prog_argc = o.prog_argc,
      .explorer = o.replay ? "replay" : o.por == DPU_POR_QPOR ? "qpor" : "none",
      .k = o.k,
  };
  struct dpu_site_table sites = {0};
  struct dpu_counts counts = {0};
  struct dpu_report rep = {
      .verbosity = o.verbosity,
      .sites = &sites,
      .inv = &inv,
      .counts = &counts,
      .t0 = t0,
      .show_output = o.show_output,
      .steps_shown = o.steps_shown,
      .print_traces = o.print_traces,
      .property = !o.svcomp && !o.property && !o.witness ? DPU_PROPERTY_NONE
                  : o.property && strcmp(o.property, "no-data-race") == 0
                      ? DPU_PROPERTY_NO_DATA_RACE
                      : DPU_PROPERTY_UNREACH_CALL,
  };
  if (open_report(&o, &rep) != 0) return EXIT_USAGE;
  struct dpu_report_end end = {.state = "error", .exit_code = EXIT_USAGE};

  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
  LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(tsc);
  LLVMModuleRef mod;
  struct dpu_instrument_options io = {
      .nondet_fixed = o.nondet_fixed,
      .nondet = o.nondet,
      .nondet_range = o.nondet_range,
      .nondet_lo = o.nondet_lo,
      .nondet_hi = o.nondet_hi,
      .races = o.races,
      .svcomp = o.svcomp};
  if (dpu_compile_inputs(&o, ctx, &mod) != 0 || dpu_check_processes(mod) != 0 ||
      dpu_instrument(mod, &io, &sites) != 0 ||
      dpu_check_undefined(mod) != 0) {
    end.reason = dpu_first_error();
    if (!end.reason) end.reason = "the program uses what dpu does not model (see the errors)";
    dpu_report_finish(&rep, &end);
    return EXIT_USAGE;
  }
  /* The explorer's copy of the spin kinds the runtime gets from the JIT (the spin-loop rule). */
  uint8_t *spin_kinds = malloc(sites.n + 1);
  if (!spin_kinds) abort();
  for (size_t i = 0; i < sites.n; i++) spin_kinds[i] = sites.v[i].spin;
  dpu_model_set_spin_kinds(spin_kinds, (uint32_t)sites.n);

  /* Program argv: the first input's name, then what follows `--`. */
  char **pargv = calloc((size_t)o.prog_argc + 2, sizeof *pargv);
  if (!pargv) abort();
  pargv[0] = o.inputs[0];
  for (int i = 0; i < o.prog_argc; i++) pargv[i + 1] = o.prog_argv[i];

  struct dpu_executor_options xo = {
      .trace_cap = o.max_events,
      .output_cap = 1 << 16,
      .max_steps = o.max_steps,
      .max_threads = o.max_threads,
      .run_timeout = o.run_timeout,
      .stack_size = o.stack_size,
      .heap_size = o.heap_size,
      .races = o.races,
      .nsites = (uint32_t)sites.n,
      .nglobals = (uint32_t)sites.nglobals,
      .argc = o.prog_argc + 1,
      .argv = pargv,
  };
  struct dpu_stdin in;
  if (dpu_stdin_capture(&in) != 0) {
    end.reason = dpu_first_error();
    dpu_report_finish(&rep, &end);
    return EXIT_USAGE;
  }
  inv.stdin_bytes = in.bytes;
  inv.stdin_digest = in.digest;
  xo.stdin_rewind = in.bytes > 0;
  xo.spurious_wakeups = o.spurious_wakeups;
  xo.isolate_files = !o.shared_files;
  catch_signals();
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
  struct dpu_executor ex;
  int started = dpu_executor_start(&ex, tsm, &xo);
  if (started != 0) {
    /* The JIT could not load the program: bad input, like a link error; otherwise dpu's. */
    if (started == DPU_EXECUTOR_BAD_PROGRAM) {
      dpu_error("cannot load the program: %s", ex.error);
      end = (struct dpu_report_end){.state = "error", .reason = dpu_first_error(),
                                    .exit_code = EXIT_USAGE};
    } else {
      end = (struct dpu_report_end){.state = "failed", .reason = "the executor did not start",
                                    .exit_code = EXIT_INTERNAL};
    }
    dpu_report_finish(&rep, &end);
    return end.exit_code;
  }
  rep.ex = &ex;
  /* The zygote has its own copy; the explorer does not need the module any more. */
  LLVMOrcDisposeThreadSafeModule(tsm);
  LLVMOrcDisposeThreadSafeContext(tsc);

  struct dpu_explore_options eo = {
      .max_runs = o.max_runs,
      .deadline = o.timeout > 0 ? t0 + o.timeout : 0,
      .stop_on_defect = o.stop_on_defect,
      .interrupted = &interrupted,
      .between_runs = tick,
      .arg = &rep,
  };
  double explore_start = dpu_now(), startup_seconds = explore_start - t0;
  struct dpu_qpor_options qo = {.k = o.k, .skip_step = o.skip_step};
  if (o.dot) {
    qo.dot = fopen(o.dot, "w");
    if (!qo.dot) {
      fprintf(stderr, "dpu: error: cannot write %s\n", o.dot);
      dpu_executor_stop(&ex);
      end.reason = "the --dot file cannot be written";
      dpu_report_finish(&rep, &end);
      return EXIT_USAGE;
    }
  }
  struct dpu_qpor_stats qs = {0};
  enum dpu_explore_status st;
  /* Racy programs (issue #10, explorer/visible.h): explore, make the racing sites visible,
   * explore again until no new racing site appears. */
  uint8_t *racing = NULL;
  char *visible_text = NULL;
  if (o.races) {
    racing = calloc(sites.n / 8 + 1, 1);
    if (!racing) abort();
    if (o.races_explore) rep.racing = racing;
    if (o.visible_sites && set_visible(&ex, &sites, o.visible_sites) != 0) {
      dpu_executor_stop(&ex);
      end.reason = "--visible-sites names a site that is not a load or store";
      dpu_report_finish(&rep, &end);
      return EXIT_USAGE;
    }
    rep.visible_sites = visible_text = visible_list(&ex, &sites);
  }
  uint32_t explorations = 0;
  dpu_explore_defer_divergence = o.races_explore && !o.replay;
  ex.shm->spin_watch = o.races_explore && !o.replay;
  rep.defer_traces = o.print_traces && o.races_explore && !o.replay;
  uint64_t *earlier = NULL; /* each defect's traces in the exploration before */
  dpu_progress_start(o.verbosity >= 0 && !o.replay, &counts, &rep.defects);
  for (;;) {
    explorations++;
    if (o.replay) st = dpu_explore_replay(&ex, &rep, replay, (uint32_t)nreplay, &eo, &counts);
    else if (o.por == DPU_POR_QPOR) st = dpu_explore_qpor(&ex, &rep, &eo, &qo, &counts, &qs);
    else st = dpu_explore_dfs(&ex, &rep, &eo, &counts);
    if (o.replay || !o.races_explore) break;
    /* An exploration cut short by a run that did not follow its replay goes on with more
     * visible sites when new racing sites explain it; other limits end it. */
    bool diverged = dpu_explore_divergence[0] != 0;
    if (st != DPU_EXPLORE_COMPLETE && !(st == DPU_EXPLORE_INCOMPLETE && diverged)) break;
    uint32_t added = dpu_visible_add(ex.shm, &sites, racing) +
                     dpu_visible_add_sites(ex.shm, &sites, dpu_explore_spin, dpu_explore_nspin);
    dpu_explore_nspin = 0;
    if (!added) break;
    dpu_report_traces_end(&rep, false); /* --print-traces: the last exploration's only */
    dpu_explore_divergence[0] = 0;
    st = DPU_EXPLORE_COMPLETE;
    /* Again, with a fresh unfolding; the counts become those of the new exploration. */
    free(visible_text);
    rep.visible_sites = visible_text = visible_list(&ex, &sites);
    if (o.verbosity > 0 && rep.text) {
      dpu_progress_clear();
      fprintf(rep.text, "dpu: %u more racing access sites made visible; exploring again\n", added);
    }
    counts.max_configs = counts.ssbs = counts.redirected = counts.repeated = counts.cut = 0;
    counts.earlier = counts.runs;
    free(earlier);
    earlier = calloc(rep.defects.n + 1, sizeof *earlier);
    if (!earlier) abort();
    for (uint32_t i = 0; i < rep.defects.n; i++) {
      earlier[i] = rep.defects.v[i]->traces;
      rep.defects.v[i]->traces = 0;
    }
    rep.defects.traces = 0;
    rep.ntraces++; /* no trace of the new exploration counts as seen */
  }
  /* A defect that the last exploration did not show again (it should: it is a sequentially
   * consistent execution) keeps the count of the exploration that found it. */
  for (uint32_t i = 0; earlier && i < rep.defects.n; i++)
    if (!rep.defects.v[i]->traces) rep.defects.v[i]->traces = earlier[i] ? earlier[i] : 1;
  free(earlier);
  uint32_t nvisible = o.races ? dpu_visible_count(ex.shm) : 0;
  dpu_report_traces_end(&rep, true);
  if (dpu_explore_divergence[0]) fprintf(stderr, "dpu: warning: %s\n", dpu_explore_divergence);
  dpu_progress_stop();
  double elapsed = dpu_now() - t0, explore_seconds = dpu_now() - explore_start;
  FILE *text = rep.text;
  if (o.verbosity > 0 && text)
    fprintf(text, "dpu: executor %.3f s in %llu runs (%.1f us/run), explorer %.3f s\n",
            ex.exec_seconds, (unsigned long long)ex.runs,
            ex.runs ? ex.exec_seconds * 1e6 / (double)ex.runs : 0.0, elapsed - ex.exec_seconds);
  if (qo.dot) fclose(qo.dot);
  if (o.stats && text) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(text, "dpu: stats: runs %llu, max-configs %llu, SSBs %llu, runners %u\n",
            (unsigned long long)counts.runs, (unsigned long long)counts.max_configs,
            (unsigned long long)counts.ssbs, ex.shm->runner_forks);
    if (o.por == DPU_POR_QPOR && !o.replay) dpu_qpor_print_stats(text, &qs);
    fprintf(text, "dpu: stats: time executor %.3f s, explorer %.3f s (start-up %.3f s); "
                  "explorer peak memory %.1f MiB\n",
            ex.exec_seconds, explore_seconds - ex.exec_seconds, startup_seconds,
            (double)ru.ru_maxrss / 1024);
  }
  dpu_executor_stop(&ex);

  end = (struct dpu_report_end){.executor_seconds = ex.exec_seconds,
                                .explorer_seconds = explore_seconds - ex.exec_seconds,
                                .startup_seconds = startup_seconds,
                                .visible_sites = nvisible,
                                .explorations = explorations};
  switch (st) {
  case DPU_EXPLORE_FAILED:
    end.state = "failed";
    end.reason = "internal error, see the messages above";
    end.exit_code = EXIT_INTERNAL;
    break;
  case DPU_EXPLORE_INCOMPLETE:
    end.state = "incomplete";
    if (interrupted) end.reason = interrupted == SIGINT ? "interrupted by SIGINT"
                                                        : "interrupted by SIGTERM";
    else if (eo.deadline > 0 && dpu_now() >= eo.deadline) end.reason = "--timeout reached";
    else if (o.max_runs && counts.runs >= o.max_runs) end.reason = "--max-runs reached";
    else end.reason = "a run was cut short, see warnings";
    end.exit_code = EXIT_INCOMPLETE;
    break;
  case DPU_EXPLORE_STOPPED:
    end.state = "stopped";
    end.reason = "--stop-on-defect";
    end.exit_code = EXIT_DEFECTS;
    break;
  default:
    end.state = "complete";
    end.exit_code = rep.defects.n ? EXIT_DEFECTS : EXIT_CLEAN;
  }
  int code = end.exit_code;
  if (dpu_report_finish(&rep, &end) != 0 && code != EXIT_INCOMPLETE) code = EXIT_INTERNAL;
  if (o.witness) {
    const struct dpu_defect *d = dpu_witness_defect(&rep);
    if (!d)
      fprintf(stderr, "dpu: no violation witness written: the verdict is %s\n",
              dpu_report_verdict(&rep, &end));
    else if (dpu_witness_write(o.witness, d, &sites, &inv, rep.property) != 0)
      code = EXIT_INTERNAL;
  }
  if (rep.text && rep.text != stdout && fclose(rep.text) != 0) {
    fprintf(stderr, "dpu: error: cannot write %s\n", o.output);
    code = EXIT_INTERNAL;
  }
  dpu_report_free(&rep);
  free(racing);
  free(spin_kinds);
  free(visible_text);
  free(pargv);
  free(replay);
  dpu_site_table_free(&sites);
  dpu_options_free(&o);
  return code;
}
