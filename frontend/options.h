/* Command-line options of `dpu` (docs/design.md §8). */
#ifndef DPU_OPTIONS_H
#define DPU_OPTIONS_H

/* The most workers -j takes (executor/executor.h: DPU_MAX_EXECUTORS). */
#define DPU_MAX_JOBS 64
#define DPU_MAX_JOBS_STR "64"
#define DPU_MAX_SHARDS 100000 /* --shard=I/N: N at most */
#define DPU_MAX_SHARDS_STR "100000"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum dpu_por { DPU_POR_NONE, DPU_POR_QPOR };

/* Report formats (--format). */
enum dpu_format { DPU_FORMAT_TEXT, DPU_FORMAT_JSON, DPU_FORMAT_SARIF };

struct dpu_options {
  char **inputs;          /* FILE.{c,i,bc,ll}, at least one; points into argv */
  int ninputs;
  char **cflags;          /* -D/-I/-O/-std flags for clang, in order (after a compile
                           * command's own); malloc'd array */
  int ncflags;
  const char *compile_commands; /* --compile-commands=PATH, -p PATH: the build's compilation
                           * database (compile_commands.json or its directory), whose flags
                           * compile the C inputs and whose other C files the program links
                           * as it needs them (frontend/compdb.h, docs/projects.md); or NULL */
  char **run_flags;       /* options that change what one run does, as "--name=VALUE", in
                           * order (--max-steps, --max-events, --run-timeout, --stack-size,
                           * --heap-size; and --compile-commands, --svcomp, --nondet, which
                           * change the program): replay commands repeat them; malloc'd */
  int nrun_flags;
  char **prog_argv;       /* program arguments after `--` (argv[0] excluded); into argv */
  int prog_argc;
  enum dpu_por por;
  double timeout;         /* whole exploration, seconds; 0 = none */
  double estimate;        /* --estimate: explore this long (seconds), then print the estimate
                           * of the exploration's size alone (explorer/estimate.c); 0 = off */
  double run_timeout;     /* one run, seconds */
  uint64_t max_runs;      /* 0 = no limit */
  bool bounded;           /* --preemptions given: explore the traces with at most */
  uint32_t preemptions;   /* this many preemptions (explorer/bound.h), */
  uint32_t preemptions_lo; /* bound by bound from this one (A..B; B alone: B) */
  uint32_t max_steps;
  uint32_t max_threads;  /* --max-threads: canonical thread ids per exploration (1..1024) */
  uint32_t max_events;
  size_t stack_size;
  size_t heap_size;
  size_t max_memory;        /* --max-memory: bytes the QPOR explorer's unfolding may hold in
                             * all (0: no limit); unless given, half the machine's memory */
  bool max_memory_given;
  bool stop_on_defect;
  bool show_output;
  uint32_t steps_shown;   /* --steps-shown: text report, first and last N steps of a longer
                           * interleaving; 0 = all */
  bool print_traces;      /* print "dpu: trace HEX" for every new trace */
  unsigned k;             /* QPOR: k-partial alternatives; 0 = optimal */
  unsigned skip_step;     /* QPOR: step s of the trees' skip pointers */
  unsigned jobs;          /* -j: QPOR's workers, 1 to DPU_MAX_JOBS (explorer/shard.c); not given:
                           * the CPUs dpu may use (options.c, default_jobs) */
  unsigned shard, shards; /* --shard=I/N (explorer/split.h); shards 0: no --shard */
  bool stats;             /* print statistics (--stats) */
  const char *dot;        /* --dot FILE, or NULL */
  const char *replay;     /* --replay=SPEC or `dpu replay SPEC ...`, or NULL */
  enum dpu_format format; /* --format */
  const char *output;     /* -o FILE, or NULL: the report goes to stdout */
  bool nondet_fixed;      /* --nondet=VALUE given */
  bool svcomp;            /* --svcomp: SV-COMP's conventions (passes/steps.h) */
  const char *property;   /* --property=unreach-call|no-data-race, or NULL; --svcomp alone
                           * means unreach-call */
  bool strict;            /* --strict: clang's errors for legacy C stay errors */
  const char *witness;    /* --witness=FILE: SV-COMP's violation witness (report/witness.h),
                           * or NULL; implies the verdict's property (unreach-call unless
                           * --property says otherwise) */
  long long nondet;
  bool nondet_range;      /* --nondet=range:LO..HI given */
  long long nondet_lo, nondet_hi;
  bool gdb;               /* --gdb: run the replay under gdb (frontend/gdb.h) */
  int verbosity;          /* -q: -1, default 0, -v: 1 */
  bool races;             /* --races=on (default) | report: detect data races */
  bool spurious_wakeups;  /* --spurious-wakeups (runtime/models/cond.c) */
  bool spurious_cas;      /* --spurious-cas (runtime/models/atomic.c) */
  uint8_t memory_model;   /* --memory-model (enum dpu_memory_model, protocol.h); without one,
                           * sc until the program is compiled (model_given false: rc11 if it
                           * has orders weaker than seq_cst, frontend/main.c) */
  bool model_given;       /* --memory-model was given */
  bool tso;               /* memory_model is tso: x86-TSO's store buffers (runtime/models/tso.c) */
  bool ra;                /* memory_model is ra or rc11: loads may read older stores
                           * (runtime/models/ra.c) */
  bool shared_files;      /* --shared-files: no file isolation between runs (runtime/isolate.h) */
  bool races_explore;     /* --races=on: make racing sites visible and explore again */
  bool no_symmetry;       /* --no-symmetry: no symmetry reduction (explorer/symmetry.h) */
  bool cutoffs;           /* --cutoffs=on: cutoff events from state fingerprints
                           * (explorer/cutoff.h; off by default: docs/cutoffs.md, "Cost") */
  bool order_random;      /* --order=random[:SEED]: subtrees taken at random (workers.h) */
  bool order_seeded;      /* the seed was given; else main.c chooses one */
  uint64_t order_seed;
  const char *visible_sites; /* --visible-sites=ID,ID,...: access sites visible from the
                           * start (replay commands of racy programs repeat them), or NULL */
};

/* Parses argv: `dpu [OPTIONS] INPUTS [-- ARGS]`, or `dpu replay SCHEDULE [OPTIONS] INPUTS
 * [-- ARGS]`, which means `dpu --replay=SCHEDULE [OPTIONS] INPUTS [-- ARGS]`. Returns 0 on
 * success; 1 when --help or --version was printed (exit 0); 2 on a usage error (already printed
 * on stderr). Strings in *o point into argv or are owned by *o (see dpu_options_free). */
int dpu_options_parse(int argc, char **argv, struct dpu_options *o);

/* Frees what dpu_options_parse allocated. */
void dpu_options_free(struct dpu_options *o);

/* Prints `dpu --help`'s text (the options, the input kinds, the exit codes) on f
 * (frontend/usage.c). */
void dpu_usage(FILE *f);

#endif
