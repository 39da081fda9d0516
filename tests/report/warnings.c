// Every warning and note dpu says on stderr is in the JSON report ("warnings": id, kind, text,
// location) and the SARIF log (invocations[0].toolExecutionNotifications), once each
// (report/warnings.h, issue 37): before, they were on stderr only while the JSON's reason
// said "see warnings".
//
// The memory-model note of the compiler pass, with the source location of the first weak
// atomic operation (regress/weak_order_note.c), in JSON and in SARIF (validated):
// RUN: %dpu -j 1 --memory-model=sc --format=json -o %t.weak.json %S/../regress/weak_order_note.c > /dev/null 2> %t.weak.err; test $? -eq 0
// RUN: %python %inputs/check_json.py --warnings %schema %t.weak.json | FileCheck --check-prefix=WEAK %s
// RUN: %dpu -j 1 --memory-model=sc --format=sarif -o %t.weak.sarif %S/../regress/weak_order_note.c > /dev/null 2>&1; test $? -eq 0
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.weak.sarif | FileCheck --check-prefix=WEAKSARIF %s
// stderr still has it, once:
// RUN: grep -c 'dpu: note' %t.weak.err | FileCheck --check-prefix=ONCE %s
// WEAK: state complete exit_code 0 reason null
// WEAK: {{^}}note weak-atomics weak_order_note.c:85 left 4 atomic operations with an order weaker than seq_cst (the first at weak_order_note.c:85 in left): dpu explores sequentially consistent executions only, not those that only weaker orders allow; --memory-model=tso explores x86-TSO's, --memory-model=rc11 C11's (docs/memory-models.md){{$}}
// WEAK-NOT: {{^(note|warning) }}
// WEAKSARIF: invocation successful true exit_code 0 notes 1
// WEAKSARIF-NEXT: note note weak-atomics 4 atomic operations with an order weaker than seq_cst {{.*}} @ weak_order_note.c:85 left
// ONCE: {{^}}1{{$}}
//
// A run cut short by a limit of dpu: the reason's "see warnings" has the warning to see
// (check_json.py fails a document whose reason says so without one), and SARIF has it after
// the notification of the incomplete exploration. With -j 2 too: the workers say it once.
// RUN: %dpu --max-events=16 --format=json -o %t.cut.json %S/../regress/trace_capacity.c > /dev/null 2>&1; test $? -eq 3
// RUN: %python %inputs/check_json.py --warnings %schema %t.cut.json | FileCheck --check-prefix=CUT %s
// RUN: %dpu -j 2 --max-events=16 --format=json -o %t.cut2.json %S/../regress/trace_capacity.c > /dev/null 2>&1; test $? -eq 3
// RUN: %python %inputs/check_json.py --warnings %schema %t.cut2.json | FileCheck --check-prefix=CUT %s
// RUN: %dpu --max-events=16 --format=sarif -o %t.cut.sarif %S/../regress/trace_capacity.c > /dev/null 2>&1; test $? -eq 3
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.cut.sarif | FileCheck --check-prefix=CUTSARIF %s
// CUT: state incomplete exit_code 3 reason "a run was cut short, see warnings"
// CUT: {{^}}warning run-cut - trace capacity of 16 events exceeded (raise --max-events){{$}}
// CUT-NOT: {{^(note|warning) }}
// CUTSARIF: invocation successful false exit_code 3 notes 2
// CUTSARIF-NEXT: note warning The exploration is incomplete (a run was cut short, see warnings): the results found are all here.
// CUTSARIF-NEXT: note warning run-cut trace capacity of 16 events exceeded (raise --max-events){{$}}
//
// A warning of a runner (another process), handed to the explorer through the shared memory
// (protocol.h: notices): a file written outside the directories kept apart between runs
// (regress/files_outside_warning.c), with -j 2: once in the document, once on stderr.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %dpu -j 2 --format=json -o %t.files.json %S/../regress/files_outside_warning.c > /dev/null 2> %t.files.err; test $? -eq 0
// RUN: %python %inputs/check_json.py --warnings %schema %t.files.json | FileCheck --check-prefix=FILES %s
// RUN: grep -c 'dpu: warning' %t.files.err | FileCheck --check-prefix=ONCE %s
// FILES: {{^}}warning files-outside - the program writes /var/tmp/dpu-outside-warning-test{{[12]}}, outside the directories kept apart between runs ({{.*}}): a run may see what an earlier run wrote there{{$}}
// FILES-NOT: {{^(note|warning) }}
//
// A note of the text report's end has no text report to go to when the JSON goes to stdout:
// it is in the document all the same (a shard with no part of a program that splits into 1).
// RUN: %dpu --shard=6/7 --format=json %S/../regress/weak_order_note.c > %t.shard.json 2> /dev/null; test $? -eq 0
// RUN: %python %inputs/check_json.py --warnings %schema %t.shard.json | FileCheck --check-prefix=SHARD %s
// SHARD: {{^}}note weak-atomics weak_order_note.c:85 left
// SHARD-NEXT: {{^}}note shards-empty - the program splits into 1 part only: shards 1 to 6 have nothing to explore{{$}}
int main(void) { return 0; }
