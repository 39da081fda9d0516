/* A deadlock's waits: what each blocked thread waits for and, for a mutex or spinlock, which
 * thread holds it, so that the cycle the interleaving shows step by step is in one line:
 *   waits: T0 for T1 to end, T1 for 'b' (held by T2), T2 for 'a' (held by T1)
 *   waits: T0 for T2 to end, T2 for a signal on 'not_full', T4 for a signal on 'not_empty' */
#ifndef DPU_WAITS_H
#define DPU_WAITS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "defects.h"
#include "report.h"

/* Prints d's waits line on f when d is a deadlock (every blocked thread, in the order of
 * d->blocked); when d is a hang by --max-steps, the threads that could have taken the next
 * step, with their operations and lines ("could run: T2 pthread_mutex_lock 'm' at p.c:29,
 * ..."); nothing otherwise. A lock's holder is the thread that took it last in d's
 * interleaving and has not released it (protocol/rules.h's dpu_lock_take/drop over the
 * steps), "(held by T1, which has ended)" when T1 exited without releasing it; an rwlock's,
 * "(write-locked by T1)" or "(read-locked by T1, T3)"; a lock nobody holds has neither. */
void dpu_waits_print(FILE *f, const struct dpu_report *r, const struct dpu_defect *d);

/* Whether thread b of d (one of d->blocked) is one that could have taken the next step of a
 * hang by --max-steps (the "could run" line; JSON's could_run, SARIF's related locations). */
bool dpu_waits_could_run(const struct dpu_defect *d, const struct dpu_blocked *b);

/* The thread holding the lock that blocked thread b of deadlock d waits for (as the waits line
 * says; an rwlock's writer), or -1: b does not wait for a mutex, spinlock or rwlock, or no
 * thread holds it (an rwlock: for writing). */
int32_t dpu_waits_holder(const struct dpu_defect *d, const struct dpu_blocked *b);

/* Whether thread t's exit is among d's steps: a lock it holds stays held (the text's "which
 * has ended", JSON's holder_ended). */
bool dpu_waits_ended(const struct dpu_defect *d, int32_t t);

#endif
