/* See defects.h. */
#include "defects.h"

#include <blake2.h>
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "races.h"
#include "report.h"

const char *dpu_end_kind(int end) {
  switch (end) {
  case DPU_END_ASSERT: return "assertion failure";
  case DPU_END_ABORT: return "abort";
  case DPU_END_EXIT: return "non-zero exit";
  case DPU_END_DEADLOCK: return "deadlock";
  case DPU_END_SIGNAL: return "crash";
  case DPU_END_MISUSE: return "pthread misuse";
  case DPU_END_HEAP: return "heap misuse";
  case DPU_END_MEMORY: return "memory error";
  case DPU_END_HANG_STEPS:
  case DPU_END_HANG_TIME: return "hang";
  case DPU_END_LIVELOCK: return "livelock";
  case DPU_DEFECT_RACE: return "data race";
  default: return "?";
  }
}

const char *dpu_end_kind_id(int end) {
  switch (end) {
  case DPU_END_ASSERT: return "assertion-failure";
  case DPU_END_ABORT: return "abort";
  case DPU_END_EXIT: return "non-zero-exit";
  case DPU_END_DEADLOCK: return "deadlock";
  case DPU_END_SIGNAL: return "crash";
  case DPU_END_MISUSE: return "pthread-misuse";
  case DPU_END_HEAP: return "heap-misuse";
  case DPU_END_MEMORY: return "memory-error";
  case DPU_END_HANG_STEPS:
  case DPU_END_HANG_TIME: return "hang";
  case DPU_END_LIVELOCK: return "livelock";
  case DPU_DEFECT_RACE: return "data-race";
  default: return "unknown";
  }
}

const char *dpu_signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  case SIGABRT: return "SIGABRT";
  case SIGKILL: return "SIGKILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGSYS: return "SIGSYS";
  default: {
    /* Others (a signal the program sends itself): "SIG" and glibc's abbreviation. */
    static char names[65][16];
    const char *abbrev = sig > 0 && sig <= 64 ? sigabbrev_np(sig) : NULL;
    if (!abbrev) return "signal";
    if (!names[sig][0]) snprintf(names[sig], sizeof names[sig], "SIG%s", abbrev);
    return names[sig];
  }
  }
}

struct dpu_loc dpu_site_loc(const struct dpu_site_table *sites, uint32_t id) {
  if (!id || id >= sites->n) return (struct dpu_loc){0};
  const struct dpu_site *s = &sites->v[id];
  return (struct dpu_loc){.function = s->function, .file = s->file, .line = s->line,
                          .column = s->col};
}

void dpu_digest_hex(const uint8_t digest[DPU_DEFECT_DIGEST_BYTES],
                    char hex[2 * DPU_DEFECT_DIGEST_BYTES + 1]) {
  static const char h[] = "0123456789abcdef";
  for (int i = 0; i < DPU_DEFECT_DIGEST_BYTES; i++) {
    hex[2 * i] = h[digest[i] >> 4];
    hex[2 * i + 1] = h[digest[i] & 15];
  }
  hex[2 * DPU_DEFECT_DIGEST_BYTES] = 0;
}

uint32_t dpu_defect_stacks(const struct dpu_run *run, struct dpu_thread_stack *out) {
  uint32_t n = dpu_run_stacks(run, out);
  return n > DPU_MAX_THREADS ? DPU_MAX_THREADS : n;
}

/* The trace events before the run's defect: the other threads may have gone on after it
 * (protocol.h: defect_at). */
static uint32_t steps_to_defect(const struct dpu_run *run) {
  return run->result->defect_at < run->nevents ? run->result->defect_at : run->nevents;
}

/* The last visible operation of thread tid in the trace up to the defect, or NULL: where a
 * thread that crashed or hangs was last seen. */
static const struct dpu_event_rec *last_step_of(const struct dpu_run *run, int32_t tid) {
  const struct dpu_event_rec *ev = run->events;
  for (uint32_t i = steps_to_defect(run); i-- > 0;)
    if (ev[i].tid == tid) return &ev[i];
  return NULL;
}

/* The innermost program frame of thread tid's stack among stacks[0..nstacks) that has a
 * source line, or NULL (no stack captured, or code without debug info). */
static const struct dpu_loc *top_frame(int32_t tid, const struct dpu_thread_stack *stacks,
                                       uint32_t nstacks) {
  for (uint32_t i = 0; i < nstacks; i++)
    if ((int32_t)stacks[i].tid == tid && stacks[i].nframes > 0 && stacks[i].frames[0].file)
      return &stacks[i].frames[0];
  return NULL;
}

/* ---- the digest ---------------------------------------------------------------------------- */

static void feed(blake2b_state *s, const void *p, size_t n) { blake2b_update(s, p, n); }

/* A string and its terminating NUL, so that concatenations cannot collide. */
static void feed_str(blake2b_state *s, const char *str) {
  if (!str) str = "";
  feed(s, str, strlen(str) + 1);
}

static void feed_u32(blake2b_state *s, uint32_t v) {
  uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  feed(s, b, sizeof b);
}

static void feed_loc(blake2b_state *s, struct dpu_loc l) {
  feed_str(s, l.file);
  feed_u32(s, l.line);
  feed_str(s, l.function);
}

/* The message with what changes between runs of the same bug left out: addresses ("0x..." →
 * "0x#", the guest's globals and heap move between dpu invocations), thread numbers ("T2" →
 * "T#", a bug of a function that several threads run is one bug) and offsets in a heap block
 * ("offset 8" → "offset #": a use after free in a loop, one line, was a defect per element;
 * a user test). */
static void feed_message(blake2b_state *s, const char *m) {
  char buf[DPU_MSG_MAX];
  size_t k = 0;
  for (size_t i = 0; m[i] && k + 10 < sizeof buf;) {
    bool word_start = i == 0 || !isalnum((unsigned char)m[i - 1]);
    if (word_start && strncmp(m + i, "offset ", 7) == 0 &&
        (isdigit((unsigned char)m[i + 7]) || m[i + 7] == '-')) {
      memcpy(buf + k, "offset #", 8), k += 8;
      for (i += 8; isdigit((unsigned char)m[i]); i++) {
      }
    } else if (m[i] == '0' && m[i + 1] == 'x' && isxdigit((unsigned char)m[i + 2])) {
      memcpy(buf + k, "0x#", 3), k += 3;
      for (i += 2; isxdigit((unsigned char)m[i]); i++) {
      }
    } else if (word_start && m[i] == 'T' && isdigit((unsigned char)m[i + 1])) {
      memcpy(buf + k, "T#", 2), k += 2;
      for (i++; isdigit((unsigned char)m[i]); i++) {
      }
    } else {
      buf[k++] = m[i++];
    }
  }
  buf[k] = 0;
  feed_str(s, buf);
}

static int cmp_blocked(const void *a, const void *b) {
  const uint32_t *x = a, *y = b;
  return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

/* The blocked operations of a deadlock and their sites, as a set: whichever threads wait
 * there, and however many. Joins are left out when another operation is blocked: a thread
 * joining a blocked thread waits because of it, and where it joins (which thread it waits for
 * first) changes from trace to trace of one deadlock. */
static void feed_blocked(blake2b_state *s, const struct dpu_run_result *res,
                         const struct dpu_site_table *sites) {
  uint32_t key[DPU_MAX_THREADS][2];
  uint32_t nb = res->nblocked < DPU_MAX_THREADS ? res->nblocked : DPU_MAX_THREADS, n = 0;
  bool all_joins = true;
  for (uint32_t i = 0; i < nb; i++) all_joins &= res->blocked[i].op == DPU_OP_THREAD_JOIN;
  for (uint32_t i = 0; i < nb; i++) {
    if (!all_joins && res->blocked[i].op == DPU_OP_THREAD_JOIN) continue;
    key[n][0] = res->blocked[i].op;
    key[n++][1] = res->blocked[i].site;
  }
  qsort(key, n, sizeof key[0], cmp_blocked);
  uint32_t distinct = 0;
  for (uint32_t i = 0; i < n; i++)
    if (i == 0 || cmp_blocked(key[i - 1], key[i]) != 0) distinct++;
  feed_u32(s, distinct);
  for (uint32_t i = 0; i < n; i++) {
    if (i > 0 && cmp_blocked(key[i - 1], key[i]) == 0) continue;
    feed_u32(s, key[i][0]);
    feed_loc(s, dpu_site_loc(sites, key[i][1]));
  }
}

/* The frames of the stack of thread tid among stacks[0..nstacks) (none if it has none). */
static void feed_stack_of(blake2b_state *s, int32_t tid, const struct dpu_thread_stack *stacks,
                          uint32_t nstacks) {
  const struct dpu_thread_stack *st = NULL;
  for (uint32_t i = 0; i < nstacks && !st; i++)
    if ((int32_t)stacks[i].tid == tid) st = &stacks[i];
  uint16_t n = st ? st->nframes : 0;
  if (n > DPU_STACK_DEPTH) n = DPU_STACK_DEPTH;
  feed_u32(s, n);
  for (uint16_t j = 0; j < n; j++) {
    const struct dpu_loc *f = &st->frames[j];
    feed_loc(s, (struct dpu_loc){.function = f->function, .file = f->file, .line = f->line});
  }
}

void dpu_defect_digest(const struct dpu_run *run, const struct dpu_site_table *sites,
                       const struct dpu_thread_stack *stacks, uint32_t nstacks,
                       uint8_t digest[DPU_DEFECT_DIGEST_BYTES]) {
  const struct dpu_run_result *res = run->result;
  blake2b_state s;
  blake2b_init(&s, DPU_DEFECT_DIGEST_BYTES);
  feed_str(&s, "dpu-defect-v2");
  feed_u32(&s, (uint32_t)res->end);
  feed_u32(&s, (uint32_t)res->code);
  /* A deadlock's message counts its blocked threads, which feed_blocked takes as a set. */
  if (res->end != DPU_END_DEADLOCK) feed_message(&s, res->msg);
  feed_loc(&s, dpu_site_loc(sites, res->site));
  if ((res->end == DPU_END_SIGNAL || res->end == DPU_END_HANG_TIME) &&
      !top_frame(res->tid, stacks, nstacks)) {
    /* Without a stack, the faulting thread's last visible operation is its known site. With
     * one, the stack says where it faulted: the last visible operation before it changes
     * between traces of one crash (a racing read made visible, a lock taken or not). */
    const struct dpu_event_rec *last = last_step_of(run, res->tid);
    feed_loc(&s, dpu_site_loc(sites, last ? last->site : 0));
  }
  if (res->end == DPU_END_DEADLOCK) feed_blocked(&s, res, sites);
  /* Only the thread at fault: the other threads' stacks say where they happened to be, which
   * changes from trace to trace of the same bug. A deadlock or a hang by --max-steps has no
   * thread at fault (tid -1, nothing fed). */
  if (res->tid >= 0) feed_stack_of(&s, res->tid, stacks, nstacks);
  blake2b_final(&s, digest, DPU_DEFECT_DIGEST_BYTES);
}

/* ---- the table ----------------------------------------------------------------------------- */

static uint32_t slot_of(const uint8_t *digest, uint32_t nslots) {
  uint32_t h;
  memcpy(&h, digest, sizeof h);
  return h & (nslots - 1);
}

struct dpu_defect *dpu_defects_find(const struct dpu_defects *t,
                                    const uint8_t digest[DPU_DEFECT_DIGEST_BYTES]) {
  if (!t->nslots) return NULL;
  for (uint32_t i = slot_of(digest, t->nslots);; i = (i + 1) & (t->nslots - 1)) {
    uint32_t k = t->slots[i];
    if (!k) return NULL;
    if (memcmp(t->v[k - 1]->digest, digest, DPU_DEFECT_DIGEST_BYTES) == 0) return t->v[k - 1];
  }
}

/* Makes room for one more defect: the array, and the index kept at most half full. */
static int grow(struct dpu_defects *t) {
  if (t->n == t->cap) {
    uint32_t cap = t->cap ? 2 * t->cap : 8;
    struct dpu_defect **v = realloc(t->v, cap * sizeof *v);
    if (!v) return -1;
    t->v = v, t->cap = cap;
  }
  if (2 * (t->n + 1) > t->nslots) {
    uint32_t ns = t->nslots ? 2 * t->nslots : 16;
    uint32_t *slots = calloc(ns, sizeof *slots);
    if (!slots) return -1;
    for (uint32_t k = 0; k < t->n; k++) {
      uint32_t i = slot_of(t->v[k]->digest, ns);
      while (slots[i]) i = (i + 1) & (ns - 1);
      slots[i] = k + 1;
    }
    free(t->slots);
    t->slots = slots, t->nslots = ns;
  }
  return 0;
}

/* Where a memory error's or double free's block was allocated and freed:
 * "; allocated by T0 at prog.c:12 in push, freed by T1 at prog.c:30 in pop". */
static void block_sites(FILE *f, const struct dpu_run_result *res,
                        const struct dpu_site_table *sites) {
  const struct dpu_block_sites *b = &res->block;
  if (!b->alloc_site && !b->free_site) return;
  const char *sep = "; ";
  uint32_t site[2] = {b->alloc_site, b->free_site};
  uint16_t tid[2] = {b->alloc_tid, b->free_tid};
  const char *verb[2] = {"allocated", "freed"};
  for (int i = 0; i < 2; i++) {
    if (!site[i]) continue;
    struct dpu_loc l = dpu_site_loc(sites, site[i]);
    fprintf(f, "%s%s by T%u", sep, verb[i], tid[i]);
    /* Another function than malloc or free did it: "freed by T1 (realloc)", where the line
     * alone made a realloc read as a free (a user test). */
    const char *callee = site[i] < sites->n ? sites->v[site[i]].callee : NULL;
    if (callee && strcmp(callee, "malloc") != 0 && strcmp(callee, "free") != 0)
      fprintf(f, " (%s)", callee);
    if (l.file) fprintf(f, " at %s:%u in %s", l.file, l.line, l.function);
    sep = ", ";
  }
}

/* The message of the text report's first line, after "KIND: ". stacks: the threads' stacks,
 * where a crash names its faulting line. */
static char *format_message(const struct dpu_run *run, const struct dpu_site_table *sites,
                            const struct dpu_thread_stack *stacks, uint32_t nstacks) {
  const struct dpu_run_result *res = run->result;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  struct dpu_loc s = dpu_site_loc(sites, res->site);
  switch (res->end) {
  case DPU_END_DEADLOCK:
    fprintf(f, "%u thread%s blocked:", res->nblocked, res->nblocked == 1 ? "" : "s");
    for (uint32_t i = 0; i < res->nblocked && i < DPU_MAX_THREADS; i++) {
      const struct dpu_blocked *b = &res->blocked[i];
      struct dpu_loc bs = dpu_site_loc(sites, b->site);
      /* The call the program made: pthread_cond_wait, not its wake-up step. */
      const char *name = dpu_op_name(b->op);
      fprintf(f, "%s T%u in %.*s", i ? "," : "", b->tid, (int)strcspn(name, ":"), name);
      if (bs.file) fprintf(f, " at %s:%u", bs.file, bs.line);
    }
    break;
  case DPU_END_SIGNAL: {
    fprintf(f, "%s", dpu_signal_name(res->code));
    if (res->tid >= 0) fprintf(f, " in T%d", res->tid); /* (none when killed from outside) */
    /* Where the thread faulted, from its stack; else where it was: just after its last
     * visible operation. */
    const struct dpu_loc *top = top_frame(res->tid, stacks, nstacks);
    const struct dpu_event_rec *last = last_step_of(run, res->tid);
    if (top) {
      fprintf(f, " at %s:%u in %s", top->file, top->line, top->function);
    } else if (last) {
      struct dpu_loc ls = dpu_site_loc(sites, last->site);
      fprintf(f, " after %s", dpu_op_name(last->op));
      if (ls.file) fprintf(f, " at %s:%u in %s", ls.file, ls.line, ls.function);
    }
    if (res->msg[0]) fprintf(f, " (%s)", res->msg);
    break;
  }
  case DPU_END_HANG_STEPS:
  case DPU_END_HANG_TIME:
    fprintf(f, "%s", res->msg);
    if (s.file) {
      fprintf(f, " (at %s:%u in %s)", s.file, s.line, s.function); /* a spin */
    } else if (res->end == DPU_END_HANG_STEPS && steps_to_defect(run) > 0) {
      /* No thread at fault: the one that took the last step is where the run went round. */
      const struct dpu_event_rec *last = &run->events[steps_to_defect(run) - 1];
      struct dpu_loc ls = dpu_site_loc(sites, last->site);
      fprintf(f, "; the last step: T%u %s", last->tid, dpu_op_name(last->op));
      if (ls.file) fprintf(f, " at %s:%u in %s", ls.file, ls.line, ls.function);
    }
    break;
  default:
    fprintf(f, "%s", res->msg);
    if (s.file) {
      fprintf(f, " (at %s:%u in %s", s.file, s.line, s.function);
      /* A plain read or write that a library function made (strlen, memcpy): which one, as
       * a race's access says (a user test read "read of 12 bytes" at a call of strlen). */
      const char *callee = res->site && res->site < sites->n ? sites->v[res->site].callee : NULL;
      if (res->end == DPU_END_MEMORY && callee && strcmp(callee, "load") != 0 &&
          strcmp(callee, "store") != 0 && (strstr(res->msg, "read of ") ||
                                           strstr(res->msg, "write of ")))
        fprintf(f, ", in %s", callee);
      fputc(')', f);
    } else if (res->end != DPU_END_ASSERT && res->tid >= 0) fprintf(f, " (in T%d)", res->tid);
    if (res->end == DPU_END_MEMORY || res->end == DPU_END_HEAP) block_sites(f, res, sites);
  }
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Where the defect happened, as well as dpu knows: the faulting call; for a crash or a hang,
 * the innermost frame of the thread's stack if it was captured, else its last visible
 * operation; for a deadlock, the call of the first thread blocked on a lock (else of the first
 * blocked thread). */
static void locate(struct dpu_defect *d, const struct dpu_run *run,
                   const struct dpu_site_table *sites) {
  const struct dpu_run_result *res = run->result;
  d->loc = dpu_site_loc(sites, res->site);
  d->loc_exact = d->loc.file != NULL;
  if (d->loc.file) return;
  const struct dpu_loc *f = top_frame(res->tid, d->stacks, d->nstacks);
  if (f) {
    d->loc = (struct dpu_loc){.function = f->function, .file = f->file, .line = f->line,
                              .column = f->column};
    d->loc_exact = true;
    return;
  }
  if (res->end == DPU_END_DEADLOCK) {
    /* A thread waiting for a lock is closer to the cause than one joining a blocked thread. */
    for (int pass = 0; pass < 2 && !d->loc.file; pass++)
      for (uint32_t i = 0; i < d->nblocked && !d->loc.file; i++)
        if (pass == 1 || d->blocked[i].op != DPU_OP_THREAD_JOIN)
          d->loc = dpu_site_loc(sites, d->blocked[i].site);
    d->loc_exact = d->loc.file != NULL;
    return;
  }
  if (res->tid >= 0) {
    const struct dpu_event_rec *last = last_step_of(run, res->tid);
    if (last) d->loc = dpu_site_loc(sites, last->site);
  }
}

void dpu_defect_free(struct dpu_defect *d) {
  if (!d) return;
  free(d->message), free(d->steps), free(d->blocked), free(d->stacks), free(d->output);
  free(d->heap);
  free(d->schedule);
  free(d->visible_sites);
  dpu_race_info_free(d->race);
  free(d);
}

/* A malloc'd copy of p[0..n) (a valid pointer even when n is 0), or NULL. */
void *dpu_copy(const void *p, size_t n) {
  void *q = malloc(n ? n : 1);
  if (q && n) memcpy(q, p, n);
  return q;
}

struct dpu_defect *dpu_defects_add(struct dpu_defects *t, const struct dpu_run *run,
                                   const struct dpu_site_table *sites,
                                   const struct dpu_thread_stack *stacks, uint32_t nstacks,
                                   const uint8_t digest[DPU_DEFECT_DIGEST_BYTES],
                                   uint64_t run_no) {
  if (grow(t) != 0) return NULL;
  const struct dpu_run_result *res = run->result;
  struct dpu_defect *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  const struct dpu_event_rec *ev = run->events;
  /* The run up to the defect, its steps and its output. */
  uint32_t n = steps_to_defect(run);
  uint32_t nout = res->defect_output < run->output_len ? res->defect_output : run->output_len;
  uint32_t nb = res->nblocked < DPU_MAX_THREADS ? res->nblocked : DPU_MAX_THREADS;
  d->end = res->end, d->tid = res->tid, d->code = res->code;
  d->message = format_message(run, sites, stacks, nstacks);
  d->steps = dpu_copy(ev, n * sizeof *ev), d->nsteps = n;
  for (uint32_t i = 0; i < n; i++)
    if (ev[i].tid + 1u > d->nthreads) d->nthreads = ev[i].tid + 1u;
  d->nheap = res->nheap < DPU_MAX_HEAP_OBJECTS ? res->nheap : DPU_MAX_HEAP_OBJECTS;
  d->heap = dpu_copy(res->heap, d->nheap * sizeof *res->heap);
  d->blocked = dpu_copy(res->blocked, nb * sizeof *res->blocked), d->nblocked = nb;
  d->stacks = dpu_copy(stacks, nstacks * sizeof *stacks), d->nstacks = nstacks;
  d->output = dpu_copy(run->output, nout), d->output_len = nout;
  d->output_truncated = run->output_truncated;
  size_t need = dpu_replay_format(ev, n, NULL, 0) + 1;
  d->schedule = malloc(need);
  if (!d->message || !d->steps || !d->heap || !d->blocked || !d->stacks || !d->output ||
      !d->schedule) {
    dpu_defect_free(d);
    return NULL;
  }
  dpu_replay_format(ev, n, d->schedule, need);
  memcpy(d->digest, digest, DPU_DEFECT_DIGEST_BYTES);
  locate(d, run, sites);
  if (dpu_defects_insert(t, d, run_no) != 0) return NULL;
  return d;
}

int dpu_defects_insert(struct dpu_defects *t, struct dpu_defect *d, uint64_t run) {
  if (grow(t) != 0) {
    dpu_defect_free(d);
    return -1;
  }
  d->traces = 1;
  d->first_run = run;
  d->id = t->n + 1;
  t->v[t->n++] = d;
  uint32_t i = slot_of(d->digest, t->nslots);
  while (t->slots[i]) i = (i + 1) & (t->nslots - 1);
  t->slots[i] = d->id;
  return 0;
}

void dpu_defects_free(struct dpu_defects *t) {
  for (uint32_t i = 0; i < t->n; i++) dpu_defect_free(t->v[i]);
  free(t->v);
  free(t->slots);
  memset(t, 0, sizeof *t);
}
