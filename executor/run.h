/* One run as the explorers and the reports read it (issue #14): decoded from the shared-memory
 * region (protocol.h) once the run is over, so that nothing past the executor needs the
 * region's layout. Its events in execution order, how it ended (with the threads' raw stacks,
 * report/stacks.h decodes them), the program's output, the data races the runner found and what
 * it warned of. */
#ifndef DPU_RUN_H
#define DPU_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "../protocol/protocol.h"
#include "executor.h"

struct dpu_run {
  const struct dpu_event_rec *events; /* nevents records, in execution order */
  uint32_t nevents;
  struct dpu_run_result *result;       /* how it ended: end, code, thread, site, message, the
                                        * threads still blocked, stacks, where a defect was
                                        * (the report may reword the message: a spin hang
                                        * names its variable) */
  const struct dpu_later_defect *later; /* nlater defects of the run after result's, in the
                                         * order they happened (protocol.h) */
  uint32_t nlater;
  const char *output;                  /* output_len bytes the program wrote (not terminated) */
  uint32_t output_len;
  bool output_truncated;               /* more than the executor keeps */
  const struct dpu_race_rec *races;    /* nraces pairs of racing accesses (runtime/race.h),
                                        * at most DPU_MAX_RACES of them */
  uint32_t nraces;
  bool races_truncated;                /* more distinct pairs than DPU_MAX_RACES */
  const char *races_msg;               /* why detection gave up on some memory, or NULL */
  const struct dpu_race_capture *capture; /* the accesses whose stacks the run captured, when
                                           * dpu_run_capture asked: ncapture */
  uint32_t ncapture;
  uint32_t reread_site;                /* a waiting loop's read the scheduler let others
                                        * pass (protocol.h: reread_site), 0: none */
  const uint8_t *visible;              /* the access sites visible in the run: bit i of byte
                                        * i / 8 for site i < visible_cap */
  uint32_t visible_cap;
};

/* The run the region shm holds now. Borrows shm: valid until its next run. */
void dpu_run_decode(struct dpu_shm *shm, struct dpu_run *out);

/* The capture run of a data race (docs/design.md §7): runs replay[0..n), the trace of a run
 * that recorded race (runtime/race.h), again (no deadline) with the runner capturing the
 * stacks of the race's two accesses, and decodes it into *out (out->capture[i] says whether
 * and where access i was found; report/races.h completes the race's defect from it). Returns
 * how the run went (executor.h). */
enum dpu_run_status dpu_run_capture(struct dpu_executor *exec,
                                    const struct dpu_replay_step *replay, uint32_t n,
                                    const struct dpu_race_rec *race, struct dpu_run *out);

/* The program's writable global that holds address a: its index in the program's table of
 * globals (the order of the site table's names, passes/sites.h), with *offset set to a's
 * offset in it; -1 when a is in none. */
long dpu_run_global_of(const struct dpu_executor *exec, uint64_t a, uint64_t *offset);

#endif
