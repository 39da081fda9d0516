// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A race through memcpy: T1 copies 13 bytes ("hello, world" and its NUL) into the global
// buffer buf with memcpy; T2 reads buf[4].
// Races: memcpy writes bytes 0..12 of buf; T2's one-byte read of byte 4 overlaps them, and
// nothing orders the two (create/join order only main's accesses): a race, ONE defect, on
// 'buf[4]' (the first byte both touch).
// Traces: only thread events, none in conflict: 1 max-config, the race in it (1 of 1). T1
// copies right after its start, T2 reads right after its own (starts are run eagerly, T1's
// first): the memcpy is named first, as a write of 13 bytes by memcpy.
// RUN: %dpu --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// CHECK: {{^}}dpu: defect 1: data race: write of 13 bytes (memcpy) to 'buf[4]' at {{.*}}race_memcpy.c:[[#@LINE+19]] in copier (T1) and read of 1 byte at {{.*}}race_memcpy.c:[[#@LINE+25]] in peeker (T2){{$}}
// CHECK: {{^}}  stack of the write by T1 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 copier at {{.*}}race_memcpy.c:[[#@LINE+17]]{{$}}
// CHECK-NEXT: {{^}}  stack of the read by T2 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 peeker at {{.*}}race_memcpy.c:[[#@LINE+21]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'buf[4]' (in a global of 16 bytes) at {{0x[0-9a-f]+}}, the first byte both touch{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[16];
static const char msg[] = "hello, world";
static char seen; // written by T2 only, read by main after the joins

static void *copier(void *arg) {
  (void)arg;
  memcpy(buf, msg, sizeof msg);
  return NULL;
}

static void *peeker(void *arg) {
  (void)arg;
  seen = buf[4];
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, copier, NULL);
  pthread_create(&t2, NULL, peeker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
