// A data race in SARIF: the result's location is one access (the one whose file, line and
// function come first: here main's read, line 15 before 20), its related location the other,
// w's write; the related location repeated the result's access when that access was the
// first one the race recorded (a user test).
// RUN: %dpu -j 1 --format=sarif -o %t.sarif %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck %s
// CHECK: result 1 dpu/data-race level error occurrences {{[0-9]+}} at sarif_race_related.c:[[#@LINE+8]] main
// CHECK: result 1 related the racing write by T1 sarif_race_related.c:[[#@LINE+12]] w{{$}}
#include <pthread.h>
static int x;
static void *w(void *a);
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, w, NULL);
  int seen = x;
  pthread_join(t, NULL);
  return seen - seen;
}
static void *w(void *a) {
  x = 1;
  return a;
}
