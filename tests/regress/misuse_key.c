// Misuse of pthread keys, one case per -DCASE (main alone: 1 max-config, 1 defect):
// 1. pthread_setspecific of a deleted key.
// 2. pthread_getspecific of a deleted key.
// 3. pthread_key_delete of a deleted key.
// RUN: %dpu -DCASE=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C1 %s < %t.1
// RUN: %dpu -DCASE=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C2 %s < %t.2
// RUN: %dpu --por=none -DCASE=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,C3 %s < %t.3
#include <pthread.h>

static pthread_key_t key;
static int value = 1;

int main(void) {
  pthread_key_create(&key, NULL);
  pthread_key_delete(key);
#if CASE == 1
  // C1: dpu: defect 1: pthread misuse: pthread_setspecific of a key that does not exist (at {{.*}}misuse_key.c:[[@LINE+1]] in main)
  pthread_setspecific(key, &value);
#elif CASE == 2
  // C2: dpu: defect 1: pthread misuse: pthread_getspecific of a key that does not exist (at {{.*}}misuse_key.c:[[@LINE+1]] in main)
  (void)pthread_getspecific(key);
#else
  // C3: dpu: defect 1: pthread misuse: pthread_key_delete of a key that does not exist (at {{.*}}misuse_key.c:[[@LINE+1]] in main)
  pthread_key_delete(key);
#endif
  return 0;
}
// ALL-NOT: dpu: defect
// ALL: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// ALL-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
