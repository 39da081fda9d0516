/* A small task pool that uses most of the pthread API at once:
 *   - a producer/consumer queue: main pushes the tasks under a mutex and wakes the workers
 *     with a condition variable, which they wait on while the queue is empty;
 *   - each worker formats its result in a thread-local (__thread) buffer and stores it in a
 *     table protected by a read-write lock;
 *   - an atomic statistics counter of the tasks done;
 *   - a barrier between the two phases: once both workers are through it, the one that gets
 *     PTHREAD_BARRIER_SERIAL_THREAD checks the whole table under a read lock.
 * Compiled with -DBUG, main wakes the workers with pthread_cond_signal instead of
 * pthread_cond_broadcast: when both already wait, one of them is never woken.
 *
 *   dpu examples/mixed_pool.c            no defect
 *   dpu -DBUG examples/mixed_pool.c      a deadlock in some interleavings
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 2
#define TASKS 2

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int queue[TASKS], queued; // protected by queue_lock

static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static int table[TASKS]; // protected by table_lock

static atomic_int tasks_done;
static pthread_barrier_t phase;
static int table_ok = -1; // written by the serial thread of the barrier only

static __thread char scratch[32]; // each worker's own formatting buffer

static int take_task(void) {
  pthread_mutex_lock(&queue_lock);
  while (queued == 0)
    pthread_cond_wait(&not_empty, &queue_lock);
  int task = queue[--queued];
  pthread_mutex_unlock(&queue_lock);
  return task;
}

static void *worker(void *arg) {
  (void)arg;
  int task = take_task();
  snprintf(scratch, sizeof scratch, "%d", 10 * (task + 1));
  pthread_rwlock_wrlock(&table_lock);
  table[task] = atoi(scratch);
  pthread_rwlock_unlock(&table_lock);
  atomic_fetch_add(&tasks_done, 1);
  if (pthread_barrier_wait(&phase) == PTHREAD_BARRIER_SERIAL_THREAD) {
    pthread_rwlock_rdlock(&table_lock);
    table_ok = table[0] == 10 && table[1] == 20;
    pthread_rwlock_unlock(&table_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t workers[WORKERS];
  pthread_barrier_init(&phase, NULL, WORKERS);
  for (int i = 0; i < WORKERS; i++)
    pthread_create(&workers[i], NULL, worker, NULL);
  pthread_mutex_lock(&queue_lock);
  for (int t = 0; t < TASKS; t++)
    queue[queued++] = t;
#ifdef BUG
  pthread_cond_signal(&not_empty);
#else
  pthread_cond_broadcast(&not_empty);
#endif
  pthread_mutex_unlock(&queue_lock);
  for (int i = 0; i < WORKERS; i++)
    pthread_join(workers[i], NULL);
  assert(atomic_load(&tasks_done) == TASKS);
  assert(table_ok == 1);
  pthread_barrier_destroy(&phase);
  printf("tasks done: %d\n", atomic_load(&tasks_done));
  return 0;
}
