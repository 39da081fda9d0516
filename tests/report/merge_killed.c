// A shard killed outright (SIGKILL: the OOM killer, a job's time limit) leaves its report as
// dpu wrote it at the start, in state "running" (issue #37). dpu merge names that shard as one
// that did not finish and merges the others: incomplete, exit 3 (no defect). It once took the
// report's 0 parts (written before the split) for another split: "split into another number
// of parts: another dpu version or program?", exit 2. PI(9) (bench/qpor/pi.c, 9! traces, no
// defect) takes far longer than the 2 s before the SIGKILL.
// RUN: rm -f %t.*.json
// RUN: timeout -s KILL 2 %dpu --shard=0/2 -DN=9 --format=json -o %t.0.json %S/../../bench/qpor/pi.c > /dev/null; test $? -eq 137
// RUN: %python %inputs/check_json.py %schema %t.0.json | FileCheck %s --check-prefix=RUNNING
// RUNNING: state running exit_code null reason null
// RUN: %dpu --shard=1/2 -DN=9 --max-runs=3 --format=json -o %t.1.json %S/../../bench/qpor/pi.c > /dev/null; test $? -eq 3
// The killed shard's report first (the merged document starts from it) or last:
// RUN: %memcheck %dpu merge %t.0.json %t.1.json > %t.text; test $? -eq 3
// RUN: FileCheck %s < %t.text
// RUN: %memcheck %dpu merge %t.1.json %t.0.json > %t.text2; test $? -eq 3
// RUN: FileCheck %s < %t.text2
// CHECK: {{^}}dpu merge: 2 of 2 shard reports of {{.*}}pi.c{{$}}
// CHECK-NEXT: {{^}}dpu: exploration incomplete (shard 0 did not finish: its report still says "running" (dpu was killed, e.g. by SIGKILL or a job's time limit, or had not ended); shard 1 incomplete (--max-runs reached)){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs, 3 runs, {{[0-9.]+}} s{{$}}
// The merged JSON document: incomplete, the other shard's split kept.
// RUN: %dpu merge --format=json -o %t.merged.json %t.0.json %t.1.json; test $? -eq 3
// RUN: %python %inputs/check_json.py %schema %t.merged.json | FileCheck %s --check-prefix=JSON
// JSON: state incomplete exit_code 3 reason "shard 0 did not finish: its report still says \"running\" (dpu was killed, e.g. by SIGKILL or a job's time limit, or had not ended); shard 1 incomplete (--max-runs reached)"
// RUN: %python -c "import json,sys; a=json.load(open(sys.argv[1]))['shard']; b=json.load(open(sys.argv[2]))['shard']; sys.exit(not (a['parts']==b['parts']>0 and a['merged']==2))" %t.merged.json %t.1.json
// The killed shard alone: the other is missing too.
// RUN: %dpu merge %t.0.json | FileCheck %s --check-prefix=ALONE; test ${PIPESTATUS[0]} -eq 3
// ALONE: {{^}}dpu: exploration incomplete (shard 0 did not finish: its report still says "running" (dpu was killed, e.g. by SIGKILL or a job's time limit, or had not ended); no report of shard 1){{$}}
