/* Prototypes of the runtime's replacements for the functions in interpose.def. Each __dpu_NAME
 * has exactly NAME's C signature, since the program calls it in NAME's place (by direct call or
 * through a function pointer). Semantics are NAME's, plus what dpu models: visible operations
 * (thread and mutex functions), defects (misuse, assertion, abort, exit status, heap errors),
 * per-run capture of output and per-run heap. */
#ifndef DPU_INTERPOSE_H
#define DPU_INTERPOSE_H

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int __dpu_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __dpu_pthread_join(pthread_t t, void **ret);
_Noreturn void __dpu_pthread_exit(void *ret);
pthread_t __dpu_pthread_self(void);
int __dpu_pthread_equal(pthread_t a, pthread_t b);
int __dpu_pthread_detach(pthread_t t);
int __dpu_pthread_attr_init(pthread_attr_t *a);
int __dpu_pthread_attr_destroy(pthread_attr_t *a);
int __dpu_pthread_attr_setdetachstate(pthread_attr_t *a, int state);
int __dpu_pthread_attr_getdetachstate(const pthread_attr_t *a, int *state);
int __dpu_pthread_attr_setstacksize(pthread_attr_t *a, size_t size);
int __dpu_pthread_attr_getstacksize(const pthread_attr_t *a, size_t *size);

int __dpu_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
int __dpu_pthread_mutex_destroy(pthread_mutex_t *m);
int __dpu_pthread_mutex_lock(pthread_mutex_t *m);
int __dpu_pthread_mutex_unlock(pthread_mutex_t *m);
int __dpu_pthread_mutex_trylock(pthread_mutex_t *m);
int __dpu_pthread_mutexattr_init(pthread_mutexattr_t *a);
int __dpu_pthread_mutexattr_destroy(pthread_mutexattr_t *a);
int __dpu_pthread_mutexattr_settype(pthread_mutexattr_t *a, int type);
int __dpu_pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type);

_Noreturn void __dpu___assert_fail(const char *expr, const char *file, unsigned line,
                                   const char *fn);
_Noreturn void __dpu_abort(void);
_Noreturn void __dpu_exit(int status);
_Noreturn void __dpu__exit(int status);
_Noreturn void __dpu__Exit(int status);

void *__dpu_malloc(size_t n);
void *__dpu_calloc(size_t n, size_t size);
void *__dpu_realloc(void *p, size_t n);
void __dpu_free(void *p);
char *__dpu_strdup(const char *s);
char *__dpu_strndup(const char *s, size_t n);
int __dpu_posix_memalign(void **out, size_t align, size_t n);
void *__dpu_aligned_alloc(size_t align, size_t n);

int __dpu_printf(const char *fmt, ...);
int __dpu_vprintf(const char *fmt, va_list ap);
int __dpu_fprintf(FILE *f, const char *fmt, ...);
int __dpu_vfprintf(FILE *f, const char *fmt, va_list ap);
int __dpu_puts(const char *s);
int __dpu_putchar(int c);
int __dpu_fputs(const char *s, FILE *f);
int __dpu_fputc(int c, FILE *f);
int __dpu_putc(int c, FILE *f);
size_t __dpu_fwrite(const void *p, size_t size, size_t n, FILE *f);
void __dpu_perror(const char *s);

FILE *__dpu_fopen(const char *path, const char *mode);
int __dpu_fclose(FILE *f);

/* One entry of the table the JIT uses to resolve __dpu_NAME. */
struct dpu_symbol {
  const char *name;  /* "__dpu_NAME" */
  void *addr;
};

/* The runtime's symbols: every __dpu_NAME of interpose.def plus the variable __dpu_site.
 * Static storage; *n receives the count. */
const struct dpu_symbol *dpu_runtime_symbols(size_t *n);

#endif
