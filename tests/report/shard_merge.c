// --shard=I/N and dpu merge (issue #15, explorer/split.h, frontend/merge.h): three processes
// explore one exploration's parts, each trace in exactly one of them, and `dpu merge` gives
// the report of the whole: the counts and defects of one process exploring everything (of
// tests/regress/jobs.c: 8 max-configs, 3 defects). Each shard exits as its own
// parts say (1: a defect in them, 0: none); the merged report is complete only with every
// shard's report.
// RUN: rm -f %t.*.json
// RUN: %dpu --print-traces --shard=0/3 --format=json -o %t.0.json %S/../regress/jobs.c > %t.0; test $? -le 1
// RUN: %dpu --print-traces --shard=1/3 --format=json -o %t.1.json %S/../regress/jobs.c > %t.1; test $? -le 1
// RUN: %dpu --print-traces --shard=2/3 --format=json -o %t.2.json %S/../regress/jobs.c > %t.2; test $? -le 1
// RUN: FileCheck %s --check-prefix=SHARD < %t.0
// SHARD: dpu: shard 0/3: {{[1-9][0-9]*}} of the {{[0-9]+}} parts ({{[0-9]+}} explored to their end); the split took {{[0-9]+}} runs
// Every trace once: 8 fingerprints in all, 8 distinct.
// RUN: cat %t.0 %t.1 %t.2 | grep -c '^dpu: trace [0-9a-f]' | grep -x 8
// RUN: cat %t.0 %t.1 %t.2 | grep '^dpu: trace [0-9a-f]' | sort -u | wc -l | grep -x 8
// RUN: %dpu merge %t.0.json %t.2.json %t.1.json > %t.merged; test $? -eq 1
// RUN: FileCheck %s < %t.merged
// CHECK: dpu merge: 3 of 3 shard reports of {{.*}}jobs.c
// CHECK-DAG: dpu: defect {{[1-3]}}: deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}jobs.c:{{[0-9]+}}, T1 in pthread_mutex_lock
// CHECK-DAG: dpu: defect {{[1-3]}}: deadlock: 4 threads blocked:
// CHECK-DAG: dpu: defect {{[1-3]}}: assertion failure: counter < 2 (at {{.*}}jobs.c:{{[0-9]+}} in t3)
// CHECK: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs
// The merged JSON document follows the report's schema, with shard.merged = 3:
// RUN: %dpu merge --format=json -o %t.merged.json %t.0.json %t.1.json %t.2.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.merged.json | FileCheck %s --check-prefix=JSON
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 3 traces_with_defects {{[0-9]+}} max_configs 8 ssbs 0
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); s=d['shard']; sys.exit(not (s['merged']==3 and s['count']==3 and s['parts_explored']==s['parts']))" %t.merged.json
// and the same defects as one process exploring everything (digests and trace counts):
// RUN: %dpu --format=json -o %t.whole.json %S/../regress/jobs.c > /dev/null; test $? -eq 1
// RUN: %python -c "import json,sys; f=lambda p:[(d['digest'],d['traces']) for d in json.load(open(p))['defects']]; a,b=f(sys.argv[1]),f(sys.argv[2]); sys.exit(not (a==b and len(a)==3))" %t.whole.json %t.merged.json
// SARIF, for code scanning:
// RUN: %dpu merge --format=sarif -o %t.sarif %t.0.json %t.1.json %t.2.json; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck %s --check-prefix=SARIF
// SARIF: sarif 2.1.0 runs 1 results 3 rules 2
// SARIF-NEXT: invocation successful true exit_code 1 notes 0
// A shard missing: incomplete, and says which; exit 1 for the defects of the others.
// RUN: %dpu merge %t.0.json %t.2.json > %t.missing; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MISSING < %t.missing
// MISSING: dpu: exploration incomplete (no report of shard 1)
// Bad input: a report that is no shard's, a shard twice, a file that is not JSON, bad values.
// RUN: %dpu merge %t.whole.json 2>&1 | FileCheck %s --check-prefix=NOSHARD; test ${PIPESTATUS[0]} -eq 2
// NOSHARD: dpu: error: {{.*}}whole.json: not the report of one shard (dpu --shard=I/N --format=json)
// RUN: not %dpu merge %t.0.json %t.0.json 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: dpu: error: {{.*}}.0.json: a second report of the same shard
// RUN: not %dpu merge %s 2>&1 | FileCheck %s --check-prefix=NOTJSON
// NOTJSON: dpu: error: {{.*}}shard_merge.c: cannot read a JSON document
// RUN: not %dpu --shard=3/3 %S/../regress/jobs.c 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: dpu: error: invalid value '3/3' for --shard (expected I/N with 0 <= I < N <= 100000, e.g. 0/4)
// RUN: not %dpu --shard=0/2 -j 2 %S/../regress/jobs.c 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: dpu: error: --shard splits --por=qpor's exploration: not with -j N (run one shard per core instead)
// The estimate of the whole exploration's traces that the progress line shows under --shard
// (explorer/split.c): from the first part on, for a program whose parts are equal (PI(5), 5!
// traces, every order of the threads' one critical section), exact. DPU_SPLIT_DEBUG prints
// it after each part.
// RUN: env DPU_SPLIT_DEBUG=1 %dpu -q --shard=0/2 -DN=5 %S/../../bench/qpor/pi.c 2>&1 > /dev/null | FileCheck %s --check-prefix=ESTIMATE
// ESTIMATE: dpu: split: part {{[0-9]+}}: {{[0-9]+}} events in K, 6 traces; estimate 120
// ESTIMATE: dpu: split: part {{[0-9]+}}: {{[0-9]+}} events in K, 6 traces; estimate 120
