// The state fingerprint's end-of-run check (issue 41, slice 1: runtime/statefp.h), a
// developer's switch: with DPU_STATE_FINGERPRINT=check every run compares the xor of the
// threads' memory updates, which the hooks keep, with a full hash of the globals and the live
// heap blocks. The program writes memory every way the runtime knows of: plain stores of
// several sizes, a struct copy and memset/memcpy, atomics (store, fetch_add, CAS), a mutex and
// a condition variable (whose state dpu keeps in the objects), malloc/calloc/realloc/strdup/
// free, a thread-local variable, clock_gettime and a C11 thread's start block: no run may
// fail the check, with either explorer (2 traces: the two orders of the critical sections).
// With -DUNSEEN a store into a heap block made by inline assembly, which no hook sees, fails
// it when the block is freed, and the message names the word: the check is what turns a
// missed hook into a known miss, not a silently wrong fingerprint.
// RUN: env DPU_STATE_FINGERPRINT=check %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck --check-prefix=SUM %s < %t
// RUN: FileCheck --check-prefix=OK --allow-empty %s < %t.err
// RUN: env DPU_STATE_FINGERPRINT=check %dpu --por=none %s 2>&1 | FileCheck --check-prefix=OK %s
// RUN: env DPU_STATE_FINGERPRINT=check %dpu -DUNSEEN %s 2>&1 | FileCheck --check-prefix=UNSEEN %s
// SUM: dpu: summary: 0 defects, 2 max-configs, 0 SSBs
// OK-NOT: state fingerprint check
// UNSEEN: dpu: state fingerprint check: run 1: the word at {{0x[0-9a-f]+}} held 0x2a where its hooks saw 0: a write no hook saw
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

struct pair {
  long a;
  char b[13];
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static struct pair shared, copy;
static atomic_long counter;
static _Atomic(int *) slot;
static char *text;
static _Thread_local int mine = 7;
static struct timespec when;
static short halves[3];

static void *worker(void *arg) {
  mine += (int)(long)arg;
  int *p = malloc(3 * sizeof *p);
  p[1] = mine;
  p = realloc(p, 64 * sizeof *p);
  p[40] = 2;
  int *expected = NULL;
  atomic_compare_exchange_strong(&slot, &expected, p);
  atomic_fetch_add(&counter, 5);
  pthread_mutex_lock(&m);
  ready++;
  shared.a += 1;
  memset(shared.b, 'x', sizeof shared.b);
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  return NULL;
}

static int c11(void *arg) {
  halves[1] = (short)(long)arg;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, (void *)1L);
  clock_gettime(CLOCK_MONOTONIC, &when);
  text = strdup("fingerprint");
  char *more = calloc(4, 8);
  more[5] = 'y';
  pthread_mutex_lock(&m);
  while (!ready) pthread_cond_wait(&cv, &m);
  copy = shared;
  pthread_mutex_unlock(&m);
  thrd_t c;
  thrd_create(&c, c11, (void *)3L);
  int r;
  thrd_join(c, &r);
  pthread_join(t, NULL);
  int *p = atomic_load(&slot);
  halves[0] = (short)(p[1] + r);
  memcpy(more, text, 8);
  free(p);
  free(more);
  atomic_store(&counter, 0);
#ifdef UNSEEN
  long *block = calloc(64, sizeof *block);
  __asm__ volatile("movq $42, %0" : "=m"(block[32]));
  free(block);
#endif
  return 0;
}
