/* Zygote, runner and the explorer's side of the run protocol; see executor.h. */
#include "executor.h"
#include "cpus.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../runtime/backtrace.h"
#include "../runtime/isolate.h"
#include "jit.h"
#include "../runtime/rt.h"
#include "../runtime/statefp.h"
#include "../runtime/symbolize.h"

double dpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sem_wait_intr(sem_t *s) {
  while (sem_wait(s) != 0 && errno == EINTR) {
  }
}

/* An explorer and its runner take strict turns: each waits on a semaphore the other posts,
 * and sleeps at once (a futex wait), without polling first. A waiter that spins or yields keeps
 * or hands its core to whatever else the machine runs: beside two busy processes on 2 cores,
 * MPAT(6) with -j 1 took 59 s spinning unpinned and 12-30 s pinned and yielding, against 2.2 s
 * alone; sleeping, the side woken gets the core soon after its partner gave it up (3.3-6.1 s,
 * and no slower alone; issue 42, bench/README.md). */
/* The CPUs dpu may run on, as the process found them before any pinning (start_many). */
static cpu_set_t allowed_cpus;

/* Pins the calling thread to cpu (-1: to every CPU of allowed_cpus); a failure only costs
 * speed. */
static void pin_self(int cpu) {
  cpu_set_t set = allowed_cpus;
  if (cpu >= 0) {
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
  }
  (void)pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/* The CPU the calling thread is pinned to (-1: none), so that pinning again costs nothing. */
static _Thread_local int thread_cpu = -1;

void dpu_executor_pin_thread(const struct dpu_executor *exec) {
  int cpu = exec->shm->cpu;
  if (cpu != thread_cpu) pin_self(thread_cpu = cpu);
}

void dpu_executor_unpin_thread(void) {
  if (thread_cpu >= 0) pin_self(thread_cpu = -1);
}

/* Places the explorers of execs[0, n) and their runners: pair i on the i-th CPU dpu may use,
 * counted from the one the caller runs on (round robin), its two sides taking turns there; a
 * waiting side sleeps at once (dpu_executor_run). A runner takes its CPU at its start, an
 * explorer thread at its next dpu_executor_pin_thread (every dpu_executor_run makes one). */
static void place_pairs(struct dpu_executor *execs, unsigned n) {
  int cpus[CPU_SETSIZE], ncpus = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &allowed_cpus)) cpus[ncpus++] = c;
  /* Every pair is pinned to one CPU: its two sides take turns, and a turn across two CPUs
   * costs a wake-up of the other (PI(8), whose runs take 14 us, -j 1: 1.68 s unpinned, 1.06 s
   * under `taskset -c 0`; pinned, as fast as under taskset). Pair i takes the i-th CPU from the
   * one the caller runs on, where the kernel placed this dpu, so that several dpu processes
   * (local shards, a CI runner's jobs) do not all take the first CPU. */
  int here = sched_getcpu(), base = 0;
  for (int k = 0; k < ncpus; k++)
    if (cpus[k] == here) base = k;
  for (unsigned i = 0; i < n; i++)
    execs[i].shm->cpu = ncpus > 0 ? cpus[((unsigned)base + i) % (unsigned)ncpus] : -1;
}

/* Says once per exploration (whatever the runners, -j: the flag is the first executor's)
 * that file isolation stopped (shm: this runner's region, whose explorer says it), and stops
 * it in this runner. */
static void iso_failed(struct dpu_shm *shm, const char *why) {
  if (!__atomic_exchange_n(&dpu_rt.first_shm->iso_failed, 1, __ATOMIC_RELAXED))
    dpu_rt_notice(shm, dpu_rt.cfg.internal_fd, false, "files-not-isolated",
                  "runs are not kept apart from each other's files (%s): a file one run "
                  "writes is seen by the next", why);
  dpu_iso_off();
}

/* The runner: serve runs until told to shut down, or until it retires (isolate.h). Never
 * returns. */
static _Noreturn void runner_main(struct dpu_shm *shm) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  int32_t cpu = shm->cpu; /* read once: the explorer may change it (place_pairs) */
  if (cpu >= 0) pin_self(cpu);
  char why[256];
  if (dpu_iso_runner_start(why, sizeof why) != 0) iso_failed(shm, why);
  /* What the runner opened so far is its own; what a run opens above is the program's. */
  dpu_rt.fd_base = dpu_rt_first_free_fd_above_all();
  for (;;) {
    sem_wait_intr(&shm->req);
    if (shm->shutdown) _exit(0);
    if (shm->cpu != cpu) pin_self(cpu = shm->cpu); /* place_pairs changed it */
    dpu_rt_run_once();
    /* The next run's files, before the explorer sees this run's end (it may ask for the next
     * run at once). */
    int iso = dpu_iso_after_run(why, sizeof why);
    if (iso < 0) iso_failed(shm, why);
    if (iso > 0) shm->runner_retired = 1;
    sem_post(&shm->done);
    if (iso > 0) _exit(0);
  }
}

/* Ends the zygote that could not start: error is DPU_ZYGOTE_FAILED or DPU_ZYGOTE_BAD_PROGRAM. */
static _Noreturn void zygote_fail(struct dpu_shm *shm, int error, const char *msg) {
  shm->zygote_error = error;
  snprintf(shm->result.msg, sizeof shm->result.msg, "%s", msg);
  sem_post(&shm->done);
  _exit(4);
}

/* Ends a zygote or a server that was asked to (shm->shutdown) once every process it forked
 * has ended and been reaped: a child left behind (the servers of -j, which end when their own
 * shm says so) became a zombie of PID 1 after dpu's exit, and piled up in a container whose
 * PID 1 does not reap (issue 37). */
static _Noreturn void shut_down(void) {
  while (wait(NULL) > 0 || errno == EINTR) {
  }
  _exit(0);
}

/* Serves runs on shm for ever: forks a runner, waits for it, and when it died during a run
 * says so in shm's result. Exits when the explorer asks (shm->shutdown). */
static _Noreturn void zygote_serve(struct dpu_shm *shm) {
  for (;;) {
    pid_t pid = fork();
    if (pid < 0) zygote_fail(shm, DPU_ZYGOTE_FAILED, "cannot fork a runner");
    if (pid == 0) runner_main(shm);
    shm->runner_pid = pid;
    shm->runner_forks++;
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    if (shm->shutdown) shut_down();
    if (shm->runner_retired && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
      shm->runner_retired = 0; /* between two runs: nothing to report */
      continue;
    }
    shm->runner_retired = 0;
    /* The runner died during a run. Its crash handler may have described it already, and
     * captured the stacks, which are symbolised here, where the program cannot have
     * damaged the symboliser's memory. */
    struct dpu_run_result *r = &shm->result;
    dpu_bt_symbolise(r);
    if ((r->end == DPU_END_NONE || r->end == DPU_END_OK) && !r->ran_on) {
      if (WIFSIGNALED(st)) { /* e.g. SIGABRT raised by the program itself */
        r->end = DPU_END_SIGNAL;
        r->code = WTERMSIG(st);
        /* SIGKILL cannot come from the program's own code: the out-of-memory killer, or a
         * debugger that quits (--gdb) sent it ("killed by Killed" said a user test). */
        r->killed_outside = r->code == SIGKILL;
        if (r->code == SIGKILL)
          snprintf(r->msg, sizeof r->msg, "the runner was killed by SIGKILL from outside: the "
                   "system's out-of-memory killer, or a debugger that quit");
        else
          snprintf(r->msg, sizeof r->msg, "the program was killed by %s", strsignal(r->code));
      } else { /* not the program's doing: its exit paths are modelled */
        r->end = DPU_END_LIMIT;
        snprintf(r->msg, sizeof r->msg,
                 "the executor exited unexpectedly with status %d during a run",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
      }
    }
    sem_post(&shm->done);
  }
}

/* A second server of runs, forked by the zygote once the program is compiled and the runtime
 * set up, so that it has the zygote's very address space: the same addresses for the program's
 * globals, heap and objects, which the explorer's unfolding names objects by (a run on any
 * server is a run of the same program). It serves shm. */
static int fork_server(struct dpu_shm *shm, const struct dpu_executor_options *opt) {
  pid_t zygote = getpid();
  pid_t pid = fork();
  if (pid != 0) return pid < 0 ? -1 : 0;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != zygote) _exit(4);
  dpu_rt_bind_shm(shm);
  /* Descriptor 0 is the captured input, rewound before every run: its own open file
   * description, so that runs of two servers do not move each other's offset. */
  if (opt->stdin_rewind) {
    int fd = open("/proc/self/fd/0", O_RDONLY);
    if (fd < 0 || dup2(fd, 0) < 0)
      zygote_fail(shm, DPU_ZYGOTE_FAILED, "cannot reopen the program's input");
    if (fd != 0) close(fd);
  }
  sem_post(&shm->done);
  zygote_serve(shm);
}

static _Noreturn void zygote_main(struct dpu_shm *const *shms, unsigned n,
                                  LLVMOrcThreadSafeModuleRef tsm,
                                  const struct dpu_executor_options *opt, pid_t parent) {
  struct dpu_shm *shm = shms[0];
  /* First, while the process has one thread (a user namespace requires it). Entering one
   * changes the credentials, which clears the parent-death signal: set it after. */
  char why[256];
  if (opt->isolate_files && dpu_iso_setup(why, sizeof why) != 0)
    dpu_rt_notice(shm, 2, false, "files-not-isolated",
                  "runs are not kept apart from each other's files (%s): a file one run "
                  "writes is seen by the next", why);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(4); /* dpu died before the signal was set */
  struct dpu_jit_program prog;
  char *err = NULL;
  if (opt->state_fingerprints) dpu_sfp_want(); /* before the JIT: the entry thunks */
  if (dpu_jit_load(tsm, &prog, &err) != 0)
    zygote_fail(shm, DPU_ZYGOTE_BAD_PROGRAM, err ? err : "JIT failed");
  /* The program's code ranges, debug info and unwind tables, for stacks at a defect: read
   * once here, inherited by every runner. */
  dpu_sym_load();
  dpu_bt_register_jit();
  for (unsigned s = 0; s < n; s++) {
    uint32_t ng = prog.nglobals < shms[s]->globals_cap ? (uint32_t)prog.nglobals
                                                        : shms[s]->globals_cap;
    for (uint32_t i = 0; i < ng; i++)
      dpu_shm_globals(shms[s])[i] = (struct dpu_global_addr){
          (uint64_t)(uintptr_t)prog.global_addrs[i], prog.global_sizes[i]};
    shms[s]->nglobals = ng;
  }
  if (dpu_rt_snapshot_globals(prog.global_addrs, prog.global_sizes, prog.nglobals) != 0)
    zygote_fail(shm, DPU_ZYGOTE_FAILED, "out of memory while saving the program's globals");
  dpu_rt_set_spin_kinds(prog.spin_kinds, prog.nspin_kinds);
  if (dpu_rt_tls_register(prog.tls_addrs, prog.tls_sizes, prog.ntls) != 0)
    zygote_fail(shm, DPU_ZYGOTE_FAILED, "out of memory while registering thread-local variables");

  /* The program's own writes to file descriptors 1 and 2 (not through stdio, which is
   * captured) would interleave with dpu's report: send them nowhere. */
  int internal_fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
  int devnull = open("/dev/null", O_WRONLY);
  if (devnull >= 0) {
    dup2(devnull, 1);
    dup2(devnull, 2);
    close(devnull);
  }
  struct dpu_rt_config cfg = {
      .main_fn = prog.main_fn,
      .argc = opt->argc,
      .argv = opt->argv,
      .max_steps = opt->max_steps,
      .max_threads = opt->max_threads && opt->max_threads < DPU_MAX_THREADS ? opt->max_threads
                                                                          : DPU_MAX_THREADS,
      .stack_size = opt->stack_size,
      .heap_size = opt->heap_size,
      .races = opt->races,
      .stdin_rewind = opt->stdin_rewind,
      .spurious_wakeups = opt->spurious_wakeups,
      .tso = opt->tso,
      .ra = opt->ra,
      .internal_fd = internal_fd >= 0 ? internal_fd : 2,
  };
  if (dpu_rt_init(shm, &cfg) != 0) zygote_fail(shm, DPU_ZYGOTE_FAILED, "cannot set up the runtime");
  for (unsigned s = 1; s < n; s++)
    if (fork_server(shms[s], opt) != 0)
      zygote_fail(shm, DPU_ZYGOTE_FAILED, "cannot fork a runner");
  /* Ready: the explorer's per-run time limit starts counting only from here on, so the JIT
   * compile never looks like a hang. */
  sem_post(&shm->done);
  zygote_serve(shm);
}

/* Waits until the zygote has posted shm->done (ready, or zygote_error set). Returns 0, or -1
 * when it died without posting: LLVM ends the process on a fatal error in code generation
 * (report_fatal_error), e.g. for inline assembly it cannot handle. */
static int wait_ready(struct dpu_shm *shm, pid_t zygote) {
  for (;;) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_nsec += 100 * 1000 * 1000;
    if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
    if (sem_clockwait(&shm->done, CLOCK_MONOTONIC, &ts) == 0) return 0;
    int st;
    if (errno == ETIMEDOUT && waitpid(zygote, &st, WNOHANG) == zygote) return -1;
  }
}

int dpu_executor_start(struct dpu_executor *exec, LLVMOrcThreadSafeModuleRef tsm,
                       const struct dpu_executor_options *opt) {
  return dpu_executor_start_many(exec, 1, tsm, opt);
}

/* The start of executor i of n: its region mapped; for i = 0 the zygote forked. Returns 0, -1
 * with a message on stderr. */
static int map_region(struct dpu_executor *exec, const struct dpu_executor_options *opt) {
  memset(exec, 0, sizeof *exec);
  exec->run_timeout = opt->run_timeout;
  exec->debugger = opt->debugger;
  exec->shm = dpu_shm_create(opt->records_cap + 1, opt->records_cap, opt->output_cap, opt->nsites,
                             opt->nglobals);
  if (!exec->shm) {
    fprintf(stderr, "dpu: error: cannot map shared memory: %s\n", strerror(errno));
    return -1;
  }
  return 0;
}

int dpu_executor_start_many(struct dpu_executor *execs, unsigned n, LLVMOrcThreadSafeModuleRef tsm,
                            const struct dpu_executor_options *opt) {
  struct dpu_shm *shms[DPU_MAX_EXECUTORS];
  if (n < 1 || n > DPU_MAX_EXECUTORS) n = n < 1 ? 1 : DPU_MAX_EXECUTORS;
  /* Each explorer and its runner take turns, on one CPU (place_pairs): no wake-up crosses
   * cores, and an explorer keeps its unfolding in one core's caches. */
  (void)dpu_cpus_available(&allowed_cpus);
  for (unsigned i = 0; i < n; i++) {
    if (map_region(&execs[i], opt) != 0) {
      dpu_executor_stop_all(execs, i);
      return -1;
    }
    shms[i] = execs[i].shm;
  }
  place_pairs(execs, n);
  struct dpu_executor *exec = &execs[0];
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "dpu: error: cannot fork the executor: %s\n", strerror(errno));
    dpu_executor_stop_all(execs, n);
    return -1;
  }
  if (pid == 0) zygote_main(shms, n, tsm, opt, parent);
  exec->zygote = pid;
  /* Wait for the zygote to have compiled the program (or failed to, or died of it). */
  if (wait_ready(exec->shm, pid) != 0) {
    snprintf(exec->error, sizeof exec->error,
             "the JIT compiler stopped with a fatal error (see its message above)");
    exec->zygote = 0; /* reaped */
    dpu_executor_stop_all(execs, n);
    return DPU_EXECUTOR_BAD_PROGRAM;
  }
  if (exec->shm->zygote_error == DPU_ZYGOTE_BAD_PROGRAM) {
    snprintf(exec->error, sizeof exec->error, "%s", exec->shm->result.msg);
    dpu_executor_stop_all(execs, n);
    return DPU_EXECUTOR_BAD_PROGRAM;
  }
  /* The other servers were forked before the zygote said it was ready. */
  for (unsigned i = 1; i < n && !exec->shm->zygote_error; i++) {
    struct dpu_shm *other = execs[i].shm;
    if (wait_ready(other, pid) != 0 || other->zygote_error) {
      exec->shm->zygote_error = DPU_ZYGOTE_FAILED;
      snprintf(exec->shm->result.msg, sizeof exec->shm->result.msg, "%s",
               other->zygote_error ? other->result.msg : "the executor died");
    }
  }
  if (exec->shm->zygote_error) {
    fprintf(stderr, "dpu: error: cannot start the program: %s\n", exec->shm->result.msg);
    dpu_executor_stop_all(execs, n);
    return -1;
  }
  return 0;
}

/* How long a runner over its time limit has to capture its stacks and exit. */
#define DPU_HANG_GRACE_SECONDS 1.0

static int wait_done(struct dpu_shm *shm, double until) {
  if (until <= 0) {
    sem_wait_intr(&shm->done);
    return 0;
  }
  struct timespec ts = {.tv_sec = (time_t)until,
                        .tv_nsec = (long)((until - (double)(time_t)until) * 1e9)};
  for (;;) {
    if (sem_clockwait(&shm->done, CLOCK_MONOTONIC, &ts) == 0) return 0;
    if (errno == ETIMEDOUT) return -1;
  }
}

/* The seconds process pid has spent runnable but waiting for a CPU since it started: the
 * second field of /proc/PID/schedstat (run_delay, in ns); -1 when it cannot be read. */
static double waited_for_cpu(pid_t pid) {
  char path[48], buf[128];
  snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  unsigned long long on_cpu, waited;
  if (n <= 0) return -1;
  buf[n] = 0;
  if (sscanf(buf, "%llu %llu", &on_cpu, &waited) != 2) return -1;
  return (double)waited * 1e-9;
}

/* How often the explorer samples its runner's waits for a CPU (waited_for_cpu): a run's limit
 * gives back what the runner waited since the last sample, which may include up to this much
 * before the run started (lenient: never a hang sooner). */
#define DPU_WAIT_SAMPLE_SECONDS 0.5

/* Starts the run that shm holds and waits for its end. Returns 0 when it ended; 1 when the
 * global deadline (absolute, 0: none) passed first; 2 when the run went over its limit
 * (exec->run_timeout). The limit counts the runner's own time, running or sleeping, not the
 * time load kept it off a CPU: a run past its limit by the wall clock gets back the time its
 * runner waited on a run queue (issue 37: a run of `account` was a false hang at load 7). */
static int serve_once(struct dpu_executor *exec, double start, double deadline) {
  struct dpu_shm *shm = exec->shm;
  if (exec->run_timeout > 0 &&
      (start - exec->sample_at > DPU_WAIT_SAMPLE_SECONDS || shm->runner_pid != exec->sample_pid)) {
    exec->sample_pid = shm->runner_pid;
    exec->sample_waited = waited_for_cpu(exec->sample_pid);
    exec->sample_at = start;
  }
  sem_post(&shm->req);
  double limit = exec->run_timeout;
  for (;;) {
    double until = limit > 0 ? start + limit : 0;
    bool global = deadline > 0 && (until == 0 || deadline < until);
    if (global) until = deadline;
    if (wait_done(shm, until) == 0) return 0;
    if (global) return 1;
    /* A runner forked since the sample (a retired or crashed one's successor) waited for a
     * CPU only since its fork: count all of it. */
    pid_t r = shm->runner_pid;
    double base = r == exec->sample_pid ? exec->sample_waited : 0;
    double waited = waited_for_cpu(r);
    if (waited < 0 || base < 0) return 2;
    double grown = exec->run_timeout + (waited - base);
    if (start + grown <= dpu_now() + 1e-3) return 2;
    limit = grown;
  }
}

/* How long the zygote (or a server) has to say that a runner dpu killed has died. 10 s was
 * too short under ASan on a loaded 2-core machine (the suite's lit workers, each dpu with two
 * runners): the zygote, slow to reap and fork, was taken for killed and a regression test
 * failed with "a process of the executor is gone". A zygote that is really gone is rare; a
 * minute's wait for it costs little. */
#define DPU_REAP_SECONDS 60.0

/* Waits for the zygote's word (shm->done) that the runner dpu just killed has died. A zygote or
 * server that does not say it within DPU_REAP_SECONDS is gone itself (killed from outside dpu):
 * the executor is broken (zygote_error), rather than dpu waiting for ever. */
static void await_killed(struct dpu_shm *shm) {
  if (wait_done(shm, dpu_now() + DPU_REAP_SECONDS) == 0) return;
  shm->zygote_error = DPU_ZYGOTE_FAILED;
  snprintf(shm->result.msg, sizeof shm->result.msg,
           "a process of the executor is gone (killed from outside dpu?): its runs cannot go on");
}

/* Whether the run that just ended was ended by a SIGKILL that neither dpu nor the program
 * sent (zygote_serve's result for a runner that died so). */
static bool killed_from_outside(const struct dpu_shm *shm) {
  return shm->result.end == DPU_END_SIGNAL && shm->result.killed_outside && !shm->zygote_error;
}

enum dpu_run_status dpu_executor_run(struct dpu_executor *exec,
                                     const struct dpu_replay_step *replay,
                                     uint32_t n, double deadline) {
  struct dpu_shm *shm = exec->shm;
  dpu_executor_pin_thread(exec); /* on its runner's CPU (no system call when it is already) */
  if (n > shm->replay_cap) n = shm->replay_cap;
  if (n) memcpy(dpu_shm_replay(shm), replay, n * sizeof *replay);
  shm->replay_len = n;
  double start = dpu_now();
  int st = serve_once(exec, start, deadline);
  if (st == 2 && !shm->zygote_error) {
    /* Over its limit: run it once more before calling it a hang, so that a stall the run
     * queue does not show (a paused virtual machine, memory pressure) makes no false defect.
     * The runner is ended without its stacks; the zygote forks the next. */
    pid_t r = shm->runner_pid;
    if (r > 0) kill(r, SIGKILL);
    await_killed(shm);
    exec->reruns++;
    if (!shm->zygote_error) st = serve_once(exec, dpu_now(), deadline);
  }
  if (st == 0 && killed_from_outside(shm) && !exec->debugger) {
    /* Killed by another process, not by the program (whose signals are modelled) nor by dpu:
     * run it again. Killed again, the run is a limit of the machine, cut short where it was
     * killed (its last record may be half written), never a defect of the program (issue 37:
     * with -j 2 such a kill read as a nondeterministic program). */
    exec->reruns_killed++;
    st = serve_once(exec, dpu_now(), deadline);
    if (st == 0 && killed_from_outside(shm) && !exec->debugger) {
      struct dpu_run_result *res = &shm->result;
      res->end = DPU_END_LIMIT;
      res->code = DPU_LIMIT_KILLED;
      if (shm->nevents) shm->nevents--;
      snprintf(res->msg, sizeof res->msg,
               "a runner was killed by SIGKILL from outside dpu twice at one run (the system's "
               "out-of-memory killer, or a user): that run was cut short");
    }
  }
  int timed_out = st != 0, global = st == 1;
  if (timed_out) {
    /* First ask for the hang's stacks (the runner captures them and exits, or ignores the
     * signal if the run has just ended), then make sure. */
    pid_t r = shm->runner_pid;
    if (r > 0) kill(r, DPU_HANG_SIGNAL);
    if (wait_done(shm, dpu_now() + DPU_HANG_GRACE_SECONDS) != 0) {
      if (r > 0) kill(r, SIGKILL);
      await_killed(shm);
    }
  }
  exec->exec_seconds += dpu_now() - start;
  exec->runs++;
  if (shm->zygote_error) {
    fprintf(stderr, "dpu: error: %s: %s\n",
            exec->runs > 1 ? "the executor stopped" : "cannot start the program", shm->result.msg);
    return DPU_RUN_FAILED;
  }
  struct dpu_run_result *rr = &shm->result;
  if (timed_out || rr->end == DPU_END_SIGNAL) {
    /* The runner died without listing what the live threads were waiting for. */
    rr->nblocked = 0;
    for (uint32_t i = 0; i < shm->nthread_ids && i < DPU_MAX_THREADS; i++)
      if (shm->pending[i].op != DPU_OP_COUNT)
        rr->blocked[rr->nblocked++] = (struct dpu_blocked){.tid = (uint16_t)i,
                                                           .op = shm->pending[i].op,
                                                           .site = shm->pending[i].site,
                                                           .obj = shm->pending[i].obj,
                                                           .aux = shm->pending[i].aux};
  }
  if (timed_out && global) return DPU_RUN_DEADLINE;
  /* A run that hangs after a thread stopped at a defect keeps that defect (protocol.h); one
   * that runs on after the process's exit (result OK) keeps the exit's result: the process
   * ends while the others run (protocol/ops.def: PROCESS_EXIT). */
  if (timed_out && shm->result.end != DPU_END_OK &&
      (!dpu_end_is_defect(shm->result.end) || shm->result.end == DPU_END_HANG_TIME)) {
    struct dpu_run_result *res = &shm->result;
    res->end = DPU_END_HANG_TIME;
    res->defect_at = shm->nevents;
    res->defect_output = shm->output_len;
    /* The thread that was running when the run was killed. */
    uint32_t ne = shm->nevents;
    res->tid = ne ? dpu_shm_records(shm)[ne - 1].tid : 0;
    res->site = 0;
    snprintf(res->msg, sizeof res->msg, "T%d ran for more than %g s without a visible operation",
             res->tid, exec->run_timeout);
  }
  return DPU_RUN_DONE;
}

void dpu_executor_stop(struct dpu_executor *exec) {
  if (exec->shm) { /* a second server (fork_server, zygote 0) ends by itself on this */
    exec->shm->shutdown = 1;
    sem_post(&exec->shm->req);
  }
  if (exec->zygote > 0) {
    pid_t r = exec->shm->runner_pid;
    int st;
    /* Give the runner a moment to exit by itself, then make sure. */
    for (int i = 0; i < 5000; i++) {
      if (waitpid(exec->zygote, &st, WNOHANG) == exec->zygote) {
        exec->zygote = 0;
        break;
      }
      usleep(1000);
    }
    if (exec->zygote > 0) {
      if (r > 0) kill(r, SIGKILL);
      kill(exec->zygote, SIGKILL);
      waitpid(exec->zygote, &st, 0);
      exec->zygote = 0;
    }
  }
  if (exec->shm && !exec->globals && exec->shm->nglobals) { /* kept for the reports */
    exec->globals = malloc(exec->shm->nglobals * sizeof *exec->globals);
    if (exec->globals) {
      exec->nglobals = exec->shm->nglobals;
      memcpy(exec->globals, dpu_shm_globals(exec->shm), exec->nglobals * sizeof *exec->globals);
    }
  }
  dpu_shm_destroy(exec->shm);
  exec->shm = NULL;
}

double dpu_executor_stop_all(struct dpu_executor *execs, unsigned n) {
  double seconds = 0;
  for (unsigned i = n; i-- > 0;) {
    dpu_executor_stop(&execs[i]);
    seconds += execs[i].exec_seconds;
  }
  return seconds;
}

void dpu_executor_release(struct dpu_executor *exec) {
  free(exec->globals);
  exec->globals = NULL;
  exec->nglobals = 0;
}
