/* See stacks.h. The runner leaves the stacks, symbolised, in the run's result in shared memory
 * (protocol.h: dpu_run_result.nstacks, .stacks); this copies them out, with their names
 * interned so that they outlive the run. */
#include "stacks.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(DPU_STACK_DEPTH == DPU_STACK_FRAMES, "stacks.h and protocol.h keep as many frames");

/* Interned names: an open-addressing set of strings, kept until the process exits (the frames
 * handed out point into it). Stacks name few distinct functions and files. */
static struct {
  char **slots;
  size_t cap, n;
} names;

static size_t hash(const char *s) {
  size_t h = 1469598103934665603u; /* FNV-1a */
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static const char *intern(const char *s) {
  if (names.n * 2 >= names.cap) {
    size_t cap = names.cap ? names.cap * 2 : 64;
    char **slots = calloc(cap, sizeof *slots);
    if (!slots) return NULL;
    for (size_t i = 0; i < names.cap; i++) {
      if (!names.slots[i]) continue;
      size_t j = hash(names.slots[i]) & (cap - 1);
      while (slots[j]) j = (j + 1) & (cap - 1);
      slots[j] = names.slots[i];
    }
    free(names.slots);
    names.slots = slots;
    names.cap = cap;
  }
  size_t j = hash(s) & (names.cap - 1);
  for (; names.slots[j]; j = (j + 1) & (names.cap - 1))
    if (strcmp(names.slots[j], s) == 0) return names.slots[j];
  names.slots[j] = strdup(s);
  if (!names.slots[j]) return NULL;
  names.n++;
  return names.slots[j];
}

/* The string at offset off of the run's string area; NULL for 0 (unknown) or a bad offset. */
static const char *string_at(const struct dpu_stacks *s, uint32_t off) {
  uint32_t len = s->strings_len < DPU_STACK_STRINGS ? s->strings_len : DPU_STACK_STRINGS;
  if (off == 0 || off >= len || !memchr(s->strings + off, 0, len - off)) return NULL;
  return intern(s->strings + off);
}

uint32_t dpu_run_stacks(const struct dpu_run *run, struct dpu_thread_stack *out) {
  const struct dpu_run_result *r = run->result;
  const struct dpu_stacks *s = &r->stacks;
  /* Not symbolised: the runner was killed before it could capture or finish them. */
  if (s->state != DPU_STACKS_DONE) return 0;
  uint32_t n = r->nstacks < DPU_MAX_THREADS ? r->nstacks : DPU_MAX_THREADS;
  for (uint32_t i = 0; i < n; i++) {
    const struct dpu_stack *st = &s->threads[i];
    out[i].tid = st->tid;
    out[i].nframes = st->nframes < DPU_STACK_DEPTH ? st->nframes : DPU_STACK_DEPTH;
    for (uint16_t j = 0; j < out[i].nframes; j++) {
      const struct dpu_shm_frame *f = &st->frames[j];
      out[i].frames[j] = (struct dpu_loc){.function = string_at(s, f->function),
                                            .file = string_at(s, f->file),
                                            .line = f->line,
                                            .column = f->column};
    }
  }
  return n;
}

void dpu_stacks_print(FILE *out, const struct dpu_thread_stack *stacks, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    fprintf(out, "  stack of T%u:\n", stacks[i].tid);
    if (stacks[i].nframes == 0) fprintf(out, "    (no frames of the program)\n");
    for (uint16_t j = 0; j < stacks[i].nframes; j++) {
      const struct dpu_loc *f = &stacks[i].frames[j];
      fprintf(out, "    #%u %s", j, f->function ? f->function : "??");
      if (f->file && f->line) fprintf(out, " at %s:%u", f->file, f->line);
      else fprintf(out, " (no line information)");
      fprintf(out, "\n");
    }
  }
}
