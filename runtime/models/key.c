/* Thread-specific data: pthread_key_* and the program's thread-local variables. A key's create
 * and delete are visible operations on the key table (ops.def: which key a create returns
 * depends on their order); the values are not (only the owning thread touches its own). Key
 * values live in the thread table and are cleared when a thread is created; destructors run
 * when a thread exits (pthread_exit or return of its start routine), up to
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds, but not at process exit, as POSIX says.
 *
 * Thread-local variables: passes/ turns each `__thread`/`thread_local` global into an ordinary
 * global holding its initial image (a template) and every access into a call of
 * __dpu_tls_address(index). A thread's copies are made on its first access, in its own heap
 * arena (reset with the run). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "../interpose.h"
#include "../race.h"
#include "../rt.h"
#include "../statefp.h"

/* Keys per run (PTHREAD_KEYS_MAX is larger; programs use a handful). */
#define DPU_MAX_KEYS 64

static struct {
  bool used;
  void (*destructor)(void *);
  int creator, deleter;         /* the thread that created it last, deleted it (-1: not since) */
  uint32_t created, deleted;    /* ... at that epoch (dpu_race_epoch) */
} keys[DPU_MAX_KEYS];
static uint32_t run_of_keys; /* run_stamp the table belongs to */

/* Each thread's values, valid when values_run[tid] is this run's stamp (a canonical thread id
 * is created at most once per run), so creating a thread costs nothing here. */
static void *values[DPU_MAX_THREADS][DPU_MAX_KEYS];
static uint32_t values_run[DPU_MAX_THREADS];

/* The key table of this run (reset lazily: most runs use no keys). */
static void keys_current(void) {
  if (run_of_keys == dpu_rt.run_stamp) return;
  memset(keys, 0, sizeof keys);
  run_of_keys = dpu_rt.run_stamp;
}

/* The running thread's values. */
static void **my_values(void) {
  int t = dpu_rt.cur;
  if (values_run[t] != dpu_rt.run_stamp) {
    memset(values[t], 0, sizeof values[t]);
    values_run[t] = dpu_rt.run_stamp;
  }
  return values[t];
}

int __dpu_pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_KEY_CREATE, DPU_KEYS_OBJ);
  keys_current();
  for (unsigned k = 0; k < DPU_MAX_KEYS; k++) {
    if (keys[k].used) continue;
    e->value = k;
    e->flags |= DPU_REC_VALUE;
    keys[k].used = true;
    keys[k].destructor = destructor;
    keys[k].creator = dpu_rt.cur, keys[k].deleter = -1;
    keys[k].created = dpu_race_epoch();
    for (unsigned i = 0; i < dpu_rt.shm->nthread_ids; i++) values[i][k] = NULL;
    dpu_race_write(key, sizeof *key); /* the program's variable */
    *key = k;
    return 0;
  }
  return EAGAIN;
}

int __dpu_pthread_key_delete(pthread_key_t key) {
  struct dpu_event_rec *e = dpu_rt_visible(DPU_OP_KEY_DELETE, DPU_KEYS_OBJ);
  e->value = key;
  e->flags |= DPU_REC_VALUE;
  keys_current();
  if (key >= DPU_MAX_KEYS || !keys[key].used)
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_key_delete of a key that does not exist");
  keys[key].used = false;
  keys[key].deleter = dpu_rt.cur;
  keys[key].deleted = dpu_race_epoch();
  return 0;
}

/* Whether key exists for the running thread. getspecific and setspecific are no operations,
 * so the order of another thread's create or delete with them is not explored, and the run's
 * order must not decide: the key exists when its create happens-before this point and its
 * delete, if any, does not (a delete unordered with this use is taken as not yet made: the
 * use is not explored against it, docs/model.md, "Modelled functions"). Without the race
 * detector's clocks, the run's order decides. */
static bool key_exists(pthread_key_t key) {
  keys_current();
  if (key >= DPU_MAX_KEYS) return false;
  /* (a key never created has epoch 0 in the zeroed table: unknown, and not used) */
  int created = dpu_race_before(keys[key].creator, keys[key].created);
  if (created < 0) return keys[key].used;
  return created && (keys[key].used || dpu_race_before(keys[key].deleter, keys[key].deleted) != 1);
}

void *__dpu_pthread_getspecific(pthread_key_t key) {
  if (!key_exists(key))
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_getspecific of a key that does not exist");
  return my_values()[key];
}

int __dpu_pthread_setspecific(pthread_key_t key, const void *value) {
  if (!key_exists(key))
    dpu_rt_end(DPU_END_MISUSE, 0, "pthread_setspecific of a key that does not exist");
  my_values()[key] = (void *)value;
  return 0;
}

void dpu_rt_keys_at_exit(void) {
  if (run_of_keys != dpu_rt.run_stamp) return; /* no key this run */
  void **vals = my_values();
  for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
    bool called = false;
    for (unsigned k = 0; k < DPU_MAX_KEYS; k++) {
      if (!vals[k] || !keys[k].destructor || !key_exists(k)) continue;
      void *v = vals[k];
      vals[k] = NULL;
      keys[k].destructor(v);
      called = true;
    }
    if (!called) return;
  }
}

/* ---- thread-local variables ------------------------------------------------------------ */

static struct {
  void *const *addrs;
  const uint64_t *sizes;
  uint64_t n;
  uint64_t *offsets;  /* of each variable in a thread's block */
  uint64_t total;     /* bytes per thread */
} tls;

int dpu_rt_tls_register(void *const *addrs, const uint64_t *sizes, uint64_t n) {
  tls.addrs = addrs;
  tls.sizes = sizes;
  tls.n = n;
  tls.offsets = calloc(n ? n : 1, sizeof *tls.offsets);
  if (!tls.offsets) return -1;
  uint64_t off = 0;
  for (uint64_t i = 0; i < n; i++) {
    tls.offsets[i] = off;
    off += (sizes[i] + 63) & ~(uint64_t)63; /* cache-line aligned, enough for any type */
  }
  tls.total = off;
  return 0;
}

long dpu_rt_tls_of(uint64_t a, int *owner, uint64_t *offset, uint64_t *size) {
  for (unsigned k = 0; k < dpu_rt.nthreads; k++) {
    int tid = dpu_rt.order[k];
    uint64_t base = (uint64_t)(uintptr_t)dpu_rt.threads[tid].tls;
    if (!base || a < base || a >= base + tls.total) continue;
    for (uint64_t i = 0; i < tls.n; i++)
      if (a - base >= tls.offsets[i] && a - base < tls.offsets[i] + tls.sizes[i]) {
        *owner = tid;
        *offset = a - base - tls.offsets[i];
        *size = tls.sizes[i];
        return (long)i;
      }
  }
  return -1;
}

void *__dpu_tls_address(uint32_t index) {
  struct dpu_rt_thread *t = &dpu_rt.threads[dpu_rt.cur];
  if (!t->tls) {
    char *block = __dpu_aligned_alloc(64, tls.total ? tls.total : 64);
    if (!block) dpu_rt_end(DPU_END_HEAP, 0, "no heap left for thread-local variables");
    if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)block, tls.total);
    for (uint64_t i = 0; i < tls.n; i++) memcpy(block + tls.offsets[i], tls.addrs[i], tls.sizes[i]);
    t->tls = (void **)block;
  }
  return (char *)t->tls + tls.offsets[index];
}
