/* See stacks.h. Placeholder until stack capture lands: no stacks are captured yet. */
#include "stacks.h"

uint32_t dpu_run_stacks(struct dpu_shm *shm, struct dpu_thread_stack *out) {
  (void)shm;
  (void)out;
  return 0;
}

void dpu_stacks_print(FILE *out, const struct dpu_thread_stack *stacks, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    fprintf(out, "  stack of T%u:\n", stacks[i].tid);
    for (uint16_t j = 0; j < stacks[i].nframes; j++) {
      const struct dpu_frame *f = &stacks[i].frames[j];
      fprintf(out, "    #%u %s at %s:%u\n", j, f->function ? f->function : "??",
              f->file ? f->file : "??", f->line);
    }
  }
}
