/* A deadlock's waits: which thread holds each mutex or spinlock a blocked thread waits for,
 * the lock-order cycle that the interleaving shows step by step, in one line:
 *   waits: T1 for 'b' (held by T2), T2 for 'a' (held by T1) */
#ifndef DPU_WAITS_H
#define DPU_WAITS_H

#include <stdint.h>
#include <stdio.h>

#include "defects.h"
#include "report.h"

/* Prints d's waits line on f when d is a deadlock in which a thread waits for a mutex or a
 * spinlock; nothing otherwise. The holder is the thread that took the lock last in d's
 * interleaving and has not released it (protocol/rules.h's dpu_lock_take/drop over the
 * steps); a lock nobody holds (never released by a thread that exited, say) has no "held by". */
void dpu_waits_print(FILE *f, const struct dpu_report *r, const struct dpu_defect *d);

/* The thread holding the lock that blocked thread b of deadlock d waits for (as the waits line
 * says), or -1: b does not wait for a mutex or spinlock, or no thread holds it. */
int32_t dpu_waits_holder(const struct dpu_defect *d, const struct dpu_blocked *b);

#endif
