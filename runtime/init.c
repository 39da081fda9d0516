/* The runner's set-up, once per runner process (heap, shadow memory, signal handlers), and the
 * program's initial world that every run starts from (its writable globals, argv). */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../protocol/invariant.h"
#include "backtrace.h"
#include "race.h"
#include "models/ra.h"
#include "models/tso.h"
#include "rt.h"
#include "statefp.h"

struct dpu_rt dpu_rt;
uint32_t __dpu_site;

/* Globals snapshot (dpu_rt_snapshot_globals). */
static struct {
  void *const *addrs;
  const uint64_t *sizes;
  uint64_t n;
  char *copy;
} globals;

/* argv strings are copied afresh for every run: the program may modify them. */
static char *argv_copy[256];
static char argv_buf[1 << 16];

void dpu_rt_notice(struct dpu_shm *shm, int fd, bool note, const char *id, const char *fmt, ...) {
  char text[DPU_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  uint32_t i = __atomic_fetch_add(&shm->nnotices, 1, __ATOMIC_ACQ_REL);
  if (i >= DPU_MAX_NOTICES) {
    dprintf(fd, "dpu: %s: %s\n", note ? "note" : "warning", text);
    return;
  }
  struct dpu_notice *x = &shm->notices[i];
  x->note = note;
  snprintf(x->id, sizeof x->id, "%s", id);
  memcpy(x->text, text, sizeof text);
  __atomic_store_n(&x->ready, 1, __ATOMIC_RELEASE);
}

int dpu_rt_first_free_fd_above_all(void) {
  int top = 2;
  DIR *d = opendir("/proc/self/fd");
  if (!d) return 64; /* leave the low ones alone */
  for (struct dirent *e; (e = readdir(d));) {
    int fd = atoi(e->d_name);
    if (fd != dirfd(d) && fd > top) top = fd;
  }
  closedir(d);
  return top + 1;
}

int dpu_rt_init(struct dpu_shm *shm, const struct dpu_rt_config *cfg) {
  /* dpu_rt is zero in a new process; clearing it anyway would fault in all its pages, most of
   * which a run never touches (the threads past the program's). Cleared when set up again. */
  static bool set_up;
  if (set_up) memset(&dpu_rt, 0, sizeof dpu_rt);
  set_up = true;
  dpu_rt.cfg = *cfg;
  dpu_tso_init(cfg->tso);
  dpu_ra_init(cfg->ra);
  dpu_invariant_fd = cfg->internal_fd; /* the runner's stderr is the program's */
  dpu_rt.shm = dpu_rt.first_shm = shm;
  dpu_rt.records = dpu_shm_records(shm);
  dpu_rt.visible = dpu_shm_visible(shm);
  dpu_rt.cur = -1;
  dpu_rt_clock_init();
  if (cfg->argc >= (int)(sizeof argv_copy / sizeof *argv_copy)) {
    dprintf(cfg->internal_fd, "dpu: error: too many program arguments\n");
    return -1;
  }
  size_t total = 0;
  for (int i = 0; i < cfg->argc; i++) total += strlen(cfg->argv[i]) + 1;
  if (total > sizeof argv_buf) {
    dprintf(cfg->internal_fd, "dpu: error: program arguments too long\n");
    return -1;
  }
  /* A multiple of 16 pages, so that the wide threads' share is whole pages. */
  size_t region = (cfg->heap_size + 65535) & ~(size_t)65535;
  size_t wide = region / DPU_HEAP_WIDE_SHARE;
  size_t heap = 64 * region + (DPU_MAX_THREADS - 64) * wide;
  struct dpu_arena all;
  if (dpu_arena_init(&all, heap) != 0) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve %zu bytes of heap: %s\n", heap,
            strerror(errno));
    return -1;
  }
  dpu_rt.heap_base = all.base;
  dpu_rt.heap_region = region;
  dpu_rt.heap_total = heap;
  /* One shadow byte per 16 bytes of heap (address space only, committed where touched). */
  void *shadow = mmap(NULL, dpu_rt.heap_total / 16, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (shadow == MAP_FAILED) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve the heap's shadow memory: %s\n",
            strerror(errno));
    return -1;
  }
  dpu_rt.heap_shadow = shadow;
  for (unsigned i = 0; i < DPU_MAX_THREADS; i++) {
    size_t off = i < 64 ? i * region : 64 * region + (i - 64) * wide;
    dpu_rt.heaps[i] = (struct dpu_arena){.base = all.base + off, .cap = i < 64 ? region : wide,
                                         .shadow = dpu_rt.heap_shadow + off / 16};
  }
  dpu_bt_init();
  if (dpu_race_init(cfg->races) != 0) {
    dprintf(cfg->internal_fd, "dpu: error: cannot reserve the shadow memory of the race detector\n");
    return -1;
  }
  if (dpu_sfp_init() != 0) {
    dprintf(cfg->internal_fd, "dpu: error: out of memory while setting up state fingerprints\n");
    return -1;
  }
  dpu_rt.fd_base = dpu_rt_first_free_fd_above_all();
  dpu_rt_install_handlers();
  return 0;
}

void dpu_rt_bind_shm(struct dpu_shm *shm) {
  dpu_rt.shm = shm;
  dpu_rt.records = dpu_shm_records(shm);
  dpu_rt.visible = dpu_shm_visible(shm);
}

long dpu_rt_global_of(uint64_t a, uint64_t *offset, uint64_t *size) {
  for (uint64_t i = 0; i < globals.n; i++) {
    uint64_t start = (uint64_t)(uintptr_t)globals.addrs[i];
    if (a >= start && a - start < globals.sizes[i]) {
      *offset = a - start;
      *size = globals.sizes[i];
      return (long)i;
    }
  }
  return -1;
}

bool dpu_rt_global_at(uint64_t i, void **addr, uint64_t *size) {
  if (i >= globals.n) return false;
  *addr = globals.addrs[i];
  *size = globals.sizes[i];
  return true;
}

int dpu_rt_snapshot_globals(void *const *addrs, const uint64_t *sizes, uint64_t n) {
  uint64_t total = 0;
  for (uint64_t i = 0; i < n; i++) total += sizes[i];
  char *copy = malloc(total ? total : 1);
  if (!copy) return -1;
  char *dst = copy;
  for (uint64_t i = 0; i < n; i++) {
    memcpy(dst, addrs[i], sizes[i]);
    dst += sizes[i];
  }
  globals.addrs = addrs;
  globals.sizes = sizes;
  globals.n = n;
  globals.copy = copy;
  return 0;
}

void dpu_rt_world_reset(void) {
  char *src = globals.copy;
  for (uint64_t i = 0; i < globals.n; i++) {
    memcpy(globals.addrs[i], src, globals.sizes[i]);
    src += globals.sizes[i];
  }
  size_t used = 0;
  for (int i = 0; i < dpu_rt.cfg.argc; i++) {
    size_t len = strlen(dpu_rt.cfg.argv[i]) + 1;
    argv_copy[i] = memcpy(argv_buf + used, dpu_rt.cfg.argv[i], len);
    used += len;
  }
  argv_copy[dpu_rt.cfg.argc] = NULL;
}

char **dpu_rt_argv(void) { return argv_copy; }
