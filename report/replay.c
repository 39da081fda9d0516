/* See report.h. Replay schedules: writing a run's steps as "T:C[/W]" text, reading them back,
 * and the command line that replays a schedule or a defect. */
#include "report.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "defects.h"

/* Whether record e ends a replay step: its outcome is chosen (dpu_op_choice). A signal that
 * woke a thread names it ("T:C/W"), a nondet value its index in the domain ("T:C/I"). */
static unsigned woken_by(const struct dpu_event_rec *e) { return dpu_op_choice(e->op, e->result); }

size_t dpu_replay_format(const struct dpu_event_rec *ev, uint32_t n, char *buf, size_t size) {
  size_t len = 0;
  for (uint32_t i = 0; i < n;) {
    uint32_t j = i;
    while (j < n && ev[j].tid == ev[i].tid && (j == i || !woken_by(&ev[j - 1]))) j++;
    unsigned w = woken_by(&ev[j - 1]);
    int k = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%u:%u",
                     i ? "," : "", ev[i].tid, j - i);
    len += (size_t)k;
    if (w)
      len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
                              "/%u", w - 1);
    i = j;
  }
  if (n == 0 && size) buf[0] = 0;
  return len;
}

long dpu_replay_parse(const char *text, struct dpu_replay_step *steps, size_t cap) {
  size_t n = 0;
  const char *p = text;
  while (*p) {
    char *end;
    unsigned long t = strtoul(p, &end, 10);
    if (end == p || *end != ':' || t >= DPU_MAX_THREADS) return -1;
    p = end + 1;
    unsigned long c = strtoul(p, &end, 10);
    if (end == p || c == 0 || c > UINT32_MAX) return -1;
    if (n == cap) return -1;
    steps[n] = (struct dpu_replay_step){.tid = (uint16_t)t, .count = (uint32_t)c};
    p = end;
    if (*p == '/') {
      unsigned long w = strtoul(p + 1, &end, 10);
      if (end == p + 1 || w >= UINT16_MAX) return -1;
      steps[n].choice = (uint16_t)(w + 1);
      p = end;
    }
    n++;
    if (*p == ',') p++;
    else if (*p) return -1;
  }
  return (long)n;
}


/* ---- replay commands -------------------------------------------------------------------- */

/* Appends " WORD" to f, in single quotes when the shell would otherwise split or expand it. */
static void put_word(FILE *f, const char *s) {
  bool plain = *s != 0;
  for (const char *p = s; *p && plain; p++)
    plain = isalnum((unsigned char)*p) || strchr("_-./:=,+@%^", *p);
  fputc(' ', f);
  if (plain) {
    fputs(s, f);
    return;
  }
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputs("'\\''", f);
    else fputc(*s, f);
  }
  fputc('\'', f);
}

static char *replay_command(const struct dpu_invocation *inv, const char *schedule,
                            const char *visible) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  fputs("dpu replay", f);
  put_word(f, schedule);
  for (int i = 0; i < inv->ncflags; i++) put_word(f, inv->cflags[i]);
  for (int i = 0; i < inv->nrun_flags; i++) put_word(f, inv->run_flags[i]);
  if (visible) fprintf(f, " --visible-sites=%s", visible);
  for (int i = 0; i < inv->ninputs; i++) put_word(f, inv->inputs[i]);
  if (inv->prog_argc) fputs(" --", f);
  for (int i = 0; i < inv->prog_argc; i++) put_word(f, inv->prog_argv[i]);
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

char *dpu_replay_command(const struct dpu_invocation *inv, const char *schedule) {
  return replay_command(inv, schedule, NULL);
}

char *dpu_defect_replay(const struct dpu_invocation *inv, const struct dpu_defect *d) {
  return replay_command(inv, d->schedule, d->visible_sites);
}
