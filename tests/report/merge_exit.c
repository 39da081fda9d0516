// dpu merge's exit code follows dpu's (issue #37): defects found make it 1 even when the merged
// exploration is incomplete (the state says that, exit 3 is for incomplete with no defect),
// and shards that all had bad input (each exited 2) make it 2, not 3.
//
// Defects and incomplete: Inputs/many.c (10! traces) as 2 shards of 3 runs each; shard 0's
// runs show the assertion, shard 1's do not. A shard's own code is 1 or 3 (dpu's rule for an
// incomplete exploration with defects is being made 1 as well).
// RUN: rm -f %t.*.json
// RUN: %dpu --shard=0/2 --max-runs=3 --format=json -o %t.0.json %S/Inputs/many.c > /dev/null; rc=$?; test $rc -eq 1 -o $rc -eq 3
// RUN: %dpu --shard=1/2 --max-runs=3 --format=json -o %t.1.json %S/Inputs/many.c > /dev/null; test $? -eq 3
// RUN: %dpu merge %t.0.json %t.1.json > %t.text; test $? -eq 1
// RUN: FileCheck %s < %t.text
// CHECK: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// CHECK: {{^}}dpu: exploration incomplete (shard 0 incomplete (--max-runs reached); shard 1 incomplete (--max-runs reached)){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, 6 runs, {{[0-9.]+}} s{{$}}
// The JSON and SARIF documents say both: incomplete, and exit code 1 for the defect.
// RUN: %dpu merge --format=json -o %t.merged.json %t.0.json %t.1.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.merged.json | FileCheck %s --check-prefix=JSON
// JSON: state incomplete exit_code 1 reason "shard 0 incomplete (--max-runs reached); shard 1 incomplete (--max-runs reached)"
// JSON-NEXT: summary defects 1 traces_with_defects {{[1-3]}} max_configs 6 ssbs 0
// RUN: %dpu merge --format=sarif -o %t.sarif %t.0.json %t.1.json; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck %s --check-prefix=SARIF
// SARIF: sarif 2.1.0 runs 1 results 1 rules 1
// SARIF-NEXT: invocation successful false exit_code 1 notes 0
// Without the shard whose runs showed the defect: incomplete, no defect, 3.
// RUN: %dpu merge %t.1.json | FileCheck %s --check-prefix=NODEFECT; test ${PIPESTATUS[0]} -eq 3
// NODEFECT: {{^}}dpu: exploration incomplete (shard 1 incomplete (--max-runs reached); no report of shard 0){{$}}
//
// Bad input in every shard (a program that does not compile): 2, with dpu's error, and the
// merged report says "error".
// RUN: printf 'int main( {\n' > %t.bad.c
// RUN: %dpu --shard=0/2 --format=json -o %t.e0.json %t.bad.c 2> /dev/null; test $? -eq 2
// RUN: %dpu --shard=1/2 --format=json -o %t.e1.json %t.bad.c 2> /dev/null; test $? -eq 2
// RUN: %dpu merge %t.e0.json %t.e1.json > %t.etext 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// ERR: {{^}}dpu: error: every shard's report is of bad input, nothing was explored (shard 0 error ({{.*}}bad.c does not compile: {{.*}}); shard 1 error ({{.*}}bad.c does not compile: {{.*}})){{$}}
// RUN: FileCheck %s --check-prefix=ETEXT < %t.etext
// ETEXT: {{^}}dpu: exploration error (shard 0 error ({{.*}}
// ETEXT-NEXT: {{^}}dpu: summary: 0 defects, 0 max-configs, 0 SSBs, 0 runs, {{[0-9.]+}} s{{$}}
// RUN: %dpu merge --format=json -o %t.emerged.json %t.e0.json %t.e1.json 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.emerged.json | FileCheck %s --check-prefix=EJSON
// EJSON: state error exit_code 2 reason "shard 0 error ({{.*}}
