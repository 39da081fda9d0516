#include "signals.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* See signals.h. The executor's processes inherit the handler (they are forked after it is
 * installed) and ignore the signal, so that a Ctrl-C or a CI job signalling the whole process
 * group does not kill them under a run: dpu stops them itself. Another signal more than a
 * second later (an impatient second Ctrl-C; not the copy that e.g. GNU timeout sends to the
 * process group right after the one to dpu) ends dpu at once. */
volatile sig_atomic_t dpu_interrupted;
static struct timespec interrupted_at;   /* written and read by the handler only */
static pid_t dpu_pid;

static void on_signal(int sig) {
  if (getpid() != dpu_pid) return;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe */
  if (!dpu_interrupted) {
    interrupted_at = now;
    dpu_interrupted = sig;
  } else if (now.tv_sec - interrupted_at.tv_sec >= 2) {
    signal(sig, SIG_DFL);
    raise(sig);
  }
}

void dpu_catch_signals(void) {
  dpu_pid = getpid();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT); /* the handler never runs inside itself */
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

