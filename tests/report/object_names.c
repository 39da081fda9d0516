// Objects in an interleaving are named when they are (inside) a global variable of the
// program: a mutex by its name, an element of a global array or a field of a global struct as
// the program writes it, from the debug info ('locks[1]': 40 bytes into the array on x86-64;
// 'stats.guard': the field after an int and its padding); a mutex on the heap after its block's
// malloc, heap@FILE:LINE. In JSON, object_name, object_offset, object_member; the heap block
// as object_block; a blocked thread's held_by: the lock's holder.
// Derivation: ab takes locks[0] then locks[1], ba locks[1] then locks[0] (after their own
// critical sections on heap_lock and stats.guard, which no other thread takes): of the 3
// maximal configurations (ab's pair first, ba's pair first, or each takes its first lock),
// the last is a deadlock with T1 at line 54 and T2 at line 66; the interleaving dpu finds
// first runs main's set-up, T2 up to its first locks[1], then T1 up to locks[0].
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// CHECK: {{^}}dpu: defect 1: deadlock: 3 threads blocked: T0 in pthread_join at [[FILE]]:78, T1 in pthread_mutex_lock at [[FILE]]:54, T2 in pthread_mutex_lock at [[FILE]]:66{{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 12 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_mutex_init     heap@object_names.c:73   [[FILE]]:74 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T1                       [[FILE]]:76 main{{$}}
// CHECK-NEXT: {{^}}  #4    T0   pthread_create         T2                       [[FILE]]:77 main{{$}}
// CHECK-NEXT: {{^}}  #5    T1   start                                           [[FILE]]:76 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   start                                           [[FILE]]:77 main{{$}}
// CHECK-NEXT: {{^}}  #7    T2   pthread_mutex_lock     'stats.guard'            [[FILE]]:62 ba{{$}}
// CHECK-NEXT: {{^}}  #8    T2   pthread_mutex_unlock   'stats.guard'            [[FILE]]:64 ba{{$}}
// CHECK-NEXT: {{^}}  #9    T2   pthread_mutex_lock     'locks[1]'               [[FILE]]:65 ba{{$}}
// CHECK-NEXT: {{^}}  #10   T1   pthread_mutex_lock     heap@object_names.c:73   [[FILE]]:51 ab{{$}}
// CHECK-NEXT: {{^}}  #11   T1   pthread_mutex_unlock   heap@object_names.c:73   [[FILE]]:52 ab{{$}}
// CHECK-NEXT: {{^}}  #12   T1   pthread_mutex_lock     'locks[0]'               [[FILE]]:53 ab{{$}}
// The waits line names the lock-order cycle: who holds what each blocked thread waits for.
// CHECK: {{^}}  waits: T0 for T1 to end, T1 for 'locks[1]' (held by T2), T2 for 'locks[0]' (held by T1){{$}}
// CHECK: {{^}}dpu: summary: 1 defects, 3 max-configs, 0 SSBs, 3 runs, {{[0-9.]+}} s{{$}}
// JSON: defect 1 step 2 T0 pthread_mutex_init 0x#=heap(40B@object_names.c:73 T0) - object_names.c:74 main
// JSON: defect 1 step 7 T2 pthread_mutex_lock 0x#='stats'+8(stats.guard) - object_names.c:62 ba
// JSON: defect 1 step 9 T2 pthread_mutex_lock 0x#='locks'+40(locks[1]) - object_names.c:65 ba
// JSON: defect 1 step 10 T1 pthread_mutex_lock 0x#=heap(40B@object_names.c:73 T0) - object_names.c:51 ab
// JSON: defect 1 step 12 T1 pthread_mutex_lock 0x#='locks'(locks[0]) - object_names.c:53 ab
// JSON: defect 1 blocked T1 pthread_mutex_lock 0x#='locks'+40(locks[1]) object_names.c:54 ab held_by T2
// JSON: defect 1 blocked T2 pthread_mutex_lock 0x#='locks'(locks[0]) object_names.c:66 ba held_by T1
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static struct {
  int count;
  pthread_mutex_t guard;
} stats = {0, PTHREAD_MUTEX_INITIALIZER};
static pthread_mutex_t *heap_lock;

static void *ab(void *arg) {
  (void)arg;
  pthread_mutex_lock(heap_lock);
  pthread_mutex_unlock(heap_lock);
  pthread_mutex_lock(&locks[0]);
  pthread_mutex_lock(&locks[1]);
  pthread_mutex_unlock(&locks[1]);
  pthread_mutex_unlock(&locks[0]);
  return NULL;
}

static void *ba(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats.guard);
  stats.count++;
  pthread_mutex_unlock(&stats.guard);
  pthread_mutex_lock(&locks[1]);
  pthread_mutex_lock(&locks[0]);
  pthread_mutex_unlock(&locks[0]);
  pthread_mutex_unlock(&locks[1]);
  return NULL;
}

int main(void) {
  heap_lock = malloc(sizeof *heap_lock);
  pthread_mutex_init(heap_lock, NULL);
  pthread_t t1, t2;
  pthread_create(&t1, NULL, ab, NULL);
  pthread_create(&t2, NULL, ba, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_mutex_destroy(heap_lock);
  free(heap_lock);
  return 0;
}
