/* See races.h. */
#include "races.h"
#include "fields.h"

#include <blake2.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

const char *dpu_race_kind(uint8_t flags) {
  static const char *const k[4] = {"read", "write", "atomic read", "atomic write"};
  return k[flags & 3];
}

static const char *site_what(const struct dpu_site_table *sites, uint32_t id) {
  return id && id < sites->n ? sites->v[id].callee : "?";
}

/* Whether another site of the same kind (the same callee: "load", "store", ...) lies on the
 * line of site id at another column: `b[0][s - 1] + b[0][s - 1]`'s two loads. Two races of
 * such a line differ in the column only, and the text must say which is which (a user test
 * found two defects that read the same). O(sites), once per new race. */
static bool line_shared(const struct dpu_site_table *sites, uint32_t id) {
  if (!id || id >= sites->n) return false;
  const struct dpu_site *a = &sites->v[id];
  for (uint32_t i = 1; i < sites->n; i++) {
    const struct dpu_site *b = &sites->v[i];
    if (b->line == a->line && b->col != a->col && b->file && a->file && b->callee &&
        a->callee && strcmp(b->callee, a->callee) == 0 && strcmp(b->file, a->file) == 0)
      return true;
  }
  return false;
}

/* ---- digest ------------------------------------------------------------------------------ */

/* The identity of one access site as the programmer sees it: file, line, column and function.
 * The load and the store of `x++` are one site: two threads running `x++` make one race, not
 * three (read/write, write/read, write/write). */
static void site_key(const struct dpu_site_table *sites, const struct dpu_access *a, char *buf,
                     size_t size) {
  struct dpu_loc l = dpu_site_loc(sites, a->site);
  snprintf(buf, size, "%s:%u:%u:%s", l.file ? l.file : "?", l.line, l.column,
           l.function ? l.function : "?");
}

/* Which of the race's two accesses gives the defect its location and thread: the one whose
 * site key comes first, so that the JSON and SARIF location of one race (one digest) is the
 * same whichever trace shows it, and whichever access comes first there (-j). */
static int located_access(const struct dpu_race_rec *rec, const struct dpu_site_table *sites) {
  char a[1024], b[1024];
  site_key(sites, &rec->access[0], a, sizeof a);
  site_key(sites, &rec->access[1], b, sizeof b);
  return strcmp(a, b) <= 0 ? 0 : 1;
}

void dpu_race_digest(const struct dpu_race_rec *rec, const struct dpu_site_table *sites,
                     uint8_t digest[DPU_DEFECT_DIGEST_BYTES]) {
  char a[1024], b[1024];
  site_key(sites, &rec->access[0], a, sizeof a);
  site_key(sites, &rec->access[1], b, sizeof b);
  const char *lo = strcmp(a, b) <= 0 ? a : b, *hi = lo == a ? b : a;
  blake2b_state s;
  blake2b_init(&s, DPU_DEFECT_DIGEST_BYTES);
  blake2b_update(&s, (const uint8_t *)"dpu-race-v1", sizeof "dpu-race-v1");
  blake2b_update(&s, (const uint8_t *)lo, strlen(lo) + 1);
  blake2b_update(&s, (const uint8_t *)hi, strlen(hi) + 1);
  blake2b_final(&s, digest, DPU_DEFECT_DIGEST_BYTES);
}

/* ---- wording ----------------------------------------------------------------------------- */

/* "an" before a number whose English name starts with a vowel (8, 11, 18, 80, 800, 8000,
 * 11000, ...), else "a". */
static const char *article(unsigned long long n) {
  char s[24];
  int len = snprintf(s, sizeof s, "%llu", n);
  if (s[0] == '8') return "an";
  if (len % 3 == 2 && s[0] == '1' && (s[1] == '1' || s[1] == '8')) return "an";
  return "a";
}

/* "a 64-byte heap block (allocated at p.c:9 in main by T0)": the heap block of r. */
static void heap_block(FILE *f, const struct dpu_race_rec *r, const struct dpu_site_table *sites) {
  struct dpu_loc l = dpu_site_loc(sites, r->index);
  fprintf(f, "%s %llu-byte heap block (allocated", article(r->size), (unsigned long long)r->size);
  if (l.file) fprintf(f, " at %s:%u in %s", l.file, l.line, l.function);
  fprintf(f, " by T%u)", r->owner);
}

/* The memory of the race as the program names it (see races.h), malloc'd. */
static char *memory_text(const struct dpu_race_rec *r, const struct dpu_site_table *sites) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  switch (r->mem) {
  case DPU_MEM_GLOBAL:
    if (r->index < sites->nglobals) {
      char path[96];
      uint64_t off = dpu_field_name(sites, r->index, r->offset, path, sizeof path);
      fprintf(f, "'%s'", path);
      if (off) fprintf(f, " + %llu", (unsigned long long)off);
    } else {
      fprintf(f, "a global");
    }
    break;
  case DPU_MEM_HEAP:
    fprintf(f, "offset %llu of ", (unsigned long long)r->offset);
    heap_block(f, r, sites);
    break;
  case DPU_MEM_TLS:
    fprintf(f, "T%u's copy of the thread-local ", r->owner);
    if (r->index < sites->ntls) fprintf(f, "'%s'", sites->tls[r->index]);
    else fprintf(f, "variable");
    if (r->offset) fprintf(f, " + %llu", (unsigned long long)r->offset);
    break;
  case DPU_MEM_STACK:
    fprintf(f, "a local variable of T%u (on its stack)", r->owner);
    break;
  default:
    fprintf(f, "%#llx", (unsigned long long)r->addr);
  }
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

bool dpu_race_access_frees(const struct dpu_race_access *a) {
  return strcmp(a->what, "free") == 0 || strcmp(a->what, "realloc") == 0;
}

/* The message after "data race: ", e.g. "write of 4 bytes to 'hits' at prog.c:9 in careless
 * (T1) and read at prog.c:15 in careful (T2)"; with a free, "free of a 64-byte heap block
 * (allocated at ...) at p.c:36 in done (T0) and write of 4 bytes to offset 40 of it at p.c:18
 * in handle (T2)" (the free's write covers the whole block, the other access one place in it). */
static char *message(const struct dpu_race_info *ri, const struct dpu_race_rec *r,
                     const struct dpu_site_table *sites) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  bool freed = r->mem == DPU_MEM_HEAP && (dpu_race_access_frees(&ri->access[0]) ||
                                          dpu_race_access_frees(&ri->access[1]));
  for (int i = 0; i < 2; i++) {
    const struct dpu_race_access *a = &ri->access[i];
    bool write = a->rec.flags & DPU_ACCESS_WRITE;
    fprintf(f, "%s", i ? " and " : "");
    if (freed && dpu_race_access_frees(a)) {
      fprintf(f, "%s of ", a->what);
      if (i == 0) heap_block(f, r, sites);
      else fprintf(f, "it");
    } else {
      fprintf(f, "%s", dpu_race_kind(a->rec.flags));
      if (i == 0 || a->size != ri->access[0].size || freed)
        fprintf(f, " of %u byte%s", a->size, a->size == 1 ? "" : "s");
      if (strcmp(a->what, "load") && strcmp(a->what, "store") && strcmp(a->what, "atomic_op"))
        fprintf(f, " (%s)", a->what);
      if (freed)
        fprintf(f, " %s offset %llu of %s", write ? "to" : "from", (unsigned long long)r->offset,
                i ? "it" : "");
      if (freed && i == 0) heap_block(f, r, sites);
      else if (i == 0) fprintf(f, " %s %s", write ? "to" : "from", ri->memory ? ri->memory : "?");
    }
    if (a->loc.file && a->column)
      fprintf(f, " at %s:%u:%u in %s", a->loc.file, a->loc.line, a->loc.column, a->loc.function);
    else if (a->loc.file)
      fprintf(f, " at %s:%u in %s", a->loc.file, a->loc.line, a->loc.function);
    fprintf(f, " (T%u)", a->rec.tid);
  }
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

struct dpu_defect *dpu_race_defect(const struct dpu_run *run, const struct dpu_race_rec *rec,
                                   const struct dpu_site_table *sites,
                                   const uint8_t digest[DPU_DEFECT_DIGEST_BYTES]) {
  struct dpu_defect *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  struct dpu_race_info *ri = d->race = calloc(1, sizeof *ri);
  if (!ri) {
    free(d);
    return NULL;
  }
  ri->rec = *rec;
  for (int i = 0; i < 2; i++) {
    struct dpu_race_access *a = &ri->access[i];
    a->rec = rec->access[i];
    a->loc = dpu_site_loc(sites, a->rec.site);
    a->what = site_what(sites, a->rec.site);
    a->column = line_shared(sites, a->rec.site);
    a->size = a->rec.size;
  }
  ri->access[1].step = rec->step;
  ri->memory = memory_text(rec, sites);
  ri->capture_pending = true;
  const struct dpu_event_rec *ev = run->events;
  uint32_t n = run->nevents;
  d->end = DPU_DEFECT_RACE;
  ri->located = located_access(rec, sites);
  d->tid = rec->access[ri->located].tid;
  d->loc = ri->access[ri->located].loc;
  d->loc_exact = d->loc.file != NULL;
  d->message = message(ri, rec, sites);
  d->steps = dpu_copy(ev, n * sizeof *ev), d->nsteps = n;
  for (uint32_t i = 0; i < n; i++)
    if (ev[i].tid + 1u > d->nthreads) d->nthreads = ev[i].tid + 1u;
  d->blocked = dpu_copy(NULL, 0);
  d->stacks = dpu_copy(NULL, 0);
  d->output = dpu_copy(run->output, run->output_len), d->output_len = run->output_len;
  d->output_truncated = run->output_truncated;
  size_t need = dpu_replay_format(ev, n, NULL, 0) + 1;
  d->schedule = malloc(need);
  if (!ri->memory || !d->message || !d->steps || !d->blocked || !d->stacks || !d->output ||
      !d->schedule) {
    dpu_defect_free(d);
    return NULL;
  }
  dpu_replay_format(ev, n, d->schedule, need);
  memcpy(d->digest, digest, DPU_DEFECT_DIGEST_BYTES);
  return d;
}

/* ---- capture ----------------------------------------------------------------------------- */

void dpu_race_captured(struct dpu_defect *d, const struct dpu_run *run,
                       const struct dpu_site_table *sites) {
  struct dpu_race_info *ri = d->race;
  ri->capture_pending = false;
  if (!run) return;
  static struct dpu_thread_stack stacks[DPU_MAX_THREADS];
  uint32_t ns = dpu_run_stacks(run, stacks);
  uint32_t nheap = run->result->nheap < DPU_MAX_HEAP_OBJECTS ? run->result->nheap
                                                              : DPU_MAX_HEAP_OBJECTS;
  struct dpu_heap_object *heap = dpu_copy(run->result->heap, nheap * sizeof *heap);
  if (heap) { /* the same trace: the same addresses (its own run named no block) */
    free(d->heap);
    d->heap = heap, d->nheap = nheap;
  }
  for (int i = 0; i < 2; i++) {
    struct dpu_race_access *a = &ri->access[i];
    const struct dpu_race_capture *c = &run->capture[i];
    if (!c->found) continue;
    a->size = c->size;
    if (i == 0) a->step = c->step;
    if ((uint32_t)i < ns && stacks[i].nframes) {
      a->stack = stacks[i];
      a->captured = true;
      /* The innermost frame names an inlined function where the site names its caller. */
      const struct dpu_loc *f0 = &a->stack.frames[0];
      if (f0->function && f0->file && f0->line == a->loc.line) a->loc.function = f0->function;
    }
  }
  d->loc = ri->access[ri->located].loc;
  char *m = message(ri, &ri->rec, sites);
  if (m) {
    free(d->message);
    d->message = m;
  }
}

/* ---- text -------------------------------------------------------------------------------- */

/* Whether access a is itself the last step before it: an atomic access, or a plain one the
 * exploration made visible (a read or write step of its thread, at its site or the site's
 * spin twin, whose bytes hold the raced one, addr). */
static bool is_own_step(const struct dpu_defect *d, const struct dpu_race_access *a,
                        uint64_t addr) {
  if (a->rec.flags & DPU_ACCESS_ATOMIC) return true;
  if (!a->step || a->step > d->nsteps) return false;
  const struct dpu_event_rec *st = &d->steps[a->step - 1];
  return st->tid == a->rec.tid && (st->op == DPU_OP_READ || st->op == DPU_OP_WRITE) &&
         (st->site == a->rec.site || st->site == a->rec.site + 1) && st->obj <= addr &&
         addr < st->obj + (a->size ? a->size : 1);
}

void dpu_race_print(FILE *f, const struct dpu_defect *d) {
  const struct dpu_race_info *ri = d->race;
  for (int i = 0; i < 2; i++) {
    const struct dpu_race_access *a = &ri->access[i];
    fprintf(f, "  stack of the %s by T%u", dpu_race_kind(a->rec.flags), a->rec.tid);
    if (a->step)
      fprintf(f, is_own_step(d, a, ri->rec.addr) ? " (step #%u)" : " (after step #%u)",
              a->step);
    fprintf(f, ":\n");
    if (!a->captured) {
      fprintf(f, "    (not captured)\n");
      continue;
    }
    for (uint16_t j = 0; j < a->stack.nframes && j < DPU_STACK_DEPTH; j++) {
      const struct dpu_loc *fr = &a->stack.frames[j];
      fprintf(f, "    #%u %s", j, fr->function ? fr->function : "??");
      if (fr->file) fprintf(f, " at %s:%u", fr->file, fr->line);
      fprintf(f, "\n");
    }
  }
  /* The address is of the first byte both accesses touch (a memcpy may start before it). */
  fprintf(f, "  memory: %s", ri->memory);
  /* The size is the variable's: for an element or a field, say that it is the whole's (a
   * user read "'partial[2]' (a global of 24 bytes)" as an element of 24 bytes). */
  if (ri->rec.mem == DPU_MEM_GLOBAL || ri->rec.mem == DPU_MEM_TLS)
    fprintf(f, " (%s%s%llu byte%s)", strpbrk(ri->memory, "[.") ? "in " : "",
            ri->rec.mem == DPU_MEM_GLOBAL ? "a global of " : "",
            (unsigned long long)ri->rec.size, ri->rec.size == 1 ? "" : "s");
  bool ranged = ri->access[0].size > 1 || ri->access[1].size > 1;
  fprintf(f, " at %#llx%s\n", (unsigned long long)ri->rec.addr,
          ranged && (ri->access[0].size != ri->access[1].size) ? ", the first byte both touch"
                                                                 : "");
}

void dpu_race_info_free(struct dpu_race_info *ri) {
  if (!ri) return;
  free(ri->memory);
  free(ri);
}
