/* See waits.h. */
#include "waits.h"

#include <pthread.h>
#include <stdbool.h>

#include "../protocol/rules.h"

/* The operations that wait for a lock's holder: a lock, and a trylock retried in a spin loop
 * (runtime/models/mutex.c: dpu_rt_try_blocks). */
static bool is_lock(uint8_t op) {
  return op == DPU_OP_MUTEX_LOCK || op == DPU_OP_SPIN_LOCK || op == DPU_OP_MUTEX_TRYLOCK ||
         op == DPU_OP_SPIN_TRYLOCK;
}

/* The thread holding lock obj after the steps (tid + 1; 0 none). */
static int32_t holder(const struct dpu_event_rec *steps, uint32_t n, uint64_t obj) {
  int32_t owner = 0;
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; i++) {
    const struct dpu_event_rec *s = &steps[i];
    if (s->obj != obj) continue;
    switch (s->op) {
    case DPU_OP_MUTEX_TRYLOCK:
    case DPU_OP_MUTEX_TIMEDLOCK:
    case DPU_OP_SPIN_TRYLOCK:
      if (!s->result) break; /* busy, timed out */
      /* fall through */
    case DPU_OP_MUTEX_LOCK:
    case DPU_OP_SPIN_LOCK:
      dpu_lock_take(&owner, &count, s->tid + 1, /* a spinlock's aux is no mutex type */
                    s->op != DPU_OP_SPIN_LOCK && s->op != DPU_OP_SPIN_TRYLOCK &&
                        s->aux == PTHREAD_MUTEX_RECURSIVE);
      break;
    case DPU_OP_MUTEX_UNLOCK:
    case DPU_OP_SPIN_UNLOCK:
      dpu_lock_drop(&owner, &count, s->tid + 1);
      break;
    default:
      break;
    }
  }
  return owner;
}

static bool is_rwlock(uint8_t op) {
  return op == DPU_OP_RWLOCK_RDLOCK || op == DPU_OP_RWLOCK_WRLOCK;
}

/* The rwlock obj after the steps: returns its writer (tid + 1; 0 none), and puts the threads
 * that hold read locks of it into readers[0, *nr) (each once, in the order they first took
 * one; at most cap). */
static int32_t rw_holders(const struct dpu_event_rec *steps, uint32_t n, uint64_t obj,
                          uint16_t *readers, uint32_t *nr, uint32_t cap) {
  int32_t writer = 0;
  uint32_t count[16] = {0}; /* read locks held by readers[i] */
  *nr = 0;
  for (uint32_t i = 0; i < n; i++) {
    const struct dpu_event_rec *s = &steps[i];
    if (s->obj != obj) continue;
    bool taken = s->op == DPU_OP_RWLOCK_RDLOCK || s->op == DPU_OP_RWLOCK_WRLOCK || s->result;
    uint32_t k = 0;
    while (k < *nr && readers[k] != s->tid) k++;
    switch (s->op) {
    case DPU_OP_RWLOCK_WRLOCK:
    case DPU_OP_RWLOCK_TRYWRLOCK:
    case DPU_OP_RWLOCK_TIMEDWRLOCK:
      if (taken) writer = s->tid + 1;
      break;
    case DPU_OP_RWLOCK_RDLOCK:
    case DPU_OP_RWLOCK_TRYRDLOCK:
    case DPU_OP_RWLOCK_TIMEDRDLOCK:
      if (!taken || (k == *nr && k == cap)) break;
      if (k == *nr) readers[(*nr)++] = s->tid;
      count[k]++;
      break;
    case DPU_OP_RWLOCK_UNLOCK:
      if (writer == s->tid + 1) writer = 0;
      else if (k < *nr && --count[k] == 0) { /* drop reader k */
        for (uint32_t j = k; j + 1 < *nr; j++) readers[j] = readers[j + 1], count[j] = count[j + 1];
        (*nr)--;
      }
      break;
    default:
      break;
    }
  }
  return writer;
}

int32_t dpu_waits_holder(const struct dpu_defect *d, const struct dpu_blocked *b) {
  if (d->end != DPU_END_DEADLOCK || !(is_lock(b->op) || is_rwlock(b->op))) return -1;
  if (is_lock(b->op)) return holder(d->steps, d->nsteps, b->obj) - 1;
  uint16_t readers[16];
  uint32_t nr;
  return rw_holders(d->steps, d->nsteps, b->obj, readers, &nr, 16) - 1;
}

bool dpu_waits_ended(const struct dpu_defect *d, int32_t t) {
  for (uint32_t i = 0; i < d->nsteps; i++)
    if (d->steps[i].op == DPU_OP_THREAD_EXIT && d->steps[i].tid == t) return true;
  return false;
}

/* ", which has ended" when thread t has ended (it holds the lock for good), else "". */
static const char *ended(const struct dpu_defect *d, int32_t t) {
  return dpu_waits_ended(d, t) ? ", which has ended" : "";
}

/* What blocked thread b waits for, after "T1 ": "for 'b' (held by T2)", "for a signal on
 * 'c'", "for T2 to end". */
static void print_wait(FILE *f, const struct dpu_report *r, const struct dpu_defect *d,
                       const struct dpu_blocked *b) {
  char obj[64];
  if (b->op == DPU_OP_THREAD_JOIN) {
    fprintf(f, " for T%llu to end", (unsigned long long)b->obj);
    return;
  }
  dpu_report_step_object(r, &(struct dpu_event_rec){.op = b->op, .obj = b->obj}, obj,
                          sizeof obj);
  switch (b->op) {
  case DPU_OP_COND_RESUME: fprintf(f, " for a signal on %s", obj); return;
  case DPU_OP_SEM_WAIT: fprintf(f, " for a post on %s", obj); return;
  case DPU_OP_BARRIER_LEAVE: fprintf(f, " for the rest of the round of %s", obj); return;
  case DPU_OP_ONCE_ENTER: fprintf(f, " for %s's routine to return", obj); return;
  default: break;
  }
  fprintf(f, " for %s", obj);
  if (is_rwlock(b->op)) {
    uint16_t readers[16];
    uint32_t nr;
    int32_t w = rw_holders(d->steps, d->nsteps, b->obj, readers, &nr, 16) - 1;
    if (w >= 0) fprintf(f, " (write-locked by T%d%s)", w, ended(d, w));
    for (uint32_t i = 0; w < 0 && i < nr; i++)
      fprintf(f, "%sT%u%s", i ? ", " : " (read-locked by ", readers[i], i + 1 == nr ? ")" : "");
    return;
  }
  int32_t h = dpu_waits_holder(d, b);
  if (h >= 0) fprintf(f, " (held by T%d%s)", h, ended(d, h));
}

bool dpu_waits_could_run(const struct dpu_defect *d, const struct dpu_blocked *b) {
  return d->end == DPU_END_HANG_STEPS && d->code != DPU_HANG_SPIN && b->enabled;
}

/* A hang by --max-steps: the threads that could have taken the next step and what each was
 * about to do. With two or more, the schedule that hung may only have starved one of them (a
 * retry loop run while the thread it waits for never is; docs/reports.md, Defect kinds). */

static void print_could_run(FILE *f, const struct dpu_report *r, const struct dpu_defect *d) {
  unsigned n = 0;
  for (uint32_t i = 0; i < d->nblocked && i < DPU_MAX_THREADS; i++) {
    const struct dpu_blocked *b = &d->blocked[i];
    if (!dpu_waits_could_run(d, b)) continue;
    char obj[64];
    dpu_report_step_object(r, &(struct dpu_event_rec){.op = b->op, .obj = b->obj}, obj,
                           sizeof obj);
    struct dpu_loc l = r->sites ? dpu_site_loc(r->sites, b->site) : (struct dpu_loc){0};
    fprintf(f, "%s T%u %s %s", n++ ? "," : "  could run:", b->tid, dpu_op_name(b->op), obj);
    if (l.file) fprintf(f, " at %s:%u", l.file, l.line);
  }
  if (n) fputc('\n', f);
  if (n > 1)
    fprintf(f, "  (%u threads could run, and took turns: each goes round a loop without end, "
               "waiting for what none of them will do, or a livelock)\n", n);
}

void dpu_waits_print(FILE *f, const struct dpu_report *r, const struct dpu_defect *d) {
  print_could_run(f, r, d);
  if (d->end != DPU_END_DEADLOCK) return;
  for (uint32_t i = 0; i < d->nblocked && i < DPU_MAX_THREADS; i++) {
    fprintf(f, "%s T%u", i ? "," : "  waits:", d->blocked[i].tid);
    print_wait(f, r, d, &d->blocked[i]);
  }
  if (d->nblocked) fputc('\n', f);
}
