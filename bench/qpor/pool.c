/* POOL(w,t): a thread pool, in the spirit of the thread-pool benchmark of the QPOR paper.
 *
 * Main starts W workers, then submits T tasks one at a time to a bounded task queue (a ring of
 * QCAP entries under one mutex) and finally announces shutdown. Workers repeatedly take a task
 * from the queue and run it. A task of size 2 splits: running it pushes a child task of size 1
 * back into the queue (the pool feeds itself, depending on the data it processes). Results are
 * recorded under a second mutex.
 *
 * Nobody waits for anybody, so every thread terminates on every interleaving:
 *  - a worker that finds the queue empty counts an idle poll; it gives up when it finds it
 *    empty for the (IDLE+1)-th time, or at once if shutdown was announced;
 *  - whoever finds the queue full runs the task itself instead (caller-runs policy);
 *  - after joining the workers, main runs whatever is still queued.
 *
 * Invariants checked: the queue's length stays in [0, QCAP]; every task (submitted or spawned)
 * runs exactly once; each thread's own count of the tasks it ran agrees with the results; the
 * total work is as expected.
 *
 *   dpu --por=none -DW=2 -DT=2 bench/qpor/pool.c
 *
 * Parameters: W workers (default 2), T submitted tasks (default 2), QCAP queue capacity (2),
 * IDLE empty polls a worker tolerates before it gives up (1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#ifndef W
#define W 2
#endif
#ifndef T
#define T 2
#endif
#ifndef QCAP
#define QCAP 2
#endif
#ifndef IDLE
#define IDLE 1
#endif

/* Submitted tasks have ids 0..T-1; the child of task i has id T+i. Odd tasks split. */
#define NTASKS (2 * T)
#define SIZE(id) ((id) < T && (id) % 2 == 1 ? 2 : 1)

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static int queue[QCAP];  /* protected by q_lock, as are the next two */
static int q_head, q_len;
static int shutdown_requested;

static pthread_mutex_t res_lock = PTHREAD_MUTEX_INITIALIZER;
static int done[NTASKS]; /* protected by res_lock, as are the next two */
static int runner[NTASKS];
static int work_total;

/* ran[who]: tasks run by thread who, written only by that thread (read by main after joins). */
static int ran[W + 1];

static int push(int task) {
  int ok = 0;
  pthread_mutex_lock(&q_lock);
  if (q_len < QCAP) {
    queue[(q_head + q_len) % QCAP] = task;
    q_len++;
    ok = 1;
  }
  assert(q_len >= 0 && q_len <= QCAP);
  pthread_mutex_unlock(&q_lock);
  return ok;
}

/* Runs a task on behalf of thread `who` (0 is main, 1..W the workers). */
static void run_task(int task, int who) {
  if (SIZE(task) == 2 && !push(T + task)) run_task(T + task, who); /* full: run the child now */
  pthread_mutex_lock(&res_lock);
  assert(!done[task]);
  done[task] = 1;
  runner[task] = who;
  work_total += SIZE(task);
  pthread_mutex_unlock(&res_lock);
  ran[who]++;
}

static void *worker(void *arg) {
  int who = (int)(intptr_t)arg;
  int idle = 0;
  for (;;) {
    int task = -1, stop = 0;
    pthread_mutex_lock(&q_lock);
    if (q_len > 0) {
      task = queue[q_head];
      q_head = (q_head + 1) % QCAP;
      q_len--;
    } else if (shutdown_requested || ++idle > IDLE) {
      stop = 1;
    }
    pthread_mutex_unlock(&q_lock);
    if (stop) break;
    if (task >= 0) run_task(task, who);
  }
  return NULL;
}

int main(void) {
  pthread_t t[W];

  for (int i = 0; i < W; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)(i + 1));
  for (int i = 0; i < T; i++)
    if (!push(i)) run_task(i, 0); /* caller runs */
  pthread_mutex_lock(&q_lock);
  shutdown_requested = 1;
  pthread_mutex_unlock(&q_lock);
  for (int i = 0; i < W; i++) pthread_join(t[i], NULL);

  /* The workers are gone: main runs what they left behind. */
  while (q_len > 0) {
    int task = queue[q_head];
    q_head = (q_head + 1) % QCAP;
    q_len--;
    run_task(task, 0);
  }

  int expected = 0, tasks = 0, per_thread[W + 1] = {0};
  for (int i = 0; i < T; i++) expected += SIZE(i) == 2 ? 2 + 1 : 1;
  for (int i = 0; i < NTASKS; i++) {
    int exists = i < T || SIZE(i - T) == 2;
    assert(done[i] == exists);
    tasks += done[i];
    if (done[i]) per_thread[runner[i]]++;
  }
  for (int who = 0; who <= W; who++) assert(ran[who] == per_thread[who]);
  assert(work_total == expected);
  printf("%d tasks, %d run by main, work %d\n", tasks, ran[0], work_total);
  return 0;
}
