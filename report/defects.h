/* The defects an exploration found, each kept once (issue #4, docs/design.md §8). A defect is known
 * by a BLAKE2b digest of what a programmer would call "the same bug": its kind, its message
 * (with addresses and thread numbers left out), its site (the faulting call; for a deadlock,
 * the set of the blocked threads' operations and call sites) and the call stack of the thread
 * at fault (issue #13). Neither the interleaving nor the other threads' stacks are part of
 * it: they change from trace to trace of one bug, which is one defect that counts those
 * traces (the report still shows every thread's stack). A defect keeps the first trace that
 * showed it, to report and replay. */
#ifndef DPU_DEFECTS_H
#define DPU_DEFECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../passes/sites.h"
#include "../protocol/protocol.h"
#include "stacks.h"

#define DPU_DEFECT_DIGEST_BYTES 32

/* The kind of a data-race defect (report/races.h) in dpu_defect.end: a defect that is not
 * how a run ended (those are enum dpu_end). */
#define DPU_DEFECT_RACE 64
_Static_assert(DPU_DEFECT_RACE >= DPU_END_COUNT, "a race is not a run's end");

struct dpu_race_info;

/* One distinct defect. Every pointer member is owned by the defect (freed with it). */
struct dpu_defect {
  uint32_t id;                     /* 1, 2, ... in order of discovery */
  int32_t end;                     /* enum dpu_end: the kind */
  int32_t tid;                     /* thread at fault, -1 if none (e.g. a deadlock) */
  int32_t code;                    /* exit status, signal number, else 0 */
  char *message;                   /* what follows "KIND: " in the text report */
  struct dpu_loc loc;              /* where it happened, as well as dpu knows (see
                                    * dpu_defect_new); loc.file NULL if unknown */
  bool loc_exact;                  /* loc is the faulting call itself, not the thread's last
                                    * visible operation before a crash or hang */
  bool later;                      /* first seen after its run's first defect (protocol.h:
                                    * dpu_later_defect): stacks holds its thread's only, or
                                    * none (a crash) */
  struct dpu_event_rec *steps;     /* the interleaving of the first trace that showed it */
  uint32_t nsteps;
  struct dpu_heap_object *heap;    /* the heap blocks its steps' objects lie in (protocol.h's
                                    * dpu_run_result.heap), which name them in reports */
  uint32_t nheap;
  uint32_t nthreads;               /* threads in that trace (highest tid + 1) */
  struct dpu_blocked *blocked;     /* threads alive at the end and what they waited for */
  uint32_t nblocked;
  struct dpu_thread_stack *stacks; /* the threads' call stacks at the defect, faulting first */
  uint32_t nstacks;
  char *output;                    /* the program's output in that trace (not NUL-terminated) */
  size_t output_len;
  bool output_truncated;
  char *schedule;                  /* its replay, "T:C,T:C,..." */
  char *visible_sites;             /* the access sites visible when it was found ("12,15",
                                    * for --visible-sites), or NULL */
  uint8_t digest[DPU_DEFECT_DIGEST_BYTES];
  uint8_t bare_digest[DPU_DEFECT_DIGEST_BYTES]; /* the digest without the stacks: how a later
                                    * defect without a stack (a crash) finds the same defect */
  uint64_t traces;                 /* traces that showed this defect so far */
  uint64_t first_run;              /* the run (1-based) that found it */
  uint64_t traces_seen;            /* the last trace (dpu_report.ntraces) counted in traces */
  struct dpu_race_info *race;      /* a data race (end DPU_DEFECT_RACE): its two accesses
                                    * (report/races.h); NULL for every other kind */
  uint32_t root;                   /* the id of the memory error this defect follows from
                                    * (report/groups.h), 0 for none */
};

/* The table of distinct defects, in order of discovery. Zero-initialise before use. */
struct dpu_defects {
  struct dpu_defect **v;           /* v[0..n): defect ids 1..n */
  uint32_t n, cap;
  uint32_t *slots;                 /* hash index on the digest: 0 = empty, else index + 1 */
  uint32_t nslots;                 /* a power of two, or 0 */
  uint64_t traces;                 /* traces that showed at least one defect (kept by the
                                    * report, report/report.c: a trace with a race and an
                                    * assertion failure counts once) */
};

/* The call stacks of a run whose result is a defect, as the stacks module captures them
 * (dpu_run_stacks). out has room for DPU_MAX_THREADS entries. Returns how many. */
uint32_t dpu_defect_stacks(const struct dpu_run *run, struct dpu_thread_stack *out);

/* Computes the digest of the defect that run (a defect) shows, with the stacks
 * stacks[0..nstacks) captured for it (only the stack of the thread at fault, result.tid, is
 * used: none for a deadlock or a hang by --max-steps); site ids are resolved through sites so
 * that the digest names files and lines, and is the same in every dpu invocation on the same
 * sources. */
void dpu_defect_digest(const struct dpu_run *run, const struct dpu_site_table *sites,
                       const struct dpu_thread_stack *stacks, uint32_t nstacks,
                       uint8_t digest[DPU_DEFECT_DIGEST_BYTES]);

/* The defect with this digest, or NULL. */
struct dpu_defect *dpu_defects_find(const struct dpu_defects *t,
                                    const uint8_t digest[DPU_DEFECT_DIGEST_BYTES]);

/* Makes the record of a new defect from run (copies of its events, output, blocked threads and
 * stacks[0..nstacks), its message and replay schedule) and adds it to t with the next id, traces
 * = 1 and first_run = run_no (the run's number in the exploration). Returns it (owned by t), or
 * NULL if out of memory. */
struct dpu_defect *dpu_defects_add(struct dpu_defects *t, const struct dpu_run *run,
                                   const struct dpu_site_table *sites,
                                   const struct dpu_thread_stack *stacks, uint32_t nstacks,
                                   const uint8_t digest[DPU_DEFECT_DIGEST_BYTES],
                                   uint64_t run_no);

/* Adds d, a defect made elsewhere (report/races.c) with its digest set, to t with the next
 * id, traces = 1 and first_run = run. Returns 0, or -1 if out of memory (d is then freed). */
int dpu_defects_insert(struct dpu_defects *t, struct dpu_defect *d, uint64_t run);

/* A malloc'd copy of p[0..n) (a valid pointer even when n is 0), or NULL. */
void *dpu_copy(const void *p, size_t n);

/* Frees a defect and everything it owns. */
void dpu_defect_free(struct dpu_defect *d);

/* Frees every defect and the table's arrays; t is empty afterwards. */
void dpu_defects_free(struct dpu_defects *t);

/* The KIND words of a defect end, e.g. "assertion failure", and a stable identifier for it,
 * e.g. "assertion-failure" (the JSON "kind_id" and the SARIF rule id). */
const char *dpu_end_kind(int end);
const char *dpu_end_kind_id(int end);

/* Short name of a signal for crash messages, e.g. "SIGSEGV". */
const char *dpu_signal_name(int sig);

/* What step e acts on and how it turned out, for every report format (the one place that
 * knows how to describe operations): writes into obj (at least 40 bytes) "T1" for a thread
 * operation, the object's address for an operation on a synchronisation object or an atomic
 * location, or "" when there is no object. Returns the outcome, or NULL when the operation
 * has none (static strings, valid until the next call): "acquired"/"busy" for a try lock,
 * "acquired"/"timed out" for a timed one, "woken"/"timed out" for a timed condition wait,
 * "wakes T2"/"lost" for a signal, "exchanged"/"failed" for a CAS, "last" for the last arrival
 * at a barrier (protocol/ops.def's words), "= V" for a value read, written or chosen (nondet),
 * "SIGUSR1" or "none pending" for the signal operations (no object), "before OP" for a kill by
 * the process's exit (no object). The text report prints "OBJECT (OUTCOME)" ("OBJECT = V" for
 * values); JSON has "object" and "result". Defined in report/steps.c. */
const char *dpu_step_object(const struct dpu_event_rec *e, char *obj, size_t size);

/* Site id → location (file NULL when id is 0 or out of range). */
struct dpu_loc dpu_site_loc(const struct dpu_site_table *sites, uint32_t id);

/* The digest as 2 * DPU_DEFECT_DIGEST_BYTES lower-case hex digits and a NUL into hex. */
void dpu_digest_hex(const uint8_t digest[DPU_DEFECT_DIGEST_BYTES],
                    char hex[2 * DPU_DEFECT_DIGEST_BYTES + 1]);

#endif
