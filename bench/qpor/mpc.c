/* MPC(p,c): multiple producers and multiple consumers on a bounded FIFO queue, in the spirit
 * of the MPC benchmark of the QPOR paper (Table 1).
 *
 * P producers each put ITEMS items into a ring buffer of capacity CAP protected by one mutex;
 * C consumers take items out. Nobody waits for anybody, so every thread terminates on every
 * interleaving:
 *  - a producer tries at most TRIES times to put an item into the queue; if it finds it full
 *    every time, it parks the item in a spill list (its own mutex) instead of waiting;
 *  - a consumer makes exactly TAKES attempts and counts what it got (possibly nothing);
 *  - main joins everyone and drains what is left in the queue and in the spill list.
 * Which path an item takes (queue or spill, consumed or drained) depends on the interleaving.
 *
 * Invariants checked: the ring's count stays in [0, CAP] and no more items come out than went
 * in; items leave the queue in the order they were put in (FIFO, globally and so per producer);
 * every item ends up exactly once in a consumer's log, the spill list or the final drain; the
 * checksum of the values adds up.
 *
 *   dpu --por=none -DP=2 -DC=2 bench/qpor/mpc.c
 *
 * Parameters: P producers (default 2), C consumers (default 2), ITEMS per producer (1),
 * CAP ring capacity (1), TRIES per item (2), TAKES per consumer (1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef P
#define P 2
#endif
#ifndef C
#define C 2
#endif
#ifndef ITEMS
#define ITEMS 1
#endif
#ifndef CAP
#define CAP 1
#endif
#ifndef TRIES
#define TRIES 2
#endif
#ifndef TAKES
#define TAKES 1
#endif

#define NITEMS (P * ITEMS)

struct item { int prod, seq, value, ticket; };

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static struct item ring[CAP];      /* protected by q_lock, as are the next four */
static int head, count;
static int last_seq[P];            /* last sequence number of each producer taken out */
static int puts_total, takes_total;

static pthread_mutex_t spill_lock = PTHREAD_MUTEX_INITIALIZER;
static struct item spill[NITEMS];  /* protected by spill_lock */
static int nspill;

/* Each consumer's log is private to it until main joins it. */
static struct item logbook[C][NITEMS];
static int nlog[C];

static int value_of(int prod, int seq) { return 100 * (prod + 1) + seq; }

static int try_put(struct item it) {
  int ok = 0;
  pthread_mutex_lock(&q_lock);
  assert(count >= 0 && count <= CAP);
  if (count < CAP) {
    it.ticket = puts_total++; /* the queue's own numbering of what went in */
    ring[(head + count) % CAP] = it;
    count++;
    ok = 1;
  }
  pthread_mutex_unlock(&q_lock);
  return ok;
}

static void *producer(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int s = 0; s < ITEMS; s++) {
    struct item it = {id, s, value_of(id, s), -1};
    int ok = 0;
    for (int t = 0; t < TRIES && !ok; t++) ok = try_put(it);
    if (!ok) {
      pthread_mutex_lock(&spill_lock);
      spill[nspill++] = it;
      pthread_mutex_unlock(&spill_lock);
    }
  }
  return NULL;
}

static void *consumer(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int t = 0; t < TAKES; t++) {
    pthread_mutex_lock(&q_lock);
    if (count > 0) {
      struct item it = ring[head];
      head = (head + 1) % CAP;
      count--;
      /* FIFO: the k-th item taken out is the k-th one put in, and so the items of each
       * producer leave in the order that producer put them in. */
      assert(it.ticket == takes_total && it.seq > last_seq[it.prod]);
      takes_total++;
      last_seq[it.prod] = it.seq;
      logbook[id][nlog[id]++] = it;
    }
    assert(count >= 0 && count <= CAP && takes_total <= puts_total);
    pthread_mutex_unlock(&q_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t tp[P], tc[C];

  for (int p = 0; p < P; p++) last_seq[p] = -1;
  for (int i = 0; i < P || i < C; i++) {
    if (i < P) pthread_create(&tp[i], NULL, producer, (void *)(intptr_t)i);
    if (i < C) pthread_create(&tc[i], NULL, consumer, (void *)(intptr_t)i);
  }
  for (int p = 0; p < P; p++) pthread_join(tp[p], NULL);
  for (int c = 0; c < C; c++) pthread_join(tc[c], NULL);

  /* Everything is quiescent: account for every item exactly once. */
  int seen[P][ITEMS] = {{0}};
  long checksum = 0;
  int consumed = 0;
  for (int c = 0; c < C; c++)
    for (int k = 0; k < nlog[c]; k++, consumed++) {
      seen[logbook[c][k].prod][logbook[c][k].seq]++;
      checksum += logbook[c][k].value;
    }
  assert(consumed == takes_total && puts_total + nspill == NITEMS);
  assert(count == puts_total - takes_total);
  for (; count > 0; count--, head = (head + 1) % CAP) {
    seen[ring[head].prod][ring[head].seq]++;
    checksum += ring[head].value;
  }
  for (int k = 0; k < nspill; k++) {
    seen[spill[k].prod][spill[k].seq]++;
    checksum += spill[k].value;
  }
  long expected = 0;
  for (int p = 0; p < P; p++)
    for (int s = 0; s < ITEMS; s++) {
      assert(seen[p][s] == 1);
      expected += value_of(p, s);
    }
  assert(checksum == expected);

  printf("consumed %d, left in queue %d, spilled %d\n", consumed, puts_total - takes_total, nspill);
  return 0;
}
