// A project's own build (issue 39, docs/projects.md): examples/project, configured by CMake
// into %t, which writes %t/compile_commands.json; dpu compiles the test program named on its
// command line with the database's flags (-I of the library's headers, -std=gnu11) and links
// the library's file that defines what it uses, src/counter.c, and not the other test's main.
// RUN: rm -rf %t && cmake -S %S/../../examples/project -B %t > %t.cmake.log
// RUN: test -f %t/compile_commands.json
//
// test_counter: no defect. The note names the file the program links.
// RUN: cd %S/../.. && %dpu -p %t examples/project/tests/test_counter.c > %t.counter 2> %t.counter.err; test $? -eq 0
// RUN: FileCheck --check-prefix=COUNTER %s < %t.counter
// RUN: FileCheck --check-prefix=LINKED %s < %t.counter.err
// COUNTER-NOT: dpu: defect
// COUNTER: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs, 3 runs,
// LINKED: {{^}}dpu: note: {{.*}}compile_commands.json: linked with 1 of its 2 other C files (those that define what the program uses): examples/project/src/counter.c{{$}}
//
// test_limit: the library's documented bug (src/counter.c, counter_add_below), with the
// library's lines in the interleaving and the database in the replay command, which gives
// the same defect again. The long option and the database's file name do the same as -p DIR.
// RUN: cd %S/../.. && %dpu -j 1 --compile-commands=%t/compile_commands.json examples/project/tests/test_limit.c > %t.limit 2> %t.limit.err; test $? -eq 1
// RUN: FileCheck --check-prefix=LIMIT %s < %t.limit
// RUN: FileCheck --check-prefix=LINKED %s < %t.limit.err
// LIMIT: {{^}}dpu: defect 1: assertion failure: counter_get(&seats) <= 1 (at examples/project/tests/test_limit.c:24 in main){{$}}
// LIMIT: {{^}}  #9    T2   pthread_mutex_lock     'seats.lock'             examples/project/src/counter.c:28 counter_get{{$}}
// LIMIT: {{^}}  replay: dpu replay 0:4,1:1,2:1,1:2,2:5,1:3,0:4 --compile-commands={{.*}}compile_commands.json examples/project/tests/test_limit.c{{$}}
// LIMIT: {{^}}dpu: traces with defects: 2 of 3 (defect 1 in 2){{$}}
// LIMIT: {{^}}dpu: summary: 1 defects, 3 max-configs, 0 SSBs, 3 runs,
// RUN: cd %S/../.. && %dpu replay 0:4,1:1,2:3,1:5,0:1,2:3,0:3 --compile-commands=%t/compile_commands.json examples/project/tests/test_limit.c > %t.replay 2> /dev/null; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY: {{^}}dpu: defect 1: assertion failure: counter_get(&seats) <= 1 (at examples/project/tests/test_limit.c:24 in main){{$}}
// REPLAY: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs,
//
// Two test programs named at once: two mains, both places named.
// RUN: cd %S/../.. && %dpu -p %t examples/project/tests/test_counter.c examples/project/tests/test_limit.c 2> %t.two.err; test $? -eq 2
// RUN: FileCheck --check-prefix=TWO %s < %t.two.err
// TWO: {{^}}dpu: error: function 'main' is defined twice: in examples/project/tests/test_counter.c:17 and in examples/project/tests/test_limit.c:17{{$}}
//
// A file that the build does not compile; a JSON report says why.
// RUN: cd %S/../.. && %dpu -p %t examples/bank.c 2> %t.absent.err; test $? -eq 2
// RUN: FileCheck --check-prefix=ABSENT %s < %t.absent.err
// ABSENT: {{^}}dpu: error: examples/bank.c is not in {{.*}}compile_commands.json: the build does not compile it (name the files of the test program that the build compiles){{$}}
// RUN: cd %S/../.. && %dpu -p %t --format=json -o %t.absent.json examples/bank.c 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.absent.json | FileCheck --check-prefix=ABSENTJSON %s
// ABSENTJSON: state error exit_code 2 reason "examples/bank.c is not in {{.*}}compile_commands.json: the build does not compile it (name the files of the test program that the build compiles)"
//
// No database where -p points, and a file that is not JSON.
// RUN: %dpu -p %t.none %S/../../examples/project/tests/test_counter.c 2> %t.none.err; test $? -eq 2
// RUN: FileCheck --check-prefix=NONE %s < %t.none.err
// NONE: {{^}}dpu: error: cannot read the compilation database {{.*}}.none: No such file or directory (CMake writes it with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; for make, Bear or compiledb){{$}}
// RUN: mkdir -p %t.empty && %dpu -p %t.empty %S/../../examples/project/tests/test_counter.c 2> %t.empty.err; test $? -eq 2
// RUN: FileCheck --check-prefix=EMPTY %s < %t.empty.err
// EMPTY: {{^}}dpu: error: cannot read the compilation database {{.*}}.empty/compile_commands.json: No such file or directory
// RUN: printf '[{"directory": "/tmp",' > %t.truncated.json
// RUN: %dpu -p %t.truncated.json %S/../../examples/project/tests/test_counter.c 2> %t.truncated.err; test $? -eq 2
// RUN: FileCheck --check-prefix=TRUNCATED %s < %t.truncated.err
// TRUNCATED: {{^}}dpu: error: {{.*}}.truncated.json is not a compilation database: line 1: {{.+}}
// RUN: printf '{"file": "x.c"}' > %t.object.json
// RUN: %dpu -p %t.object.json %S/../../examples/project/tests/test_counter.c 2> %t.object.err; test $? -eq 2
// RUN: FileCheck --check-prefix=OBJECT %s < %t.object.err
// OBJECT: {{^}}dpu: error: {{.*}}.object.json is not a compilation database: it is not a JSON array{{$}}
// RUN: printf '[{"directory": "/tmp", "file": "x.c"}]' > %t.nocommand.json
// RUN: %dpu -p %t.nocommand.json %S/../../examples/project/tests/test_counter.c 2> %t.nocommand.err; test $? -eq 2
// RUN: FileCheck --check-prefix=NOCOMMAND %s < %t.nocommand.err
// NOCOMMAND: {{^}}dpu: error: {{.*}}.nocommand.json: entry 1 has no "arguments" or "command" (a compilation database is an array of objects with "directory", "file", and "arguments" or "command"){{$}}
