/* A bank account with a check-then-act bug: two threads withdraw from one account. Each checks
 * the balance under the lock, releases it, and withdraws under the lock again; in some orders
 * both see enough money and the balance goes negative.
 *
 *   dpu examples/bank.c
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int balance = 100;

static int read_balance(void) {
  pthread_mutex_lock(&lock);
  int b = balance;
  pthread_mutex_unlock(&lock);
  return b;
}

static void *withdraw(void *arg) {
  int amount = *(int *)arg;
  if (read_balance() >= amount) {
    pthread_mutex_lock(&lock);
    balance -= amount;
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  int a = 80, b = 50;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, withdraw, &a);
  pthread_create(&t2, NULL, withdraw, &b);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("balance: %d\n", balance);
  assert(balance >= 0);
  return 0;
}
