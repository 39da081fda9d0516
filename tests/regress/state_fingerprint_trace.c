// The thread's state fingerprint at its visible operations (issue 41, slice 1: runtime/
// statefp.h, entry.h), printed by the developer's switch DPU_STATE_FINGERPRINT=trace: its
// update of the memory's fingerprint and its local state (the callee-saved registers, the
// arguments and the stack of its call into the runtime, taken by the entry thunks). A
// detached ticker counts modulo 3 under a lock for ever: its state at its lock repeats every
// third round and differs between the three rounds in between. The first four locks of T1 in
// the first run: the first and the fourth are equal, the first three distinct. Were the
// local state taken with the runtime's frames, or with all six argument registers (lock has
// one; the others hold what the last runtime call left there), no two would be equal.
// Across runs too: main's state after its pthread_mutex_init is the same in the first run and
// the second (the mutex's stamp holds no run number while fingerprints are kept, rt.h
// obj_epoch, and every run's stacks start zeroed).
// RUN: env DPU_STATE_FINGERPRINT=trace %dpu -j 1 --max-runs=2 --max-steps=60 %s > %t.out 2>&1; test $? -eq 3
// RUN: grep 'run 1 T1 at pthread_mutex_lock' %t.out | sed -n 1,4p | sed 's/.*: memory //' > %t
// RUN: grep 'T0 at pthread_create' %t.out | sed 's/.*: memory //' > %t.create
// RUN: test "$(wc -l < %t.create)" -eq 2
// RUN: test "$(sed -n 1p %t.create)" = "$(sed -n 2p %t.create)"
// RUN: not grep -q 'T0 at pthread_create: memory 0\{32\} ' %t.out
// RUN: test "$(wc -l < %t)" -eq 4
// RUN: test "$(sed -n 1p %t)" = "$(sed -n 4p %t)"
// RUN: test "$(sed -n 1p %t)" != "$(sed -n 2p %t)"
// RUN: test "$(sed -n 1p %t)" != "$(sed -n 3p %t)"
// RUN: test "$(sed -n 2p %t)" != "$(sed -n 3p %t)"
#include <pthread.h>

static pthread_mutex_t m;
static int ticks;

static void *ticker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    ticks = (ticks + 1) % 3;
    pthread_mutex_unlock(&m);
  }
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_mutex_init(&m, NULL);
  pthread_create(&t, NULL, ticker, NULL);
  pthread_detach(t);
  pthread_mutex_lock(&m);
  int seen = ticks;
  pthread_mutex_unlock(&m);
  return seen > 2;
}
