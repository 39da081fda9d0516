/* Modelled C library functions: process end (exit, abort, assertion failure), the per-run heap,
 * captured output and files closed between runs (docs/design.md §4). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "../interpose.h"
#include "../isolate.h"
#include "../memcheck.h"
#include "../race.h"
#include "../rt.h"
#include "../statefp.h"

/* ---- process end ------------------------------------------------------------------------- */

_Noreturn void __dpu___assert_fail(const char *expr, const char *file, unsigned line,
                                   const char *fn) {
  /* The call site gives file, line and the plain function name (fn is __PRETTY_FUNCTION__,
   * e.g. "int main(void)"); fall back on the arguments for an uninstrumented caller. */
  if (__dpu_site) dpu_rt_end(DPU_END_ASSERT, 0, "%s", expr);
  dpu_rt_end(DPU_END_ASSERT, 0, "%s (at %s:%u in %s)", expr, file, line, fn);
}

_Noreturn void __dpu_abort(void) { dpu_rt_end(DPU_END_ABORT, 0, "abort() called"); }

/* The exit handlers registered in this run, oldest first (C17 7.22.4.2: at least 32). */
#define DPU_MAX_EXIT_HANDLERS 32
static struct {
  void (*fn)(void);
  void (*fn_status)(int, void *); /* on_exit's, called with the status and arg */
  void *arg;
  bool quick;                     /* at_quick_exit's */
} handlers[DPU_MAX_EXIT_HANDLERS];
static uint32_t nhandlers, run_of_handlers; /* run_stamp nhandlers belongs to */

static int add_handler(void (*fn)(void), void (*fn_status)(int, void *), void *arg, bool quick) {
  if (run_of_handlers != dpu_rt.run_stamp) nhandlers = 0, run_of_handlers = dpu_rt.run_stamp;
  if (nhandlers == DPU_MAX_EXIT_HANDLERS) return -1;
  handlers[nhandlers++] = (typeof(handlers[0])){fn, fn_status, arg, quick};
  return 0;
}

int __dpu_atexit(void (*fn)(void)) { return add_handler(fn, NULL, NULL, false); }
int __dpu_on_exit(void (*fn)(int, void *), void *arg) { return add_handler(NULL, fn, arg, false); }
int __dpu_at_quick_exit(void (*fn)(void)) { return add_handler(fn, NULL, NULL, true); }

void dpu_rt_run_exit_handlers(int status, bool quick) {
  uint32_t site = __dpu_site; /* the exit's call: its event's place, not a handler's last call */
  /* Each is taken off before it runs: one that calls exit again does not run twice. */
  while (run_of_handlers == dpu_rt.run_stamp && nhandlers > 0) {
    typeof(handlers[0]) h = handlers[--nhandlers];
    if (h.quick != quick) continue;
    if (h.fn_status) h.fn_status(status, h.arg);
    else h.fn();
  }
  __dpu_site = site;
}

/* The process's end with status, after what ended it ("exit(3)"). */
static _Noreturn void end_process(int status, const char *what) {
  if (status) dpu_rt_process_exit(status, "%s(%d)", what, status);
  dpu_rt_process_exit(0, "%s(0)", what);
}

_Noreturn void __dpu_exit(int status) {
  dpu_rt_run_exit_handlers(status, false);
  end_process(status, "exit");
}

_Noreturn void __dpu_quick_exit(int status) {
  dpu_rt_run_exit_handlers(status, true);
  end_process(status, "quick_exit");
}

_Noreturn void __dpu__exit(int status) { end_process(status, "_exit"); }
_Noreturn void __dpu__Exit(int status) { end_process(status, "_Exit"); }

/* ---- heap -------------------------------------------------------------------------------- */

/* Allocates from the running thread's own arena (see dpu_rt.heaps). */
static void *heap_alloc(size_t n, size_t align) {
  struct dpu_arena *a = &dpu_rt.heaps[dpu_rt.cur];
  dpu_tset_add(&dpu_rt.heaps_used, (unsigned)dpu_rt.cur);
  void *p = dpu_arena_alloc(a, n, align, __dpu_site, (uint16_t)dpu_rt.cur);
  if (!p) {
    if (n > a->cap / 2) { /* a single absurd request: fail it as malloc would */
      errno = ENOMEM;
      return NULL;
    }
    dpu_rt_end(DPU_END_HEAP, 0, "heap exhausted: T%d allocated more than %zu bytes in this run "
               "(--heap-size%s)", dpu_rt.cur, a->cap,
               dpu_rt.cur >= 64 ? "; threads after the 64th get 1/16 of it" : "");
  }
  dpu_race_alloc(p, n);
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_block(p, n, true); /* enters the state, zeroed */
  return p;
}

void *__dpu_malloc(size_t n) { return heap_alloc(n, 16); }

void *__dpu_calloc(size_t n, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    errno = ENOMEM;
    return NULL;
  }
  return heap_alloc(total, 16);
}

/* Frees p, a block of arena a, onto the running thread's free lists. */
/* Frees p, a block of a (the caller checked it is live, or lets the arena say it is not). */
static enum dpu_arena_free_result heap_free(struct dpu_arena *a, void *p) {
  if (__builtin_expect(dpu_sfp_on, 0)) { /* a live block leaves the state */
    size_t size = dpu_arena_block_size(a, p);
    if (size) dpu_sfp_block(p, size, false);
  }
  dpu_tset_add(&dpu_rt.heaps_used, (unsigned)dpu_rt.cur);
  return dpu_arena_free(a, &dpu_rt.heaps[dpu_rt.cur], p, __dpu_site, (uint16_t)dpu_rt.cur);
}

/* Ends the run with heap misuse when fn ("free", "realloc") is given p, outside dpu's heap,
 * that the program's globals or a thread's stack hold: no malloc returned it. Returns
 * otherwise (the C library's malloc may have: getline's buffer). The C library's free aborted
 * on such a p, and the report read "crash: SIGABRT", with no place (a user test). */
static void check_not_ours(const char *fn, const void *p) {
  uint64_t off, size;
  const char *where = NULL;
  if (dpu_rt_global_of((uint64_t)(uintptr_t)p, &off, &size) >= 0) where = "a global variable";
  for (unsigned i = 0; !where && i < dpu_rt.nthreads; i++) {
    if (dpu_coro_holds(&dpu_rt.threads[i].coro, p)) where = "a thread's stack";
  }
  if (where)
    dpu_rt_end(DPU_END_HEAP, 0, "%s of %p, which malloc did not return: it is in %s", fn, p,
               where);
}

void __dpu_free(void *p) {
  if (!p) return;
  struct dpu_arena *a = dpu_rt_heap_of(p);
  if (!a) {
    check_not_ours("free", p);
    free(p); /* memory the C library allocated for the program (e.g. getline) */
    return;
  }
  /* Freeing writes the whole block, for the race detector (as ThreadSanitizer has it): an
   * access of another thread not ordered before the free races with it. */
  size_t size = dpu_arena_block_size(a, p);
  if (size) dpu_race_write_block(p, size);
  switch (heap_free(a, p)) {
  case DPU_ARENA_FREED:
    dpu_race_freed(p);
    return;
  case DPU_ARENA_NOT_OURS:
    free(p); /* memory the C library allocated for the program (e.g. getline) */
    return;
  case DPU_ARENA_DOUBLE_FREE:
    dpu_mem_double_free(p);
  case DPU_ARENA_INVALID_FREE:
    dpu_rt_end(DPU_END_HEAP, 0, "free of %p, which malloc did not return", p);
  }
}

void *__dpu_realloc(void *p, size_t n) {
  if (!p) return heap_alloc(n, 16);
  struct dpu_arena *a = dpu_rt_heap_of(p);
  if (!a) {
    check_not_ours("realloc", p);
    return realloc(p, n);
  }
  size_t old = dpu_arena_block_size(a, p);
  if (old == 0) dpu_rt_end(DPU_END_HEAP, 0, "realloc of %p, which is not a live block", p);
  if (n == 0) {
    __dpu_free(p);
    return NULL;
  }
  void *q = heap_alloc(n, 16);
  if (q) {
    /* It reads the bytes it moves and frees the block, which writes it all, as free does. */
    dpu_race_write_block(p, old);
    if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)q, old < n ? old : n);
    memcpy(q, p, old < n ? old : n);
    heap_free(a, p);
    dpu_race_freed(p);
  }
  return q;
}

char *__dpu_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  dpu_race_read(s, n);
  char *p = heap_alloc(n, 16);
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)p, n);
  return memcpy(p, s, n);
}

char *__dpu_strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  dpu_race_read(s, len < n ? len + 1 : len);
  char *p = heap_alloc(len + 1, 16);
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)p, len + 1);
  memcpy(p, s, len);
  p[len] = 0;
  return p;
}

int __dpu_posix_memalign(void **out, size_t align, size_t n) {
  if (align < sizeof(void *) || (align & (align - 1))) return EINVAL;
  void *p = heap_alloc(n, align);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

void *__dpu_aligned_alloc(size_t align, size_t n) {
  if (align == 0 || (align & (align - 1))) {
    errno = EINVAL;
    return NULL;
  }
  return heap_alloc(n, align);
}

/* ---- output ------------------------------------------------------------------------------ */

void dpu_rt_output(const char *buf, size_t len) {
  struct dpu_shm *shm = dpu_rt.shm;
  size_t room = shm->output_cap - shm->output_len;
  if (len > room) {
    len = room;
    shm->output_truncated = 1;
  }
  memcpy(dpu_shm_output(shm) + shm->output_len, buf, len);
  shm->output_len += (uint32_t)len;
}

static int captured(FILE *f) { return f == stdout || f == stderr; }

int __dpu_vfprintf(FILE *f, const char *fmt, va_list ap) {
  if (!captured(f)) return vfprintf(f, fmt, ap);
  struct dpu_shm *shm = dpu_rt.shm;
  size_t room = shm->output_cap - shm->output_len;
  int n = vsnprintf(dpu_shm_output(shm) + shm->output_len, room, fmt, ap);
  if (n < 0) return n;
  if ((size_t)n >= room) {
    shm->output_truncated = 1;
    shm->output_len = shm->output_cap - (room ? 1 : 0);
  } else {
    shm->output_len += (uint32_t)n;
  }
  return n;
}

int __dpu_vprintf(const char *fmt, va_list ap) { return __dpu_vfprintf(stdout, fmt, ap); }

int __dpu_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __dpu_vfprintf(stdout, fmt, ap);
  va_end(ap);
  return n;
}

int __dpu_fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __dpu_vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}

int __dpu_fputs(const char *s, FILE *f) {
  dpu_race_read(s, strlen(s) + 1);
  if (!captured(f)) return fputs(s, f);
  dpu_rt_output(s, strlen(s));
  return 1;
}

int __dpu_puts(const char *s) {
  dpu_race_read(s, strlen(s) + 1);
  dpu_rt_output(s, strlen(s));
  dpu_rt_output("\n", 1);
  return 1;
}

int __dpu_fputc(int c, FILE *f) {
  if (!captured(f)) return fputc(c, f);
  char ch = (char)c;
  dpu_rt_output(&ch, 1);
  return (unsigned char)c;
}

int __dpu_putc(int c, FILE *f) { return __dpu_fputc(c, f); }
int __dpu_putchar(int c) { return __dpu_fputc(c, stdout); }

size_t __dpu_fwrite(const void *p, size_t size, size_t n, FILE *f) {
  dpu_race_read(p, size * n);
  if (!captured(f)) return fwrite(p, size, n, f);
  dpu_rt_output(p, size * n);
  return n;
}

void __dpu_perror(const char *s) {
  const char *e = strerror(errno);
  if (s && *s) {
    dpu_rt_output(s, strlen(s));
    dpu_rt_output(": ", 2);
  }
  dpu_rt_output(e, strlen(e));
  dpu_rt_output("\n", 1);
}

/* ---- files ------------------------------------------------------------------------------- */

#define MAX_OPEN_FILES 256
static FILE *open_files[MAX_OPEN_FILES];
static unsigned n_open_files;

/* Warns, once per exploration (whatever the runners, -j), that the program writes a file that
 * runs do not keep apart. */
static void check_write(const char *path) {
  if (!path || dpu_rt.first_shm->iso_warned || !dpu_iso_dirs()[0] || dpu_iso_covers(path))
    return;
  if (__atomic_exchange_n(&dpu_rt.first_shm->iso_warned, 1, __ATOMIC_RELAXED)) return;
  dpu_rt_notice(dpu_rt.shm, dpu_rt.cfg.internal_fd, false, "files-outside",
                "the program writes %s, outside the directories kept apart between runs (%s): "
                "a run may see what an earlier run wrote there",
                path, dpu_iso_dirs());
}

FILE *__dpu_fopen(const char *path, const char *mode) {
  if (mode && strpbrk(mode, "wa+")) check_write(path);
  if (n_open_files == MAX_OPEN_FILES) {
    errno = EMFILE;
    return NULL;
  }
  FILE *f = fopen(path, mode);
  if (f) open_files[n_open_files++] = f;
  return f;
}

int __dpu_fclose(FILE *f) {
  for (unsigned i = 0; i < n_open_files; i++) {
    if (open_files[i] == f) {
      open_files[i] = open_files[--n_open_files];
      return fclose(f);
    }
  }
  if (captured(f)) return 0; /* closing stdout/stderr would end capture */
  return fclose(f);
}

int __dpu_open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if (flags & (O_CREAT | __O_TMPFILE)) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  if ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC))) check_write(path);
  return open(path, flags, mode);
}

int __dpu_creat(const char *path, mode_t mode) {
  check_write(path);
  return creat(path, mode);
}

/* Closes what the last run left open (called by the scheduler's reset). */
void dpu_rt_close_files(void) {
  while (n_open_files) fclose(open_files[--n_open_files]);
}
