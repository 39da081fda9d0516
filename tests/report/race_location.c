// A race's location in JSON (and SARIF) is the access whose site comes first in the digest's
// order (report/races.c), whichever access the trace shown has first, so that one race keeps
// one location with -j 1 and -j N (a user saw it move between lines with -j). T1's write
// (line 17) runs before T2's read (line 22) in the trace shown; the location was the second
// access's, line 22, and is now line 17, with T1 as its thread. 1 defect, in both orders of the two accesses (2 traces).
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck %s
// RUN: %dpu -j 4 --format=json -o %t4.json %s > %t4; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t4.json | FileCheck %s
// CHECK: defect 1 data-race traces 2 thread 1 location race_location.c:17 writer exact
#include <pthread.h>

static int x;

static void *writer(void *arg) {
  (void)arg;
  x = 1;
  return NULL;
}

static void *reader(void *arg) {
  return (void *)(long)x + (long)arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
