/* Benchmark of the executor's and explorer's hot paths: compiles and instruments a program once,
 * starts the executor, then repeats the whole exhaustive exploration REPEAT times and reports
 * runs per second, split between time waiting for runs (executor: reset, scheduling, thread
 * switches, trace transfer, the process round trip) and the rest (explorer: fingerprints,
 * DFS, reports). Start-up (clang, instrumentation, JIT) is measured separately.
 *
 *   runrate PROGRAM.c REPEAT [clang flags...]
 *
 * Environment: DPU_RACES=on|off (default on, like dpu's --races): whether the program is
 * instrumented for the race detector and the runner checks its accesses.
 */
#include <llvm-c/Orc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../explorer/dfs.h"
#include "../frontend/compile.h"
#include "../frontend/sink.h"
#include "../passes/instrument.h"
#include "../executor/executor.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: runrate PROGRAM.c REPEAT [clang flags...]\n");
    return 2;
  }
  int repeat = atoi(argv[2]);
  bool races = true;
  const char *env = getenv("DPU_RACES");
  if (env && *env) {
    if (strcmp(env, "on") == 0) races = true;
    else if (strcmp(env, "off") == 0) races = false;
    else {
      fprintf(stderr, "runrate: DPU_RACES must be on or off, not '%s'\n", env);
      return 2;
    }
  }
  struct dpu_options o = {0};
  o.inputs = &argv[1];
  o.ninputs = 1;
  o.cflags = argv + 3;
  o.ncflags = argc - 3;
  double t0 = dpu_now();
  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef mod;
  if (dpu_compile_inputs(&o, LLVMOrcThreadSafeContextGetContext(tsc), &mod) != 0) return 2;
  struct dpu_site_table sites;
  struct dpu_instrument_options io = {.races = races, .note = dpu_sink_pass_note};
  if (dpu_instrument(mod, &io, &sites) != 0) return 2;
  double t_compile = dpu_now() - t0;
  char *pargv[] = {argv[1], NULL};
  struct dpu_executor_options xo = {.records_cap = 1 << 16, .output_cap = 1 << 16,
                                    .max_steps = 100000, .run_timeout = 10,
                                    .stack_size = 1 << 20, .heap_size = 1 << 28, .races = races,
                                    .argc = 1, .argv = pargv};
  struct dpu_executor exec;
  if (dpu_executor_start(&exec, LLVMOrcCreateNewThreadSafeModule(mod, tsc), &xo) != 0) return 4;
  FILE *devnull = fopen("/dev/null", "w");
  struct dpu_invocation inv = {.version = "", .inputs = argv + 1, .ninputs = 1, .explorer = "none"};
  struct dpu_report rep = {.text = devnull, .sites = &sites, .inv = &inv};
  struct dpu_sink sink = {.rep = &rep}; /* races without their capture runs */
  struct dpu_explore_options eo = {.sink = dpu_sink_for(&sink, false)};
  /* Warm-up exploration: includes the JIT compile in the zygote. */
  double t1 = dpu_now();
  struct dpu_explore_result res = {0};
  dpu_explore_dfs(&exec, &eo, &res);
  const struct dpu_counts c = res.counts;
  double t_first = dpu_now() - t1;
  uint64_t runs0 = exec.runs;
  double exec0 = exec.exec_seconds;
  double t2 = dpu_now();
  for (int i = 0; i < repeat; i++) {
    struct dpu_explore_result ri = {0};
    dpu_explore_dfs(&exec, &eo, &ri);
  }
  double wall = dpu_now() - t2;
  uint64_t runs = exec.runs - runs0;
  double exec_s = exec.exec_seconds - exec0;
  printf("%-22s races %-3s  max-configs %6llu  runs/exploration %6llu  runs %8llu  %8.0f runs/s  "
         "%6.1f us/run (executor %5.1f, explorer %5.1f)  compile %.0f ms, first exploration "
         "%.0f ms\n",
         argv[1], races ? "on" : "off", (unsigned long long)c.max_configs, (unsigned long long)c.runs,
         (unsigned long long)runs, (double)runs / wall, wall * 1e6 / (double)runs,
         exec_s * 1e6 / (double)runs, (wall - exec_s) * 1e6 / (double)runs, t_compile * 1e3,
         t_first * 1e3);
  dpu_executor_stop(&exec);
  dpu_report_free(&rep);
  return 0;
}
