/* Warnings and notes (issue 37): every "dpu: warning: ..." and "dpu: note: ..." of dpu goes
 * through dpu_say, which prints it as it always was and keeps it, so that the JSON report
 * ("warnings") and the SARIF log (invocations[0].toolExecutionNotifications) carry what a user
 * reading stderr would see. One list per process, module-global, as stderr is: the frontend
 * adds to it, and so do the passes and the explorer with its -j workers (threads), through
 * what the frontend wires into their notes and their sink (frontend/sink.h); the runners (other
 * processes) hand theirs to the explorer through the shared memory (protocol.h: dpu_shm's
 * notices, handed up by explorer/explore.c's dpu_explore_notices). */
#ifndef DPU_REPORT_WARNINGS_H
#define DPU_REPORT_WARNINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum dpu_say_kind { DPU_SAY_WARNING, DPU_SAY_NOTE };

/* A source location a warning is about; file NULL: none. The strings are the caller's (copied). */
struct dpu_say_loc {
  const char *file, *function;
  uint32_t line, column; /* 0: unknown */
};

/* One warning or note said. Every string is owned by the list and lives until the process ends;
 * an entry never changes once it is in the list. */
struct dpu_warning {
  enum dpu_say_kind kind;
  char *id;         /* what it is about, stable across versions: "weak-atomics", "run-cut" ... */
  char *text;       /* the message after "dpu: warning: " (no newline) */
  char *file;       /* its source location, or NULL */
  char *function;   /* or NULL */
  uint32_t line, column;
};

/* The entries the list keeps; later ones are printed but not kept (dpu_warnings_omitted). */
#define DPU_WARNINGS_MAX 64

/* Says a warning or note: "dpu: warning: TEXT" (or "dpu: note: TEXT") on `to` (after erasing
 * the progress line), unless the same text was said before in this process (as the same kind),
 * and keeps it for the reports. to NULL: kept only (the text goes nowhere else, or was printed
 * elsewhere). id is a short constant; loc may be NULL; fmt is printf's. Safe to call from
 * several threads at once. Returns whether it was new. Out of memory: printed, not kept. */
bool dpu_say(FILE *to, enum dpu_say_kind kind, const char *id, const struct dpu_say_loc *loc,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The common cases: on stderr, without a location. */
#define dpu_warn(id, ...) dpu_say(stderr, DPU_SAY_WARNING, id, NULL, __VA_ARGS__)
#define dpu_note(id, ...) dpu_say(stderr, DPU_SAY_NOTE, id, NULL, __VA_ARGS__)

/* The entries kept so far, in the order said: [0, *n). The array and the entries stay valid and
 * unchanged while more are said (from any thread). */
const struct dpu_warning *dpu_warnings(size_t *n);

/* Distinct warnings said once the list was full (not kept). */
size_t dpu_warnings_omitted(void);

#endif
