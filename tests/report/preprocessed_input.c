// Preprocessed inputs (.i), as SV-COMP's tasks come: one preprocessed for x86-64 (LP64) runs;
// one preprocessed for a 32-bit target (ILP32, gcc -m32), whose pthread types have 32-bit
// layouts that the runtime would overrun, is refused before it compiles, saying what to do
// (exit 2). Derivation of the LP64 run: two threads each lock m once: 2 max-configs.
// RUN: %clang -E %s -o %t.i
// RUN: %dpu %t.i > %t.out; test $? -eq 0
// RUN: FileCheck --check-prefix=LP64 %s < %t.out
// LP64: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// RUN: %dpu %inputs/ilp32_task.i 2> %t.err; test $? -eq 2
// RUN: FileCheck --check-prefix=ILP32 %s < %t.err
// ILP32: dpu: error: {{.*}}ilp32_task.i was preprocessed for a 32-bit target (ILP32, gcc -m32: it defines size_t as unsigned int), whose pthread types dpu cannot run: dpu runs programs on x86-64 (LP64). Give dpu the .c file, or preprocess it without -m32 (gcc -E)
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
