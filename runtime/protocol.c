/* Shared-memory region set-up and operation names; see protocol.h. */
#include "protocol.h"

#include <string.h>
#include <sys/mman.h>

static uint32_t align64(uint32_t x) { return (x + 63u) & ~63u; }

struct dpu_shm *dpu_shm_create(uint32_t replay_cap, uint32_t trace_cap, uint32_t output_cap) {
  uint32_t off = align64(sizeof(struct dpu_shm));
  uint32_t replay_off = off;
  off = align64(off + replay_cap * (uint32_t)sizeof(struct dpu_replay_step));
  uint32_t trace_off = off;
  off = align64(off + trace_cap * (uint32_t)sizeof(struct dpu_event_rec));
  uint32_t output_off = off;
  size_t total = (size_t)off + output_cap;
  struct dpu_shm *s =
      mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (s == MAP_FAILED) return NULL;
  memset(s, 0, sizeof *s);
  if (sem_init(&s->req, 1, 0) != 0 || sem_init(&s->done, 1, 0) != 0) {
    munmap(s, total);
    return NULL;
  }
  s->replay_cap = replay_cap;
  s->trace_cap = trace_cap;
  s->output_cap = output_cap;
  s->replay_off = replay_off;
  s->trace_off = trace_off;
  s->output_off = output_off;
  for (unsigned i = 0; i < DPU_MAX_THREADS; i++) s->pending[i].op = DPU_OP_COUNT;
  return s;
}

void dpu_shm_destroy(struct dpu_shm *s) {
  if (!s) return;
  size_t total = (size_t)s->output_off + s->output_cap;
  sem_destroy(&s->req);
  sem_destroy(&s->done);
  munmap(s, total);
}

const char *dpu_op_name(uint8_t op) {
  static const char *const names[DPU_OP_COUNT] = {
      [DPU_OP_THREAD_START] = "start",
      [DPU_OP_THREAD_EXIT] = "exit-thread",
      [DPU_OP_THREAD_CREATE] = "pthread_create",
      [DPU_OP_THREAD_JOIN] = "pthread_join",
      [DPU_OP_THREAD_DETACH] = "pthread_detach",
      [DPU_OP_MUTEX_INIT] = "pthread_mutex_init",
      [DPU_OP_MUTEX_DESTROY] = "pthread_mutex_destroy",
      [DPU_OP_MUTEX_LOCK] = "pthread_mutex_lock",
      [DPU_OP_MUTEX_UNLOCK] = "pthread_mutex_unlock",
      [DPU_OP_MUTEX_TRYLOCK] = "pthread_mutex_trylock",
      [DPU_OP_PROCESS_EXIT] = "exit",
  };
  return op < DPU_OP_COUNT && names[op] ? names[op] : "?";
}
