// Store buffering: each thread stores its flag and loads the other's; with release stores
// and acquire loads both may load 0 on a real machine (x86 too: a store waits in its
// thread's store buffer while the load runs), which no sequentially consistent execution
// shows. Under --memory-model=sc the assertion holds in all 3 traces, and a note names the
// first atomic operation with an order weaker than seq_cst and the models that would show
// more. Without --memory-model a program with such orders is explored under rc11 (below),
// and the note says so. With seq_cst (-DSC) there is no note, and the model is sc.
// RUN: %dpu --memory-model=sc %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %dpu %s > %t.def 2> %t.def.err; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.def
// RUN: FileCheck --check-prefix=DEFNOTE %s < %t.def.err
// RUN: %dpu -DSC %s > %t.sc 2> %t.sc.err; test $? -eq 0
// RUN: FileCheck --allow-empty --check-prefix=SC %s < %t.sc.err
// ERR: {{^}}dpu: note: 4 atomic operations with an order weaker than seq_cst (the first at {{.*}}weak_order_note.c:[[#@LINE+70]] in left): dpu explores sequentially consistent executions only, not those that only weaker orders allow; --memory-model=tso explores x86-TSO's, --memory-model=rc11 C11's (docs/memory-models.md){{$}}
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
// --memory-model=rc11 (runtime/models/ra.c): a load after the other thread's store may read it
// or the older initial value (a reads-from choice after the load): 2 + 2 + 2 * 2 = 8 traces,
// 3 of them where both load 0. The report shows the choice, the replay reproduces it, the
// exhaustive explorer agrees; seq_cst loads read the newest store: sc's 3 traces. rc11 needs
// the race detector's happens-before.
// RUN: %dpu --memory-model=rc11 %s > %t.rc11 2> %t.rc11.err; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: FileCheck --check-prefix=RC11NOTE --allow-empty %s < %t.rc11.err
// RUN: sed -n 's/^  replay: dpu replay \([0-9:,/]*\) .*/\1/p' %t.rc11 > %t.rc11.sched
// RUN: %dpu replay $(cat %t.rc11.sched) --memory-model=rc11 %s > %t.rc11.replay; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.rc11.replay
// RUN: %dpu --memory-model=rc11 --por=none %s > %t.rc11.all; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11ALL %s < %t.rc11.all
// RUN: %dpu --memory-model=rc11 -DSC %s | FileCheck --check-prefix=TSOSC %s
// RUN: %dpu --memory-model=rc11 --races=off %s > %t.off 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// TSO: dpu: defect 1: assertion failure: r1 || r2 (at {{.*}}weak_order_note.c:[[#@LINE+55]] in main)
// TSO: T1 create-store-buffer T3 {{.*}}weak_order_note.c:[[#@LINE+37]] left
// TSO: T1 atomic-load 'y' = 0 (a store to it waits in a store buffer) {{.*}}weak_order_note.c:[[#@LINE+37]] left
// TSO: T2 atomic-load 'x' = 0 (a store to it waits in a store buffer) {{.*}}weak_order_note.c:[[#@LINE+42]] right
// TSO: T3 store-buffer-flush 'x' = 1 {{.*}}weak_order_note.c:[[#@LINE+34]] left
// TSO: T1 store-buffer-drain T3
// TSO: replay: dpu replay {{[0-9:,]+}} --memory-model=tso {{.*}}weak_order_note.c
// TSO: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, 4 runs
// TSONOTE: dpu explores x86-TSO's executions (--memory-model=tso)
// REPLAY: dpu: defect 1: assertion failure: r1 || r2
// TSOALL: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// TSOSC: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, 3 runs
// RC11: dpu: defect 1: assertion failure: r1 || r2 (at {{.*}}weak_order_note.c:[[#@LINE+43]] in main)
// RC11: T1 atomic-load 'y' = 0 {{.*}}weak_order_note.c:[[#@LINE+26]] left
// RC11: T1 reads-from = 0 (the initial value; 1 newer store not seen yet) {{.*}}weak_order_note.c:[[#@LINE+25]] left
// RC11: replay: dpu replay {{[0-9:,]+/1[0-9:,/]*}} {{(--memory-model=rc11 )?}}{{.*}}weak_order_note.c
// RC11: dpu: traces with defects: 3 of 8 (defect 1 in 3)
// RC11: dpu: summary: 1 defects, 8 max-configs, 0 SSBs, 8 runs
// RC11NOTE-NOT: note
// DEFNOTE: {{^}}dpu: note: 4 atomic operations with an order weaker than seq_cst (the first at {{.*}}weak_order_note.c:[[#@LINE+19]] in left): dpu explores C11's executions (--memory-model=rc11, the default for such a program), where a load may read an older store; --memory-model=sc for the sequentially consistent ones only (docs/memory-models.md){{$}}
// RC11ALL: dpu: summary: 1 defects, 8 max-configs, 0 SSBs
// OFF: dpu: error: --memory-model=rc11 needs the race detector's happens-before (which stores a load may read follows from it): not with --races=off
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
// RUN: %dpu --memory-model=sc --format=json -o %t.sc.json %s > /dev/null 2>&1
// RUN: %dpu --format=json -o %t.def.json %s > /dev/null 2>&1; test $? -eq 1
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(not (s['memory_model'] == 'rc11' and s['max_configs'] == 8))" %t.def.json
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(not (s['memory_model'] == 'sc' and s['max_configs'] == 3))" %t.sc.json
// RUN: %dpu --memory-model=rc11 --format=json -o %t.rc11.json %s > /dev/null 2>&1; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.rc11.json > /dev/null
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(not (s['memory_model'] == 'rc11' and s['max_configs'] == 8))" %t.rc11.json
