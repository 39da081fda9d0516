/* The steps of an interleaving as the text report shows them (report.h's dpu_report_step_object
 * and defects.h's dpu_step_object are defined here too): each step's object, named when it is
 * in a global of the program (report/fields.h), in columns wide enough for the steps shown. */
#include "steps.h"

#include <stdio.h>
#include <string.h>

#include "../executor/run.h"
#include "fields.h"

/* A value read or written, into buf: above 32 bits, most likely an address, in hex as
 * addresses are shown; else in decimal. */
static void format_value(uint64_t v, char *buf, size_t size) {
  snprintf(buf, size, v >> 32 ? "%#llx" : "%llu", (unsigned long long)v);
}

const char *dpu_step_object(const struct dpu_event_rec *e, char *obj, size_t size) {
  static char what[96]; /* an outcome made of the record's data */
  obj[0] = 0;
  if (e->op == DPU_OP_THREAD_CREATE || e->op == DPU_OP_THREAD_JOIN ||
      e->op == DPU_OP_THREAD_DETACH || e->op == DPU_OP_TSO_DRAIN) {
    if (e->obj == UINT64_MAX) snprintf(obj, size, "(unknown thread)");
    else snprintf(obj, size, "T%llu", (unsigned long long)e->obj);
    return NULL;
  }
  /* The operations on no object of the program's: what they did is their outcome. */
  if (dpu_op_family(e->op) == DPU_FAM_SIGNALS) {
    int sig = e->op == DPU_OP_SIG_SEND ? (int)e->aux : e->result;
    const char *abbrev = sig ? sigabbrev_np(sig) : NULL;
    if (abbrev) snprintf(what, sizeof what, "SIG%s", abbrev);
    else if (sig) snprintf(what, sizeof what, "signal %d", sig);
    else return "none pending";
    return what;
  }
  /* SV-COMP's atomic sections are one section of the whole program, a lock of dpu's own whose
   * address named nothing for a user (a user test). */
  if (dpu_op_is_thread_op(e->op) || dpu_op_family(e->op) == DPU_FAM_PROCESS ||
      e->op == DPU_OP_ATOMIC_BEGIN || e->op == DPU_OP_ATOMIC_END)
    return NULL;
  if (e->flags & DPU_REC_FENCE) { /* ra/rc11's seq_cst fence: no access of the program's */
    snprintf(obj, size, "seq_cst");
    return NULL;
  }
  if (dpu_op_family(e->op) == DPU_FAM_KEYS) { /* the key table: the key */
    if (e->flags & DPU_REC_VALUE) snprintf(obj, size, "key %llu", (unsigned long long)e->value);
    return NULL;
  }
  if (e->op == DPU_OP_NONDET) { /* the value chosen */
    snprintf(what, sizeof what, "= %lld", (long long)e->value);
    return what;
  }
  if (e->op == DPU_OP_CAS_SPURIOUS) /* --spurious-cas: whether the CAS after it fails */
    return e->result ? "= fails spuriously" : "= no spurious failure";
  if (e->op == DPU_OP_READS_FROM) { /* which of the stores the load could read it read */
    char whose[32];
    if (e->from) snprintf(whose, sizeof whose, "T%u's store", e->from - 1u);
    else snprintf(whose, sizeof whose, "the initial value");
    char v[24];
    format_value(e->value, v, sizeof v);
    if (e->result == 0)
      snprintf(what, sizeof what, "= %s (%s, the newest of the %u it may read)", v, whose,
               (unsigned)e->aux);
    else
      snprintf(what, sizeof what, "= %s (%s; %u newer store%s not seen yet)", v, whose,
               (unsigned)e->result, e->result == 1 ? "" : "s");
    return what;
  }
  snprintf(obj, size, "%#llx", (unsigned long long)e->obj);
  if (e->op == DPU_OP_COND_SIGNAL) {
    if (!e->result || e->result > DPU_MAX_THREADS) return "lost";
    snprintf(what, sizeof what, "wakes T%u", e->result - 1u);
    return what;
  }
  if (e->op == DPU_OP_READ || e->op == DPU_OP_WRITE) {
    static char value[32]; /* the value read or written */
    snprintf(value, sizeof value, "= ");
    format_value(e->aux, value + 2, sizeof value - 2);
    return value;
  }
  /* x86-TSO (runtime/models/tso.c): where a load's value came from. */
  if (e->op == DPU_OP_ATOMIC_LOAD && e->flags & (DPU_REC_OWN_BUFFER | DPU_REC_MISSED))
    return e->flags & DPU_REC_OWN_BUFFER ? "its own store, not yet flushed"
                                         : "a store to it waits in a store buffer";
  /* ra/rc11 (runtime/models/ra.c): a store placed before newer stores in modification order */
  if (e->op == DPU_OP_ATOMIC_STORE && e->result && e->from) {
    snprintf(what, sizeof what, "ordered before T%u's store, which it has not seen",
             e->from - 1u);
    return what;
  }
  return dpu_op_outcome_word(e->op, e->result); /* protocol/ops.def */
}

/* The index in r->sites->globals of the global that holds address a, with *offset a's offset
 * in it; -1 if none holds it (or r's executor is not known). */
static long global_index(const struct dpu_report *r, uint64_t a, uint64_t *offset) {
  long i = r->exec ? dpu_run_global_of(r->exec, a, offset) : -1;
  return i >= 0 && (uint64_t)i < r->sites->nglobals ? i : -1;
}

/* See report.h. */
bool dpu_report_global(const struct dpu_report *r, uint64_t a, const char **name,
                       uint64_t *offset) {
  long i = global_index(r, a, offset);
  if (i >= 0) *name = r->sites->globals[i];
  return i >= 0;
}

/* See steps.h. */
bool dpu_report_global_member(const struct dpu_report *r, uint64_t a, char *buf, size_t size) {
  uint64_t off;
  long i = global_index(r, a, &off);
  return i >= 0 && dpu_field_name(r->sites, (size_t)i, off, buf, size) == 0 &&
         strcmp(buf, r->sites->globals[i]) != 0;
}

/* See steps.h. */
bool dpu_report_global_name(const struct dpu_report *r, uint64_t a, char *buf, size_t size) {
  uint64_t off;
  long i = global_index(r, a, &off);
  if (i < 0) return false;
  char path[96];
  off = dpu_field_name(r->sites, (size_t)i, off, path, sizeof path);
  if (!off) snprintf(buf, size, "'%s'", path);
  else snprintf(buf, size, "'%s' + %llu", path, (unsigned long long)off);
  return true;
}

/* The heap blocks of the steps being written (dpu_report_steps_heap). */
static const struct dpu_heap_object *heap;
static uint32_t nheap;

void dpu_report_steps_heap(const struct dpu_defect *d) {
  heap = d ? d->heap : NULL;
  nheap = d && d->heap ? d->nheap : 0;
}

/* See steps.h. */
const struct dpu_heap_object *dpu_report_heap_block(uint64_t a, uint64_t *offset) {
  for (uint32_t i = 0; i < nheap; i++)
    if (a >= heap[i].start && a < heap[i].start + heap[i].size) {
      *offset = a - heap[i].start;
      return &heap[i];
    }
  return NULL;
}

/* "heap@p.c:12" for an address in heap block h of the table (its malloc's file and line), "#2",
 * "#3" after it for a second and third block of that malloc, " + 8" for an offset into it. */
static void heap_name(const struct dpu_report *r, const struct dpu_heap_object *h, uint64_t off,
                      char *buf, size_t size) {
  struct dpu_loc l = r->sites ? dpu_site_loc(r->sites, h->alloc_site) : (struct dpu_loc){0};
  const char *file = l.file ? strrchr(l.file, '/') : NULL;
  file = file ? file + 1 : l.file;
  unsigned nth = 1;
  for (const struct dpu_heap_object *k = heap; k < h; k++) nth += k->alloc_site == h->alloc_site;
  int n = file ? snprintf(buf, size, "heap@%s:%u", file, l.line) : snprintf(buf, size, "heap");
  if (n >= 0 && (size_t)n < size && nth > 1) n += snprintf(buf + n, size - (size_t)n, "#%u", nth);
  if (n >= 0 && (size_t)n < size && off)
    snprintf(buf + n, size - (size_t)n, " + %llu", (unsigned long long)off);
}

/* See report.h. */
const char *dpu_report_step_object(const struct dpu_report *r, const struct dpu_event_rec *e,
                                   char *obj, size_t size) {
  const char *outcome = dpu_step_object(e, obj, size);
  char name[128];
  uint64_t off;
  const struct dpu_heap_object *h;
  if (obj[0] == '0' && dpu_report_global_name(r, e->obj, name, sizeof name))
    snprintf(obj, size, "%.60s", name);
  else if (obj[0] == '0' && (h = dpu_report_heap_block(e->obj, &off)))
    heap_name(r, h, off, obj, size);
  return outcome;
}

/* See steps.h. */
void dpu_report_step_text(const struct dpu_report *r, const struct dpu_event_rec *e, char *obj,
                          size_t cap) {
  const char *outcome = dpu_report_step_object(r, e, obj, cap < 64 ? cap : 64);
  size_t len = strlen(obj);
  char value[24];
  format_value(e->value, value, sizeof value);
  /* `__VERIFIER_nondet = 2`; `read 'busy' = 0` (a read's or write's object is the 8-byte
   * granule: the access is at or after it); `atomic-load 'x' = 1`; `atomic-cas 'top' read
   * 0x7f0a1000 (failed)`; `pthread_mutex_trylock 'm' (busy)` */
  if (dpu_op_is_choice(e->op) && outcome)
    snprintf(obj, cap, "%s", outcome);
  else if (e->op == DPU_OP_READ || e->op == DPU_OP_WRITE)
    snprintf(obj + len, cap - len, " %s", outcome);
  else if (dpu_op_has(e->op, DPU_OPF_ATOMIC) && e->flags & DPU_REC_VALUE)
    snprintf(obj + len, cap - len, " %s %s%s%s%s",
             e->op == DPU_OP_ATOMIC_LOAD || e->op == DPU_OP_ATOMIC_STORE ||
                     e->op == DPU_OP_TSO_FLUSH
                 ? "="
                 : "read",
             value,
             outcome ? " (" : "", outcome ? outcome : "", outcome ? ")" : "");
  else if (outcome)
    snprintf(obj + len, cap - len, " (%s)", outcome);
}

const char *dpu_report_op_name(const struct dpu_report *r, const struct dpu_event_rec *e) {
  if (e->op == DPU_OP_COND_WAIT && r->sites && e->site < r->sites->n &&
      r->sites->v[e->site].callee && strcmp(r->sites->v[e->site].callee,
                                            "pthread_cond_timedwait") == 0)
    return "pthread_cond_timedwait";
  if (e->op == DPU_OP_THREAD_CREATE && e->aux == 1) return "create-store-buffer"; /* tso.c */
  if (e->flags & DPU_REC_FENCE) return "atomic_thread_fence"; /* ra.c */
  return dpu_op_name(e->op);
}

/* The widths of an interleaving's columns: at least the usual ones (step 4, thread 3,
 * operation 22, object 24), wider when a step needs it (a 6-digit step, an operation such as
 * pthread_barrier_wait:leave, a long object: up to 48), so that the columns stay aligned. */
struct columns {
  int step, tid, op, obj;
};

/* "  #STEP Tn OPERATION OBJECT FILE:LINE FUNCTION", columns padded only up to the last one
 * present. */
static void print_step(struct dpu_report *r, const struct columns *w, uint32_t step,
                       const struct dpu_event_rec *e) {
  char obj[96];
  dpu_report_step_text(r, e, obj, sizeof obj);
  struct dpu_loc s = dpu_site_loc(r->sites, e->site);
  FILE *f = r->text;
  if (s.file)
    fprintf(f, "  #%-*u T%-*u %-*s %-*s %s:%u %s\n", w->step, step, w->tid, e->tid, w->op,
            dpu_report_op_name(r, e), w->obj, obj, s.file, s.line, s.function);
  else if (obj[0])
    fprintf(f, "  #%-*u T%-*u %-*s %s\n", w->step, step, w->tid, e->tid, w->op,
            dpu_report_op_name(r, e), obj);
  else
    fprintf(f, "  #%-*u T%-*u %s\n", w->step, step, w->tid, e->tid, dpu_report_op_name(r, e));
}

static int digits(uint32_t v) {
  int n = 1;
  while (v >= 10) v /= 10, n++;
  return n;
}

static void widen(struct dpu_report *r, struct columns *w, uint32_t step,
                  const struct dpu_event_rec *e) {
  char obj[96];
  dpu_report_step_text(r, e, obj, sizeof obj);
  int len = (int)strlen(dpu_report_op_name(r, e)), olen = (int)strlen(obj);
  if (digits(step) > w->step) w->step = digits(step);
  if (digits(e->tid) + 1 > w->tid) w->tid = digits(e->tid) + 1;
  if (len > w->op) w->op = len;
  if (olen > w->obj && olen <= 48) w->obj = olen;
}

/* Whether two steps are the same operation of the same thread at the same place, with the
 * same outcome. */
static bool same_step(const struct dpu_event_rec *a, const struct dpu_event_rec *b) {
  return a->tid == b->tid && a->op == b->op && a->obj == b->obj && a->site == b->site &&
         a->result == b->result && a->aux == b->aux &&
         (a->flags & DPU_REC_VALUE) == (b->flags & DPU_REC_VALUE) &&
         (!(a->flags & DPU_REC_VALUE) || a->value == b->value);
}

uint32_t dpu_report_steps_omitted(uint32_t shown, uint32_t n) {
  return shown > 0 && n > 2 * (uint64_t)shown ? n - 2 * shown : 0;
}

/* See steps.h. */
void dpu_report_print_steps(struct dpu_report *r, const struct dpu_event_rec *steps,
                            uint32_t n) {
  uint32_t keep = r->steps_shown;
  bool elide = dpu_report_steps_omitted(keep, n) > 0;
  struct columns w = {4, 3, 22, 24};
  for (uint32_t i = 0; i < n; i++) {
    if (elide && i == keep) i = n - keep;
    widen(r, &w, i + 1, &steps[i]);
  }
  for (uint32_t i = 0; i < n; i++) {
    if (elide && i == keep) {
      uint32_t last = n - keep;
      fprintf(r->text, "  ... %u steps left out (#%u to #%u; --steps-shown=0 shows them all)\n",
              last - keep, keep + 1, last);
      i = last;
    }
    print_step(r, &w, i + 1, &steps[i]);
    /* In an interleaving too long to show whole, a step repeated as it is (a failed trylock
     * in a loop): once, and how many more. */
    uint32_t end = !elide ? i + 1 : i < keep ? keep : n, j = i + 1;
    while (j < end && same_step(&steps[j], &steps[i])) j++;
    if (j - i > 2) {
      fprintf(r->text, "  ... the same step %u more times (#%u to #%u)\n", j - i - 1, i + 2, j);
      i = j - 1;
    }
  }
}

