/* See options.h. */
#include <errno.h>
#include "options.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../executor/cpus.h"
#include "../protocol/protocol.h"
#include "../report/warnings.h"

#ifndef DPU_VERSION
#define DPU_VERSION "0.0.0"
#endif

enum {
  OPT_POR = 256, OPT_TIMEOUT, OPT_RUN_TIMEOUT, OPT_MAX_RUNS, OPT_MAX_STEPS, OPT_MAX_EVENTS,
  OPT_MAX_THREADS, OPT_RACES, OPT_NO_RACES, OPT_VISIBLE_SITES, OPT_STOP, OPT_SHOW_OUTPUT,
  OPT_REPLAY, OPT_STACK, OPT_HEAP, OPT_MAX_MEMORY, OPT_VERSION, OPT_STD,
  OPT_PRINT_TRACES, OPT_SKIP_STEP, OPT_STATS, OPT_DOT, OPT_NONDET, OPT_GDB, OPT_FORMAT,
  OPT_STEPS_SHOWN, OPT_SVCOMP, OPT_STRICT, OPT_PROPERTY, OPT_WITNESS, OPT_SHARED_FILES,
  OPT_SPURIOUS, OPT_SPURIOUS_CAS, OPT_SHARD, OPT_ESTIMATE, OPT_COMPILE_COMMANDS, OPT_PREEMPTIONS,
  OPT_MEMORY_MODEL, OPT_SYMMETRY, OPT_NO_SYMMETRY, OPT_ORDER, OPT_CUTOFFS
};

static const struct option longopts[] = {
    {"por", required_argument, 0, OPT_POR},
    {"races", required_argument, 0, OPT_RACES},
    {"no-races", no_argument, 0, OPT_NO_RACES},
    {"visible-sites", required_argument, 0, OPT_VISIBLE_SITES},
    {"timeout", required_argument, 0, OPT_TIMEOUT},
    {"estimate", optional_argument, 0, OPT_ESTIMATE},
    {"run-timeout", required_argument, 0, OPT_RUN_TIMEOUT},
    {"max-runs", required_argument, 0, OPT_MAX_RUNS},
    {"preemptions", required_argument, 0, OPT_PREEMPTIONS},
    {"max-steps", required_argument, 0, OPT_MAX_STEPS},
    {"max-threads", required_argument, 0, OPT_MAX_THREADS},
    {"max-events", required_argument, 0, OPT_MAX_EVENTS},
    {"stop-on-defect", no_argument, 0, OPT_STOP},
    {"show-output", no_argument, 0, OPT_SHOW_OUTPUT},
    {"steps-shown", required_argument, 0, OPT_STEPS_SHOWN},
    {"replay", required_argument, 0, OPT_REPLAY},
    {"gdb", no_argument, 0, OPT_GDB},
    {"stack-size", required_argument, 0, OPT_STACK},
    {"heap-size", required_argument, 0, OPT_HEAP},
    {"max-memory", required_argument, 0, OPT_MAX_MEMORY},
    {"shared-files", no_argument, 0, OPT_SHARED_FILES},
    {"spurious-wakeups", no_argument, 0, OPT_SPURIOUS},
    {"spurious-cas", no_argument, 0, OPT_SPURIOUS_CAS},
    {"memory-model", required_argument, 0, OPT_MEMORY_MODEL},
    {"symmetry", no_argument, 0, OPT_SYMMETRY},
    {"no-symmetry", no_argument, 0, OPT_NO_SYMMETRY},
    {"order", required_argument, 0, OPT_ORDER},
    {"cutoffs", required_argument, 0, OPT_CUTOFFS},
    {"std", required_argument, 0, OPT_STD},
    {"compile-commands", required_argument, 0, OPT_COMPILE_COMMANDS},
    {"print-traces", no_argument, 0, OPT_PRINT_TRACES},
    {"skip-step", required_argument, 0, OPT_SKIP_STEP},
    {"jobs", required_argument, 0, 'j'},
    {"shard", required_argument, 0, OPT_SHARD},
    {"stats", no_argument, 0, OPT_STATS},
    {"dot", required_argument, 0, OPT_DOT},
    {"nondet", required_argument, 0, OPT_NONDET},
    {"svcomp", no_argument, 0, OPT_SVCOMP},
    {"strict", no_argument, 0, OPT_STRICT},
    {"property", required_argument, 0, OPT_PROPERTY},
    {"witness", required_argument, 0, OPT_WITNESS},
    {"format", required_argument, 0, OPT_FORMAT},
    {"output", required_argument, 0, 'o'},
    {"quiet", no_argument, 0, 'q'},
    {"verbose", no_argument, 0, 'v'},
    {"help", no_argument, 0, 'h'},
    {"version", no_argument, 0, OPT_VERSION},
    {0, 0, 0, 0},
};

static int parse_double(const char *s, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !isfinite(v) || v < 0) return -1;
  *out = v;
  return 0;
}

static int parse_u64(const char *s, uint64_t *out) {
  char *end;
  if (*s == '-') return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (end == s) return -1;
  switch (*end) {
  case 'k': case 'K': v <<= 10; end++; break;
  case 'm': case 'M': v <<= 20; end++; break;
  case 'g': case 'G': v <<= 30; end++; break;
  default: break;
  }
  if (*end) return -1;
  *out = v;
  return 0;
}

/* An invalid option value: says what the option accepts. Returns 2 (usage error). */
static int bad(const char *opt, const char *val, const char *accepted) {
  fprintf(stderr, "dpu: error: invalid value '%s' for %s (expected %s)\n", val, opt, accepted);
  return 2;
}

/* Appends the string a followed by b to the malloc'd array *v of *n strings. */
static void add_flag(char ***v, int *n, const char *a, const char *b) {
  size_t len = strlen(a) + strlen(b) + 1;
  char *s = malloc(len);
  if (!s) abort();
  snprintf(s, len, "%s%s", a, b);
  *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
  if (!*v) abort();
  (*v)[(*n)++] = s;
}

static void add_cflag(struct dpu_options *o, const char *a, const char *b) {
  add_flag(&o->cflags, &o->ncflags, a, b);
}

/* Remembers a run option for replay commands: "--NAME=VALUE", or "--NAME" if val is NULL. */
static void add_run_flag(struct dpu_options *o, const char *name, const char *val) {
  char pre[32];
  snprintf(pre, sizeof pre, val ? "--%s=" : "--%s", name);
  add_flag(&o->run_flags, &o->nrun_flags, pre, val ? val : "");
}

/* --nondet=V or --nondet=range:LO..HI. Returns 0, or 2 (message printed). */
static int parse_nondet(struct dpu_options *o, const char *arg) {
  char *end;
  errno = 0;
  if (strncmp(arg, "range:", 6) == 0) {
    long long lo = strtoll(arg + 6, &end, 0), hi = 0;
    bool ok = !errno && end != arg + 6 && end[0] == '.' && end[1] == '.';
    if (ok) {
      const char *h = end + 2;
      hi = strtoll(h, &end, 0);
      ok = !errno && end != h && !*end && lo <= hi &&
           (unsigned long long)hi - (unsigned long long)lo < DPU_NONDET_MAX_VALUES;
    }
    if (!ok)
      return bad("--nondet", arg, "range:LO..HI with LO <= HI and at most 256 values");
    o->nondet_range = true;
    o->nondet_lo = lo;
    o->nondet_hi = hi;
  } else {
    long long v = strtoll(arg, &end, 0);
    if (errno || end == arg || *end)
      return bad("--nondet", arg, "an integer, or range:LO..HI");
    o->nondet_fixed = true;
    o->nondet = v;
  }
  return 0;
}

/* Options of limits and sizes. Returns 0, 2 for a bad value (message printed), or -1 when c
 * is not one of them. */
static int limit_option(struct dpu_options *o, int c, const char *arg) {
  uint64_t u;
  switch (c) {
  case OPT_TIMEOUT:
    if (parse_double(arg, &o->timeout))
      return bad("--timeout", arg, "a number of seconds >= 0; 0 = no limit");
    break;
  case OPT_ESTIMATE:
    o->estimate = 10;
    if (arg && (parse_double(arg, &o->estimate) || o->estimate <= 0))
      return bad("--estimate", arg, "a number of seconds > 0");
    break;
  case OPT_RUN_TIMEOUT:
    if (parse_double(arg, &o->run_timeout) || o->run_timeout == 0)
      return bad("--run-timeout", arg, "a number of seconds > 0");
    add_run_flag(o, "run-timeout", arg);
    break;
  case OPT_MAX_RUNS:
    if (parse_u64(arg, &o->max_runs))
      return bad("--max-runs", arg, "an integer >= 0; 0 = no limit");
    break;
  case OPT_PREEMPTIONS: { /* B, or A..B */
    const char *dots = strstr(arg, "..");
    uint64_t lo = 0;
    char head[32];
    bool ok = true;
    if (dots) {
      size_t n = (size_t)(dots - arg);
      ok = n > 0 && n < sizeof head;
      if (ok) {
        memcpy(head, arg, n);
        head[n] = 0;
        ok = !parse_u64(head, &lo);
      }
    }
    if (!ok || parse_u64(dots ? dots + 2 : arg, &u) || u > 1000 || lo > u)
      return bad("--preemptions", arg, "an integer B from 0 to 1000, or A..B with A <= B");
    o->bounded = true;
    o->preemptions_lo = (uint32_t)(dots ? lo : u);
    o->preemptions = (uint32_t)u;
    break;
  }
  case OPT_MAX_STEPS:
    if (parse_u64(arg, &u) || u == 0 || u > UINT32_MAX)
      return bad("--max-steps", arg, "an integer from 1 to 4294967295");
    o->max_steps = (uint32_t)u;
    add_run_flag(o, "max-steps", arg);
    break;
  case OPT_MAX_THREADS:
    if (parse_u64(arg, &u) || u == 0 || u > DPU_MAX_THREADS)
      return bad("--max-threads", arg, "an integer from 1 to " DPU_MAX_THREADS_STR);
    o->max_threads = (uint32_t)u;
    add_run_flag(o, "max-threads", arg);
    break;
  case OPT_MAX_EVENTS:
    if (parse_u64(arg, &u) || u < 16 || u > (1u << 26))
      return bad("--max-events", arg, "an integer from 16 to 67108864");
    o->max_events = (uint32_t)u;
    add_run_flag(o, "max-events", arg);
    break;
  case 'k':
    if (parse_u64(arg, &u) || u > 64) return bad("-k", arg, "an integer from 0 to 64");
    o->k = (unsigned)u;
    break;
  case 'j':
    if (parse_u64(arg, &u) || u < 1 || u > DPU_MAX_JOBS)
      return bad("-j", arg, "an integer from 1 to " DPU_MAX_JOBS_STR);
    o->jobs = (unsigned)u;
    break;
  case OPT_SHARD: {
    /* I/N, 0 <= I < N: part I of N of one exploration (explorer/split.h) */
    char *end;
    unsigned long i = strtoul(arg, &end, 10), n = 0;
    if (end != arg && *end == '/' && arg[0] != '-') {
      char *nend;
      n = strtoul(end + 1, &nend, 10);
      if (nend == end + 1 || *nend || end[1] == '-') n = 0;
    }
    if (n < 1 || n > DPU_MAX_SHARDS || i >= n)
      return bad("--shard", arg, "I/N with 0 <= I < N <= " DPU_MAX_SHARDS_STR ", e.g. 0/4");
    o->shard = (unsigned)i;
    o->shards = (unsigned)n;
    break;
  }
  case OPT_SKIP_STEP:
    if (parse_u64(arg, &u) || u < 2 || u > 1024)
      return bad("--skip-step", arg, "an integer from 2 to 1024");
    o->skip_step = (unsigned)u;
    break;
  case OPT_STACK:
    if (parse_u64(arg, &u) || u < 16384)
      return bad("--stack-size", arg, "a size of at least 16384 bytes, e.g. 64K, 8M");
    o->stack_size = u;
    add_run_flag(o, "stack-size", arg);
    break;
  case OPT_HEAP:
    if (parse_u64(arg, &u) || u < 4096)
      return bad("--heap-size", arg, "a size of at least 4096 bytes, e.g. 64K, 1G");
    o->heap_size = u;
    add_run_flag(o, "heap-size", arg);
    break;
  case OPT_MAX_MEMORY:
    if (parse_u64(arg, &u) || (u && u < (1u << 20)))
      return bad("--max-memory", arg, "a size of at least 1M, e.g. 2G, or 0 for no limit");
    o->max_memory = u;
    o->max_memory_given = true;
    break;
  default:
    return -1;
  }
  return 0;
}

/* Options of how the program is instrumented and run (nondet values, SV-COMP, races,
 * condition variables, files). Returns as limit_option. */
static int program_option(struct dpu_options *o, int c, const char *arg) {
  switch (c) {
  case OPT_NONDET:
    if (parse_nondet(o, arg) != 0) return 2;
    add_run_flag(o, "nondet", arg); /* replays must instrument the same way */
    break;
  case OPT_SVCOMP:
    o->svcomp = true;
    add_run_flag(o, "svcomp", NULL); /* replays must instrument the same way */
    break;
  case OPT_STRICT: o->strict = true; break;
  case OPT_RACES:
    if (strcmp(arg, "on") == 0) o->races = o->races_explore = true;
    else if (strcmp(arg, "report") == 0) o->races = true, o->races_explore = false;
    else if (strcmp(arg, "off") == 0) o->races = o->races_explore = false;
    else {
      fprintf(stderr, "dpu: error: --races takes on, report or off, not '%s'\n", arg);
      return 2;
    }
    add_run_flag(o, "races", arg);
    break;
  case OPT_VISIBLE_SITES:
    for (const char *p = arg; *p; p++)
      if (!(*p >= '0' && *p <= '9') && *p != ',') {
        fprintf(stderr, "dpu: error: --visible-sites takes site ids, e.g. 12,15, not '%s'\n",
                arg);
        return 2;
      }
    o->visible_sites = arg;
    break;
  case OPT_MEMORY_MODEL:
    if (strcmp(arg, "sc") == 0) {
      o->memory_model = DPU_MM_SC;
    } else if (strcmp(arg, "tso") == 0) {
      o->memory_model = DPU_MM_TSO;
    } else if (strcmp(arg, "ra") == 0) {
      o->memory_model = DPU_MM_RA;
    } else if (strcmp(arg, "rc11") == 0) {
      o->memory_model = DPU_MM_RC11;
    } else {
      fprintf(stderr,
              "dpu: error: invalid value '%s' for --memory-model (expected sc, tso, ra or "
              "rc11)\n",
              arg);
      return 2;
    }
    o->model_given = true;
    o->tso = o->memory_model == DPU_MM_TSO;
    o->ra = o->memory_model == DPU_MM_RA || o->memory_model == DPU_MM_RC11;
    add_run_flag(o, "memory-model", arg);
    break;
  case OPT_SPURIOUS:
    o->spurious_wakeups = true;
    add_run_flag(o, "spurious-wakeups", NULL);
    break;
  case OPT_SPURIOUS_CAS:
    o->spurious_cas = true;
    add_run_flag(o, "spurious-cas", NULL);
    break;
  case OPT_SHARED_FILES:
    o->shared_files = true;
    add_run_flag(o, "shared-files", NULL);
    break;
  case OPT_NO_RACES:
    o->races = o->races_explore = false;
    add_run_flag(o, "races", "off");
    break;
  case OPT_SYMMETRY:
    o->no_symmetry = false;
    break;
  case OPT_NO_SYMMETRY:
    o->no_symmetry = true;
    break;
  case OPT_CUTOFFS:
    if (strcmp(arg, "on") != 0 && strcmp(arg, "off") != 0) return bad("--cutoffs", arg, "on or off");
    o->cutoffs = strcmp(arg, "on") == 0;
    break;
  case OPT_ORDER: {
    bool random = strncmp(arg, "random", 6) == 0 && (arg[6] == 0 || arg[6] == ':');
    if (!random && strcmp(arg, "dfs") != 0)
      return bad("--order", arg, "dfs, random or random:SEED");
    o->order_random = random;
    o->order_seeded = random && arg[6] == ':';
    if (o->order_seeded && parse_u64(arg + 7, &o->order_seed))
      return bad("--order", arg, "dfs, random or random:SEED, SEED an integer");
    break;
  }
  default:
    return -1;
  }
  return 0;
}

/* Options of what is reported and how. Returns as limit_option. */
static int report_option(struct dpu_options *o, int c, const char *arg) {
  uint64_t u;
  switch (c) {
  case 'q': o->verbosity = -1; break;
  case 'v': o->verbosity = 1; break;
  case OPT_PRINT_TRACES: o->print_traces = true; break;
  case OPT_STATS: o->stats = true; break;
  case OPT_DOT: o->dot = arg; break;
  case OPT_PROPERTY:
    if (strcmp(arg, "unreach-call") != 0 && strcmp(arg, "no-data-race") != 0)
      return bad("--property", arg, "unreach-call or no-data-race");
    o->property = arg;
    break;
  case OPT_WITNESS: o->witness = arg; break;
  case OPT_SHOW_OUTPUT: o->show_output = true; break;
  case OPT_STEPS_SHOWN:
    if (parse_u64(arg, &u) || u > UINT32_MAX / 2)
      return bad("--steps-shown", arg, "an integer from 0 to 2147483647; 0 = all");
    o->steps_shown = (uint32_t)u;
    break;
  case OPT_FORMAT:
    if (strcmp(arg, "text") == 0) o->format = DPU_FORMAT_TEXT;
    else if (strcmp(arg, "json") == 0) o->format = DPU_FORMAT_JSON;
    else if (strcmp(arg, "sarif") == 0) o->format = DPU_FORMAT_SARIF;
    else return bad("--format", arg, "text, json or sarif");
    break;
  case 'o':
    if (!*arg) return bad("-o", arg, "a file name");
    o->output = arg;
    break;
  default:
    return -1;
  }
  return 0;
}

/* The values of options not given. */
static void set_defaults(struct dpu_options *o) {
  memset(o, 0, sizeof *o);
  o->por = DPU_POR_QPOR; /* see bench/README.md for the measurements behind the defaults */
  o->run_timeout = 5;
  o->max_steps = 100000;
  o->max_threads = DPU_MAX_THREADS;
  o->max_events = 1000000;
  o->stack_size = 1 << 20;
  o->heap_size = (size_t)256 << 20;
  o->skip_step = 4;
  o->jobs = 0; /* not given: default_jobs */
  o->steps_shown = 50;
  o->races = true;
  o->races_explore = true;
}

/* -j's value when not given (issue #15): every CPU dpu may use (executor/cpus.h), for QPOR's
 * exploration; 1 where workers would not help or would change what the user asked to see:
 * a replay, --por=none, a --shard (one process per core is the way there), --dot (its graph
 * is one unfolding's, in the order one explorer built it). */
static unsigned default_jobs(const struct dpu_options *o) {
  if (o->por != DPU_POR_QPOR || o->replay || o->shards || o->dot) return 1;
  unsigned n = dpu_cpus_available(NULL);
  return n < DPU_MAX_JOBS ? n : DPU_MAX_JOBS;
}

/* Options that cannot go together. Returns 0, or 2 (message printed). */
static int check_combinations(const struct dpu_options *o) {
  if (o->gdb && !o->replay) {
    fprintf(stderr, "dpu: error: --gdb needs --replay=... (the replay line of a defect)\n");
    return 2;
  }
  if (o->property && strcmp(o->property, "no-data-race") == 0 && !o->races) {
    fprintf(stderr, "dpu: error: --property=no-data-race needs the race detector: not with "
                    "--races=off\n");
    return 2;
  }
  if (o->ra && !o->races) {
    fprintf(stderr, "dpu: error: --memory-model=%s needs the race detector's happens-before "
                    "(which stores a load may read follows from it): not with --races=off\n",
            dpu_memory_model_name(o->memory_model));
    return 2;
  }
  /* Cutoffs (explorer/cutoff.h) prune QPOR's unfolding by the state fingerprints, which the
   * race detector's hooks keep and which leave store buffers and store histories out. */
  if (o->cutoffs && (o->por != DPU_POR_QPOR || o->shards || o->bounded || !o->races ||
                     (o->model_given && o->memory_model != DPU_MM_SC))) {
    fprintf(stderr, "dpu: error: --cutoffs=on prunes --por=qpor's exploration of sequentially "
                    "consistent executions: not with %s\n",
            o->por != DPU_POR_QPOR ? "--por=none"
            : o->shards            ? "--shard (its shards could not share the states reached)"
            : o->bounded           ? "--preemptions (a state reached within fewer preemptions "
                                     "has more of the bound left)"
            : !o->races            ? "--races=off (the fingerprints are kept by its hooks)"
                                   : "--memory-model other than sc (a state would need its store "
                                     "buffers or store histories)");
    return 2;
  }
  if (o->jobs > 1 && (o->por != DPU_POR_QPOR || o->replay))
    dpu_warn("jobs-ignored", "-j applies to --por=qpor's exploration; %s runs with one worker",
             o->replay ? "a replay" : "--por=none");
  if (o->order_random && (o->por != DPU_POR_QPOR || o->shards)) {
    fprintf(stderr, "dpu: error: --order=random orders QPOR's subtrees: not with %s\n",
            o->shards ? "--shard (each shard explores its parts depth-first)" : "--por=none");
    return 2;
  }
  if (o->shards && (o->por != DPU_POR_QPOR || o->replay || o->jobs > 1 || o->dot ||
                    o->bounded || o->property || o->svcomp || o->witness)) {
    fprintf(stderr, "dpu: error: --shard splits --por=qpor's exploration: not with %s\n",
            o->replay                ? "a replay"
            : o->por != DPU_POR_QPOR ? "--por=none"
            : o->jobs > 1            ? "-j N (run one shard per core instead)"
            : o->dot                 ? "--dot"
            : o->bounded             ? "--preemptions (its parts are not known to hold every "
                                       "execution within the bound)"
                                     : "a verdict (--svcomp, --property, --witness): one "
                                       "shard cannot say the program is correct");
    return 2;
  }
  /* With the document on stdout, there is no text stream for these to go to. */
  if (o->format != DPU_FORMAT_TEXT && !o->output && (o->print_traces || o->show_output)) {
    fprintf(stderr, "dpu: error: --print-traces and --show-output write to the text report: "
                    "with --format=%s, also give -o FILE\n",
            o->format == DPU_FORMAT_JSON ? "json" : "sarif");
    return 2;
  }
  return 0;
}

int dpu_options_parse(int argc, char **argv, struct dpu_options *o) {
  set_defaults(o);

  /* `dpu replay SCHEDULE ...`: getopt then sees SCHEDULE where it expects the program name
   * and parses the rest as usual. */
  int first = 1;
  if (argc > 1 && strcmp(argv[1], "replay") == 0) {
    if (argc < 3 || argv[2][0] == '-') {
      fprintf(stderr, "dpu: error: dpu replay needs a schedule, e.g. dpu replay 0:3,1:2 prog.c\n");
      return 2;
    }
    o->replay = argv[2];
    first = 3;
  }
  char **args = argv + first - 1; /* args[0] plays the program name for getopt */

  /* Program arguments start after the first "--". */
  int end = argc;
  for (int i = first; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) {
      end = i;
      o->prog_argv = argv + i + 1;
      o->prog_argc = argc - i - 1;
      break;
    }
  int nargs = end - (first - 1);

  opterr = 0;
  optind = 1;
  int c;
  while ((c = getopt_long(nargs, args, ":D:I:O:k:j:o:p:qvh", longopts, NULL)) != -1) {
    int r = limit_option(o, c, optarg);
    if (r < 0) r = program_option(o, c, optarg);
    if (r < 0) r = report_option(o, c, optarg);
    if (r > 0) return r;
    if (r == 0) continue;
    switch (c) {
    case 'D': add_cflag(o, "-D", optarg); break;
    case 'I': add_cflag(o, "-I", optarg); break;
    case 'O': add_cflag(o, "-O", optarg); break;
    case OPT_STD: add_cflag(o, "-std=", optarg); break;
    case 'p':
    case OPT_COMPILE_COMMANDS:
      if (!*optarg) return bad("--compile-commands", optarg, "a compile_commands.json or its "
                                                             "directory");
      o->compile_commands = optarg;
      add_run_flag(o, "compile-commands", optarg); /* replays compile the same way */
      break;
    case 'h': dpu_usage(stdout); return 1;
    case OPT_VERSION: printf("dpu %s\n", DPU_VERSION); return 1;
    case OPT_POR:
      if (strcmp(optarg, "none") == 0) o->por = DPU_POR_NONE;
      else if (strcmp(optarg, "qpor") == 0) o->por = DPU_POR_QPOR;
      else return bad("--por", optarg, "qpor or none");
      break;
    case OPT_STOP: o->stop_on_defect = true; break;
    case OPT_REPLAY:
      if (o->replay && first > 1) {
        fprintf(stderr, "dpu: error: dpu replay takes its schedule once, not also --replay\n");
        return 2;
      }
      o->replay = optarg;
      break;
    case OPT_GDB: o->gdb = true; break;
    case ':':
      fprintf(stderr, "dpu: error: option '%s' needs a value\n", args[optind - 1]);
      return 2;
    default:
      fprintf(stderr, "dpu: error: unknown option '%s' (see dpu --help)\n", args[optind - 1]);
      return 2;
    }
  }
  o->inputs = args + optind;
  o->ninputs = nargs - optind;
  /* `dpu -j 1 replay SCHEDULE prog.c`: options before the subcommand (getopt moved the
   * words that are no options to the end, in order). */
  if (first == 1 && o->ninputs > 0 && strcmp(o->inputs[0], "replay") == 0) {
    if (o->ninputs < 2) {
      fprintf(stderr, "dpu: error: dpu replay needs a schedule, e.g. dpu replay 0:3,1:2 prog.c\n");
      return 2;
    }
    if (o->replay) {
      fprintf(stderr, "dpu: error: dpu replay takes its schedule once, not also --replay\n");
      return 2;
    }
    o->replay = o->inputs[1];
    o->inputs += 2;
    o->ninputs -= 2;
  }
  if (o->ninputs == 0) {
    fprintf(stderr, "dpu: error: no input file (see dpu --help)\n");
    return 2;
  }
  if (!o->jobs) o->jobs = default_jobs(o);
  return check_combinations(o);
}

void dpu_options_free(struct dpu_options *o) {
  for (int i = 0; i < o->ncflags; i++) free(o->cflags[i]);
  free(o->cflags);
  o->cflags = NULL;
  for (int i = 0; i < o->nrun_flags; i++) free(o->run_flags[i]);
  free(o->run_flags);
  o->run_flags = NULL;
}
