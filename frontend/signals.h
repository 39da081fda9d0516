/* dpu's handling of SIGINT and SIGTERM (docs/design.md §8): the first one stops the exploration
 * between runs, with the final report written (exit 3); another more than a second later ends
 * dpu at once. */
#ifndef DPU_SIGNALS_H
#define DPU_SIGNALS_H

#include <signal.h>

/* The number of the first SIGINT or SIGTERM received, 0 before: the explorers poll it
 * (dpu_explore_options.interrupted). Written by the handler only. */
extern volatile sig_atomic_t dpu_interrupted;

/* Installs the handler (in dpu's process; the executor's processes, forked later, inherit it
 * and ignore the signal, so that dpu stops them itself). */
void dpu_catch_signals(void);

#endif
