/* See run.h. */
#include "run.h"

void dpu_run_decode(struct dpu_shm *shm, struct dpu_run *out) {
  uint32_t nraces = shm->nraces < DPU_MAX_RACES ? shm->nraces : DPU_MAX_RACES;
  *out = (struct dpu_run){
      .events = dpu_shm_records(shm),
      .nevents = shm->nevents,
      .result = &shm->result,
      .later = shm->later,
      .nlater = shm->nlater < DPU_MAX_LATER ? shm->nlater : DPU_MAX_LATER,
      .output = dpu_shm_output(shm),
      .output_len = shm->output_len,
      .output_truncated = shm->output_truncated != 0,
      .races = shm->races,
      .nraces = nraces,
      .races_truncated = shm->races_truncated != 0,
      .races_msg = shm->races_incomplete ? shm->races_msg : NULL,
      .capture = shm->capture,
      .ncapture = shm->ncapture,
      .reread_site = shm->reread_site,
      .visible = dpu_shm_visible(shm),
      .visible_cap = shm->visible_cap,
  };
}

enum dpu_run_status dpu_run_capture(struct dpu_executor *exec,
                                    const struct dpu_replay_step *replay, uint32_t n,
                                    const struct dpu_race_rec *race, struct dpu_run *out) {
  struct dpu_shm *shm = exec->shm;
  for (int i = 0; i < 2; i++) {
    const struct dpu_access *a = &race->access[i];
    /* The first access is known by the bytes of its granule that the second touched; the
     * second by the first byte both touch. */
    shm->capture[i] = (struct dpu_race_capture){.tid = a->tid, .flags = a->flags,
                                                .site = a->site, .epoch = a->epoch,
                                                .lo = race->addr, .hi = race->addr + 1};
  }
  shm->ncapture = 2;
  enum dpu_run_status rs = dpu_executor_run(exec, replay, n, 0);
  dpu_run_decode(shm, out);
  shm->ncapture = 0; /* the next runs capture nothing */
  return rs;
}

long dpu_run_global_of(const struct dpu_executor *exec, uint64_t a, uint64_t *offset) {
  const struct dpu_global_addr *g = exec->shm ? dpu_shm_globals(exec->shm) : exec->globals;
  uint32_t n = exec->shm ? exec->shm->nglobals : exec->nglobals;
  for (uint32_t i = 0; i < n; i++)
    if (a >= g[i].addr && a - g[i].addr < g[i].size) {
      *offset = a - g[i].addr;
      return (long)i;
    }
  return -1;
}
