/* Data-race defects (issue #9, docs/design.md §7): the races the runner's detector records in a
 * run (protocol.h: dpu_race_rec) become defects of kind "data race", one per unordered pair of
 * access sites, each with the stacks of both accesses, which a second run of the same trace
 * captures (the capture run, executor/run.h's dpu_run_capture: the runner unwinds the thread at
 * the access whose thread, site, epoch and bytes the race names). Whoever drives the executor
 * makes that run (frontend/sink.c); this module words the defect before and after it. */
#ifndef DPU_RACES_H
#define DPU_RACES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../passes/sites.h"
#include "../executor/run.h"
#include "../protocol/protocol.h"
#include "defects.h"
#include "stacks.h"

/* One access of a race, as reported. Strings are owned by the site table or the stacks
 * module. */
struct dpu_race_access {
  struct dpu_access rec;           /* as the runner recorded it (size: see below) */
  struct dpu_loc loc;              /* the access site; function: the innermost frame's once
                                    * the stack is captured (an inlined function's name) */
  const char *what;                /* "load", "store", "memcpy", ... (the site's callee) */
  uint32_t size;                   /* bytes accessed (the whole access once captured) */
  uint32_t step;                   /* trace records before it (0: not known) */
  bool captured;                   /* stack holds its call stack */
  bool column;                     /* the text names its column too: another site of its kind
                                    * shares its line (races.c, line_shared) */
  struct dpu_thread_stack stack;
};

/* The two accesses of a race (access[0] first in the trace) and the memory they touch. */
struct dpu_race_info {
  struct dpu_race_access access[2];
  struct dpu_race_rec rec;         /* as recorded */
  char *memory;                    /* the memory as the program names it, e.g. "'hits'",
                                    * "'pair' + 4", "offset 8 of a 24-byte heap block
                                    * allocated at prog.c:30 by T0"; malloc'd */
  bool capture_pending;            /* its stacks are still to be captured (and then it is
                                    * printed): dpu_race_captured not called yet */
  int located;                     /* the access (0 or 1) whose site and thread are the
                                    * defect's location and thread: the one whose site comes
                                    * first in the digest's order, whichever ran first */
};

/* Whether access a is the release of a whole heap block (free, or realloc's of the old one). */
bool dpu_race_access_frees(const struct dpu_race_access *a);

/* The digest of a race: "data race" and the two access sites (file, line, column, function:
 * the load and store of one expression are one site), in an order that does not depend on
 * which came first. */
void dpu_race_digest(const struct dpu_race_rec *rec, const struct dpu_site_table *sites,
                     uint8_t digest[DPU_DEFECT_DIGEST_BYTES]);

/* Makes the defect of race rec, found in run: its events, output and replay are the run's;
 * message and memory are worded from rec and sites. Returns it (owned by the caller,
 * capture_pending set), or NULL if out of memory. */
struct dpu_defect *dpu_race_defect(const struct dpu_run *run, const struct dpu_race_rec *rec,
                                   const struct dpu_site_table *sites,
                                   const uint8_t digest[DPU_DEFECT_DIGEST_BYTES]);

/* Completes race defect d from its capture run (dpu_run_capture of d's schedule and
 * d->race->rec): the stacks, whole sizes and steps of both accesses, the heap blocks of the
 * trace, and its message reworded. run NULL: there was no capture run, or it failed, and d
 * keeps what it had. Clears capture_pending either way. */
void dpu_race_captured(struct dpu_defect *d, const struct dpu_run *run,
                       const struct dpu_site_table *sites);

/* Prints the text report's lines about the two accesses and the memory:
 *   stack of the write by T1 (after step #5):
 *     #0 careless at prog.c:9
 *   stack of the read by T2 (after step #7):
 *     #0 careful at prog.c:15
 *   memory: 'hits' (a global of 4 bytes) at 0x...
 */
void dpu_race_print(FILE *f, const struct dpu_defect *d);

/* "read", "write", "atomic read", "atomic write" for an access's flags. */
const char *dpu_race_kind(uint8_t flags);

/* Frees what a race defect owns beyond the common defect. */
void dpu_race_info_free(struct dpu_race_info *ri);

#endif
