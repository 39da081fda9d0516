// Legacy C that gcc and other checkers accept with a warning, as SV-COMP's tasks use it: an
// implicit int, calls to undeclared functions (malloc, a function defined later), a return
// without a value in a non-void function. clang 19 makes these errors; dpu compiles them with
// clang's warnings shown, unless --strict keeps the errors (exit 2).
// Derivation: one thread besides main, no shared access but through the mutex: one trace.
// RUN: %dpu %s > %t.out 2> %t.err; test $? -eq 0
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: %dpu --strict %s 2> %t.strict; test $? -eq 2
// RUN: FileCheck --check-prefix=STRICT %s < %t.strict
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

// WARN: legacy_c.c:[[@LINE+2]]:{{[0-9]+}}: warning: type specifier missing, defaults to 'int'
// STRICT: legacy_c.c:[[@LINE+1]]:{{[0-9]+}}: error: type specifier missing, defaults to 'int'
static counter;

static int get(void) {
  if (counter < 0)
    // WARN: legacy_c.c:[[@LINE+1]]:{{[0-9]+}}: warning: non-void function 'get' should return a value
    return;
  return counter;
}

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  // WARN: legacy_c.c:[[@LINE+1]]:{{[0-9]+}}: warning: call to undeclared library function 'malloc'
  int *p = malloc(sizeof *p);
  *p = 1;
  counter += *p;
  pthread_mutex_unlock(&m);
  free(p);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  // WARN: legacy_c.c:[[@LINE+1]]:{{[0-9]+}}: warning: call to undeclared function 'check'
  return check(get());
}

int check(int v) { return v != 1; }
// OUT: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
