/* POL(n,m): nested and intertwined critical sections in a fixed pattern, in the spirit of the
 * POL benchmark of the QPOR paper (Table 1).
 *
 * A line of N+M cells, each holding some tokens and protected by its own mutex. Thread i (of N)
 * walks the M+1 cells i, i+1, ..., i+M; at each of its M steps it holds two neighbouring cells
 * j and j+1 and moves a token from j to j+1 if cell j has one, so what a thread does depends on
 * what the threads around it did before. Threads alternate between two locking patterns:
 *  - even threads use lock coupling (hand-over-hand): they lock cell j+1 while holding cell j,
 *    then release cell j and keep j+1 for the next step, so their critical sections overlap
 *    without nesting and a coupled thread cannot be overtaken on the cells it walks;
 *  - odd threads use properly nested sections: lock j, lock j+1, step, unlock j+1, unlock j,
 *    and may overtake or be overtaken between steps.
 * Neighbouring threads share up to M cells. Locks are always taken in increasing cell order,
 * so there is no deadlock.
 *
 * Each cell also has an owner field, set by whoever holds its mutex and cleared before the
 * mutex is released, and a visit count. Invariants checked: nobody else owns a cell one has just
 * locked; token counts never go negative; a step conserves the tokens of its two cells; the
 * tokens are conserved overall; every cell was locked exactly as often as the walks over it
 * imply; a thread moves at most one token per step.
 *
 *   dpu --por=none -DN=3 -DM=2 bench/qpor/pol.c
 *
 * Parameters: N threads (default 3), M steps per thread (default 2).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef N
#define N 3
#endif
#ifndef M
#define M 2
#endif

#define CELLS (N + M)
#define COUPLED(i) ((i) % 2 == 0)

struct cell {
  pthread_mutex_t lock;
  int tokens;  /* protected by lock, as are the next two */
  int owner;   /* thread holding lock, -1 if none */
  int visits;  /* times the cell was locked */
};
static struct cell cells[CELLS];

/* Private to each thread until main joins it. */
static int moved[N];

static void enter(int j, int me) {
  pthread_mutex_lock(&cells[j].lock);
  assert(cells[j].owner == -1);
  cells[j].owner = me;
  cells[j].visits++;
  assert(cells[j].tokens >= 0);
}

static void leave(int j, int me) {
  assert(cells[j].owner == me);
  cells[j].owner = -1;
  pthread_mutex_unlock(&cells[j].lock);
}

/* One step, holding cells j and j+1. */
static void step(int j, int me) {
  int before = cells[j].tokens + cells[j + 1].tokens;
  if (cells[j].tokens > 0) {
    cells[j].tokens--;
    cells[j + 1].tokens++;
    moved[me]++;
  }
  assert(cells[j].tokens + cells[j + 1].tokens == before);
}

static void *walker(void *arg) {
  int me = (int)(intptr_t)arg;
  if (COUPLED(me)) {
    enter(me, me);
    for (int j = me; j < me + M; j++) {
      enter(j + 1, me);
      step(j, me);
      leave(j, me); /* cell j+1 stays held into the next step */
    }
    leave(me + M, me);
  } else {
    for (int j = me; j < me + M; j++) {
      enter(j, me);
      enter(j + 1, me);
      step(j, me);
      leave(j + 1, me);
      leave(j, me);
    }
  }
  return NULL;
}

/* How many times thread i locks cell j. */
static int locks_of(int i, int j) {
  if (j < i || j > i + M) return 0;
  if (COUPLED(i) || j == i || j == i + M) return 1;
  return 2; /* a nested walker locks an inner cell as j+1 and again as j */
}

int main(void) {
  pthread_t t[N];
  int initial = 0;

  for (int j = 0; j < CELLS; j++) {
    pthread_mutex_init(&cells[j].lock, NULL);
    cells[j].owner = -1;
    cells[j].tokens = j % 2 == 0 ? 1 : 0; /* a token on every other cell */
    initial += cells[j].tokens;
  }
  for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, walker, (void *)(intptr_t)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);

  int total = 0, moves = 0;
  for (int j = 0; j < CELLS; j++) {
    int expected = 0;
    for (int i = 0; i < N; i++) expected += locks_of(i, j);
    assert(cells[j].owner == -1 && cells[j].tokens >= 0 && cells[j].visits == expected);
    total += cells[j].tokens;
  }
  for (int i = 0; i < N; i++) {
    assert(moved[i] >= 0 && moved[i] <= M);
    moves += moved[i];
  }
  assert(total == initial);
  printf("tokens %d, moves %d, last cell %d\n", total, moves, cells[CELLS - 1].tokens);
  for (int j = 0; j < CELLS; j++) pthread_mutex_destroy(&cells[j].lock);
  return 0;
}
