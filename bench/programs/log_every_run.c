/* A thread pool of two workers and a signal thread (sigwait on SIGTERM, which main sends) that
 * log every task to ./pool.log: every run writes a file, which file isolation
 * (runtime/isolate.h) undoes before the next run. bench/README.md compares it with
 * --shared-files. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <unistd.h>

struct task { int n; struct task *next; };
static struct task *head;
static int done, shutdown_flag;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    while (!head && !shutdown_flag) pthread_cond_wait(&cv, &m);
    if (!head) { pthread_mutex_unlock(&m); return NULL; }
    struct task *t = head;
    head = t->next;
    pthread_mutex_unlock(&m);
    FILE *log = fopen("pool.log", "a");
    fprintf(log, "task %d\n", t->n);
    fclose(log);
    free(t);
    pthread_mutex_lock(&m);
    done++;
    pthread_mutex_unlock(&m);

  }
}

static void *sig_thread(void *arg) {
  sigset_t *set = arg;
  int sig;
  sigwait(set, &sig);
  pthread_mutex_lock(&m);
  shutdown_flag = 1;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  pthread_t w[2], s;
  pthread_create(&s, NULL, sig_thread, &set);
  for (int i = 0; i < 2; i++) pthread_create(&w[i], NULL, worker, NULL);
  for (int i = 1; i <= 2; i++) {
    struct task *t = malloc(sizeof *t);
    t->n = i;
    pthread_mutex_lock(&m);
    t->next = head;
    head = t;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
  }
  kill(getpid(), SIGTERM);
  for (int i = 0; i < 2; i++) pthread_join(w[i], NULL);
  pthread_join(s, NULL);
  printf("done %d\n", done);
  return 0;
}
