/* Errors about the user's input (issue #13): every input that cannot be turned into a runnable
 * program is reported as one "dpu: error: ..." line on stderr, and the first of them is also the
 * reason of the report document (state "error", exit 2), so that a CI job reading only the
 * JSON or SARIF file learns what went wrong. */
#ifndef DPU_DIAG_H
#define DPU_DIAG_H

/* Prints "dpu: error: MESSAGE\n" (printf-style) on stderr, and keeps MESSAGE if it is the
 * first one of the process. */
void dpu_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The first message given to dpu_error (static storage, truncated to 511 bytes), or NULL when
 * there was none. */
const char *dpu_first_error(void);

#endif
