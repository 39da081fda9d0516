/* The executor, as the explorer sees it: a zygote process that JIT-compiles the program once and
 * forks runners that serve runs in-process over shared memory (docs/design.md §2, §4). */
#ifndef DPU_EXECUTOR_H
#define DPU_EXECUTOR_H

#include <llvm-c/Orc.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../protocol/protocol.h"

struct dpu_executor_options {
  uint32_t records_cap;   /* events per run (--max-events) */
  uint32_t output_cap;    /* bytes of program output kept per run */
  uint32_t max_steps;     /* visible operations per run before a hang defect */
  uint32_t max_threads;   /* thread ids per exploration, at most DPU_MAX_THREADS (0: that) */
  double run_timeout;     /* seconds a run may take before it is a hang defect */
  size_t stack_size;      /* bytes per program thread */
  size_t heap_size;       /* bytes of heap per run */
  bool races;             /* detect data races (runtime/race.h) */
  bool spurious_wakeups;  /* pthread_cond_wait may return without a signal
                           * (runtime/models/cond.c) */
  bool tso;               /* x86-TSO's store buffers (runtime/models/tso.c) */
  bool ra;                /* C11's release/acquire and relaxed orders (runtime/models/ra.c) */
  bool state_fingerprints; /* keep the state after each event (runtime/statefp.h: cutoffs,
                           * explorer/cutoff.h) */
  uint32_t nglobals;      /* the program's writable globals (the site table's names) */
  uint32_t nsites;        /* access and call sites (the site table's size): the capacity of
                           * the visible-sites bitmap (protocol.h: dpu_shm_visible) */
  int argc;               /* program arguments (argv[0] included) */
  char **argv;
  bool stdin_rewind;      /* descriptor 0 holds the program's input (frontend/stdin.h): every
                           * run starts reading it from its first byte */
  bool isolate_files;     /* every run sees the files of the first (runtime/isolate.h) */
  bool debugger;          /* runs are under a debugger (--gdb), whose quitting kills the
                           * runner: such a run is not run again (dpu_executor_run) */
};

struct dpu_executor {
  struct dpu_shm *shm;
  pid_t zygote;
  double run_timeout;
  bool debugger;          /* opt->debugger */
  uint64_t runs;
  double exec_seconds;    /* wall time spent waiting for runs */
  uint64_t reruns;        /* runs over their time limit run again before they were called a
                           * hang (dpu_executor_run) */
  uint64_t reruns_killed;  /* runs whose runner was killed from outside, run again */
  pid_t sample_pid;       /* the runner whose waits for a CPU were sampled last, at sample_at */
  double sample_at;       /* (dpu_now seconds), and how long it had waited by then (seconds, */
  double sample_waited;   /* -1: unknown): serve_once in executor.c */
  char error[DPU_MSG_MAX]; /* why the program could not be loaded (DPU_EXECUTOR_BAD_PROGRAM) */
  /* After dpu_executor_stop: the runner's table of the program's globals (shm's, which is
   * gone), so that reports written at the end still name objects (executor/run.h's
   * dpu_run_global_of); malloc'd, freed by dpu_executor_release. */
  struct dpu_global_addr *globals;
  uint32_t nglobals;
};

/* dpu_executor_start's result when the JIT cannot load the program (an undefined symbol that
 * only the JIT sees, e.g. in inline assembly): the input's fault, not dpu's. */
#define DPU_EXECUTOR_BAD_PROGRAM 1

/* How dpu_executor_run ended. */
enum dpu_run_status {
  DPU_RUN_DONE = 0,    /* shm holds the run's result, trace and output */
  DPU_RUN_DEADLINE,    /* the global deadline passed during the run; the run was abandoned */
  DPU_RUN_FAILED,      /* the executor is broken (message printed); stop exploring */
};

/* Forks the zygote, which JIT-compiles tsm (ownership passes to the zygote; the caller must not
 * use tsm afterwards, and should dispose of its own module copy), and waits until it is ready
 * to serve runs. Returns 0; DPU_EXECUTOR_BAD_PROGRAM when the JIT could not load the program
 * (why in exec->error, not printed); or -1 with a message on stderr (dpu could not start its
 * processes or runtime). */
int dpu_executor_start(struct dpu_executor *exec, LLVMOrcThreadSafeModuleRef tsm,
                       const struct dpu_executor_options *opt);

/* The most executors dpu_executor_start_many serves from one zygote (-j). */
#define DPU_MAX_EXECUTORS 64

/* dpu_executor_start for n executors (1 <= n <= DPU_MAX_EXECUTORS) that run the same program in
 * parallel: one zygote JIT-compiles it once and serves execs[0]; it forks a server for each of
 * execs[1, n) after setting up the runtime, so that every run, on any of them, sees the same
 * addresses (globals, heap, objects). Each has its own shared-memory region and runner; two
 * threads may each drive one. Stop them with dpu_executor_stop_all (execs[0] last: its
 * zygote's end ends the others' servers). Returns as dpu_executor_start; on failure none is
 * left running. */
int dpu_executor_start_many(struct dpu_executor *execs, unsigned n,
                            LLVMOrcThreadSafeModuleRef tsm,
                            const struct dpu_executor_options *opt);

/* Pins the calling thread to the CPU of exec's runner when it has one (an explorer and its
 * runner take turns, so they share a core; dpu_shm.cpu), else lets it run on any CPU. Cheap
 * when nothing changed (no system call). A failure only costs speed. */
void dpu_executor_pin_thread(const struct dpu_executor *exec);

/* Lets the calling thread run on every CPU the process could use when the executors started
 * (undoes dpu_executor_pin_thread). */
void dpu_executor_unpin_thread(void);

/* Runs the program once following replay[0..n) (n may be 0: the default policy throughout).
 * deadline: absolute CLOCK_MONOTONIC seconds after which to give up (0 = none). A run that
 * outlives the per-run timeout (opt->run_timeout, counted as the runner's own time: the time
 * it waited for a CPU is given back) is run once more, and if that run outlives it too it is
 * killed and ends with DPU_END_HANG_TIME. A run whose runner was killed by SIGKILL from outside
 * dpu is run once more; killed again, it ends with DPU_END_LIMIT, DPU_LIMIT_KILLED. */
enum dpu_run_status dpu_executor_run(struct dpu_executor *exec,
                                     const struct dpu_replay_step *replay,
                                     uint32_t n, double deadline);

/* Ends the zygote and runner (for a server forked by the zygote, asks it to end) and releases
 * the shared memory, keeping a copy of the table of the program's globals (exec->globals;
 * NULL if it could not be allocated: objects are then shown by address). */
void dpu_executor_stop(struct dpu_executor *exec);

/* Stops execs[0, n) (dpu_executor_start_many's), the first last. Returns the seconds they
 * spent running, summed. */
double dpu_executor_stop_all(struct dpu_executor *execs, unsigned n);

/* Frees what dpu_executor_stop kept. */
void dpu_executor_release(struct dpu_executor *exec);

/* Seconds on CLOCK_MONOTONIC. */
double dpu_now(void);

#endif
