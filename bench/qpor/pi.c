/* PI(n): parallel computation of pi, in the spirit of the PI benchmark of the QPOR paper
 * (Table 1).
 *
 * pi = integral over [0,1] of 4/(1+x^2). The interval is cut into N * STEPS sub-intervals;
 * thread i integrates its own contiguous block of STEPS of them with the midpoint rule, without
 * touching shared memory, and then adds its partial result to a global sum in one critical
 * section. The threads are independent apart from that one mutex, so the program has exactly
 * N! Mazurkiewicz traces (the orders in which the contributions are added).
 *
 * The last thread to contribute (it sees finished == N) checks the estimate on the spot; main
 * checks it again after joining everyone, together with the bookkeeping.
 *
 *   dpu --por=none -DN=5 bench/qpor/pi.c
 *
 * Parameters: N threads (default 5), STEPS midpoint intervals per thread (default 64).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef N
#define N 5
#endif
#ifndef STEPS
#define STEPS 64
#endif

#define TOTAL (N * STEPS)
#define PI_REF 3.14159265358979323846

/* The midpoint rule underestimates this integral by about h^2/12 (h = 1/TOTAL); allow h^2. */
#define TOLERANCE (1.0 / ((double)TOTAL * TOTAL))

static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;

/* All protected by sum_lock. */
static double sum;         /* contributions added so far */
static int finished;       /* number of threads that contributed */
static int order[N];       /* order[k]: the k-th thread to contribute */
static double part[N];     /* part[i]: thread i's contribution */
static int last = -1;      /* the thread that completed the sum */
static double last_seen;   /* the estimate as the last thread saw it */

static double dabs(double x) { return x < 0 ? -x : x; }

static void *integrate(void *arg) {
  int id = (int)(intptr_t)arg;
  double h = 1.0 / TOTAL;
  double local = 0;

  /* Private work: no shared access, no synchronisation. */
  for (int k = id * STEPS; k < (id + 1) * STEPS; k++) {
    double x = (k + 0.5) * h;
    local += 4.0 / (1.0 + x * x);
  }
  local *= h;
  /* 4/(1+x^2) lies in [2,4] on [0,1], so a block of width STEPS*h contributes within these. */
  assert(local >= 2.0 * STEPS * h && local <= 4.0 * STEPS * h);

  pthread_mutex_lock(&sum_lock);
  sum += local;
  part[id] = local;
  order[finished++] = id;
  if (finished == N) {
    /* Everyone has contributed: this thread publishes the result. */
    last = id;
    last_seen = sum;
    assert(dabs(sum - PI_REF) < TOLERANCE);
  }
  pthread_mutex_unlock(&sum_lock);
  return NULL;
}

int main(void) {
  pthread_t t[N];

  for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, integrate, (void *)(intptr_t)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);

  /* Every thread contributed exactly once, and the last one saw the final sum. */
  int seen[N] = {0};
  for (int k = 0; k < N; k++) seen[order[k]]++;
  for (int i = 0; i < N; i++) assert(seen[i] == 1);
  assert(finished == N && last == order[N - 1] && last_seen == sum);

  /* The integrand decreases on [0,1], so each block contributes less than the one before;
   * the partial results add up to the sum (up to rounding, which depends on the order). */
  double again = 0;
  for (int i = 0; i < N; i++) {
    if (i > 0) assert(part[i] < part[i - 1]);
    again += part[i];
  }
  assert(dabs(again - sum) < 1e-12);

  printf("pi ~ %.12f (threads %d, intervals %d, last thread %d)\n", sum, N, TOTAL, last);
  return 0;
}
