// The report that README.md walks through ("Reading a report") is dpu's real report of
// examples/bank.c, every line of it (but the mutex's address and the seconds); its replay
// line shows the same report again; the JSON report says the same.
// Derivation (examples/bank.c): each of the two withdrawing threads has a read block and,
// if the balance sufficed, a write block on the lock; 6 orders; in the 4 where both read
// before either writes, both withdraw: the assertion fails, one defect found in 4 traces.
// RUN: cd %S/../.. && %dpu examples/bank.c > %t; test $? -eq 1
// RUN: %python %inputs/readme_block.py %S/../../README.md %t | FileCheck --check-prefix=README %s
// RUN: cd %S/../.. && %python %inputs/replay_check.py %dpu %t | FileCheck --check-prefix=REPLAY %s
// RUN: cd %S/../.. && %dpu --format=json examples/bank.c > %t.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s

// README: README block: 24 lines, as dpu prints them
// REPLAY: replay of defect 1: exit 1, same 22-line block: assertion failure: balance >= 0 (at examples/bank.c:39 in main)
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 4 max_configs 6 ssbs 0
// JSON-NEXT: defect 1 assertion-failure traces 4 thread 0 location bank.c:39 main exact
// JSON-NEXT: defect 1 message balance >= 0 (at bank.c:39 in main)
// JSON-NEXT: defect 1 threads 3 steps 17 blocked 0 stacks 0 output_truncated false
// JSON: defect 1 output "balance: -30\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:3,1:5,0:1,2:3,0:1 bank.c
