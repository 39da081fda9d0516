/* See explore.h. */
#include "explore.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void dpu_explore_say(const struct dpu_explore_sink *sink, bool note, const char *id,
                     const char *fmt, ...) {
  if (!sink->say) return;
  char text[DPU_MSG_MAX + 256]; /* a runner's message and the words around it */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  sink->say(sink->arg, note, id, text);
}

void dpu_explore_notices(const struct dpu_explore_sink *sink, struct dpu_shm *shm) {
  uint32_t n = __atomic_load_n(&shm->nnotices, __ATOMIC_ACQUIRE);
  for (; shm->notices_read < n && shm->notices_read < DPU_MAX_NOTICES; shm->notices_read++) {
    const struct dpu_notice *x = &shm->notices[shm->notices_read];
    if (!__atomic_load_n(&x->ready, __ATOMIC_ACQUIRE)) break; /* still being written */
    if (sink->say) sink->say(sink->arg, x->note, x->id, x->text);
  }
}

bool dpu_run_was_cut(const struct dpu_explore_sink *sink, struct dpu_shm *shm) {
  dpu_explore_notices(sink, shm);
  int end = shm->result.end;
  if (end == DPU_END_DIVERGED && sink->diverged) {
    uint32_t nspin = shm->result.code != DPU_DIVERGED_SPIN ? 0
                     : shm->nspin_sites < DPU_MAX_SPIN_SITES ? shm->nspin_sites
                                                            : DPU_MAX_SPIN_SITES;
    sink->diverged(sink->arg, shm->result.msg, shm->spin_sites, nspin);
    return true;
  }
  if (end == DPU_END_LIMIT || end == DPU_END_DIVERGED) {
    /* once: a limit every run hits */
    dpu_explore_say(sink, false,
                    end == DPU_END_LIMIT && shm->result.code == DPU_LIMIT_THREADS ? "threads-limit"
                                                                                  : "run-cut",
                    "%s", shm->result.msg);
    return true;
  }
  /* A thread stopped at the thread limit, and a defect followed: a defect of the program,
   * found in a prefix of its runs. */
  /* The runtime's words: every id was taken (runtime/models/threads.c). */
  if (shm->result.limited) {
    dpu_explore_say(sink, false, "threads-limit", "the program creates more than %u threads",
                    shm->nthread_ids);
  }
  return false;
}

enum dpu_explore_status dpu_explore_ran(enum dpu_run_status rs,
                                        const struct dpu_explore_options *o,
                                        struct dpu_shm *shm, struct dpu_counts *c, bool *cut) {
  if (rs == DPU_RUN_FAILED) return DPU_EXPLORE_FAILED;
  if (rs == DPU_RUN_DEADLINE) return DPU_EXPLORE_INCOMPLETE;
  c->runs++;
  c->events += shm->nevents;
  c->timed_out += shm->result.end == DPU_END_HANG_TIME;
  if (o->sink.ran) {
    struct dpu_run run;
    dpu_run_decode(shm, &run);
    o->sink.ran(o->sink.arg, &run);
  }
  *cut = dpu_run_was_cut(&o->sink, shm);
  return DPU_EXPLORE_COMPLETE;
}

bool dpu_explore_must_stop(const struct dpu_explore_options *o, const struct dpu_counts *c) {
  if (o->sink.between_runs) o->sink.between_runs(o->sink.arg);
  return (o->max_runs && c->runs >= o->max_runs) || (o->deadline > 0 && dpu_now() >= o->deadline) ||
         (o->interrupted && *o->interrupted);
}

enum dpu_explore_status dpu_explore_replay(struct dpu_executor *exec,
                                           const struct dpu_replay_step *replay, uint32_t n,
                                           const struct dpu_explore_options *o,
                                           struct dpu_explore_result *res) {
  enum dpu_run_status rs = dpu_executor_run(exec, replay, n, o->deadline);
  if (rs == DPU_RUN_FAILED) return DPU_EXPLORE_FAILED;
  if (rs == DPU_RUN_DEADLINE) return DPU_EXPLORE_INCOMPLETE;
  res->counts.runs++;
  res->counts.max_configs++;
  struct dpu_shm *shm = exec->shm;
  unsigned step;
  int tid;
  /* A schedule the user gave may be one for another program or other options: say so, rather
   * than blame the program alone (and count its steps from 1, as they are written). */
  bool misfit = shm->result.end == DPU_END_DIVERGED &&
                sscanf(shm->result.msg, "replay step %u asks for T%d", &step, &tid) == 2;
  if (misfit) { /* the user's input is at fault: exit 2 (issue 37), as for a bad option */
    fprintf(stderr, "dpu: error: the schedule's step %u asks for T%d, which cannot move there: "
            "the schedule does not fit this program with these options (-D, --visible-sites, "
            "its input), or the program does not run the same way every time\n", step + 1, tid);
  }
  if (misfit) return DPU_EXPLORE_BAD_SCHEDULE;
  bool cut = dpu_run_was_cut(&o->sink, shm);
  if (o->sink.trace) {
    struct dpu_run run;
    dpu_run_decode(shm, &run);
    o->sink.trace(o->sink.arg, exec, &run, NULL);
  }
  return cut ? DPU_EXPLORE_INCOMPLETE : DPU_EXPLORE_COMPLETE;
}
