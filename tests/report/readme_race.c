// The race report that docs/races.md walks through ("Reading a race report") is dpu's real report
// of examples/hits.c, every line of it (but addresses and the seconds); its replay line shows
// the same report again; the JSON and SARIF reports say the same.
// Derivation (examples/hits.c): the two handlers lock hits_lock (2 orders), the statistics
// thread locks stats_lock (independent of both): 2 traces in the first exploration. In both,
// T3's read of hits (under stats_lock) and the handlers' hits++ (under hits_lock) are not
// ordered by anything (the threads only meet again at main's joins): one race, the read at
// line 30 against the store of line 17 (the load of hits++ races with no write); hits++ of T1
// and T2 are ordered by hits_lock. Racy programs: the two racing sites (the load at 30, the
// store at 17) become scheduling points and a second exploration runs: the handlers' 2 orders
// times 3 places of T3's read among their 2 stores: 6 traces, all with the race (reported
// once, found in 6). Runs: 2 + 6 (the report names the 2 of the first exploration).
// RUN: cd %S/../.. && %dpu -j 1 examples/hits.c > %t; test $? -eq 1
// RUN: %python %inputs/readme_block.py %S/../../docs/races.md %t tests/report/readme_race.c | FileCheck --check-prefix=README %s
// RUN: cd %S/../.. && %python %inputs/replay_check.py %dpu %t | FileCheck --check-prefix=REPLAY %s
// RUN: cd %S/../.. && %dpu -j 1 --format=json examples/hits.c > %t.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: cd %S/../.. && %dpu -j 1 --format=sarif -o %t.sarif examples/hits.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s

// README: README block: 36 lines, as dpu prints them
// REPLAY: replay of defect 1: exit 1, same 32-line block: data race: read of 4 bytes from 'hits' at examples/hits.c:30 in print_stats (T3) and write at examples/hits.c:17 in count_hit (T1)
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 6 max_configs 6 ssbs 0
// JSON-NEXT: defect 1 data-race traces 6 thread 1 location hits.c:17 count_hit exact
// JSON-NEXT: defect 1 message read of 4 bytes from 'hits' at hits.c:30 in print_stats (T3) and write at hits.c:17 in count_hit (T1)
// JSON-NEXT: defect 1 threads 4 steps 20 blocked 0 stacks 2 output_truncated false
// JSON: defect 1 race access 0 T3 read 4 bytes load after step 8 at hits.c:30 print_stats
// JSON-NEXT: defect 1 race access 0 stack hits.c:30 print_stats
// JSON-NEXT: defect 1 race access 1 T1 write 4 bytes store after step 11 at hits.c:17 count_hit
// JSON-NEXT: defect 1 race access 1 stack hits.c:17 count_hit < hits.c:23 handle_request
// JSON-NEXT: defect 1 race memory global 'hits'
// JSON-NEXT: defect 1 output "hits so far: 0\nhits: 2\n"
// SARIF: sarif 2.1.0 runs 1 results 1 rules 10
// SARIF: result 1 dpu/data-race level error occurrences 6 at hits.c:17 count_hit
// SARIF: result 1 related the racing read by T3 hits.c:30
// SARIF: result 1 stack the read by T3 hits.c:30 print_stats
// SARIF-NEXT: result 1 stack the write by T1 hits.c:17 count_hit < hits.c:23 handle_request
