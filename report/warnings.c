/* See warnings.h. */
#include "warnings.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct dpu_warning list[DPU_WARNINGS_MAX];
static size_t nlist;   /* published with release: readers take no lock */
static size_t omitted;
/* Once the list is full: the last text said, so that a limit every run hits is said once. */
static char last[1024];

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

/* Whether text was said as a `kind` before (under any id: what a user sees is the text). */
static bool said(enum dpu_say_kind kind, const char *text) {
  for (size_t i = 0; i < nlist; i++)
    if (list[i].kind == kind && strcmp(list[i].text, text) == 0) return true;
  return nlist == DPU_WARNINGS_MAX && strcmp(last, text) == 0;
}

bool dpu_say(FILE *to, enum dpu_say_kind kind, const char *id, const struct dpu_say_loc *loc,
             const char *fmt, ...) {
  char *text = NULL;
  va_list ap;
  va_start(ap, fmt);
  int len = vasprintf(&text, fmt, ap);
  va_end(ap);
  if (len < 0) text = NULL;
  pthread_mutex_lock(&lock);
  bool fresh = !text || !said(kind, text);
  if (fresh && to) {
    dpu_progress_clear();
    fprintf(to, "dpu: %s: %s\n", kind == DPU_SAY_NOTE ? "note" : "warning",
            text ? text : "(out of memory)");
    fflush(to);
  }
  if (fresh && text && nlist < DPU_WARNINGS_MAX) {
    struct dpu_warning *w = &list[nlist];
    *w = (struct dpu_warning){.kind = kind, .id = strdup(id), .text = text};
    if (loc && loc->file) {
      w->file = dup_or_null(loc->file);
      w->function = dup_or_null(loc->function);
      w->line = loc->line, w->column = loc->column;
    }
    if (w->id && (!loc || !loc->file || w->file)) {
      text = NULL; /* the list's now */
      __atomic_store_n(&nlist, nlist + 1, __ATOMIC_RELEASE);
    } else {
      free(w->id), free(w->file), free(w->function);
    }
  } else if (fresh && text) {
    omitted++;
    snprintf(last, sizeof last, "%s", text);
  }
  pthread_mutex_unlock(&lock);
  free(text);
  return fresh;
}

const struct dpu_warning *dpu_warnings(size_t *n) {
  *n = __atomic_load_n(&nlist, __ATOMIC_ACQUIRE);
  return list;
}

size_t dpu_warnings_omitted(void) {
  pthread_mutex_lock(&lock);
  size_t n = omitted;
  pthread_mutex_unlock(&lock);
  return n;
}
