/* What the two halves of the race detector share (runtime/race.c: shadow memory, checks and
 * reports; runtime/race_hb.c: vector clocks and synchronises-with). Internal to them. */
#ifndef DPU_RACE_IMPL_H
#define DPU_RACE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "race.h"
#include "rt.h"

/* A vector clock: entry i is the number of releases of thread i known (Mattern). Indexed by
 * canonical thread id; entries past the ids in use are 0. */
typedef uint32_t dpu_vclock[DPU_MAX_THREADS];

/* C_t: each thread's clock (race_hb.c keeps it; race.c reads the running thread's at each
 * access, and its own component as the access's epoch). */
extern dpu_vclock dpu_race_clock_of[DPU_MAX_THREADS];

/* Whether detection gave up for this run (see dpu_race_incomplete). */
extern bool dpu_race_gave_up;

/* Says in the run's result that detection is incomplete (fmt: why, for the report; the first
 * reason of a run is kept); with stop, detection gives up for the rest of the run. */
void dpu_race_incomplete(bool stop, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An access of `size` bytes at a by the running thread at site (flags: DPU_ACCESS_*), checked
 * against the shadow memory: what __dpu_load and __dpu_store do after their visible-operation
 * and memory checks. For atomic accesses (race_hb.c). */
void dpu_race_access(uintptr_t a, uint64_t size, uint32_t site, uint8_t flags);

/* Start of a run: forgets the clocks of synchronisation objects and atomic locations. */
void dpu_race_hb_reset(void);

#endif
