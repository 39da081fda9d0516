// A use after free through a visible operation (found by a user test, session 20): an atomic
// access or a pthread call on an object inside a freed block is a memory error, as a plain
// access is (heap_use_after_free.c); dpu missed it, and a lock of a freed mutex went on as a
// lock of whatever the freed bytes held. One thread, one operation each (-DOP=...): 1
// max-config, the memory error at the operation's line naming it and the object's offset
// in the 96-byte block (refs at 0, m at 8, c at 48), exit 1.
// RUN: %dpu -DOP=1 %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefix=LOAD %s < %t.1
// RUN: %dpu -DOP=2 %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefix=RMW %s < %t.2
// RUN: %dpu -DOP=3 %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefix=CAS %s < %t.3
// RUN: %dpu -DOP=4 %s > %t.4; test $? -eq 1
// RUN: FileCheck --check-prefix=LOCK %s < %t.4
// RUN: %dpu -DOP=5 %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefix=SIGNAL %s < %t.5
// LOAD: memory error: use after free: atomic-load of 4 bytes at offset 0 of a heap block of 96 bytes (at {{.*}}heap_use_after_free_ops.c:40 in main); allocated by T0 at {{.*}}heap_use_after_free_ops.c:35 in main, freed by T0 at {{.*}}heap_use_after_free_ops.c:38 in main
// LOAD: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
// RMW: memory error: use after free: atomic-rmw of 4 bytes at offset 0 of a heap block of 96 bytes (at {{.*}}heap_use_after_free_ops.c:42 in main)
// CAS: memory error: use after free: atomic-cas of 4 bytes at offset 0 of a heap block of 96 bytes (at {{.*}}heap_use_after_free_ops.c:45 in main)
// LOCK: memory error: use after free: pthread_mutex_lock at offset 8 of a heap block of 96 bytes (at {{.*}}heap_use_after_free_ops.c:47 in main)
// SIGNAL: memory error: use after free: pthread_cond_signal at offset 48 of a heap block of 96 bytes (at {{.*}}heap_use_after_free_ops.c:49 in main)
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct obj {
  atomic_int refs;
  pthread_mutex_t m;
  pthread_cond_t c;
};

int main(void) {
  struct obj *o = malloc(sizeof *o);
  atomic_init(&o->refs, 1);
  pthread_mutex_init(&o->m, NULL);
  free(o);
#if OP == 1
  printf("%d\n", atomic_load(&o->refs));
#elif OP == 2
  atomic_fetch_sub(&o->refs, 1);
#elif OP == 3
  int one = 1;
  atomic_compare_exchange_strong(&o->refs, &one, 2);
#elif OP == 4
  pthread_mutex_lock(&o->m);
#else
  pthread_cond_signal(&o->c);
#endif
  return 0;
}
