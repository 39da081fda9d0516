/* Spinlocks: the model of a normal mutex (docs/design.md §5). spin_lock blocks until the lock is
 * free (a spinning thread is a blocked one, so a lock never released is a deadlock, not a
 * hang); relocking by the holder, unlocking a lock not held, and using a destroyed lock are
 * misuse. The state is the int itself: 0 free, tid + 1 of the holder, -1 destroyed. */
#include <errno.h>
#include <stdint.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

enum { SPIN_DESTROYED = -1 };

/* Whether thread tid could take the spinlock at obj now (the scheduler asks). */
bool dpu_rt_spin_enabled(uint64_t obj, int tid) {
  int v = *(volatile int *)(uintptr_t)obj;
  return v == SPIN_DESTROYED || dpu_lock_can_run(v, tid + 1);
}

static void check_live(pthread_spinlock_t *l, const char *fn) {
  if (*l == SPIN_DESTROYED) dpu_rt_end(DPU_END_MISUSE, 0, "%s of a destroyed spinlock", fn);
}

int __dpu_pthread_spin_init(pthread_spinlock_t *l, int pshared) {
  (void)pshared;
  dpu_rt_visible(DPU_OP_SPIN_INIT, (uint64_t)(uintptr_t)l);
  if (*l > 0) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_spin_init of a locked spinlock");
  *l = 0;
  return 0;
}

int __dpu_pthread_spin_destroy(pthread_spinlock_t *l) {
  dpu_rt_visible(DPU_OP_SPIN_DESTROY, (uint64_t)(uintptr_t)l);
  check_live(l, "pthread_spin_destroy");
  if (*l > 0) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_spin_destroy of a locked spinlock");
  *l = SPIN_DESTROYED;
  return 0;
}

int __dpu_pthread_spin_lock(pthread_spinlock_t *l) {
  dpu_rt_visible(DPU_OP_SPIN_LOCK, (uint64_t)(uintptr_t)l);
  check_live(l, "pthread_spin_lock");
  if (*l == dpu_rt.cur + 1)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_spin_lock of a spinlock the caller holds (it would "
                                  "spin forever)");
  *l = dpu_rt.cur + 1;
  dpu_race_acquire((uint64_t)(uintptr_t)l, DPU_SYNC_LOCK);
  return 0;
}

int __dpu_pthread_spin_trylock(pthread_spinlock_t *l) {
  __dpu_site = dpu_rt_spin_site(__dpu_site); /* a retry in a spin loop: mutex.c's rule */
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_SPIN_TRYLOCK, (uint64_t)(uintptr_t)l);
  check_live(l, "pthread_spin_trylock");
  if (!dpu_trylock_acquires(*l, dpu_rt.cur + 1, false)) {
    dpu_rt_try_failed((uint64_t)(uintptr_t)l, e->site, *l);
    return EBUSY;
  }
  *l = dpu_rt.cur + 1;
  e->result = 1;
  dpu_race_acquire((uint64_t)(uintptr_t)l, DPU_SYNC_LOCK);
  return 0;
}

int __dpu_pthread_spin_unlock(pthread_spinlock_t *l) {
  dpu_rt_visible(DPU_OP_SPIN_UNLOCK, (uint64_t)(uintptr_t)l);
  check_live(l, "pthread_spin_unlock");
  if (*l == 0) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_spin_unlock of a spinlock that is not locked");
  if (*l != dpu_rt.cur + 1)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_spin_unlock of a spinlock held by T%d", *l - 1);
  *l = 0;
  dpu_race_release((uint64_t)(uintptr_t)l, DPU_SYNC_LOCK);
  return 0;
}
