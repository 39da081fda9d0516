// The race report that docs/races.md walks through ("Reading a race report") is dpu's real report
// of examples/hits.c, every line of it (but addresses and the seconds); its replay line shows
// the same report again; the JSON and SARIF reports say the same.
// Derivation (examples/hits.c): the two handlers lock hits_lock, the statistics thread locks
// stats_lock (independent of both). The handlers are symmetric (one routine, one argument,
// created in a row: explorer/symmetry.h), so of their 2 orders the one with T1 first is
// explored: 1 trace in the first exploration. In it,
// T3's read of hits (under stats_lock) and the handlers' hits++ (under hits_lock) are not
// ordered by anything (the threads only meet again at main's joins): one race, the read at
// line 30 against the store of line 17 (the load of hits++ races with no write); hits++ of T1
// and T2 are ordered by hits_lock. Racy programs: the two racing sites (the load at 30, the
// store at 17) become scheduling points and a second exploration runs: the handlers' 1 order
// times 3 places of T3's read among their 2 stores: 3 traces, all with the race (reported
// once, found in 3). Runs: 1 + 3 (the report names the 1 of the first exploration). With
// --no-symmetry: 2 orders, 6 traces, 2 + 6 runs (NOSYM).
// RUN: cd %S/../.. && %dpu -j 1 examples/hits.c > %t; test $? -eq 1
// RUN: %python %inputs/readme_block.py %S/../../docs/races.md %t tests/report/readme_race.c | FileCheck --check-prefix=README %s
// RUN: cd %S/../.. && %python %inputs/replay_check.py %dpu %t | FileCheck --check-prefix=REPLAY %s
// RUN: cd %S/../.. && %dpu -j 1 --format=json examples/hits.c > %t.json; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: cd %S/../.. && %dpu -j 1 --format=sarif -o %t.sarif examples/hits.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// RUN: cd %S/../.. && %dpu -j 1 --no-symmetry examples/hits.c > %t.nosym; test $? -eq 1
// RUN: FileCheck --check-prefix=NOSYM %s < %t.nosym

// README: README block: 37 lines, as dpu prints them
// REPLAY: replay of defect 1: exit 1, same 32-line block: data race: read of 4 bytes from 'hits' at examples/hits.c:30 in print_stats (T3) and write at examples/hits.c:17 in count_hit (T1)
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 3 max_configs 3 ssbs 0
// JSON-NEXT: defect 1 data-race traces 3 thread 1 location hits.c:17 count_hit exact
// JSON-NEXT: defect 1 message read of 4 bytes from 'hits' at hits.c:30 in print_stats (T3) and write at hits.c:17 in count_hit (T1)
// JSON-NEXT: defect 1 threads 4 steps 20 blocked 0 stacks 2 output_truncated false
// JSON: defect 1 race access 0 T3 read 4 bytes load after step 8 at hits.c:30 print_stats
// JSON-NEXT: defect 1 race access 0 stack hits.c:30 print_stats
// JSON-NEXT: defect 1 race access 1 T1 write 4 bytes store after step 11 at hits.c:17 count_hit
// JSON-NEXT: defect 1 race access 1 stack hits.c:17 count_hit < hits.c:23 handle_request
// JSON-NEXT: defect 1 race memory global 'hits'
// JSON-NEXT: defect 1 output "hits so far: 0\nhits: 2\n"
// SARIF: sarif 2.1.0 runs 1 results 1 rules 11
// SARIF: result 1 dpu/data-race level error occurrences 3 at hits.c:17 count_hit
// SARIF: result 1 related the racing read by T3 hits.c:30
// SARIF: result 1 stack the read by T3 hits.c:30 print_stats
// SARIF-NEXT: result 1 stack the write by T1 hits.c:17 count_hit < hits.c:23 handle_request
// NOSYM: dpu: runs: 8 = 6 max-configs + 0 SSBs + 2 of earlier explorations
// NOSYM-NEXT: dpu: traces with defects: 6 of 6 (defect 1 in 6)
// NOSYM: dpu: summary: 1 defects, 6 max-configs, 0 SSBs, 8 runs,
