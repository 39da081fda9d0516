/* `dpu --gdb`: replay a defect under gdb, stopped where it happens with the program's frames
 * visible (docs/reports.md, "Debugging a defect"). dpu re-executes itself under gdb; gdb follows
 * the fork into the executor and the runner (whose JIT-compiled code it sees through the GDB
 * JIT interface) and stops at __dpu_defect_stop (runtime/backtrace.h) or at the crash's
 * signal. */
#ifndef DPU_GDB_H
#define DPU_GDB_H

#include <stdbool.h>

/* Name of the environment variable that, with --gdb, marks the dpu process gdb runs (set to
 * "1" by dpu_gdb_exec). */
#define DPU_GDB_ENV "DPU_GDB_INFERIOR"

/* Whether this process, given --gdb, is the dpu that gdb runs rather than the one that starts
 * gdb. Such a process has no per-run time limit (a run stopped in the debugger must not be
 * killed as a hang) and dies with gdb (see dpu_gdb_inferior_setup). */
bool dpu_gdb_is_inferior(void);

/* Set-up of the process gdb runs: it dies when gdb exits, so that the executor it started does
 * not outlive the debugging session. */
void dpu_gdb_inferior_setup(void);

/* Replaces this process with gdb running this dpu executable with the same arguments (argv[1..],
 * --gdb included) and DPU_GDB_ENV=1. gdb is looked up in PATH, or is $DPU_GDB when set.
 * Returns only on failure, after printing "dpu: error: ..." on stderr. */
void dpu_gdb_exec(int argc, char **argv);

#endif
