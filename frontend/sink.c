/* See sink.h. */
#include "sink.h"

#include <stdio.h>
#include <stdlib.h>

#include "../explorer/fingerprint.h"
#include "../passes/instrument.h"
#include "../report/progress.h"
#include "../report/races.h"
#include "../report/warnings.h"

static void ran(void *arg, const struct dpu_run *run) {
  struct dpu_sink *s = arg;
  dpu_report_racing_sites(s->rep, run);
}

/* The capture run of race defect d (docs/design.md §7): its trace again on exec, the runner
 * capturing both accesses, and d completed from that run (or as it is, if the run failed). */
static void capture(struct dpu_executor *exec, struct dpu_defect *d,
                    const struct dpu_site_table *sites) {
  struct dpu_replay_step *replay = calloc(d->nsteps + 1, sizeof *replay);
  long n = replay ? dpu_replay_parse(d->schedule, replay, d->nsteps + 1) : -1;
  struct dpu_run run;
  bool done = n >= 0 && dpu_run_capture(exec, replay, (uint32_t)n, &d->race->rec, &run) ==
                            DPU_RUN_DONE;
  free(replay);
  dpu_race_captured(d, done ? &run : NULL, sites);
}

/* A new trace: accounted by the report, each new race captured, then the new defects printed.
 * The report names globals in exec's table while it reports the trace. */
static bool trace(void *arg, struct dpu_executor *exec, const struct dpu_run *run,
                  const uint8_t *fp) {
  struct dpu_sink *s = arg;
  struct dpu_report *r = s->rep;
  if (fp) dpu_report_trace(r, fp, DPU_FP_BYTES);
  struct dpu_executor *own = r->exec;
  r->exec = exec;
  struct dpu_defect *fresh[DPU_REPORT_MAX_NEW];
  uint32_t n = dpu_report_run(r, run, fresh); /* before a capture run replaces run */
  for (uint32_t i = 0; i < n; i++)
    if (fresh[i]->race) {
      if (s->capture) capture(exec, fresh[i], r->sites);
      else dpu_race_captured(fresh[i], NULL, r->sites);
    }
  dpu_report_new_defects(r, fresh, n);
  r->exec = own;
  return n > 0;
}

static void diverged(void *arg, const char *msg, const uint32_t *spin, uint32_t nspin) {
  struct dpu_sink *s = arg;
  if (!s->defer_divergence) {
    dpu_warn("run-cut", "%s", msg); /* once: a limit every run hits */
    return;
  }
  if (!s->divergence[0]) snprintf(s->divergence, sizeof s->divergence, "%s", msg);
  for (uint32_t i = 0; i < nspin && s->nspin < sizeof s->spin / sizeof *s->spin; i++)
    s->spin[s->nspin++] = spin[i];
}

static void say(void *arg, bool note, const char *id, const char *text) {
  (void)arg;
  dpu_say(stderr, note ? DPU_SAY_NOTE : DPU_SAY_WARNING, id, NULL, "%s", text);
}

static void say_site(void *arg, bool note, const char *id, uint32_t site, const char *head,
                     const char *tail) {
  struct dpu_sink *s = arg;
  const struct dpu_site_table *t = s->rep->sites;
  enum dpu_say_kind kind = note ? DPU_SAY_NOTE : DPU_SAY_WARNING;
  if (!t || site >= t->n || !t->v[site].file) {
    dpu_say(stderr, kind, id, NULL, "%s%s", head, tail);
    return;
  }
  const struct dpu_site *w = &t->v[site];
  struct dpu_say_loc at = {.file = w->file, .function = w->function, .line = w->line};
  dpu_say(stderr, kind, id, &at, "%s at %s:%u in %s%s", head, w->file, w->line,
          w->function ? w->function : "?", tail);
}

/* Between runs: the progress line, and a pending rewrite of the report's file. */
static void between_runs(void *arg) {
  struct dpu_sink *s = arg;
  dpu_progress_tick();
  dpu_report_tick(s->rep);
}

static void parts(void *arg, uint32_t done, uint32_t nparts, double estimate) {
  (void)arg;
  dpu_progress_parts(done, nparts, estimate);
}

void dpu_sink_pass_note(void *arg, const struct dpu_pass_note *n) {
  (void)arg;
  struct dpu_say_loc at = {.file = n->file, .function = n->function, .line = n->line,
                           .column = n->column};
  dpu_say(stderr, DPU_SAY_NOTE, n->id, n->file ? &at : NULL, "%s", n->text);
}

struct dpu_explore_sink dpu_sink_for(struct dpu_sink *s, bool fingerprints) {
  return (struct dpu_explore_sink){.arg = s, .ran = ran, .trace = trace,
                                   .fingerprints = fingerprints, .diverged = diverged, .say = say,
                                   .say_site = say_site,
                                   .between_runs = between_runs, .parts = parts};
}
