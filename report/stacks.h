/* Call stacks of the program's threads at a defect (docs/design.md §8, issue #4): captured by the
 * runner with libunwind through the JIT-compiled frames, symbolised with function names and
 * file:line, and read here by the reports. */
#ifndef DPU_STACKS_H
#define DPU_STACKS_H

#include <stdint.h>
#include <stdio.h>

#include "../executor/run.h"
#include "../protocol/protocol.h"

/* Frames kept per thread (innermost first); deeper frames are dropped. */
#define DPU_STACK_DEPTH 32

/* A source location: where a defect happened, or one frame of a program thread's stack
 * (frames of dpu's runtime are not shown). The strings are owned by the site table
 * (passes/sites.h) or by the stacks module, and stay valid as long as those do (the stacks
 * module's until the process exits). file is NULL when the location is unknown; line 0 = an
 * unknown line. */
struct dpu_loc {
  const char *function;
  const char *file;
  uint32_t line, column;
};

/* The stack of one thread; frames[0] is the innermost frame (where the thread is). */
struct dpu_thread_stack {
  uint16_t tid;
  uint16_t nframes;
  struct dpu_loc frames[DPU_STACK_DEPTH];
};

/* Decodes the stacks of the threads alive at the end of run (called for runs whose result is a
 * defect, or that captured a race's accesses), the faulting thread first. out has room for
 * DPU_MAX_THREADS entries. Returns how many were written (0 when the runner could not capture
 * them, e.g. it was killed). */
uint32_t dpu_run_stacks(const struct dpu_run *run, struct dpu_thread_stack *out);

/* Prints stacks in the text report's form:
 *   stack of T1:
 *     #0 leaf at prog.c:12
 *     #1 middle at prog.c:17
 * Prints nothing when n is 0. */
void dpu_stacks_print(FILE *out, const struct dpu_thread_stack *stacks, uint32_t n);

#endif
