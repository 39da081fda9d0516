// Symmetry reduction is sound only while nothing tells the threads of a group apart by their
// identity (runtime/symmetry.h): each way below is seen in a run, the exploration starts again
// without symmetry (a note says why), and it finds what --no-symmetry finds. Two workers,
// created in a row by one routine with one argument, take tickets under m.
// -DSELF, the worker with ticket 0 saves pthread_self(); main asserts that it was t[0]. 2 traces
//   (the order of the tickets), 1 failing (T2 first).
// -DRETVAL, each worker returns its ticket; main asserts that t[0] returned 0: 2 traces, 1 failing.
//   (Workers that all return NULL, read by every join, tell nothing: symmetry_workers.c.)
// -DWINDOW, each worker sets done[ticket] in a second critical section; main joins t[0], reads
//   done[0] under m, joins t[1], asserts done[0]. Orders of the sections a1 < b1, a2 < b2 and
//   main's M after b1: 5! / (3! 2!) = 10 traces; it fails only when T2 takes ticket 0 and M
//   comes before b2: a2 a1 b1 M b2, 1 trace. (With symmetry, T1 always took ticket 0: the
//   lock between main's joins tells which worker it joined first.)
// -DDEADLOCK, the worker with ticket 0 returns holding m; main waits for ever to join the other:
//   2 traces, both deadlocks (main blocked at the join of t[1], or of t[0]), one defect (a
//   deadlock's identity leaves the joins out when a lock is blocked too, report/defects.c): with
//   symmetry its 1 trace, T1 first, shows it; nothing tells the workers apart.
// -DJOINS, each worker first joins main, which joins t[0]: a deadlock of joins alone, known by
//   their sites, which tell the workers apart: 1 trace (no choice), 1 deadlock, 2 runs.
// -DEQUAL, main compares the two handles (pthread_equal): 2 traces, no defect.
// -DSTORE, main stores to a global between the two creates, which the workers do not read: a
//   group all the same (runtime/symmetry.h), 1 trace. -DSTORE -DREAD, each worker first reads
//   that global and, if set, takes m once more: T1's read races with main's store (T2's create
//   orders T2's after it), so the race is reported; its sites become visible operations
//   (--races=on) and the exploration starts again, where main's store is an operation between
//   the creates: no group. T2 reads 1 and has two sections b0 b1; T1 reads 0 (before the store:
//   one section a1, 3 orders with b0 b1) or 1 (two sections, 4! / (2! 2!) = 6): 9 traces, the
//   same with --no-symmetry.
// -DDETACHED, no group at all (one thread created detached): 2 traces, no symmetry, no note.
// RUN: %dpu -j 1 -DSELF %s > %t.self 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=SELF %s < %t.self
// RUN: %dpu -j 1 --no-symmetry -DSELF %s > %t.self.no; test $? -eq 1
// RUN: FileCheck --check-prefix=SELFNO %s < %t.self.no
// SELF: dpu: note: T{{[12]}}, one of a group of threads created alike, calls pthread_self: exploring again without symmetry reduction
// SELF: dpu: defect 1: assertion failure: pthread_equal(first, t[0]) (at {{.*}}symmetry_told_apart.c:{{[0-9]+}} in main)
// SELF: dpu: runs: 3 = 2 max-configs + 0 SSBs + 1 of earlier explorations
// SELF: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// SELF-NOT: dpu: symmetry:
// SELF: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 3 runs
// SELFNO: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// SELFNO: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs
// RUN: %dpu -j 1 -DRETVAL %s > %t.ret 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=RETVAL %s < %t.ret
// RUN: %dpu -j 2 -DRETVAL %s > %t.ret2 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=RETVAL %s < %t.ret2
// RETVAL: dpu: note: {{.*}} return value {{.*}} one of a group of threads created alike{{.*}}: exploring again without symmetry reduction
// RETVAL: dpu: defect 1: assertion failure: r == NULL (at {{.*}}symmetry_told_apart.c:{{[0-9]+}} in main)
// RETVAL: dpu: traces with defects: 1 of 2 (defect 1 in 1)
// RETVAL: dpu: summary: 1 defects, 2 max-configs,
// RUN: %dpu -j 1 -DWINDOW %s > %t.win 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=WINDOW %s < %t.win
// RUN: %dpu --por=none -DWINDOW %s > %t.win.none; test $? -eq 1
// RUN: FileCheck --check-prefix=WINDOWNONE %s < %t.win.none
// WINDOW: dpu: note: T0 synchronises (pthread_mutex_lock) between its joins of a group of threads created alike, while some of them run: exploring again without symmetry reduction
// WINDOW: dpu: defect 1: assertion failure: d (at {{.*}}symmetry_told_apart.c:{{[0-9]+}} in main)
// WINDOW: dpu: runs: 11 = 10 max-configs + 0 SSBs + 1 of earlier explorations
// WINDOW: dpu: traces with defects: 1 of 10 (defect 1 in 1)
// WINDOWNONE: dpu: traces with defects: 1 of 10 (defect 1 in 1)
// RUN: %dpu -j 1 -DDEADLOCK %s > %t.dl 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=DEADLOCK %s < %t.dl
// RUN: %dpu -j 1 --no-symmetry -DDEADLOCK %s > %t.dl.no 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=DEADLOCKNO %s < %t.dl.no
// DEADLOCK-NOT: dpu: note:
// DEADLOCK: dpu: defect 1: deadlock: 2 threads blocked: T0 in pthread_join at {{.*}}, T2 in pthread_mutex_lock at
// DEADLOCK: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// DEADLOCK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
// DEADLOCKNO: dpu: traces with defects: 2 of 2 (defect 1 in 2)
// DEADLOCKNO: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs
// RUN: %dpu -j 1 -DJOINS %s > %t.joins 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=JOINS %s < %t.joins
// JOINS: dpu: note: T0 waits for ever to join T1, one of a group of threads created alike: exploring again without symmetry reduction
// JOINS: dpu: defect 1: deadlock: 3 threads blocked:
// JOINS: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 2 runs
// RUN: %dpu -j 1 -DEQUAL %s > %t.eq 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=EQUAL %s < %t.eq
// EQUAL: dpu: note: pthread_equal names T{{[12]}}, one of a group of threads created alike: exploring again without symmetry reduction
// EQUAL: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 3 runs
// RUN: %dpu -j 1 -DSTORE %s > %t.st 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=STORE %s < %t.st
// STORE: dpu: symmetry: traces that differ only by exchanging threads created alike
// STORE: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
// RUN: %dpu -j 1 -DSTORE -DREAD %s > %t.rd 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=READ %s < %t.rd
// RUN: %dpu -j 1 -DSTORE -DREAD --no-symmetry %s > %t.rdno 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=READ %s < %t.rdno
// READ: dpu: defect 1: data race: write of 4 bytes to 'between' at {{.*}}symmetry_told_apart.c:{{[0-9]+}} in main (T0) and read at {{.*}} in worker (T1)
// READ-NOT: dpu: symmetry:
// READ: dpu: racing accesses explored: 2 access sites made scheduling points, 2 explorations
// READ: dpu: summary: 1 defects, 9 max-configs, 0 SSBs,
// RUN: %dpu -j 1 -DDETACHED %s > %t.det 2>&1; test $? -eq 0
// RUN: FileCheck --check-prefix=NOGROUP %s < %t.det
// NOGROUP-NOT: dpu: note: {{.*}}created alike
// NOGROUP-NOT: dpu: symmetry:
// NOGROUP: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ticket, done[2];
static pthread_t first;

static pthread_t mainh;
static int between;

static void *worker(void *arg) {
  (void)arg;
#ifdef READ
  if (between) { /* T1 may read it before main's store */
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
  }
#endif
#ifdef JOINS
  pthread_join(mainh, NULL);
#endif
  pthread_mutex_lock(&m);
  int r = ticket++;
#ifdef SELF
  if (r == 0) first = pthread_self();
#endif
#ifdef DEADLOCK
  if (r == 0) return NULL; /* leaves m locked: the other worker waits for ever */
#endif
  pthread_mutex_unlock(&m);
#ifdef WINDOW
  pthread_mutex_lock(&m);
  done[r] = 1;
  pthread_mutex_unlock(&m);
#endif
  return (void *)(long)r;
}

int main(void) {
  pthread_t t[2];
  mainh = pthread_self();
#if defined STORE
  pthread_create(&t[0], NULL, worker, NULL);
  between = 1; /* a store between the creates: T2 may see what T1 may not */
  pthread_create(&t[1], NULL, worker, NULL);
#elif defined DETACHED
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_create(&t[0], NULL, worker, NULL);
  pthread_create(&t[1], &a, worker, NULL);
#else
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
#endif
#if defined SELF
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  assert(pthread_equal(first, t[0]));
#elif defined RETVAL
  void *r;
  pthread_join(t[0], &r);
  pthread_join(t[1], NULL);
  assert(r == NULL);
#elif defined WINDOW
  pthread_join(t[0], NULL);
  pthread_mutex_lock(&m);
  int d = done[0];
  pthread_mutex_unlock(&m);
  pthread_join(t[1], NULL);
  assert(d);
#elif defined EQUAL
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  assert(!pthread_equal(t[0], t[1]));
#elif defined DETACHED
  pthread_join(t[0], NULL);
#else
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
#endif
  return 0;
}
