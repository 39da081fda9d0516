// SIGINT and SIGTERM stop the exploration between runs: dpu writes its final report, with
// every defect found so far, and exits 1 (a defect was found; 3 when none was). GNU timeout
// sends the signal to dpu's whole process group, as a terminal's Ctrl-C does: the executor's
// processes must survive it for dpu to stop in order. Inputs/many.c would take minutes.
// RUN: timeout -s INT --preserve-status 2 %dpu %S/Inputs/many.c > %t; test $? -eq 1
// RUN: FileCheck --check-prefix=INT %s < %t
// RUN: timeout -s TERM --preserve-status 2 %dpu --format=sarif -o %t.sarif %S/Inputs/many.c > %t.term; test $? -eq 1
// RUN: FileCheck --check-prefix=TERM %s < %t.term
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// The same for the JSON document.
// RUN: timeout -s TERM --preserve-status 2 %dpu --format=json -o %t.json %S/Inputs/many.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s

// A signal waits for the run under way to end (here it would take 30 s); a second one more
// than a second later ends dpu at once (exit 130: killed by SIGINT).
// The first signal is sent once the runner exists (dpu's grandchild: the program is compiled and
// its first run under way; a fixed 2 s was too short for a loaded machine's start-up).
// RUN: sh -c '%dpu -j 1 --run-timeout=30 %S/Inputs/spin.c > /dev/null & pid=$!; until z=$(pgrep -P $pid) && pgrep -P $z > /dev/null; do sleep 0.1; done; sleep 0.5; kill -INT $pid; sleep 2.5; kill -0 $pid && echo "alive after the first SIGINT"; kill -INT $pid; wait $pid; echo "exit $?"' > %t.twice
// RUN: FileCheck --check-prefix=TWICE %s < %t.twice

// TWICE: alive after the first SIGINT
// TWICE-NEXT: exit 130

// INT: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// INT: {{^}}dpu: traces with defects: [[D:[0-9]+]] of [[N:[0-9]+]] (defect 1 in [[D]]){{$}}
// INT-NEXT: {{^}}dpu: exploration incomplete (interrupted by SIGINT){{$}}
// INT-NEXT: {{^}}dpu: explored [[N]] of an estimated ~{{[0-9.e+]+}} traces ({{[0-9.e+-]+}} %){{$}}
// INT-NEXT: {{^}}dpu: summary: 1 defects, [[N]] max-configs, 0 SSBs, [[N]] runs, {{[0-9.]+}} s{{$}}

// TERM: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// TERM: {{^}}dpu: exploration incomplete (interrupted by SIGTERM){{$}}
// TERM-NEXT: {{^}}dpu: explored {{[0-9]+}} of an estimated ~{{[0-9.e+]+}} traces ({{[0-9.e+-]+}} %){{$}}
// TERM-NEXT: {{^}}dpu: summary: 1 defects, {{[0-9]+}} max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}

// SARIF: sarif 2.1.0 runs 1 results 1 rules 11
// SARIF-NEXT: invocation successful false exit_code 1 notes 1
// SARIF-NEXT: note warning The exploration is incomplete (interrupted by SIGTERM): the results found are all here.
// SARIF-NEXT: result 1 dpu/assertion-failure level error occurrences {{[0-9]+}} at many.c:25 main

// JSON: state incomplete exit_code 1 reason "interrupted by SIGTERM"
// JSON-NEXT: summary defects 1 traces_with_defects {{[0-9]+}} max_configs {{[0-9]+}} ssbs 0
