/* Shared-memory region set-up; see protocol.h. */
#include "protocol.h"

#include <string.h>
#include <sys/mman.h>

static uint32_t align64(uint32_t x) { return (x + 63u) & ~63u; }

struct dpu_shm *dpu_shm_create(uint32_t replay_cap, uint32_t records_cap, uint32_t output_cap,
                               uint32_t visible_cap, uint32_t globals_cap) {
  uint32_t off = align64(sizeof(struct dpu_shm));
  uint32_t replay_off = off;
  off = align64(off + replay_cap * (uint32_t)sizeof(struct dpu_replay_step));
  uint32_t records_off = off;
  off = align64(off + records_cap * (uint32_t)sizeof(struct dpu_event_rec));
  uint32_t output_off = off;
  off = align64(off + output_cap);
  uint32_t tsets_off = off;
  uint32_t tsets_cap = dpu_shm_tsets_cap(records_cap);
  off = align64(off + tsets_cap * (uint32_t)sizeof(struct dpu_tset));
  uint32_t states_off = off;
  off = align64(off + records_cap * (uint32_t)sizeof(struct dpu_state_rec));
  uint32_t visible_off = off;
  off = align64(off + visible_cap / 8 + 1);
  uint32_t globals_off = off;
  size_t total = (size_t)off + (size_t)globals_cap * sizeof(struct dpu_global_addr);
  struct dpu_shm *s =
      mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (s == MAP_FAILED) return NULL;
  /* Fresh anonymous memory reads as zeros (mmap(2)): no memset, whose writes would fault in
   * every page of the header at each start-up. */
  if (sem_init(&s->req, 1, 0) != 0 || sem_init(&s->done, 1, 0) != 0) {
    munmap(s, total);
    return NULL;
  }
  s->replay_cap = replay_cap;
  s->records_cap = records_cap;
  s->output_cap = output_cap;
  s->replay_off = replay_off;
  s->records_off = records_off;
  s->output_off = output_off;
  s->tsets_cap = tsets_cap;
  s->tsets_off = tsets_off;
  s->states_off = states_off;
  s->visible_cap = visible_cap;
  s->visible_off = visible_off;
  s->globals_cap = globals_cap;
  s->globals_off = globals_off;
  for (unsigned i = 0; i < DPU_MAX_THREADS; i++) s->pending[i].op = DPU_OP_COUNT;
  return s;
}

void dpu_shm_destroy(struct dpu_shm *s) {
  if (!s) return;
  size_t total = (size_t)s->globals_off + (size_t)s->globals_cap * sizeof(struct dpu_global_addr);
  sem_destroy(&s->req);
  sem_destroy(&s->done);
  munmap(s, total);
}
