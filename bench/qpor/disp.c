/* DISP(n,m): a job dispatcher, in the spirit of the DISP benchmark of the QPOR paper
 * (Table 1).
 *
 * M client threads each submit one job to a shared inbox (mutex-protected). The dispatcher
 * (the main thread) collects the submitted jobs and hands them to N worker threads through
 * per-worker slots, each a one-job mailbox with its own mutex. Job j is offered first to worker
 * j % N, then to the next ones; the dispatcher uses trylock on the slots and skips a worker
 * that is busy with its slot or still holds an undelivered job, so where a job lands depends on
 * the interleaving. Finished jobs are recorded under a results mutex.
 *
 * Nobody waits for anybody, so every thread terminates on every interleaving:
 *  - a worker polls its slot at most TRIES times, and stops early once the slot is closed;
 *  - the dispatcher makes ROUNDS passes over the inbox, then joins the clients, offers what
 *    is left once more, closes the slots, joins the workers and runs every job that was not
 *    delivered or not picked up itself.
 *
 * Invariants checked: the inbox never overflows; a worker only finds in its slot jobs that were
 * offered to it; every job runs exactly once; each worker's count of served jobs matches the
 * results; the total cost adds up.
 *
 *   dpu --por=none -DN=2 -DM=2 bench/qpor/disp.c
 *
 * Parameters: N workers (default 2), M clients/jobs (default 2), TRIES polls per worker (1),
 * ROUNDS dispatch passes before the clients are joined (1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef N
#define N 2
#endif
#ifndef M
#define M 2
#endif
#ifndef TRIES
#define TRIES 1
#endif
#ifndef ROUNDS
#define ROUNDS 1
#endif

#define COST(job) (10 + (job))

struct slot {
  pthread_mutex_t lock;
  int job;     /* job waiting for the worker, -1 if none (all fields protected by lock) */
  int closed;  /* no more jobs will come */
  int served;  /* jobs the worker took from this slot */
};
static struct slot slots[N];
static int offered_to[M]; /* offered_to[j]: worker whose slot got job j; under that slot's lock */

static pthread_mutex_t inbox_lock = PTHREAD_MUTEX_INITIALIZER;
static int inbox[M];      /* protected by inbox_lock, as is the next one */
static int inbox_len;

static pthread_mutex_t res_lock = PTHREAD_MUTEX_INITIALIZER;
static int done[M];       /* protected by res_lock, as are the next two */
static int ran_by[M];     /* 0: the dispatcher, w+1: worker w */
static int cost_total;

static void *client(void *arg) {
  int job = (int)(intptr_t)arg;
  pthread_mutex_lock(&inbox_lock);
  assert(inbox_len < M);
  inbox[inbox_len++] = job;
  pthread_mutex_unlock(&inbox_lock);
  return NULL;
}

static void execute(int job, int who) {
  pthread_mutex_lock(&res_lock);
  assert(!done[job]);
  done[job] = 1;
  ran_by[job] = who;
  cost_total += COST(job);
  pthread_mutex_unlock(&res_lock);
}

static void *worker(void *arg) {
  int w = (int)(intptr_t)arg;
  for (int t = 0; t < TRIES; t++) {
    pthread_mutex_lock(&slots[w].lock);
    int job = slots[w].job, closed = slots[w].closed;
    if (job >= 0) {
      assert(offered_to[job] == w);
      slots[w].job = -1;
      slots[w].served++;
    }
    pthread_mutex_unlock(&slots[w].lock);
    if (job >= 0) execute(job, w + 1);
    else if (closed) break;
  }
  return NULL;
}

/* Offers a job to the workers, starting with its preferred one; 1 if some slot took it. */
static int offer(int job) {
  for (int k = 0; k < N; k++) {
    int w = (job + k) % N;
    if (pthread_mutex_trylock(&slots[w].lock) != 0) continue; /* worker busy: next one */
    int ok = slots[w].job < 0 && !slots[w].closed;
    if (ok) {
      slots[w].job = job;
      offered_to[job] = w;
    }
    pthread_mutex_unlock(&slots[w].lock);
    if (ok) return 1;
  }
  return 0;
}

/* Moves the submitted jobs into the backlog and offers every job of the backlog once. */
static int dispatch(int *backlog, int nb) {
  pthread_mutex_lock(&inbox_lock);
  for (int i = 0; i < inbox_len; i++) backlog[nb++] = inbox[i];
  inbox_len = 0;
  pthread_mutex_unlock(&inbox_lock);
  int kept = 0;
  for (int i = 0; i < nb; i++)
    if (!offer(backlog[i])) backlog[kept++] = backlog[i];
  return kept;
}

int main(void) {
  pthread_t tw[N], tc[M];
  int backlog[M], nb = 0;

  for (int w = 0; w < N; w++) {
    pthread_mutex_init(&slots[w].lock, NULL);
    slots[w].job = -1;
  }
  for (int w = 0; w < N; w++) pthread_create(&tw[w], NULL, worker, (void *)(intptr_t)w);
  for (int j = 0; j < M; j++) pthread_create(&tc[j], NULL, client, (void *)(intptr_t)j);

  for (int r = 0; r < ROUNDS; r++) nb = dispatch(backlog, nb);
  for (int j = 0; j < M; j++) pthread_join(tc[j], NULL);
  nb = dispatch(backlog, nb); /* everything is submitted now */
  for (int w = 0; w < N; w++) {
    pthread_mutex_lock(&slots[w].lock);
    slots[w].closed = 1;
    if (slots[w].job >= 0) { /* the worker may never look again: take it back */
      backlog[nb++] = slots[w].job;
      slots[w].job = -1;
    }
    pthread_mutex_unlock(&slots[w].lock);
  }
  for (int w = 0; w < N; w++) pthread_join(tw[w], NULL);
  for (int i = 0; i < nb; i++) execute(backlog[i], 0);

  /* Every job ran once; the workers' own counts agree with the results. */
  int by_worker[N + 1] = {0}, expected = 0;
  for (int j = 0; j < M; j++) {
    assert(done[j]);
    by_worker[ran_by[j]]++;
    expected += COST(j);
  }
  for (int w = 0; w < N; w++) assert(slots[w].served == by_worker[w + 1]);
  assert(cost_total == expected);
  printf("dispatcher ran %d of %d jobs\n", by_worker[0], M);
  for (int w = 0; w < N; w++) pthread_mutex_destroy(&slots[w].lock);
  return 0;
}
