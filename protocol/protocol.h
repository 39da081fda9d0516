/* The contract between the explorer (parent process) and the executor (child processes):
 * the shared-memory region, the replay the explorer writes, and the trace the runner writes
 * back (docs/design.md §2, §4, "The run protocol"). Both sides include this header; nothing
 * else crosses the process boundary. In a folder of its own, not in executor/ (docs/design.md
 * §9): the runner (runtime/) writes this region and executor/ includes the runner, so in
 * executor/ it would make the two folders include each other. */
#ifndef DPU_PROTOCOL_H
#define DPU_PROTOCOL_H

#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "ops.h"  /* enum dpu_op and what each operation is */
#include "tset.h" /* DPU_MAX_THREADS, sets of threads */

/* What a call site is to the spin-loop rule (passes/spinloops.c, runtime/models/atomic.c,
 * explorer/model.c). */
enum dpu_site_spin {
  DPU_SITE_PLAIN = 0,     /* not a read of a spin region: never taken for a spin */
  DPU_SITE_SPIN = 1,      /* a read of a spin region; its twin is the next id */
  DPU_SITE_SPIN_AGAIN = 2 /* the twin: the same read, not the first of its region's activation */
};

/* The spin kinds of a program's call sites: v[id] for site ids below n (borrowed). */
struct dpu_spin_kinds {
  const uint8_t *v;
  uint64_t n;
};

/* The kind of site (DPU_SITE_PLAIN beyond the table). */
static inline uint8_t dpu_site_spin(struct dpu_spin_kinds k, uint32_t site) {
  return site < k.n ? k.v[site] : DPU_SITE_PLAIN;
}

/* The site of a read whatever its activation: a twin's original, else site itself. */
static inline uint32_t dpu_site_base(struct dpu_spin_kinds k, uint32_t site) {
  return dpu_site_spin(k, site) == DPU_SITE_SPIN_AGAIN ? site - 1 : site;
}

/* Whether a read recorded at site continues one recorded at prev: the same read again in the
 * same activation of its spin region (site is the twin of prev's site). */
static inline int dpu_site_continues(struct dpu_spin_kinds k, uint32_t prev, uint32_t site) {
  return dpu_site_spin(k, site) == DPU_SITE_SPIN_AGAIN && dpu_site_base(k, prev) == site - 1;
}

/* Heap blocks named in a defect's steps (dpu_run_result.heap); objects in others are shown by
 * their address. */
#define DPU_MAX_HEAP_OBJECTS 16

/* One record of a run (the run's log; "trace" is kept for Mazurkiewicz traces, issue #14):
 * one event. 48 bytes, written by the runner in execution order.
 * enabled: the threads with ids below 64 (bit i = tid i) that could move at the choice point
 * before this event, which the explorers branch on; when the run has thread ids of 64 or more,
 * wide is the slot + 1 in dpu_shm_tsets of the whole set (dpu_rec_enabled reads either), else
 * 0. site: call-site id (0 = none), an index into the site table that passes/ emits. aux:
 * op-specific data (see enum dpu_op). value, when flags has DPU_REC_VALUE: what an access
 * (DPU_OPF_ACCESS) read (loads, read-modify-writes, CAS, plain reads) or wrote (stores, plain
 * writes), its bytes zero-extended, for the report only: the explorer never reads it, so two
 * runs that read different values name the same events. */
struct dpu_event_rec {
  uint8_t op;       /* enum dpu_op */
  uint8_t flags;    /* DPU_REC_* */
  uint16_t tid;     /* canonical id of the thread that performed it (main = 0) */
  uint32_t site;
  uint64_t obj;
  uint64_t enabled;
  uint64_t aux;
  uint16_t result;  /* op-specific outcome (trylock: 1 acquired, 0 failed; a signal: tid + 1
                     * of the thread it woke) */
  uint16_t from;    /* a READS_FROM (runtime/models/ra.c): the thread whose store the load read,
                     * + 1; 0 the location's value before its first atomic store of the run;
                     * an ATOMIC_STORE placed before newer stores (result > 0): the thread + 1
                     * of the store it goes before; for reports only */
  uint32_t wide;
  uint64_t value;
};

/* dpu_event_rec.flags: value holds the value the access read or wrote (an access of at most
 * 8 bytes; a store of an integer or a pointer: passes/atomics.c passes no other). */
#define DPU_REC_VALUE 1u
/* dpu_event_rec.flags: past the replay, the operation ran at once (dpu_op_is_eager) and
 * `enabled` holds its thread alone (the scheduler offered no other choice); then PREV_EN says
 * whether the thread of the last record other than a start or a kill could have moved too,
 * for the exhaustive explorer's count of preemptions (explorer/dfs.c, --preemptions). */
#define DPU_REC_SOLO 2u
#define DPU_REC_PREV_EN 4u
/* dpu_event_rec.flags of an atomic load under --memory-model=tso (runtime/models/tso.c), for
 * reports only: it read its own thread's store still in the store buffer (OWN_BUFFER), or it
 * read memory while another thread's store to the location waited in a buffer (MISSED). */
#define DPU_REC_OWN_BUFFER 8u
#define DPU_REC_MISSED 16u
/* dpu_event_rec.flags of an ATOMIC_RMW that stands for a seq_cst fence under ra/rc11
 * (runtime/models/ra.c: __dpu_ra_fence, a read-modify-write of a location of dpu's own), for
 * reports only: shown as atomic_thread_fence, not as an access of an address. */
#define DPU_REC_FENCE 32u
/* dpu_event_rec.flags: the thread yielded the CPU (sched_yield, pthread_yield, thrd_yield, a
 * sleep: runtime/models/sched_attr.c, clock.c) since its operation before this one, so that a
 * switch away from it in between is no preemption (CHESS counts a switch at a yield as none;
 * explorer/bound.h, explorer/dfs.c). A function of the thread's history, as its operations. */
#define DPU_REC_YIELDED 64u

/* The memory model explored (--memory-model, docs/memory-models.md): sequential consistency,
 * x86-TSO (runtime/models/tso.c), and C11's orders (runtime/models/ra.c): RC11 with relaxed,
 * release/acquire and seq_cst accesses, and RA, where every access is release/acquire at least
 * (seq_cst ones stay seq_cst). */
enum dpu_memory_model { DPU_MM_SC, DPU_MM_TSO, DPU_MM_RA, DPU_MM_RC11 };

/* The model's name as --memory-model spells it ("sc", "tso", "ra", "rc11"). */
static inline const char *dpu_memory_model_name(unsigned m) {
  return m == DPU_MM_TSO ? "tso" : m == DPU_MM_RA ? "ra" : m == DPU_MM_RC11 ? "rc11" : "sc";
}

/* One replay step: let thread tid perform count visible operations in a row. choice, when not
 * 0, decides the outcome of the last of them that is a nondeterministic choice of the runtime:
 * for a condition-variable signal, tid + 1 of the thread to wake; for a nondet value, its
 * index + 1 in the domain (see dpu_op_choice). */
struct dpu_replay_step {
  uint16_t tid;
  uint32_t count;
  uint16_t choice;
};

/* How a run ended. Everything from DPU_END_ASSERT on is a defect of the program. */
enum dpu_end {
  DPU_END_NONE = 0,      /* run still going (or runner died before writing an end) */
  DPU_END_OK,            /* all threads exited, or exit(0) */
  DPU_END_ASSERT,        /* assertion failure */
  DPU_END_ABORT,         /* abort() */
  DPU_END_EXIT,          /* exit with non-zero status (code) */
  DPU_END_DEADLOCK,      /* no thread enabled, some alive; blocked[] lists them */
  DPU_END_SIGNAL,        /* crash: signal code in thread tid */
  DPU_END_MISUSE,        /* pthread API misuse; msg says which */
  DPU_END_HEAP,          /* invalid or double free, heap exhausted */
  DPU_END_MEMORY,        /* an access to freed heap memory or out of a heap block's bounds
                          * (runtime/memcheck.h); the block in dpu_run_result.block */
  DPU_END_HANG_STEPS,    /* more than max_steps visible operations */
  DPU_END_HANG_TIME,     /* per-run time limit (set by the explorer after killing the runner) */
  DPU_END_LIVELOCK,      /* the program never ends: with cutoffs, every execution goes round
                          * states reached before (set by the explorer on a run it replays:
                          * explorer/cutoff.h) */
  DPU_END_LIMIT,         /* a limit of dpu itself: threads, trace capacity (not a program defect) */
  DPU_END_DIVERGED,      /* replay asked for a thread that cannot move: program nondeterminism */
  DPU_END_ASSUME,        /* __VERIFIER_assume(0): the run is discarded silently */
  DPU_END_COUNT
};

/* dpu_run_result.code of a DPU_END_ASSERT that is a call of an SV-COMP error function
 * (reach_error, __VERIFIER_error): the violation of SV-COMP's unreach-call property. */
#define DPU_ASSERT_ERROR_CALL 1

/* dpu_run_result.code of a DPU_END_HANG_STEPS that the spin-loop rule decided (every live
 * thread blocked, one of them re-reading unchanged locations), rather than the step limit. */
#define DPU_HANG_SPIN 1

/* dpu_run_result.code of a DPU_END_DIVERGED that the runner's plain-spin watch decided
 * (runtime/plainspin.c): a thread repeated the same invisible loads without a visible
 * operation; the sites of those loads are in dpu_shm.spin_sites, to be made visible. */
#define DPU_DIVERGED_SPIN 1

/* dpu_run_result.code of a DPU_END_LIMIT at a pthread_create beyond DPU_MAX_THREADS. The
 * create does not happen (no record): its thread stops there, as a thread stops at a failed
 * assertion, and the others run on, so the run is a prefix of real runs, in which that thread
 * has not got further yet; dpu_run_result.limited says so even when a defect follows. The
 * explorers explore on from such runs (as leaves, not traces), and the exploration is
 * incomplete. */
#define DPU_LIMIT_THREADS 1
/* dpu_run_result.code of a DPU_END_LIMIT whose runner was killed by SIGKILL from outside dpu
 * (the system's out-of-memory killer, a user) at that run and at its one re-run
 * (executor.c): no fault of the program; the run is cut short where it was killed. */
#define DPU_LIMIT_KILLED 2
/* dpu_run_result.code of a DPU_END_LIMIT at the step limit (--max-steps) while the run was
 * still following its replay (runtime/sched.c): no hang of the program, but an exploration
 * whose traces grow without end (a loop that may go round any number of times). The run is a
 * prefix; the explorers explore on from it as a leaf, as from DPU_LIMIT_THREADS, so that every
 * trace of at most --max-steps steps is explored, and the exploration is incomplete. */
#define DPU_LIMIT_STEPS 3
/* Whether a run that ended at `end` with `code` is a prefix the explorers explore on from. */
static inline int dpu_limit_is_leaf(int end, int code) {
  return end == DPU_END_LIMIT && (code == DPU_LIMIT_THREADS || code == DPU_LIMIT_STEPS);
}
#define DPU_MAX_SPIN_SITES 8

/* Whether a run that ended with `end` (enum dpu_end) found a defect of the program (as opposed
 * to ending normally or being cut short by a limit of dpu). */
static inline int dpu_end_is_defect(int end) {
  return end >= DPU_END_ASSERT && end <= DPU_END_LIVELOCK;
}

/* A thread that is alive at the end of a run, with the operation it was about to perform
 * (recorded for every end of a run written by the runner; not after a crash or a kill). */
struct dpu_blocked {
  uint16_t tid;
  uint8_t op;
  uint8_t enabled : 1; /* a hang by --max-steps: the thread could have taken the next step (its
                        * operation was enabled), which says which threads the schedule starved */
  uint8_t yielded : 1; /* the thread yielded since its last operation (DPU_REC_YIELDED) */
  uint32_t site;
  uint64_t obj;
  uint64_t aux;     /* what the operation's record would carry in aux */
};

#define DPU_MSG_MAX 512

/* Slots of sets of threads a run may write (dpu_shm_tsets): at most one per record of a run
 * with thread ids of 64 or more (a set equal to the last one written takes no slot), one per
 * signal and exit. A run that needs more ends with DPU_END_LIMIT. The region has a slot per
 * record that its trace may hold, and 64 more, with at least DPU_TSETS_MIN and at most
 * DPU_TSETS_MAX slots (512 MiB of address space, touched only as far as a run writes): a
 * fixed 65,536 cut short every run of 257 threads in 64 pools of 4 (issue 37). */
#define DPU_TSETS_MIN 65536u
#define DPU_TSETS_MAX (1u << 22)
static inline uint32_t dpu_shm_tsets_cap(uint32_t records_cap) {
  uint64_t n = (uint64_t)records_cap + 64;
  return n < DPU_TSETS_MIN ? DPU_TSETS_MIN : n > DPU_TSETS_MAX ? DPU_TSETS_MAX : (uint32_t)n;
}

/* Sent by the explorer to a runner whose run is over its time limit: the runner captures the
 * stacks of the hang, marks the run DPU_END_HANG_TIME and exits (the zygote then symbolises
 * them). A runner that does not exit soon after is killed. */
#define DPU_HANG_SIGNAL SIGXCPU

/* Call stacks of the program's threads at a defect (issue #4), captured by the runner
 * (runtime/backtrace.c) and read by the explorer (report/stacks.c). Only frames of the
 * program (JIT-compiled code) are kept, innermost first, at most DPU_STACK_FRAMES per thread;
 * function and file names share one string area of DPU_STACK_STRINGS bytes per run. */
#define DPU_STACK_FRAMES 32
#define DPU_STACK_STRINGS 16384

/* One source-level frame as the runner writes it (report/stacks.h's struct dpu_loc is the
 * explorer's, decoded). function and file are offsets into dpu_stacks.strings; 0 means
 * unknown (strings[0] is NUL). line 0 = unknown (code without debug info). */
struct dpu_shm_frame {
  uint32_t function, file;
  uint32_t line, column;
};

/* The stack of one thread. pcs are the program code addresses found by unwinding: the address
 * of the faulting instruction for the innermost frame of a crash, a return address minus 1
 * (inside the call instruction) for every other frame. frames are pcs symbolised, with
 * functions inlined at a pc expanded into frames of their own. */
struct dpu_stack {
  uint16_t tid;
  uint16_t npcs;
  uint16_t nframes;
  uint16_t pad;
  uint64_t pcs[DPU_STACK_FRAMES];
  struct dpu_shm_frame frames[DPU_STACK_FRAMES];
};

/* How far the stacks of a run got (dpu_stacks.state). A crash captures raw pcs in the runner's
 * signal handler and the zygote symbolises them after the runner has died; other defects are
 * captured and symbolised by the runner at the end of the run. */
enum dpu_stacks_state {
  DPU_STACKS_RAW = 1,     /* pcs captured, frames not yet symbolised */
  DPU_STACKS_SYMBOLISING, /* being symbolised (left so if that crashed: not retried) */
  DPU_STACKS_DONE,        /* frames and strings are valid */
};

struct dpu_stacks {
  uint32_t state;         /* enum dpu_stacks_state; meaningful only if dpu_run_result.nstacks */
  uint32_t strings_len;   /* bytes used in strings */
  uint32_t nlater;        /* threads[nstacks, nstacks + nlater): the stacks of later defects
                           * (dpu_later_defect.stack), symbolised when taken */
  struct dpu_stack threads[DPU_MAX_THREADS]; /* [0, nstacks): the thread at fault first, then
                                              * the other live threads in creation order */
  char strings[DPU_STACK_STRINGS];
};

/* Outcome of one run, written by the runner (or by the zygote if the runner died). */
struct dpu_run_result {
  int32_t end;              /* enum dpu_end */
  int32_t tid;              /* thread at fault (-1 if none) */
  int32_t code;             /* exit status, signal number */
  uint32_t site;            /* call site of the faulting operation, 0 if unknown */
  uint32_t nblocked;
  struct dpu_blocked blocked[DPU_MAX_THREADS];
  uint32_t nstacks;         /* threads in stacks.threads (0: none captured; cleared every run) */
  /* A defect's place in the run: the trace events and output bytes before it. The run may go
   * on after it: a failed assertion, abort() or assume(0) stops only its thread, and the
   * others run to their end (runtime/ending.c: stops_thread); the report shows the run up to
   * the defect, the explorers take all of it. Valid when end is a defect. */
  uint32_t defect_at, defect_output;
  uint32_t limited;         /* a thread stopped at the thread limit in this run
                             * (DPU_LIMIT_THREADS): the run is a prefix, its end as recorded */
  uint32_t killed_outside;  /* the zygote's: the runner died of a SIGKILL during the run that
                             * the program did not send (its signals are modelled) */
  uint32_t ran_on;          /* the run reached --run-timeout after the process's exit, while
                             * another thread ran on, and the runner ended it there: no
                             * defect, the exit's result stands (protocol/ops.def) */
  uint64_t addr;            /* a spin hang (code DPU_HANG_SPIN): the location read, */
  uint32_t op;              /* and the operation (enum dpu_op) */
  char msg[DPU_MSG_MAX];    /* NUL-terminated detail (assertion text, misuse description) */
  /* The heap block of a DPU_END_MEMORY or of a double free (DPU_END_HEAP with a free_site):
   * the sites and threads that allocated it and freed it (site 0: unknown or not freed). */
  struct dpu_block_sites {
    uint32_t alloc_site, free_site;
    uint16_t alloc_tid, free_tid;
  } block;
  /* The heap blocks that objects of the run's records lie in (a mutex inside a struct on the
   * heap), in the order the records first name them, for the report's steps: filled at the end
   * of a run that ends with a defect or captures a race's stacks (runtime/memcheck.h:
   * dpu_mem_name_objects), else nheap is 0. */
  uint32_t nheap;
  struct dpu_heap_object {
    uint64_t start, size;   /* the block's address and the bytes asked for */
    uint32_t alloc_site;    /* the malloc's call site (0: unknown) */
    uint16_t alloc_tid, unused;
  } heap[DPU_MAX_HEAP_OBJECTS];
  /* Call stacks at a defect (stacks.threads[0, nstacks)). Not cleared between runs: only
   * nstacks says what is valid, so a run that ends normally costs nothing here. */
  struct dpu_stacks stacks;
};

/* The defects of a run after its first (dpu_run_result): a failed assertion or abort() stops
 * only its thread and the others run on, so another thread may fail too, or crash, misuse the
 * API or the heap; each is a defect of that trace, reported as well as the first, with the
 * stack of its thread (but for a crash: the report places it at its thread's last visible
 * operation). A deadlock or hang after a stopped thread is not one (the stopped thread would
 * have gone on), nor is an exit status. At most DPU_MAX_LATER of them. */
#define DPU_MAX_LATER 8

struct dpu_later_defect {
  int32_t end, tid, code;   /* as in dpu_run_result */
  uint32_t site;
  uint32_t defect_at, defect_output;
  uint32_t stack;           /* its thread's stack: result.stacks.threads[stack], after the
                             * first defect's nstacks; UINT32_MAX: none (a crash) */
  char msg[DPU_MSG_MAX];
};

/* Whether a defect `end` after the run's first is reported as a later one. */
static inline int dpu_end_is_later_defect(int end) {
  return end == DPU_END_ASSERT || end == DPU_END_ABORT || end == DPU_END_SIGNAL ||
         end == DPU_END_MISUSE || end == DPU_END_HEAP || end == DPU_END_MEMORY;
}

/* Data races (issue #9, docs/design.md §7), found by the runner's detector (runtime/race.c) and
 * read by the explorer (report/races.c). A race is two accesses of one run that come from
 * different threads, overlap in at least one byte, at least one of which writes and at least
 * one of which is not atomic, and that are not ordered by happens-before (C11 5.1.2.4 and
 * 7.26; POSIX XBD 4.12 "Memory Synchronization"). Each distinct pair of access sites is
 * recorded once per run, in the order the second access happened. */
#define DPU_MAX_RACES 128

/* An access's kind bits (dpu_race_rec.flags, dpu_race_capture.flags). */
enum { DPU_ACCESS_WRITE = 1, DPU_ACCESS_ATOMIC = 2 };

/* What the memory of a race is, as the runner found it at the race (dpu_race_rec.mem). */
enum dpu_race_mem {
  DPU_MEM_UNKNOWN = 0,  /* none of the below: the address only */
  DPU_MEM_GLOBAL,       /* index: the global's index in the program's table of writable
                         * globals (passes/: @__dpu_global_addrs); offset from its start */
  DPU_MEM_HEAP,         /* a heap block: index = the allocation's call-site id, owner = the
                         * allocating thread, offset into the block, size = the block's size */
  DPU_MEM_STACK,        /* the stack of thread owner (an escaped local) */
  DPU_MEM_TLS,          /* thread owner's copy of thread-local variable number index (in the
                         * program's table @__dpu_tls_addrs); offset into it, its size */
};

/* One access of a race. epoch: the thread's own component of its vector clock at the access
 * (it names the access's synchronisation-free stretch of the thread, with site and address). */
struct dpu_access {
  uint32_t site;        /* access-site id (index into the site table) */
  uint32_t epoch;
  uint16_t tid;
  uint8_t flags;        /* DPU_ACCESS_* */
  uint8_t pad;
  uint32_t size;        /* bytes of the access; for the first access, those inside the 8-byte
                         * granule where the race was found (the capture run gives the whole) */
};

/* One race: access[0] happened first in the run, access[1] found it. */
struct dpu_race_rec {
  struct dpu_access access[2];
  uint64_t addr;        /* the first byte both accesses touch */
  uint32_t step;        /* trace records written when access[1] happened */
  uint8_t mem;          /* enum dpu_race_mem */
  uint8_t pad;
  uint16_t owner;
  uint32_t index;
  uint32_t pad2;
  uint64_t offset, size;
};

/* A request to capture the call stacks of a race's two accesses by running its trace again
 * (report/races.c): the runner unwinds the stack of the first access of thread tid at site
 * in epoch whose bytes overlap [lo, hi), into result.stacks.threads[i], and its size into
 * size. */
struct dpu_race_capture {
  uint16_t tid;
  uint8_t flags;
  uint8_t found;        /* set by the runner */
  uint32_t site;
  uint32_t epoch;
  uint32_t size;        /* set by the runner: the whole access's size */
  uint32_t step;        /* set by the runner: trace records written before the access */
  uint32_t pad;
  uint64_t lo, hi;
};

/* The program state after a record's event (cutoffs, docs/cutoffs.md), one per record of the
 * run, in the array dpu_shm_states: the xor of its thread's update of the memory's fingerprint
 * since the run's start and of h(thread, its local state), both taken when the thread next
 * switched to the scheduler after the event (runtime/statefp.h), 128 bits. Valid only when run
 * equals dpu_shm.state_run after the run: an entry of an earlier run, or one whose thread
 * never switched back (the runner died, or the thread made two records in one turn), is
 * not. Written by the runner only while it keeps fingerprints (dpu_sfp_want). */
struct dpu_state_rec {
  uint64_t lo, hi;
  uint32_t run;
  uint32_t pad;
};

/* The shared region. One fixed header, then four arrays whose capacities are set at start:
 * replay[replay_cap], records[records_cap], output[output_cap] bytes, visible[visible_cap] bits.
 * Offsets are from the start of the region. Protocol: the explorer fills replay, posts req; the
 * runner runs once, fills result/records/output, posts done. If the runner dies, the zygote posts
 * done after marking the result. */
/* A warning a runner or the zygote hands to the explorer (which says it: explorer/explore.h,
 * dpu_explore_notices) instead of printing it, so that the reports carry it too (issue 37). */
#define DPU_MAX_NOTICES 4
struct dpu_notice {
  volatile uint32_t ready;  /* set (release) once id and text are written */
  uint32_t note;            /* a note, not a warning */
  char id[32];              /* report/warnings.h's id, e.g. "files-outside" */
  char text[DPU_MSG_MAX];   /* without "dpu: warning: " and newline */
};

/* dpu_shm.zygote_error. */
enum { DPU_ZYGOTE_FAILED = 1, DPU_ZYGOTE_BAD_PROGRAM = 2 };

struct dpu_shm {
  sem_t req;
  sem_t done;
  volatile int shutdown;
  volatile pid_t runner_pid;
  volatile uint32_t runner_forks;  /* how many runners the zygote has started */
  int32_t zygote_error;            /* non-zero: the executor could not start (msg in result):
                                    * DPU_ZYGOTE_BAD_PROGRAM (the JIT could not load the
                                    * program) or DPU_ZYGOTE_FAILED (anything else) */

  uint32_t replay_cap, records_cap, output_cap, visible_cap, globals_cap;
  uint32_t replay_off, records_off, output_off, visible_off, globals_off;
  uint32_t tsets_cap, tsets_off;   /* slots of dpu_shm_tsets (dpu_shm_tsets_cap) */
  uint32_t states_off;             /* dpu_shm_states: records_cap entries */
  volatile uint32_t ntsets;        /* slots written in the current run */
  volatile uint32_t nglobals;      /* entries of the globals array the zygote filled */
  volatile uint32_t iso_warned;    /* a run wrote outside the isolated directories, and dpu
                                    * said so (runtime/isolate.h): once per exploration, the
                                    * first executor's flag standing for every runner's (-j) */
  volatile uint32_t iso_failed;    /* a runner could not isolate files, and said so: once (the
                                    * first executor's flag, as iso_warned) */
  /* Warnings for the explorer: notices[0, nnotices) (runtime/init.c: dpu_rt_notice), taken
   * in order and never reused, so that the writer and the explorer need no lock; the explorer
   * has said those before notices_read (explorer-owned). Every warning a runner gives is once
   * per exploration (its flag above), so DPU_MAX_NOTICES is enough; a warning past them is
   * printed by the runner itself. */
  volatile uint32_t nnotices;
  uint32_t notices_read;
  struct dpu_notice notices[DPU_MAX_NOTICES];
  volatile uint32_t runner_retired; /* the runner exited between two runs on purpose (its
                                    * file isolation had grown: runtime/isolate.h); the zygote
                                    * starts another */

  uint32_t replay_len;             /* request */

  struct dpu_run_result result;    /* response */
  uint32_t nlater;                 /* later[0, nlater): the run's defects after result's */
  struct dpu_later_defect later[DPU_MAX_LATER];
  volatile uint32_t nevents;       /* records written so far (kept current during a run) */
  volatile uint32_t output_len;    /* bytes of output captured */
  volatile uint32_t output_truncated;
  volatile uint32_t records_overflow; /* the run had more events than records_cap */

  /* Canonical thread identities: thread id i is the `index`-th thread created by thread
   * `parent` (main is id 0, parent -1), whatever the interleaving, so that an event names the
   * same thread in every run (an event is an action and its history: Sec. 2 of the QPOR paper).
   * The runner appends an entry when a run creates a thread never seen before; the table
   * persists across runs and runners. */
  /* What each thread of the current run waits to do (op DPU_OP_COUNT: nothing, it runs or has
   * exited), kept current by the runner so that it survives a crash or a kill. */
  struct dpu_pending {
    uint8_t op;
    uint8_t yielded; /* DPU_REC_YIELDED: the thread yielded since its last operation; or 0 */
    uint32_t site;
    uint64_t obj;
    uint64_t aux;
  } pending[DPU_MAX_THREADS];

  /* Data races of the current run (kept current during a run, so a crash keeps them). */
  volatile uint32_t nraces;
  volatile uint32_t races_truncated;  /* more distinct pairs than DPU_MAX_RACES */
  volatile uint32_t races_incomplete; /* detection gave up on some memory (limits of the
                                       * shadow memory); a message in races_msg */
  char races_msg[160];
  struct dpu_race_rec races[DPU_MAX_RACES];
  /* Set by the explorer before a run: 0 for an ordinary run; 1 or 2 to capture the stacks of
   * the accesses in capture[0..ncapture) (the run's own defect stacks are then not taken). */
  uint32_t ncapture;
  struct dpu_race_capture capture[2];
  /* Set by the explorer: non-zero to watch for spin loops over invisible plain loads
   * (runtime/plainspin.c). A run that finds one ends with DPU_END_DIVERGED, code
   * DPU_DIVERGED_SPIN, and the loads' sites in spin_sites[0, nspin_sites). */
  uint32_t spin_watch;
  /* Set by the explorer: non-zero to freeze the synchronisation object at address frozen_obj
   * past the replay: a thread whose pending operation is on it does not move (it stays
   * blocked, as at a held mutex), so that the run stops where every thread either ended or
   * waits for that object (--shard's split, explorer/split.h). 0: an ordinary run. */
  uint32_t frozen;
  uint64_t frozen_obj;
  /* Set by the explorer: the CPU the runner pins itself to (-1: none; a change takes effect
   * at the next run); its explorer thread pins itself to the same one
   * (dpu_executor_pin_thread), so that a pair's turns cost a switch on one core rather than a
   * wake-up across cores. */
  volatile int32_t cpu;
  uint32_t nspin_sites;
  uint32_t spin_sites[DPU_MAX_SPIN_SITES];
  /* Response: the site of the first read that the scheduler's policy put after the other
   * threads because it would read again what its thread read last (a waiting loop that is no
   * spin region, runtime/sched.c); 0: none. */
  uint32_t reread_site;
  /* Set by the explorer: non-zero to watch what tells symmetric threads apart (runtime/
   * symmetry.h, explorer/symmetry.h). Response, reset every run: sym_told is 1 when the run
   * told two threads of a symmetric group apart (0: it did not), at call site sym_site, and
   * sym_msg says how (NUL-terminated). */
  uint32_t symmetry;
  uint32_t sym_told, sym_site;
  char sym_msg[160];

  /* Response, every run, while the runner keeps state fingerprints (runtime/statefp.h:
   * dpu_sfp_want, before the executor starts): state_run, the run's number in the entries of
   * dpu_shm_states it wrote; state_failed, non-zero when the end-of-run check found a write
   * that no hook saw (the run's fingerprints are wrong), and state_msg says which
   * (NUL-terminated). */
  volatile uint32_t state_run;
  uint32_t state_failed;
  char state_msg[200];

  volatile uint32_t nthread_ids;
  struct dpu_thread_id {
    int16_t parent;
    uint16_t index;
  } thread_ids[DPU_MAX_THREADS];
};

/* The arrays of a region: replay[replay_cap], records[records_cap], output[output_cap],
 * tsets[tsets_cap]. The pointers are valid in every process that maps the region, as long as it
 * stays mapped. */
static inline struct dpu_replay_step *dpu_shm_replay(struct dpu_shm *s) {
  return (struct dpu_replay_step *)((char *)s + s->replay_off);
}
static inline struct dpu_event_rec *dpu_shm_records(struct dpu_shm *s) {
  return (struct dpu_event_rec *)((char *)s + s->records_off);
}
static inline char *dpu_shm_output(struct dpu_shm *s) { return (char *)s + s->output_off; }
/* The sets of threads the records of the current run refer to (a record's `wide`, a signal's
 * or an exit's aux): slot i, for i < ntsets, written by the runner during the run. */
static inline struct dpu_tset *dpu_shm_tsets(struct dpu_shm *s) {
  return (struct dpu_tset *)((char *)s + s->tsets_off);
}
/* The state after each record's event (struct dpu_state_rec), records_cap entries. */
static inline struct dpu_state_rec *dpu_shm_states(struct dpu_shm *s) {
  return (struct dpu_state_rec *)((char *)s + s->states_off);
}
/* The set of slot + 1 = ref in the current run (a record's `wide`, a signal's aux); empty for 0
 * or a ref beyond the slots written. */
static inline void dpu_shm_tset(struct dpu_shm *s, uint64_t ref, struct dpu_tset *out) {
  if (ref == 0 || ref > s->ntsets) dpu_tset_clear(out);
  else *out = dpu_shm_tsets(s)[ref - 1];
}
/* The threads enabled at the choice point before record r (struct dpu_event_rec). */
static inline void dpu_rec_enabled(struct dpu_shm *s, const struct dpu_event_rec *r,
                                   struct dpu_tset *out) {
  if (r->wide) {
    dpu_shm_tset(s, r->wide, out);
  } else {
    dpu_tset_clear(out);
    out->w[0] = r->enabled;
  }
}
/* The program's writable globals where the JIT put them (address, size), in the order of the
 * site table's names (instrument.h: dpu_site_table.globals), written once by the zygote: the
 * reports name the memory of READ/WRITE steps with them. */
struct dpu_global_addr {
  uint64_t addr, size;
};
static inline struct dpu_global_addr *dpu_shm_globals(struct dpu_shm *s) {
  return (struct dpu_global_addr *)((char *)s + s->globals_off);
}

/* The access sites whose accesses are visible operations (DPU_OP_READ/WRITE): bit i of byte
 * i / 8 for site id i < visible_cap. Written by the explorer between runs (issue #10). */
static inline uint8_t *dpu_shm_visible(struct dpu_shm *s) {
  return (uint8_t *)s + s->visible_off;
}

/* Maps and initialises a shared region for the given capacities (counts of replay steps, trace
 * records, output bytes, access sites, globals). Returns NULL with errno set on failure.
 * Ownership: the caller; it lives until dpu_shm_destroy (inherited by forked children). */
struct dpu_shm *dpu_shm_create(uint32_t replay_cap, uint32_t records_cap, uint32_t output_cap,
                               uint32_t visible_cap, uint32_t globals_cap);

/* Unmaps a region made by dpu_shm_create. */
void dpu_shm_destroy(struct dpu_shm *s);

#endif
