// SV-COMP error functions: the lost update of lost_update.c (each of two threads reads x under
// m, then writes x + 1 under m), checked in main with reach_error() (-DERR=1, declared extern as
// in SV-COMP's task files), __VERIFIER_error() (-DERR=2), or a reach_error that the program
// defines itself: with assert(0) (__assert_fail, -DERR=3) or empty (-DERR=4), followed by
// abort(), as SV-COMP's files since 2020 do. Defined or not, the call of reach_error is the
// violation, reported at the call (the body is not run; the abort() after it is not reached).
// Derivation: as lost_update.c: the two read blocks and two write blocks on m, each thread's
// read before its write: C(4,2) = 6 orders, x ends 1 in the 4 where both reads come first:
// 6 max-configs, 4 with the defect, an assertion failure at main's call.
// RUN: %dpu --por=none -DERR=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR1 %s < %t.1
// RUN: %dpu --no-symmetry -DERR=1 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR1 %s < %t.2
// RUN: %dpu --por=none -DERR=2 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR2 %s < %t.3
// RUN: %dpu --no-symmetry -DERR=2 %s > %t.4; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR2 %s < %t.4
// RUN: %dpu --no-symmetry -DERR=3 %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR1 %s < %t.5
// RUN: %dpu --no-symmetry -DERR=4 %s > %t.6; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,ERR1 %s < %t.6
#include <pthread.h>

#if ERR == 1
extern void reach_error(void);
#elif ERR == 2
extern void __VERIFIER_error(void);
#define reach_error __VERIFIER_error
#elif ERR == 3
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__, __noreturn__));
void reach_error(void) { __assert_fail("0", "svcomp_reach_error.c", 3, "reach_error"); }
#else
void reach_error() {}
#endif
extern void abort(void);

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  int tmp;
  (void)arg;
  pthread_mutex_lock(&m);
  tmp = x;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x = tmp + 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  if (x != 2) {
    // ERR1: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}svcomp_reach_error.c:[[@LINE+2]] in main)
    // ERR2: dpu: defect 1: assertion failure: __VERIFIER_error() called (at {{.*}}svcomp_reach_error.c:[[@LINE+1]] in main)
    reach_error();
    abort();
  }
  return 0;
}
// ALL-NOT: dpu: defect
// ALL: dpu: traces with defects: 4 of 6 (defect 1 in 4)
// ALL-NEXT: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
