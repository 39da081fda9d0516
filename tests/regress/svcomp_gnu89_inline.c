// SV-COMP's tasks are written for gcc, whose older default (GNU89) makes a plain `inline`
// function an external definition; C99, clang's default, makes it an inline definition that
// another file must back, so at -O0 the calls stay undefined (pthread-ext's 05_tas and
// others). In a program written to SV-COMP's conventions (it names reach_error or a
// __VERIFIER_ function, or --svcomp) dpu compiles with GNU89's inline (-fgnu89-inline), unless
// --strict. Here the lock is right, verdict true: 4 traces, both explorers, the two orders of
// the critical sections, each with the second thread's acquire tried (its assume failing: it
// waits) before the first's release or not.
// RUN: %dpu --no-symmetry --svcomp %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --svcomp --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --svcomp --strict %s > %t.strict 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=STRICT %s < %t.strict
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
// CHECK-NEXT: {{^}}verdict: true
// STRICT: dpu: error: undefined function 'acquire' (first used at {{.*}}svcomp_gnu89_inline.c:[[# @LINE + 25]] in worker)
#include <pthread.h>

void reach_error(void) {}
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_assume(int);

static int lock, inside;

inline void acquire(void) {
  __VERIFIER_atomic_begin();
  __VERIFIER_assume(lock == 0);
  lock = 1;
  __VERIFIER_atomic_end();
}

inline void release(void) {
  __VERIFIER_atomic_begin();
  lock = 0;
  __VERIFIER_atomic_end();
}

static void *worker(void *arg) {
  (void)arg;
  acquire();
  if (++inside != 1) reach_error();
  inside--;
  release();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
