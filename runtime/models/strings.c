/* libc's string and memory functions on program buffers (issue #9): each is the libc
 * function itself, plus the accesses it makes of the program's bytes for the race detector
 * (race.h), at the call's site. Memory functions with a constant size usually reach the
 * program as LLVM intrinsics, which passes/accesses.c instruments; these models catch the
 * calls that stay calls (a variable size at -O0, a function pointer, -fno-builtin). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../interpose.h"
#include "../race.h"
#include "../rt.h"

void *__dpu_memcpy(void *restrict d, const void *restrict s, size_t n) {
  dpu_race_read(s, n);
  dpu_race_write(d, n);
  return memcpy(d, s, n);
}

void *__dpu_memmove(void *d, const void *s, size_t n) {
  dpu_race_read(s, n);
  dpu_race_write(d, n);
  return memmove(d, s, n);
}

void *__dpu_memset(void *d, int c, size_t n) {
  dpu_race_write(d, n);
  return memset(d, c, n);
}

/* The bytes a comparison of a and b up to n bytes reads: up to and including the first
 * difference. */
static size_t compared(const unsigned char *a, const unsigned char *b, size_t n, bool str) {
  size_t i = 0;
  while (i < n && a[i] == b[i] && !(str && a[i] == 0)) i++;
  return i < n ? i + 1 : n;
}

int __dpu_memcmp(const void *a, const void *b, size_t n) {
  size_t k = compared(a, b, n, false);
  dpu_race_read(a, k);
  dpu_race_read(b, k);
  return memcmp(a, b, n);
}

void *__dpu_memchr(const void *s, int c, size_t n) {
  void *p = memchr(s, c, n);
  dpu_race_read(s, p ? (size_t)((char *)p - (const char *)s) + 1 : n);
  return p;
}

size_t __dpu_strlen(const char *s) {
  size_t n = strlen(s);
  dpu_race_read(s, n + 1);
  return n;
}

size_t __dpu_strnlen(const char *s, size_t max) {
  size_t n = strnlen(s, max);
  dpu_race_read(s, n < max ? n + 1 : n);
  return n;
}

int __dpu_strcmp(const char *a, const char *b) {
  size_t k = compared((const unsigned char *)a, (const unsigned char *)b, SIZE_MAX, true);
  dpu_race_read(a, k);
  dpu_race_read(b, k);
  return strcmp(a, b);
}

int __dpu_strncmp(const char *a, const char *b, size_t n) {
  size_t k = compared((const unsigned char *)a, (const unsigned char *)b, n, true);
  dpu_race_read(a, k);
  dpu_race_read(b, k);
  return strncmp(a, b, n);
}

char *__dpu_strcpy(char *restrict d, const char *restrict s) {
  size_t n = strlen(s) + 1;
  dpu_race_read(s, n);
  dpu_race_write(d, n);
  return memcpy(d, s, n);
}

char *__dpu_strncpy(char *restrict d, const char *restrict s, size_t n) {
  size_t len = strnlen(s, n);
  dpu_race_read(s, len < n ? len + 1 : len);
  dpu_race_write(d, n); /* strncpy pads with NULs up to n */
  return strncpy(d, s, n);
}

char *__dpu_strcat(char *restrict d, const char *restrict s) {
  size_t dl = strlen(d), sl = strlen(s) + 1;
  dpu_race_read(d, dl);
  dpu_race_read(s, sl);
  dpu_race_write(d + dl, sl);
  return strcat(d, s);
}

char *__dpu_strncat(char *restrict d, const char *restrict s, size_t n) {
  size_t dl = strlen(d), sl = strnlen(s, n);
  dpu_race_read(d, dl);
  dpu_race_read(s, sl < n ? sl + 1 : sl);
  dpu_race_write(d + dl, sl + 1);
  return strncat(d, s, n);
}

char *__dpu_strchr(const char *s, int c) {
  char *p = strchr(s, c);
  dpu_race_read(s, p ? (size_t)(p - s) + 1 : strlen(s) + 1);
  return p;
}

char *__dpu_strrchr(const char *s, int c) {
  dpu_race_read(s, strlen(s) + 1);
  return strrchr(s, c);
}

char *__dpu_strstr(const char *h, const char *n) {
  dpu_race_read(h, strlen(h) + 1);
  dpu_race_read(n, strlen(n) + 1);
  return strstr(h, n);
}

int __dpu_vsnprintf(char *restrict buf, size_t size, const char *restrict fmt, va_list ap) {
  int n = vsnprintf(buf, size, fmt, ap);
  /* What it wrote: the text and its NUL, cut to size. (Strings read through %s are not
   * checked.) */
  if (size && n >= 0) dpu_race_write(buf, (size_t)n + 1 < size ? (size_t)n + 1 : size);
  return n;
}

int __dpu_snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __dpu_vsnprintf(buf, size, fmt, ap);
  va_end(ap);
  return n;
}

int __dpu_vsprintf(char *restrict buf, const char *restrict fmt, va_list ap) {
  int n = vsprintf(buf, fmt, ap);
  if (n >= 0) dpu_race_write(buf, (size_t)n + 1);
  return n;
}

int __dpu_sprintf(char *restrict buf, const char *restrict fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __dpu_vsprintf(buf, fmt, ap);
  va_end(ap);
  return n;
}
