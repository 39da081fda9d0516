/* Shared-memory region set-up and operation names; see protocol.h. */
#include "protocol.h"

#include <string.h>
#include <sys/mman.h>

static uint32_t align64(uint32_t x) { return (x + 63u) & ~63u; }

struct dpu_shm *dpu_shm_create(uint32_t replay_cap, uint32_t trace_cap, uint32_t output_cap,
                               uint32_t visible_cap, uint32_t globals_cap) {
  uint32_t off = align64(sizeof(struct dpu_shm));
  uint32_t replay_off = off;
  off = align64(off + replay_cap * (uint32_t)sizeof(struct dpu_replay_step));
  uint32_t trace_off = off;
  off = align64(off + trace_cap * (uint32_t)sizeof(struct dpu_event_rec));
  uint32_t output_off = off;
  off = align64(off + output_cap);
  uint32_t visible_off = off;
  off = align64(off + visible_cap / 8 + 1);
  uint32_t globals_off = off;
  size_t total = (size_t)off + (size_t)globals_cap * sizeof(struct dpu_global_addr);
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
      [DPU_OP_MUTEX_TIMEDLOCK] = "pthread_mutex_timedlock",
      [DPU_OP_SPIN_INIT] = "pthread_spin_init",
      [DPU_OP_SPIN_DESTROY] = "pthread_spin_destroy",
      [DPU_OP_SPIN_LOCK] = "pthread_spin_lock",
      [DPU_OP_SPIN_UNLOCK] = "pthread_spin_unlock",
      [DPU_OP_SPIN_TRYLOCK] = "pthread_spin_trylock",
      [DPU_OP_ATOMIC_BEGIN] = "__VERIFIER_atomic_begin",
      [DPU_OP_ATOMIC_END] = "__VERIFIER_atomic_end",
      [DPU_OP_COND_INIT] = "pthread_cond_init",
      [DPU_OP_COND_DESTROY] = "pthread_cond_destroy",
      [DPU_OP_COND_WAIT] = "pthread_cond_wait",
      [DPU_OP_COND_RESUME] = "pthread_cond_wait:wake",
      [DPU_OP_COND_TIMEDRESUME] = "pthread_cond_timedwait:wake",
      [DPU_OP_COND_SPURIOUS] = "pthread_cond_wait:wake",
      [DPU_OP_COND_SIGNAL] = "pthread_cond_signal",
      [DPU_OP_COND_BROADCAST] = "pthread_cond_broadcast",
      [DPU_OP_RWLOCK_INIT] = "pthread_rwlock_init",
      [DPU_OP_RWLOCK_DESTROY] = "pthread_rwlock_destroy",
      [DPU_OP_RWLOCK_RDLOCK] = "pthread_rwlock_rdlock",
      [DPU_OP_RWLOCK_WRLOCK] = "pthread_rwlock_wrlock",
      [DPU_OP_RWLOCK_TRYRDLOCK] = "pthread_rwlock_tryrdlock",
      [DPU_OP_RWLOCK_TRYWRLOCK] = "pthread_rwlock_trywrlock",
      [DPU_OP_RWLOCK_TIMEDRDLOCK] = "pthread_rwlock_timedrdlock",
      [DPU_OP_RWLOCK_TIMEDWRLOCK] = "pthread_rwlock_timedwrlock",
      [DPU_OP_RWLOCK_UNLOCK] = "pthread_rwlock_unlock",
      [DPU_OP_SEM_INIT] = "sem_init",
      [DPU_OP_SEM_DESTROY] = "sem_destroy",
      [DPU_OP_SEM_WAIT] = "sem_wait",
      [DPU_OP_SEM_TRYWAIT] = "sem_trywait",
      [DPU_OP_SEM_TIMEDWAIT] = "sem_timedwait",
      [DPU_OP_SEM_POST] = "sem_post",
      [DPU_OP_SEM_GETVALUE] = "sem_getvalue",
      [DPU_OP_BARRIER_INIT] = "pthread_barrier_init",
      [DPU_OP_BARRIER_DESTROY] = "pthread_barrier_destroy",
      [DPU_OP_BARRIER_ARRIVE] = "pthread_barrier_wait",
      [DPU_OP_BARRIER_LEAVE] = "pthread_barrier_wait:leave",
      [DPU_OP_ONCE_ENTER] = "pthread_once",
      [DPU_OP_ONCE_DONE] = "pthread_once:done",
      [DPU_OP_ATOMIC_LOAD] = "atomic-load",
      [DPU_OP_ATOMIC_STORE] = "atomic-store",
      [DPU_OP_ATOMIC_RMW] = "atomic-rmw",
      [DPU_OP_ATOMIC_CAS] = "atomic-cas",
      [DPU_OP_READ] = "read",
      [DPU_OP_WRITE] = "write",
      [DPU_OP_PROCESS_EXIT] = "exit",
      [DPU_OP_THREAD_KILL] = "killed-by-exit",
      [DPU_OP_SIG_SEND] = "signal-pending",
      [DPU_OP_SIG_WAIT] = "sigwait",
      [DPU_OP_SIG_TRYWAIT] = "sigtimedwait",
      [DPU_OP_NONDET] = "__VERIFIER_nondet",
  };
  return op < DPU_OP_COUNT && names[op] ? names[op] : "?";
}
