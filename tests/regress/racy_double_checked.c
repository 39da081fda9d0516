// Racy programs (issue #10): double-checked initialisation without atomics. A thread that sees
// `instance` set (outside the lock) uses it, but the other thread set `instance` before it
// initialised the value: the first user can read value == 0. The races are reported (the
// unlocked read of instance against the locked write, the read of value against its write);
// once their sites are scheduling points, the exploration finds the assertion failure.
// Derivation. The 5 visible sites: the outer read of instance Ro, its write Wi, the read Rr
// of `return instance`, the write of value Wv, its read Rv (the inner read of instance is
// under the lock, races with nothing and stays invisible). One thread initialises, say T1:
// Ro = 0, lock, Wi, Wv, unlock, Rr, Rv. T2 either (i) reads instance = 0 at Ro before Wi,
// then waits for the lock, finds instance set inside, and its Rr and Rv come after T1's
// unlock: 1 trace (T2's reads commute with T1's); or (ii) reads instance set at Ro (after
// Wi), takes the fast path, and its Rv comes before Wv (value 0: the assertion fails, T2
// stops there and T1 goes on to write Wv) or after it: 2 traces. With T2 initialising: 3
// more; 6 traces. Races: Ro against Wi in all 6; Wi against the fast path's Rr in the 4
// traces of (ii); Wv against Rv in the 4 of (ii), in either order; the assertion in 2. The
// same with --por=none (30 traces before reads of one location commuted).
// RUN: %dpu -j 1 -q %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 -q --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect {{[0-9]}}: data race: {{.*}}'instance'
// CHECK: {{^}}dpu: defect 4: assertion failure: get()->value == 42 (at {{.*}}racy_double_checked.c:[[#@LINE+30]] in user){{$}}
// CHECK: {{^}}dpu: traces with defects: 6 of 6 (defect 1 in 6, defect 2 in 4, defect 3 in 4, defect 4 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 5 access sites made scheduling points, 3 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 4 defects, 6 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct config {
  int ready;
  int value;
};
static struct config *instance;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct config *get(void) {
  if (!instance) {
    pthread_mutex_lock(&m);
    if (!instance) {
      struct config *c = malloc(sizeof *c);
      instance = c;
      c->value = 42;
    }
    pthread_mutex_unlock(&m);
  }
  return instance;
}

static void *user(void *arg) {
  (void)arg;
  assert(get()->value == 42);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, user, NULL);
  pthread_create(&b, NULL, user, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
