/* pthread thread functions: create, join, exit, detach, self, equal, attributes. Threads are
 * objects of their own: create, start, exit, join and detach of thread t are events on object
 * t (docs/design.md §5: causal edges create → start, exit → join). */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../interpose.h"
#include "../race.h"
#include "../rt.h"
#include "../symmetry.h"


/* Our layout inside pthread_attr_t (which the program only touches through these calls). */
struct attr_state {
  int detachstate;
  int pad;
  size_t stacksize;
};
_Static_assert(sizeof(struct attr_state) <= sizeof(pthread_attr_t), "attr layout");

int __dpu_pthread_create(pthread_t *out, const pthread_attr_t *attr, void *(*fn)(void *),
                         void *arg) {
  bool detached = attr && ((const struct attr_state *)attr)->detachstate == PTHREAD_CREATE_DETACHED;
  dpu_sym_before_create(detached);
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_THREAD_CREATE, 0);
  /* The store of the new thread's id is the program's write (a worker that reads its
   * sibling's id from a global races with it), made before the thread starts, as glibc does:
   * the new thread is ordered after it. */
  if (out) dpu_race_write(out, sizeof *out);
  int tid = dpu_rt_new_thread(fn, arg);
  if (tid < 0) { /* the create does not happen: its record goes (DPU_LIMIT_THREADS) */
    dpu_rt.shm->nevents--;
    dpu_rt_end(DPU_END_LIMIT, DPU_LIMIT_THREADS, "the program creates more than %u threads",
               dpu_rt.cfg.max_threads ? dpu_rt.cfg.max_threads : DPU_MAX_THREADS);
  }
  e->obj = (uint64_t)tid;
  if (detached) dpu_rt.threads[tid].detached = true;
  if (out) *out = dpu_rt_tid_to_pthread(tid);
  return 0;
}

int __dpu_pthread_join(pthread_t t, void **ret) {
  int tid = dpu_rt_pthread_to_tid(t);
  if (tid == dpu_rt.cur)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_join of the calling thread (it would wait forever)");
  dpu_rt_visible(DPU_OP_THREAD_JOIN, tid < 0 ? UINT64_MAX : (uint64_t)tid);
  if (tid < 0) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_join of an unknown thread");
  struct dpu_rt_thread *u = &dpu_rt.threads[tid];
  if (u->joined) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_join of an already joined thread");
  if (u->detached) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_join of a detached thread");
  u->joined = true;
  dpu_race_thread_join(tid); /* exit -> join */
  dpu_rt_clock_join(u);      /* the joiner's time is at least the joined thread's end */
  dpu_sym_joined(tid, ret != NULL, u->retval);
  if (ret) {
    /* The join's own store, of a value that tells no member apart (dpu_sym_joined told if it
     * does): not an access of the joiner's between its joins (runtime/symmetry.h). */
    uint8_t watch = dpu_sym_watch;
    dpu_sym_watch = 0;
    dpu_race_write(ret, sizeof *ret);
    dpu_sym_watch = watch;
    *ret = u->retval;
  }
  return 0;
}

_Noreturn void __dpu_pthread_exit(void *ret) { dpu_rt_thread_exit(ret); }

pthread_t __dpu_pthread_self(void) {
  dpu_sym_self("pthread_self");
  return dpu_rt_tid_to_pthread(dpu_rt.cur);
}

int __dpu_pthread_equal(pthread_t a, pthread_t b) {
  dpu_sym_target(dpu_rt_pthread_to_tid(a), "pthread_equal");
  dpu_sym_target(dpu_rt_pthread_to_tid(b), "pthread_equal");
  return a == b;
}

int __dpu_pthread_detach(pthread_t t) {
  int tid = dpu_rt_pthread_to_tid(t);
  dpu_rt_visible(DPU_OP_THREAD_DETACH, tid < 0 ? UINT64_MAX : (uint64_t)tid);
  if (tid < 0) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_detach of an unknown thread");
  struct dpu_rt_thread *u = &dpu_rt.threads[tid];
  if (u->joined) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_detach of an already joined thread");
  if (u->detached) dpu_rt_end(DPU_END_MISUSE, 0, "pthread_detach of a detached thread");
  u->detached = true;
  return 0;
}

int __dpu_pthread_attr_init(pthread_attr_t *a) {
  memset(a, 0, sizeof *a);
  ((struct attr_state *)a)->detachstate = PTHREAD_CREATE_JOINABLE;
  return 0;
}

int __dpu_pthread_attr_destroy(pthread_attr_t *a) {
  (void)a;
  return 0;
}

int __dpu_pthread_attr_setdetachstate(pthread_attr_t *a, int state) {
  if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED) return EINVAL;
  ((struct attr_state *)a)->detachstate = state;
  return 0;
}

int __dpu_pthread_attr_getdetachstate(const pthread_attr_t *a, int *state) {
  *state = ((const struct attr_state *)a)->detachstate;
  return 0;
}

/* Program threads all get the stack size of --stack-size; the requested one is remembered only
 * to be read back. */
int __dpu_pthread_attr_setstacksize(pthread_attr_t *a, size_t size) {
  if (size < (size_t)PTHREAD_STACK_MIN) return EINVAL;
  ((struct attr_state *)a)->stacksize = size;
  return 0;
}

int __dpu_pthread_attr_getstacksize(const pthread_attr_t *a, size_t *size) {
  size_t s = ((const struct attr_state *)a)->stacksize;
  *size = s ? s : dpu_rt.cfg.stack_size;
  return 0;
}
