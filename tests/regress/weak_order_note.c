// Store buffering: each thread stores its flag and loads the other's; with release stores
// and acquire loads both may load 0 on a real machine (x86 too: a store waits in its
// thread's store buffer while the load runs), which no sequentially consistent execution
// shows. By default dpu explores sequentially consistent executions: the assertion holds in
// all 3 traces, and a note names the first atomic operation with an order weaker than
// seq_cst and the model that would show more. With seq_cst (-DSC) there is no note.
// RUN: %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %dpu -DSC %s > %t.sc 2> %t.sc.err; test $? -eq 0
// RUN: FileCheck --allow-empty --check-prefix=SC %s < %t.sc.err
// ERR: {{^}}dpu: note: 4 atomic operations with an order weaker than seq_cst (the first at {{.*}}weak_order_note.c:[[#@LINE+47]] in left): dpu explores sequentially consistent executions only, not those that only weaker orders allow; --memory-model=tso explores x86-TSO's (docs/memory-models.md){{$}}
// SC-NOT: note
// --memory-model=tso (runtime/models/tso.c): each store waits in its thread's store buffer,
// a thread of its own (T3 for T1, T4 for T2) whose flush writes it to memory. Each load is
// before or after the other thread's flush: 4 traces, one where both load 0. The report
// shows the flushes, the replay reproduces it, and the exhaustive explorer agrees. With
// seq_cst stores (xchg on x86: the buffer empties first) the 3 traces of sc again.
// RUN: %dpu --memory-model=tso %s > %t.tso 2> %t.tso.err; test $? -eq 1
// RUN: FileCheck --check-prefix=TSO %s < %t.tso
// RUN: FileCheck --check-prefix=TSONOTE %s < %t.tso.err
// RUN: sed -n 's/^  replay: dpu replay \([0-9:,]*\) .*/\1/p' %t.tso > %t.sched
// RUN: %dpu replay $(cat %t.sched) --memory-model=tso %s > %t.replay; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// RUN: %dpu --memory-model=tso --por=none %s > %t.all; test $? -eq 1
// RUN: FileCheck --check-prefix=TSOALL %s < %t.all
// RUN: %dpu --memory-model=tso -DSC %s | FileCheck --check-prefix=TSOSC %s
// RUN: %dpu --memory-model=rc11 %s > %t.rc11 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// TSO: dpu: defect 1: assertion failure: r1 || r2 (at {{.*}}weak_order_note.c:[[#@LINE+46]] in main)
// TSO: T1 create-store-buffer T3 {{.*}}weak_order_note.c:[[#@LINE+28]] left
// TSO: T1 atomic-load 'y' = 0 (a store to it waits in a store buffer) {{.*}}weak_order_note.c:[[#@LINE+28]] left
// TSO: T2 atomic-load 'x' = 0 (a store to it waits in a store buffer) {{.*}}weak_order_note.c:[[#@LINE+33]] right
// TSO: T3 store-buffer-flush 'x' = 1 {{.*}}weak_order_note.c:[[#@LINE+25]] left
// TSO: T1 store-buffer-drain T3
// TSO: replay: dpu replay {{[0-9:,]+}} --memory-model=tso {{.*}}weak_order_note.c
// TSO: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, 4 runs
// TSONOTE: dpu explores x86-TSO's executions (--memory-model=tso)
// REPLAY: dpu: defect 1: assertion failure: r1 || r2
// TSOALL: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// TSOSC: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, 3 runs
// RC11: dpu: error: --memory-model=rc11 is not supported yet: dpu explores sc (sequential consistency) and tso (x86-TSO)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SC
#define ST memory_order_seq_cst
#define LD memory_order_seq_cst
#else
#define ST memory_order_release
#define LD memory_order_acquire
#endif

static atomic_int x, y;
static int r1, r2;

static void *left(void *arg) {
  atomic_store_explicit(&x, 1, ST);
  r1 = atomic_load_explicit(&y, LD);
  return arg;
}

static void *right(void *arg) {
  atomic_store_explicit(&y, 1, ST);
  r2 = atomic_load_explicit(&x, LD);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, left, NULL);
  pthread_create(&b, NULL, right, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(r1 || r2);
  return 0;
}

// The JSON report says the model (summary.memory_model), and is valid against the schema:
// RUN: %dpu --memory-model=tso --format=json -o %t.json %s > /dev/null 2>&1; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json > /dev/null
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(not (s['memory_model'] == 'tso' and s['max_configs'] == 4))" %t.json
// RUN: %dpu --format=json -o %t.sc.json %s > /dev/null 2>&1
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(not (s['memory_model'] == 'sc' and s['max_configs'] == 3))" %t.sc.json
