// Barrier rounds (bench/README.md, "A barrier's leaves on no object"): three stages each
// write their slot, meet at `produced`, read their neighbour's slot, meet at `consumed`, ITERS
// times (the shape of a user's two-barrier pipeline). Traces: each round's 3! orders of
// arrival, two rounds per iteration: 36^ITERS (ITERS=3: 46,656).
//   dpu -DITERS=3 bench/programs/barrier_pipeline.c
#include <assert.h>
#include <pthread.h>
#ifndef ITERS
#define ITERS 2
#endif
#define N 3
static pthread_barrier_t produced, consumed;
static int slot[N], total[N];
static void *stage(void *arg) {
  int i = (int)(long)arg;
  for (int k = 0; k < ITERS; k++) {
    slot[i] = k + i;
    pthread_barrier_wait(&produced);
    total[i] += slot[(i + 1) % N];
    pthread_barrier_wait(&consumed);
  }
  return NULL;
}
int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&produced, NULL, N);
  pthread_barrier_init(&consumed, NULL, N);
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, stage, (void *)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < N; i++) assert(total[i] == ITERS * (ITERS - 1) / 2 + ITERS * ((i + 1) % N));
  return 0;
}
