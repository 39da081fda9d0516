/* Checks of the linked program before it is instrumented or run (issue #13): what dpu cannot
 * run is rejected with a "dpu: error:" line (frontend/diag.h) naming the symbol and where the
 * program first uses it, and dpu exits 2, instead of failing later in the JIT (exit 4, with
 * messages naming dpu's internal symbols) or running something it does not model. */
#ifndef DPU_CHECK_H
#define DPU_CHECK_H

#include <llvm-c/Core.h>

/* Rejects every use of a function that starts another process or program (fork, vfork,
 * system, popen, posix_spawn[p], the exec family): dpu explores the threads of one process,
 * and a child would escape its control (its exit taken for the program's, a dpu left behind):
 *   dpu: error: unsupported function 'fork' (first called at prog.c:12 in main): processes
 *   are not modelled (dpu explores the threads of one process)
 * and every use of one that waits for or reads signals from outside the process (pause,
 * sigsuspend, sigpending), which no run sends. Returns 0, or -1 when there is one (one error
 * per function). */
int dpu_check_processes(LLVMModuleRef mod);

/* Rejects every function or variable that mod uses but neither defines nor can find in dpu's
 * runtime or the C library (the JIT resolves symbols in dpu's own process):
 *   dpu: error: undefined function 'frob' (first used at prog.c:12 in worker): no input
 *   defines it and the C library does not have it
 * Call it on the instrumented module, whose modelled functions are the runtime's. Returns 0, or
 * -1 when a symbol is undefined (one error per symbol). */
int dpu_check_undefined(LLVMModuleRef mod);

#endif
