/* A thread pool (bench/bound.sh): WORKERS workers (default 4), a queue of QCAP slots under a
 * mutex and two condition variables, shutdown; main submits TASKS tasks (default 8), then shuts
 * down and joins. */
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>

#ifndef WORKERS
#define WORKERS 4
#endif
#ifndef TASKS
#define TASKS 8
#endif
#define QCAP 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t nonfull = PTHREAD_COND_INITIALIZER;
static int queue[QCAP], head, count;
static bool stop;
static int done_sum;

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    while (count == 0 && !stop) pthread_cond_wait(&nonempty, &m);
    if (count == 0 && stop) {
      pthread_mutex_unlock(&m);
      return NULL;
    }
    int task = queue[head];
    head = (head + 1) % QCAP;
    count--;
    pthread_cond_signal(&nonfull);
    done_sum += task;
    pthread_mutex_unlock(&m);
  }
}

static void submit(int task) {
  pthread_mutex_lock(&m);
  while (count == QCAP) pthread_cond_wait(&nonfull, &m);
  queue[(head + count) % QCAP] = task;
  count++;
  pthread_cond_signal(&nonempty);
  pthread_mutex_unlock(&m);
}

int main(void) {
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 1; i <= TASKS; i++) submit(i);
  pthread_mutex_lock(&m);
  stop = true;
  pthread_cond_broadcast(&nonempty);
  pthread_mutex_unlock(&m);
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);
  assert(done_sum == TASKS * (TASKS + 1) / 2);
  return 0;
}
