/* See diag.h. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static char first[512];
static int have_first;

void dpu_error(const char *fmt, ...) {
  char msg[sizeof first];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "dpu: error: %s\n", msg);
  if (!have_first) {
    snprintf(first, sizeof first, "%s", msg);
    have_first = 1;
  }
}

const char *dpu_first_error(void) { return have_first ? first : NULL; }
