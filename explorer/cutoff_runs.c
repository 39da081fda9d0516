/* The runs that stop at a cutoff (cutoff.h), in QPOR's accounting: a maximal configuration of
 * the unfolding without cutoffs, a livelock past the cut, and the livelock of a program no
 * execution of which ends; see qpor_impl.h. */
#include "qpor_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fingerprint.h"

/* Writes the threads of *set into buf (size bytes) as "T1, T2" (as many as fit) and returns
 * how many it wrote. */
static unsigned thread_list(const struct dpu_tset *set, char *buf, size_t size) {
  size_t len = 0;
  unsigned n = 0;
  buf[0] = 0;
  for (unsigned t = 0; t < DPU_PES_MAX_THREADS && len + 16 < size; t++)
    if (dpu_tset_has(set, t))
      n++, len += (size_t)snprintf(buf + len, size - len, "%sT%u", len ? ", " : "", t);
  return n;
}

/* Keeps the configuration C_m = ev[0, n) where the run in shm stopped at a cutoff with the
 * process alive, for qpor_livelock: its replay, and the threads the run took past it. */
static void keep_live(struct qpor *q) {
  struct dpu_cutoffs *c = &q->u->cut;
  struct dpu_shm *shm = q->exec->shm;
  const struct dpu_event_rec *rec = dpu_shm_records(shm);
  c->live = malloc((q->n + 1) * sizeof *c->live);
  if (!c->live) return; /* (no livelock report: it is not needed for the exploration) */
  c->nlive = 0;
  for (uint32_t i = 0; i < q->n; i++)
    dpu_replay_push(c->live, &c->nlive, q->ev[i]->tid, dpu_op_choice(q->ev[i]->op,
                                                                     q->ev[i]->result));
  c->live_frames = q->n;
  c->live_tid = -1;
  struct dpu_tset seen;
  dpu_tset_clear(&seen);
  for (uint32_t k = q->n; k < shm->nevents && k < q->n + 256; k++) {
    if (dpu_tset_has(&seen, rec[k].tid)) continue;
    dpu_tset_add(&seen, rec[k].tid);
    if (c->live_tid < 0) c->live_tid = rec[k].tid, c->live_site = rec[k].site;
  }
  thread_list(&seen, c->live_threads, sizeof c->live_threads);
}

void qpor_livelock(struct qpor *q) {
  struct dpu_cutoffs *c = &q->u->cut;
  const struct dpu_explore_sink *sink = &q->o->sink;
  if (!q->u->cutoffs || c->ended || c->livelocks || !c->live || c->live_tid < 0 || !sink->trace)
    return;
  dpu_executor_run(q->exec, c->live, c->nlive, q->o->deadline);
  struct dpu_run run;
  dpu_run_decode(q->exec->shm, &run);
  struct dpu_run_result res = *run.result;
  res.end = DPU_END_LIVELOCK;
  res.code = 0;
  res.tid = c->live_tid;
  res.site = c->live_site;
  res.defect_at = c->live_frames < run.nevents ? c->live_frames : run.nevents;
  res.defect_output = run.output_len;
  snprintf(res.msg, sizeof res.msg, "%s %s round states reached before for ever: no execution "
           "of the program ends", c->live_threads, strchr(c->live_threads, ',') ? "go" : "goes");
  run.result = &res;
  run.nlater = 0;
  sink->trace(sink->arg, q->exec, &run, NULL);
}

/* Makes *res, a run's hang at --max-steps past the cut at its m-th record, the livelock of the
 * threads that moved in its last DPU_FAIR_WINDOW records ("T1, T2 go round ...", at the
 * first record past the cut), and cuts *run's records to the first DPU_ROUND_SHOWN past the
 * cut: the interleaving shown goes to where they start going round and a little way on (its
 * replay, run alone, goes on to a hang). */
#define DPU_FAIR_WINDOW 1024u
#define DPU_ROUND_SHOWN 32u
static void went_round(struct dpu_run_result *res, struct dpu_run *run, uint32_t m) {
  struct dpu_tset seen;
  dpu_tset_clear(&seen);
  uint32_t from = run->nevents > m + DPU_FAIR_WINDOW ? run->nevents - DPU_FAIR_WINDOW : m;
  for (uint32_t k = from; k < run->nevents; k++) dpu_tset_add(&seen, run->events[k].tid);
  char who[96];
  unsigned n = thread_list(&seen, who, sizeof who);
  res->end = DPU_END_LIVELOCK;
  res->code = 0;
  /* where: the least site of the window, the same in every run that goes round the same
   * loops (the report tells defects apart by kind, site and message) */
  for (uint32_t k = from, least = UINT32_MAX; k < run->nevents; k++)
    if (run->events[k].site && run->events[k].site < least)
      least = res->site = run->events[k].site, res->tid = run->events[k].tid;
  if (run->nevents > m + DPU_ROUND_SHOWN) run->nevents = m + DPU_ROUND_SHOWN;
  res->defect_at = run->nevents;
  snprintf(res->msg, sizeof res->msg,
           "%s %s round states reached before: past a cutoff the run went on for --max-steps, "
           "every thread that could move taking turns, and did not end",
           who, n > 1 ? "go" : "goes");
}

int qpor_finish_cut_off(struct qpor *q) {
  struct dpu_shm *shm = q->exec->shm;
  const struct dpu_explore_sink *sink = &q->o->sink;
  q->c->max_configs++;
  q->c->cut_off++;
  q->traces++;
  /* A spin that the spin-loop rule found endless (every live thread waits, one of them
   * re-reading what no thread will change) is where the program stops for good: it ends
   * there, as a hang. Its reads repeat a state, so every run that reaches it meets a cutoff
   * first: it is reported past the cut. */
  const struct dpu_run_result *end = &shm->result;
  bool spin = end->end == DPU_END_HANG_STEPS && end->code == DPU_HANG_SPIN;
  /* A run that went on past the cut for --max-steps under the policy past the replay, which
   * is fair (runtime/sched.c take_turns: every thread that can move gets turns), did not end
   * where the exploration from the state reached before cannot end either: its future is cut
   * there too. So it is reported here, as a livelock (docs/cutoffs.md, "Livelock"). */
  bool livelock = end->end == DPU_END_HANG_STEPS && !spin;
  bool exited = spin;
  for (uint32_t i = 0; i < q->n && !exited; i++) exited = q->ev[i]->op == DPU_OP_PROCESS_EXIT;
  if (exited) q->c->cutoff_ended = ++q->u->cut.ended;
  else if (!q->u->cut.live) keep_live(q);
  if (!sink->trace) return 0;
  uint8_t fp[DPU_FP_BYTES];
  bool print = sink->fingerprints && dpu_fingerprint(dpu_shm_records(shm), q->n, fp) == 0;
  struct dpu_run run;
  dpu_run_decode(shm, &run);
  struct dpu_run_result res = *run.result;
  if (livelock) {
    q->u->cut.livelocks++;
    went_round(&res, &run, q->n);
  } else if (!spin && (!dpu_end_is_defect(res.end) || res.defect_at > q->n)) {
    res.end = DPU_END_OK;
    res.code = 0;
    res.msg[0] = 0;
  }
  struct dpu_later_defect later[DPU_MAX_LATER];
  uint32_t nlater = 0;
  for (uint32_t i = 0; i < run.nlater; i++)
    if (run.later[i].defect_at <= q->n) later[nlater++] = run.later[i];
  run.result = &res;
  run.later = later, run.nlater = nlater;
  return sink->trace(sink->arg, q->exec, &run, print ? fp : NULL);
}
