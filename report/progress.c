/* See progress.h. */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../executor/executor.h"

static struct {
  bool enabled;
  bool log;                 /* stderr is no terminal: whole lines, every log_period seconds */
  double log_period;
  bool shown;               /* the line is on the terminal now */
  double start, last;       /* when the exploration started, when the line was last drawn */
  const struct dpu_counts *counts;
  const struct dpu_defects *defects;
  uint32_t parts_done, parts;  /* --shard: this shard's parts explored, of how many */
  double estimate;             /* ... and the whole exploration's traces estimated, 0: none */
} line;

/* Seconds before the line first appears, and between two redraws. */
#define DPU_PROGRESS_DELAY 1.0
#define DPU_PROGRESS_PERIOD 0.25

/* Where stderr is no terminal (a CI job's log), seconds between two whole progress lines: a
 * long exploration shows that it moves on, and a CI service that ends jobs silent for some
 * minutes does not end it. DPU_PROGRESS_LOG_SECONDS overrides it (the tests' shorter period). */
#define DPU_PROGRESS_LOG_PERIOD 60.0

void dpu_progress_start(bool enable, const struct dpu_counts *counts,
                        const struct dpu_defects *defects) {
  line.log = !isatty(STDERR_FILENO);
  line.enabled = enable;
  line.log_period = DPU_PROGRESS_LOG_PERIOD;
  const char *env = getenv("DPU_PROGRESS_LOG_SECONDS");
  if (env && atof(env) > 0) line.log_period = atof(env);
  line.shown = false;
  line.start = dpu_now();
  line.last = 0;
  line.counts = counts;
  line.defects = defects;
}

/* ", ~ESTIMATE traces in all, ~LEFT left" (explorer/estimate.c): the time left at the runs' rate
 * so far, for the traces not yet seen. Returns what snprintf returns. */
static int estimate_text(char *buf, size_t size, const struct dpu_counts *c, double secs) {
  double seen = (double)c->max_configs, rate = seen > 0 ? secs / seen : 0;
  char left[32];
  if (c->estimate >= DPU_ESTIMATE_MAX)
    return snprintf(buf, size, ", >%.0e traces in all", DPU_ESTIMATE_MAX);
  dpu_duration_text(c->estimate > seen ? (c->estimate - seen) * rate : 0, left);
  return snprintf(buf, size, ", ~%.2g traces in all, ~%s left", c->estimate, left);
}

const char *dpu_duration_text(double secs, char buf[32]) {
  const char *unit = "s";
  if (secs >= 2 * 86400) secs /= 86400, unit = "days";
  else if (secs >= 2 * 3600) secs /= 3600, unit = "h";
  else if (secs >= 120) secs /= 60, unit = "min";
  snprintf(buf, 32, "%.0f %s", secs, unit);
  return buf;
}

void dpu_progress_tick(void) {
  if (!line.enabled) return;
  double now = dpu_now();
  double delay = line.log ? line.log_period : DPU_PROGRESS_DELAY;
  double period = line.log ? line.log_period : DPU_PROGRESS_PERIOD;
  if (now - line.start < delay || now - line.last < period) return;
  line.last = now;
  double secs = now - line.start;
  const struct dpu_counts *c = line.counts;
  char buf[256];
  int n = snprintf(buf, sizeof buf,
                   "dpu: %llu runs, %llu max-configs, %llu SSBs, %u defects, %.0f runs/s, %.1f s",
                   (unsigned long long)c->runs, (unsigned long long)c->max_configs,
                   (unsigned long long)c->ssbs, line.defects->n, (double)c->runs / secs, secs);
  if (n >= 0 && (size_t)n < sizeof buf && line.parts)
    n += snprintf(buf + n, sizeof buf - (size_t)n, ", part %u of %u", line.parts_done + 1,
                  line.parts);
  if (n >= 0 && (size_t)n < sizeof buf && line.estimate > 0)
    n += snprintf(buf + n, sizeof buf - (size_t)n, ", ~%.2g traces in all", line.estimate);
  else if (n >= 0 && (size_t)n < sizeof buf && c->estimate > 0)
    n += estimate_text(buf + n, sizeof buf - (size_t)n, c, secs);
  if (n < 0) return;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  if (line.log) { /* a whole line, kept in the log */
    fflush(stdout);
    fprintf(stderr, "%.*s\n", n, buf);
    fflush(stderr);
    return;
  }
  /* A line that wrapped could not be erased with one carriage return: cut it to the width. */
  struct winsize ws;
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 && n >= ws.ws_col)
    n = ws.ws_col - 1;
  /* \r, the line, then erase whatever an older, longer line left on the right. */
  fprintf(stderr, "\r%.*s\033[K", n, buf);
  fflush(stderr);
  line.shown = true;
}

void dpu_progress_parts(uint32_t done, uint32_t parts, double estimate) {
  line.parts_done = done;
  line.parts = parts;
  line.estimate = estimate;
}

void dpu_progress_clear(void) {
  if (!line.shown) return;
  fflush(stdout); /* what was printed before the line stays before it */
  fputs("\r\033[K", stderr);
  fflush(stderr);
  line.shown = false;
}

void dpu_progress_stop(void) {
  dpu_progress_clear();
  line.enabled = false;
}
