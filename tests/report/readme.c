// The report that README.md walks through ("Reading a report") is dpu's real report of
// examples/bank.c, every line of it (but the seconds); its replay
// line shows the same report again; the JSON report says the same.
// Derivation (examples/bank.c): each of the two withdrawing threads has a read block and,
// if the balance sufficed, a write block on the lock; 6 orders; in the 4 where both read
// before either writes, both withdraw: the assertion fails, one defect found in 4 traces. The
// assertion is in main after both joins, so in all 4 the only live thread is T0, at line 39:
// the same stack, still one defect.
// RUN: cd %S/../.. && %dpu -j 1 examples/bank.c > %t; test $? -eq 1
// RUN: %python %inputs/readme_block.py %S/../../README.md %t | FileCheck --check-prefix=README %s
// RUN: cd %S/../.. && %python %inputs/replay_check.py %dpu %t | FileCheck --check-prefix=REPLAY %s
// RUN: cd %S/../.. && %dpu -j 1 --format=json examples/bank.c > %t.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s

// README: README block: 26 lines, as dpu prints them
// REPLAY: replay of defect 1: exit 1, same 24-line block: assertion failure: balance >= 0 (at examples/bank.c:39 in main)
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 4 max_configs 6 ssbs 0
// JSON-NEXT: defect 1 assertion-failure traces 4 thread 0 location bank.c:39 main exact
// JSON-NEXT: defect 1 message balance >= 0 (at bank.c:39 in main)
// JSON-NEXT: defect 1 threads 3 steps 17 blocked 0 stacks 1 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - bank.c:34 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - bank.c:35 main
// JSON-NEXT: defect 1 step 4 T1 start - - bank.c:34 main
// JSON-NEXT: defect 1 step 5 T2 start - - bank.c:35 main
// JSON-NEXT: defect 1 step 6 T2 pthread_mutex_lock 0x#='lock' - bank.c:15 read_balance
// JSON-NEXT: defect 1 step 7 T2 pthread_mutex_unlock 0x#='lock' - bank.c:17 read_balance
// JSON-NEXT: defect 1 step 8 T1 pthread_mutex_lock 0x#='lock' - bank.c:15 read_balance
// JSON-NEXT: defect 1 step 9 T1 pthread_mutex_unlock 0x#='lock' - bank.c:17 read_balance
// JSON-NEXT: defect 1 step 10 T1 pthread_mutex_lock 0x#='lock' - bank.c:24 withdraw
// JSON-NEXT: defect 1 step 11 T1 pthread_mutex_unlock 0x#='lock' - bank.c:26 withdraw
// JSON-NEXT: defect 1 step 12 T1 exit-thread - - -
// JSON-NEXT: defect 1 step 13 T0 pthread_join T1 - bank.c:36 main
// JSON-NEXT: defect 1 step 14 T2 pthread_mutex_lock 0x#='lock' - bank.c:24 withdraw
// JSON-NEXT: defect 1 step 15 T2 pthread_mutex_unlock 0x#='lock' - bank.c:26 withdraw
// JSON-NEXT: defect 1 step 16 T2 exit-thread - - -
// JSON-NEXT: defect 1 step 17 T0 pthread_join T2 - bank.c:37 main
// JSON-NEXT: defect 1 stack T0 bank.c:39 main
// JSON-NEXT: defect 1 output "balance: -30\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:3,1:5,0:1,2:3,0:1 bank.c
// JSON-NOT: {{.}}
