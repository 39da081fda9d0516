/* See gdb.h. */
#include "gdb.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* What gdb does before handing over. dpu first runs clang (not followed), then forks the
 * executor's zygote in dpu_executor_start_many, which JIT-compiles the program and forks the
 * runner: from there on gdb follows the child, so it ends up in the runner with the JIT's debug objects
 * loaded (they are registered through the GDB JIT interface in the zygote, before the runner's
 * fork). It stops at __dpu_defect_stop, which every defect calls — on the faulting thread's
 * stack, below the program's frames — or at a crash's signal, in the faulting instruction. */
static const char *const commands[] = {
    "set width 0", /* a frame per line, however long its arguments and path */
    "set detach-on-fork on",
    "set follow-fork-mode parent",
    "tbreak dpu_executor_start_many",
    "break __dpu_defect_stop",
    "run",
    "set follow-fork-mode child",
    "continue",
    "backtrace",
};

bool dpu_gdb_is_inferior(void) {
  const char *v = getenv(DPU_GDB_ENV);
  return v && strcmp(v, "1") == 0;
}

void dpu_gdb_inferior_setup(void) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) _exit(4); /* gdb is already gone */
}

void dpu_gdb_exec(int argc, char **argv) {
  char self[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0) {
    fprintf(stderr, "dpu: error: --gdb: cannot find dpu's own executable: %s\n", strerror(errno));
    return;
  }
  self[len] = 0;
  const char *gdb = getenv("DPU_GDB");
  if (!gdb || !*gdb) gdb = "gdb";
  size_t ncmd = sizeof commands / sizeof *commands;
  char **args = calloc(3 + 2 * ncmd + 2 + (size_t)argc, sizeof *args);
  if (!args) abort();
  size_t k = 0;
  args[k++] = (char *)gdb;
  args[k++] = "-q";
  for (size_t i = 0; i < ncmd; i++) {
    args[k++] = "-ex";
    args[k++] = (char *)commands[i];
  }
  args[k++] = "--args";
  args[k++] = self;
  for (int i = 1; i < argc; i++) args[k++] = argv[i]; /* --gdb included: see gdb.h */
  args[k] = NULL;
  setenv(DPU_GDB_ENV, "1", 1);
  fflush(NULL);
  execvp(gdb, args);
  fprintf(stderr, "dpu: error: --gdb: cannot run %s: %s\n", gdb, strerror(errno));
  free(args);
}
