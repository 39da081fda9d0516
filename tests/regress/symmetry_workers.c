// Symmetry reduction (explorer/symmetry.h, runtime/symmetry.h): three workers created in a row
// by one routine with one argument (NULL) are interchangeable; of each class of traces that
// differ only by exchanging them, QPOR explores the one in which their first operations on an
// object (their first locks of m) come in the order they were created.
// Derivation: each worker runs SECTIONS critical sections of m and returns NULL; main joins
// them, reading each return value (the same for all: no identity told), and checks x.
// Every trace is an order of the 3 x SECTIONS sections that keeps each worker's in program
// order. SECTIONS=1: 3! = 6 traces, and the class of renamings of each is all 6: 1 trace
// explored. SECTIONS=2: 6! / (2! 2! 2!) = 90 traces; of these, those whose first sections come
// as T1, T2, T3 are 90 / 3! = 15. No defect either way. --por=none, --no-symmetry (and the
// models and settings that leave symmetry out: tso, --races=off) count every trace; -j 2's
// parts (explorer/split.c) hold the same 15 traces; -k 2 too.
// RUN: %dpu -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck --check-prefix=ONE %s < %t
// RUN: %dpu -j 2 %s > %t.j2; test $? -eq 0
// RUN: FileCheck --check-prefix=ONE %s < %t.j2
// RUN: %dpu -j 1 --format=json %s > %t.json; test $? -eq 0
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print('json', s['max_configs'], s['symmetry'])" %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 1 --no-symmetry %s > %t.no; test $? -eq 0
// RUN: FileCheck --check-prefix=SIX %s < %t.no
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck --check-prefix=SIX %s < %t.none
// RUN: %dpu -j 1 --memory-model=tso %s > %t.tso; test $? -eq 0
// RUN: FileCheck --check-prefix=SIX %s < %t.tso
// RUN: %dpu -j 1 --races=off %s > %t.off; test $? -eq 0
// RUN: FileCheck --check-prefix=SIX %s < %t.off
// ONE: dpu: symmetry: traces that differ only by exchanging threads created alike (one routine and argument, in a row) explored once (--no-symmetry: each)
// ONE: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// JSON: json 1 True
// SIX-NOT: dpu: symmetry:
// SIX: dpu: summary: 0 defects, 6 max-configs,
// -DOTHER: a fourth thread, other routine, takes m once too, created before the workers and
// joined between the first worker's join and the others': 4! = 24 orders of the four
// sections, 24 / 3! = 4 with the workers' in creation order (a join of a thread in no group
// tells the workers nothing; runtime/symmetry.h).
// RUN: %dpu -j 1 -DOTHER %s > %t.o 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=OTHER %s < %t.o
// RUN: %dpu -j 1 -DOTHER --no-symmetry %s > %t.ono; test $? -eq 0
// RUN: FileCheck --check-prefix=OTHERNO %s < %t.ono
// OTHER-NOT: dpu: note:
// OTHER: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, 4 runs
// OTHERNO: dpu: summary: 0 defects, 24 max-configs, 0 SSBs, 24 runs
// RUN: %dpu -j 1 -DSECTIONS=2 %s > %t.2; test $? -eq 0
// RUN: FileCheck --check-prefix=FIFTEEN %s < %t.2
// RUN: %dpu -j 1 -k 2 -DSECTIONS=2 %s > %t.2k; test $? -eq 0
// RUN: FileCheck --check-prefix=FIFTEEN %s < %t.2k
// RUN: %dpu -j 2 -DSECTIONS=2 %s > %t.2j; test $? -eq 0
// RUN: FileCheck --check-prefix=FIFTEEN %s < %t.2j
// RUN: %dpu -j 1 --no-symmetry -DSECTIONS=2 %s > %t.2no; test $? -eq 0
// RUN: FileCheck --check-prefix=NINETY %s < %t.2no
// RUN: %dpu --por=none -DSECTIONS=2 %s > %t.2none; test $? -eq 0
// RUN: FileCheck --check-prefix=NINETY %s < %t.2none
// -DCOUNTED: main counts the workers it started in a global between the creates, as thread
// pools do (`pool->started++`); the workers do not read it, and main reads it after joining
// them all: still a group (runtime/symmetry.h), 1 trace.
// RUN: %dpu -j 1 -DCOUNTED %s > %t.c 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=ONE %s < %t.c
// FIFTEEN: dpu: summary: 0 defects, 15 max-configs, 0 SSBs,
// NINETY: dpu: summary: 0 defects, 90 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

#ifndef SECTIONS
#define SECTIONS 1
#endif
#ifndef N
#define N 3 /* workers (bench/symmetry.sh: -DN=4) */
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < SECTIONS; i++) {
    pthread_mutex_lock(&m);
    x++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

#ifdef OTHER
static void *other(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  x += SECTIONS;
  pthread_mutex_unlock(&m);
  return NULL;
}
#endif

int main(void) {
  pthread_t t[N];
#ifdef OTHER
  pthread_t o;
  pthread_create(&o, NULL, other, NULL);
#endif
#ifdef COUNTED
  static int started;
  for (int i = 0; i < N; i++) {
    pthread_create(&t[i], NULL, worker, NULL);
    started++;
  }
#else
  for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
#endif
  void *r[N], *any = NULL;
#ifdef OTHER
  pthread_join(t[0], &r[0]);
  pthread_join(o, NULL); /* a join of a thread in no group, between the workers': no tell */
  for (int i = 1; i < N; i++) pthread_join(t[i], &r[i]);
  x -= SECTIONS;
#else
  for (int i = 0; i < N; i++) pthread_join(t[i], &r[i]);
#endif
  for (int i = 0; i < N; i++) any = any ? any : r[i];
#ifdef COUNTED
  assert(started == N);
#endif
  assert(x == N * SECTIONS && !any);
  return 0;
}
