/* pthread_once (docs/design.md §5): ONCE_ENTER on the once object runs the routine if nobody has
 * (result 1) or returns at once if it is done (result 0), and is blocked while another thread
 * runs it; ONCE_DONE follows the routine. The state is the pthread_once_t itself (0 =
 * PTHREAD_ONCE_INIT, restored with the globals each run). */
#include <stdint.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

bool dpu_rt_once_enabled(uint8_t op, uint64_t obj, int tid) {
  (void)op, (void)tid;
  return dpu_once_enter_can_run(*(volatile int *)(uintptr_t)obj);
}

int __dpu_pthread_once(pthread_once_t *once, void (*routine)(void)) {
  uint32_t site = __dpu_site;
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_ONCE_ENTER, (uint64_t)(uintptr_t)once);
  if (!dpu_once_enter_runs(*once)) {
    dpu_race_acquire((uint64_t)(uintptr_t)once, DPU_SYNC_ONCE); /* the routine -> every caller */
    return 0;
  }
  e->result = 1;
  *once = DPU_ONCE_RUNNING;
  routine();
  __dpu_site = site;
  dpu_rt_visible(DPU_OP_ONCE_DONE, (uint64_t)(uintptr_t)once);
  *once = DPU_ONCE_DONE;
  dpu_race_release((uint64_t)(uintptr_t)once, DPU_SYNC_ONCE);
  return 0;
}
