// One use after free, seen three ways, is grouped (issue 37: a reference count dropped too
// early gave 4 defects for one bug): T1 drops its reference to o and reads o->data after, while
// main drops the other. Where T1's put frees o, T1's read is the use after free (defect 2);
// where main's put frees it, the read and the free are a data race (defect 1), and where the
// free comes first, the assertion also reads freed memory. The report keeps each (each has its
// own trace and replay) and says they are one bug: defect 1 follows from defect 2, whose line
// it shares; JSON gives it root 2.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --format=json -o %t.json %s > /dev/null; test $? -eq 1
// RUN: %python -c 'import json, sys; d = json.load(open(sys.argv[1])); print(" ".join("%%d:%%s" %% (x["id"], x["root"]) for x in sorted(d["defects"], key=lambda x: x["id"])))' %t.json | FileCheck --check-prefix=JSON %s
// CHECK: {{^}}dpu: defect 1: data race: read of 4 bytes {{.*}} at {{.*}}uaf_grouped.c:[[#LINE:]] in user (T1) and free of it at {{.*}}uaf_grouped.c:[[#FREE:]] in put (T0){{$}}
// CHECK: {{^}}dpu: defect 2: memory error: use after free: read of 4 bytes {{.*}}(at {{.*}}uaf_grouped.c:[[#LINE]] in user){{.*}}
// CHECK: {{^}}dpu: defect 1 follows from defect 2 (the memory error at {{.*}}uaf_grouped.c:[[#LINE]]): one bug seen 2 ways{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 3 of 3 (defect 1 in 2, defect 2 in 1){{$}}
// JSON: {{^}}1:2 2:None{{$}}
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct obj {
  atomic_int refs;
  int data;
};
static struct obj *o;

static void put(struct obj *p) {
  if (atomic_fetch_sub(&p->refs, 1) == 1) free(p);
}

static void *user(void *arg) {
  put(o); /* the bug: it drops its reference before it is done with o */
  assert(o->data == 42);
  return arg;
}

int main(void) {
  o = malloc(sizeof *o);
  atomic_init(&o->refs, 2);
  o->data = 42;
  pthread_t t;
  pthread_create(&t, NULL, user, NULL);
  put(o);
  pthread_join(t, NULL);
  return 0;
}
