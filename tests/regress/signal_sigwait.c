// Signals the program sends itself (issue #13): masks are honoured and sigwait takes a
// blocked, pending signal (it used to be reported as a crash, or to hang in the real sigwait).
// main blocks SIGUSR1 (its threads inherit the mask), a waiter thread sigwaits for it, and
// main sends it with kill(getpid(), ...), which makes it pending (blocked in every thread).
// Derivation, by argument:
//   (none)    the send and the sigwait are on the signals object and the sigwait is enabled
//             only once the signal is pending: 1 max-config, no defect.
//   timed     the waiter uses sigtimedwait, which never blocks: it takes SIGUSR1 if main sent
//             it first, else it times out and the waiter's assertion fails: 2 max-configs,
//             1 with the assertion failure (line 86).
//   handler   not blocked: raise() runs the program's handler at once: 1 max-config.
//   unmask    blocked, raised (pending), then unblocked: the handler runs before
//             pthread_sigmask returns: 1 max-config.
//   install   T1 installs a handler unless T2 came first; main raises SIGUSR1 after joining
//             both: 2 max-configs, and in the one where T2 came first no handler is set and
//             the raise is a crash. A handler a run installs is undone before the next run
//             (it used to stay in the runner and hide the crash whenever the other trace
//             ran first).
//   default   not blocked and no handler: SIGUSR1's default action ends the process, a crash
//             at the raise (line 109).
// RUN: %dpu -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu -j 1 %s -- timed > %t.timed; test $? -eq 1
// RUN: FileCheck --check-prefix=TIMED %s < %t.timed
// RUN: %dpu -j 1 --por=none %s -- timed > %t.timed.none; test $? -eq 1
// RUN: FileCheck --check-prefix=TIMED %s < %t.timed.none
// The JSON report (schema-valid): a signal operation has no object, its signal is its result.
// RUN: %dpu -j 1 --format=json -o %t.timed.json %s -- timed > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.timed.json | FileCheck --check-prefix=TIMEDJSON %s
// TIMEDJSON: defect 1 step 4 T1 sigtimedwait - none pending signal_sigwait.c:{{[0-9]+}} waiter
// RUN: %dpu -j 1 %s -- handler > %t.handler; test $? -eq 0
// RUN: FileCheck --check-prefix=ONE %s < %t.handler
// RUN: %dpu -j 1 %s -- unmask > %t.unmask; test $? -eq 0
// RUN: FileCheck --check-prefix=ONE %s < %t.unmask
// RUN: %dpu -j 1 %s -- install > %t.install; test $? -eq 1
// RUN: FileCheck --check-prefix=INSTALL %s < %t.install
// RUN: %dpu -j 1 --por=none %s -- install > %t.install.none; test $? -eq 1
// RUN: FileCheck --check-prefix=INSTALL %s < %t.install.none
// RUN: %dpu -j 1 %s -- default > %t.default; test $? -eq 1
// RUN: FileCheck --check-prefix=DEFAULT %s < %t.default
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs,
// TIMED: dpu: defect 1: assertion failure: {{.*}}signal_sigwait.c:90 in waiter
// TIMED: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1)
// TIMED: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
// ONE-NOT: dpu: defect
// ONE: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs,
// INSTALL: dpu: defect 1: crash: SIGUSR1 in T0
// INSTALL: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1)
// DEFAULT: dpu: defect 1: crash: SIGUSR1 in T0 at {{.*}}signal_sigwait.c:113 in main (sent by the program itself with raise or pthread_kill)
// DEFAULT: #0 main at {{.*}}signal_sigwait.c:113
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static sigset_t usr1;
static int timed;
static volatile sig_atomic_t handled;

static void on_usr1(int sig) { handled = sig; }

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int installed, too_late;

static void *installer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  if (!too_late) installed = 1, signal(SIGUSR1, on_usr1);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *latecomer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  if (!installed) too_late = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *waiter(void *arg) {
  (void)arg;
  int sig = 0;
  if (timed) {
    struct timespec ts = {1, 0};
    assert(sigtimedwait(&usr1, NULL, &ts) == SIGUSR1);
    return NULL;
  }
  sigwait(&usr1, &sig);
  assert(sig == SIGUSR1);
  return NULL;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  if (strcmp(mode, "install") == 0) {
    pthread_t a, b;
    pthread_create(&b, NULL, latecomer, NULL);
    pthread_create(&a, NULL, installer, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    raise(SIGUSR1);
    return 0;
  }
  if (strcmp(mode, "handler") == 0 || strcmp(mode, "default") == 0) {
    if (mode[0] == 'h') signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    assert(handled == SIGUSR1);
    return 0;
  }
  pthread_sigmask(SIG_BLOCK, &usr1, NULL);
  if (strcmp(mode, "unmask") == 0) {
    signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    assert(handled == 0); /* blocked: pending */
    pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
    assert(handled == SIGUSR1);
    return 0;
  }
  timed = strcmp(mode, "timed") == 0;
  pthread_t t;
  pthread_create(&t, NULL, waiter, NULL);
  kill(getpid(), SIGUSR1);
  pthread_join(t, NULL);
  return 0;
}
