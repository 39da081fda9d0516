/* The program's standard input, the same for every run (issue #13). */
#ifndef DPU_STDIN_H
#define DPU_STDIN_H

#include <stdbool.h>
#include <stdint.h>

/* What dpu gives the program as its standard input. */
struct dpu_stdin {
  uint64_t bytes;        /* size of the input read from dpu's stdin (0: none, or a terminal) */
  char digest[33];       /* BLAKE2b-128 of those bytes, in hex ("" when bytes is 0) */
  bool terminal;         /* dpu's stdin was a terminal: the program reads an empty input */
};

/* Reads all of dpu's standard input once, when it is not a terminal, into an anonymous file
 * (memfd) that then becomes file descriptor 0: the executor's processes inherit it, and the
 * runtime rewinds it before every run (runtime/sched.c), so that every run reads the same
 * bytes. A terminal, or a closed stdin, is replaced by /dev/null (an interactive input cannot
 * be given again to thousands of runs). Fills *s. Returns 0, or -1 after printing an error
 * (input over 1 GiB, or a system error). */
int dpu_stdin_capture(struct dpu_stdin *s);

#endif
