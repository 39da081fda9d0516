// dpu merge of shards that did not complete (issue #37): one stopped by SIGTERM, one by
// --max-runs. Their states and reasons come out whole in the text, JSON and SARIF reports:
// merge once kept the state of each shard's document after freeing it (garbage in the state
// line, a JSON state of garbage, "cannot write the report"). %memcheck runs merge under
// valgrind where there is one (the ASan build checks it itself). PI(9) (bench/qpor/pi.c, 9!
// traces, no defect) takes far longer than the 2 s before the SIGTERM.
// RUN: rm -f %t.*.json
// RUN: timeout -s TERM --preserve-status 2 %dpu --shard=0/2 -DN=9 --format=json -o %t.0.json %S/../../bench/qpor/pi.c > /dev/null; test $? -eq 3
// RUN: %dpu --shard=1/2 -DN=9 --max-runs=3 --format=json -o %t.1.json %S/../../bench/qpor/pi.c > /dev/null; test $? -eq 3
// RUN: %memcheck %dpu merge %t.0.json %t.1.json > %t.text; test $? -eq 3
// RUN: FileCheck %s < %t.text
// CHECK: {{^}}dpu merge: 2 of 2 shard reports of {{.*}}pi.c{{$}}
// CHECK-NEXT: {{^}}dpu: exploration incomplete (shard 0 incomplete (interrupted by SIGTERM); shard 1 incomplete (--max-runs reached)){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 0 defects, [[N:[0-9]+]] max-configs, 0 SSBs, [[N]] runs, {{[0-9.]+}} s{{$}}
// RUN: %memcheck %dpu merge --format=json -o %t.merged.json %t.0.json %t.1.json; test $? -eq 3
// RUN: %python %inputs/check_json.py %schema %t.merged.json | FileCheck %s --check-prefix=JSON
// JSON: state incomplete exit_code 3 reason "shard 0 incomplete (interrupted by SIGTERM); shard 1 incomplete (--max-runs reached)"
// RUN: %memcheck %dpu merge --format=sarif -o %t.sarif %t.0.json %t.1.json; test $? -eq 3
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck %s --check-prefix=SARIF
// SARIF: sarif 2.1.0 runs 1 results 0 rules 0
// SARIF-NEXT: invocation successful false exit_code 3 notes 0
