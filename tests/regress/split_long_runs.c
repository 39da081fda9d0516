// The split (--shard, -j) bounds the operations its runs execute, not only its runs: this
// program has one trace, whose run makes 2 x N lock operations, and the split went down its
// chain of locks one frozen exploration per operation, each run as long as the program. A
// user's N = 20,000 took 28 s with -j 2 (0.16 s with -j 1), and its shards 20,000 runs each.
// Derivation: with 3,000,000 operations for the split's runs (explorer/split.h), runs of at
// most 2 x 2,000 operations (a frozen run stops at the frozen lock: shorter) leave room for
// a few thousand runs at most (before: 20,000, the run budget); one trace, explored by the
// shard that holds the one part.
// RUN: %dpu --shard=0/2 -DN=2000 %s > %t.s0; test $? -eq 0
// RUN: FileCheck --check-prefix=S0 %s < %t.s0
// RUN: %dpu -j 2 -DN=2000 %s > %t.j2; test $? -eq 0
// RUN: FileCheck --check-prefix=J2 %s < %t.j2
// S0: dpu: shard 0/2: 1 of the 1 parts (1 explored to their end); the split took {{[0-9][0-9]?[0-9]?[0-9]?}} runs,
// S0: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
// J2: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *loop(void *arg) {
  (void)arg;
  for (int i = 0; i < N; i++) {
    pthread_mutex_lock(&m);
    n++;
    pthread_mutex_unlock(&m);
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, loop, NULL);
  pthread_join(t, NULL);
  assert(n == N);
  return 0;
}
