// The mixed program examples/mixed_pool.c: a producer/consumer queue with a condition
// variable, an rwlock-protected table, an atomic statistics counter, a barrier between two
// phases and a __thread buffer; with -DBUG main signals instead of broadcasting.
// Derivation: the events on each object, then how they combine.
// - queue_lock and not_empty (main's critical section pushes both tasks and broadcasts; each
//   worker takes one task, waiting while the queue is empty): as in cond_broadcast.c, by the
//   order of the three first critical sections: main first (2 orders of the workers after
//   it): 2; main second (Wi waits, main wakes it, Wi's relock and Wj's critical section in
//   either order; 2 choices of i): 4; main last (both wait, their resumes on the condition
//   variable in 2 orders and their relocks in 2 orders; 2 orders of the waiters): 8. 14.
// - table_lock: each worker's write section (after its take), then the serial thread's read
//   section (after the barrier, so after both writes): the writes in 2 orders.
// - tasks_done: one fetch_add per worker, after its write: 2 orders.
// - the barrier (count 2): 2 orders of the arrivals (after the fetch_adds); the first to
//   arrive then leaves, the last returns PTHREAD_BARRIER_SERIAL_THREAD.
// Each worker's events on one object only follow its events on the previous ones, and no
// object's order constrains another's, so every combination happens: 14 x 2 x 2 x 2 = 112
// max-configs, no defect (the __thread buffer is not shared, the keys of the table are
// distinct tasks).
// With -DBUG: main first or second: as before (6 orders on the queue, x 8); main last: the
// signal wakes one of the two waiters (2 choices x 2 orders of the waiters = 4 traces), which
// then takes a task, writes, counts and arrives at the barrier, where it waits forever for the
// other: a deadlock with main in its join of a worker. 6 x 8 + 4 = 52 max-configs, 4 with a deadlock,
// one defect: whether T1 or T2 is forgotten, the blocked operations and their sites are the
// same (a defect's identity has no thread numbers, issue #13).
// RUN: %dpu --por=none %S/../../examples/mixed_pool.c > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry %S/../../examples/mixed_pool.c > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %S/../../examples/mixed_pool.c > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --no-symmetry -DBUG %S/../../examples/mixed_pool.c > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// RUN: grep '^dpu: defect' %t.bug.none | sed 's/^dpu: defect [0-9]*: //' | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=BUGDEF %s
// RUN: grep '^dpu: defect' %t.bug.qpor | sed 's/^dpu: defect [0-9]*: //' | LC_ALL=C sort | uniq -c | FileCheck --check-prefix=BUGDEF %s
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 112 max-configs, 0 SSBs, {{[0-9]+}} runs
// The deadlock (lines of examples/mixed_pool.c: 77 main's first join, 40 the condition wait, 54
// the barrier wait), reported once with the first trace that showed it (T1 or T2 forgotten).
// BUGDEF: {{^ *}}1 deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}mixed_pool.c:77, T1 in {{(pthread_barrier_wait at .*mixed_pool.c:54, T2 in pthread_cond_wait at .*mixed_pool.c:40|pthread_cond_wait at .*mixed_pool.c:40, T2 in pthread_barrier_wait at .*mixed_pool.c:54)}}{{$}}
// BUGDEF-NOT: {{.}}
// BUG: dpu: traces with defects: 4 of 52 (defect 1 in 4)
// BUG-NEXT: dpu: summary: 1 defects, 52 max-configs, 0 SSBs, {{[0-9]+}} runs
int main(void) { return 0; }
