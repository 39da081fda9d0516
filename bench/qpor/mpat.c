/* MPAT(n): pairs of threads with a fixed pattern of lock acquisitions, in the spirit of the
 * MPAT benchmark of the QPOR paper (Table 1).
 *
 * There are N pairs of threads (2N threads besides main). Pair p owns a mutex pair_lock[p];
 * a global mutex reg_lock protects a registry in which each pair enrols once. Every thread
 * runs the same pattern:
 *
 *   lock(pair_lock[p])
 *     arrivals[p]++
 *     first of its pair:  lock(reg_lock); enrol p at the end of the registry; unlock(reg_lock)
 *     second of its pair: check that the first one enrolled the pair, seal the pair
 *   unlock(pair_lock[p])
 *
 * so the acquisitions of reg_lock are nested inside those of the pair locks, and which thread
 * of a pair takes reg_lock depends on who arrived first. Traces: 2 orders within each pair
 * times N! orders of enrolment, N! * 2^N in all (the counts of the paper's MPAT column).
 *
 *   dpu --por=none -DN=3 bench/qpor/mpat.c
 *
 * Parameters: N pairs (default 3).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t pair_lock[N];
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;

/* Protected by pair_lock[p]. */
static int arrivals[N];  /* threads of pair p that ran so far */
static int first[N];     /* which thread of pair p (0 or 1) arrived first */
static int pos[N];       /* pair p's place in the registry, -1 before it enrols */
static int sealed[N];    /* the second thread of pair p saw the enrolment */

/* Protected by reg_lock. */
static int registry[N];  /* registry[k]: the k-th pair to enrol */
static int enrolled;     /* entries used in registry */

static int enrol(int p) {
  pthread_mutex_lock(&reg_lock);
  assert(enrolled < N);
  int k = enrolled++;
  registry[k] = p;
  pthread_mutex_unlock(&reg_lock);
  return k;
}

static void *member(void *arg) {
  int id = (int)(intptr_t)arg;
  int p = id / 2, role = id % 2;

  pthread_mutex_lock(&pair_lock[p]);
  arrivals[p]++;
  assert(arrivals[p] <= 2);
  if (arrivals[p] == 1) {
    /* First of the pair: enrol it while still holding the pair's lock, so the partner
     * cannot observe a half-enrolled pair. */
    assert(pos[p] == -1);
    first[p] = role;
    pos[p] = enrol(p);
  } else {
    /* Second of the pair: the partner must have enrolled it already. */
    assert(pos[p] >= 0 && pos[p] < N && first[p] != role && !sealed[p]);
    sealed[p] = 1;
  }
  pthread_mutex_unlock(&pair_lock[p]);
  return NULL;
}

int main(void) {
  pthread_t t[2 * N];

  for (int p = 0; p < N; p++) {
    pthread_mutex_init(&pair_lock[p], NULL);
    pos[p] = -1;
  }
  for (int i = 0; i < 2 * N; i++) pthread_create(&t[i], NULL, member, (void *)(intptr_t)i);
  for (int i = 0; i < 2 * N; i++) pthread_join(t[i], NULL);

  /* The registry is a permutation of the pairs, consistent with each pair's own record. */
  assert(enrolled == N);
  int seen[N] = {0};
  for (int k = 0; k < N; k++) {
    int p = registry[k];
    assert(p >= 0 && p < N && !seen[p] && pos[p] == k);
    seen[p] = 1;
  }
  for (int p = 0; p < N; p++) assert(arrivals[p] == 2 && sealed[p]);

  printf("registry:");
  for (int k = 0; k < N; k++) printf(" %d(%d)", registry[k], 2 * registry[k] + first[registry[k]]);
  printf("\n");
  for (int p = 0; p < N; p++) pthread_mutex_destroy(&pair_lock[p]);
  return 0;
}
