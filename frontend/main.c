/* dpu: the command-line driver. Parses options, compiles and instruments the program, starts the
 * executor, explores, and reports (DESIGN.md §2, §8). */
#include <llvm-c/Orc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "../explorer/dfs.h"
#include "../explorer/qpor.h"
#include "../passes/instrument.h"
#include "../runtime/executor.h"
#include "compile.h"
#include "gdb.h"
#include "options.h"

/* Exit codes of DESIGN.md §8. */
enum { EXIT_CLEAN = 0, EXIT_DEFECTS = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3, EXIT_INTERNAL = 4 };

/* "dpu [compile flags] inputs" (for replay lines) and " -- args" (program arguments). */
static void command_lines(const struct dpu_options *o, char **cmd, char **args) {
  size_t n = 4, m = 1;
  for (int i = 0; i < o->ncflags; i++) n += strlen(o->cflags[i]) + 1;
  for (int i = 0; i < o->ninputs; i++) n += strlen(o->inputs[i]) + 1;
  for (int i = 0; i < o->prog_argc; i++) m += strlen(o->prog_argv[i]) + 1;
  *cmd = malloc(n);
  *args = malloc(m + 4);
  if (!*cmd || !*args) abort();
  strcpy(*cmd, "dpu");
  for (int i = 0; i < o->ncflags; i++) strcat(strcat(*cmd, " "), o->cflags[i]);
  for (int i = 0; i < o->ninputs; i++) strcat(strcat(*cmd, " "), o->inputs[i]);
  (*args)[0] = 0;
  if (o->prog_argc) strcpy(*args, " --");
  for (int i = 0; i < o->prog_argc; i++) strcat(strcat(*args, " "), o->prog_argv[i]);
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
      fprintf(stderr, "dpu: error: invalid --replay '%s' (expected THREAD:COUNT,...)\n", o.replay);
      return EXIT_USAGE;
    }
  }

  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
  LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(tsc);
  LLVMModuleRef mod;
  if (dpu_compile_inputs(&o, ctx, &mod) != 0) return EXIT_USAGE;
  struct dpu_site_table sites;
  struct dpu_instrument_options io = {.nondet_fixed = o.nondet_fixed, .nondet = o.nondet};
  if (dpu_instrument(mod, &io, &sites) != 0) return EXIT_USAGE;

  /* Program argv: the first input's name, then what follows `--`. */
  char **pargv = calloc((size_t)o.prog_argc + 2, sizeof *pargv);
  if (!pargv) abort();
  pargv[0] = o.inputs[0];
  for (int i = 0; i < o.prog_argc; i++) pargv[i + 1] = o.prog_argv[i];

  struct dpu_executor_options xo = {
      .trace_cap = o.max_events,
      .output_cap = 1 << 16,
      .max_steps = o.max_steps,
      .run_timeout = o.run_timeout,
      .stack_size = o.stack_size,
      .heap_size = o.heap_size,
      .argc = o.prog_argc + 1,
      .argv = pargv,
  };
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
  struct dpu_executor ex;
  if (dpu_executor_start(&ex, tsm, &xo) != 0) return EXIT_INTERNAL;
  /* The zygote has its own copy; the explorer does not need the module any more. */
  LLVMOrcDisposeThreadSafeModule(tsm);
  LLVMOrcDisposeThreadSafeContext(tsc);

  char *cmd, *args;
  command_lines(&o, &cmd, &args);
  struct dpu_report rep = {
      .out = stdout,
      .sites = &sites,
      .command = cmd,
      .program_args = args,
      .show_output = o.show_output,
      .print_traces = o.print_traces,
  };
  struct dpu_explore_options eo = {
      .max_runs = o.max_runs,
      .deadline = o.timeout > 0 ? t0 + o.timeout : 0,
      .stop_on_defect = o.stop_on_defect,
  };
  struct dpu_counts counts = {0};
  double explore_start = dpu_now(), startup_seconds = explore_start - t0;
  struct dpu_qpor_options qo = {.k = o.k, .skip_step = o.skip_step};
  if (o.dot) {
    qo.dot = fopen(o.dot, "w");
    if (!qo.dot) {
      fprintf(stderr, "dpu: error: cannot write %s\n", o.dot);
      return EXIT_USAGE;
    }
  }
  struct dpu_qpor_stats qs = {0};
  enum dpu_explore_status st;
  if (o.replay) st = dpu_explore_replay(&ex, &rep, replay, (uint32_t)nreplay, &eo, &counts);
  else if (o.por == DPU_POR_QPOR) st = dpu_explore_qpor(&ex, &rep, &eo, &qo, &counts, &qs);
  else st = dpu_explore_dfs(&ex, &rep, &eo, &counts);
  double elapsed = dpu_now() - t0, explore_seconds = dpu_now() - explore_start;
  if (o.verbosity > 0)
    fprintf(stdout, "dpu: executor %.3f s in %llu runs (%.1f us/run), explorer %.3f s\n",
            ex.exec_seconds, (unsigned long long)ex.runs,
            ex.runs ? ex.exec_seconds * 1e6 / (double)ex.runs : 0.0, elapsed - ex.exec_seconds);
  if (qo.dot) fclose(qo.dot);
  if (o.stats) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stdout, "dpu: stats: runs %llu, max-configs %llu, SSBs %llu\n",
            (unsigned long long)counts.runs, (unsigned long long)counts.max_configs,
            (unsigned long long)counts.ssbs);
    if (o.por == DPU_POR_QPOR && !o.replay) dpu_qpor_print_stats(stdout, &qs);
    fprintf(stdout, "dpu: stats: time executor %.3f s, explorer %.3f s (start-up %.3f s); "
                    "explorer peak memory %.1f MiB\n",
            ex.exec_seconds, explore_seconds - ex.exec_seconds, startup_seconds,
            (double)ru.ru_maxrss / 1024);
  }
  dpu_executor_stop(&ex);

  int code;
  switch (st) {
  case DPU_EXPLORE_FAILED:
    code = EXIT_INTERNAL;
    break;
  case DPU_EXPLORE_INCOMPLETE:
    fprintf(stdout, "dpu: exploration incomplete (%s)\n",
            eo.deadline > 0 && dpu_now() >= eo.deadline ? "--timeout reached"
            : o.max_runs && counts.runs >= o.max_runs   ? "--max-runs reached"
                                                        : "a run was cut short, see warnings");
    code = EXIT_INCOMPLETE;
    break;
  default:
    code = rep.defects ? EXIT_DEFECTS : EXIT_CLEAN;
  }
  dpu_report_summary(&rep, &counts, elapsed);
  free(cmd);
  free(args);
  free(pargv);
  free(replay);
  dpu_site_table_free(&sites);
  dpu_options_free(&o);
  return code;
}
