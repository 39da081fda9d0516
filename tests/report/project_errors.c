// A project's build whose files do not make one program as they are (issue 39,
// docs/projects.md): hand-made compilation databases in Inputs/compdb/, whose relative
// "directory" is read from the database's own directory, with both forms of a command
// ("command", split as the shell does: the -D of a quoted string; "arguments").
//
// Two files of the build define bump(), which main.c uses: dpu does not choose, it names both;
// naming one on the command line links it and not the other.
// RUN: cd %S/Inputs/compdb && %dpu -p ambiguous.json main.c 2> %t.ambiguous.err; test $? -eq 2
// RUN: FileCheck --check-prefix=AMBIGUOUS %s < %t.ambiguous.err
// AMBIGUOUS: {{^}}dpu: error: function 'bump' is defined by two files of the compilation database, helper_a.c and helper_b.c: name the one the test program links on the command line{{$}}
// RUN: cd %S/Inputs/compdb && %dpu --show-output -p ambiguous.json main.c helper_a.c > %t.a 2> %t.a.err; test $? -eq 0
// RUN: FileCheck --check-prefix=NAMED %s < %t.a
// RUN: FileCheck --check-prefix=NAMEDNOTE %s < %t.a.err
// NAMED: {{^}}  | hello world 2{{$}}
// NAMED: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs,
// NAMEDNOTE: {{^}}dpu: note: ambiguous.json: linked with none of its 1 other C files{{$}}
//
// A file of the build that does not compile: clang's diagnostics, then the error, even though
// the program would not have linked it.
// RUN: cd %S/Inputs/compdb && %dpu -p broken.json main.c 2> %t.broken.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BROKEN %s < %t.broken.err
// BROKEN: {{.*}}broken.c:2:27: error: use of undeclared identifier 'undeclared_name'
// BROKEN: {{^}}1 error generated.{{$}}
// BROKEN-NEXT: {{^}}dpu: error: broken.c does not compile: {{.*}}broken.c:2:27: error: use of undeclared identifier 'undeclared_name'{{$}}
//
// A build for a 32-bit target.
// RUN: cd %S/Inputs/compdb && %dpu -p m32.json main.c 2> %t.m32.err; test $? -eq 2
// RUN: FileCheck --check-prefix=M32 %s < %t.m32.err
// M32: {{^}}dpu: error: {{.*}}main.c is compiled for a 32-bit target (-m32 in its compile command), whose pthread types dpu cannot run: dpu runs programs on x86-64 (LP64){{$}}
//
// dpu's own -D and -I come after the database's flags, -I relative to dpu's directory (the
// compile's is the database's "directory").
// RUN: rm -rf %t.own && mkdir -p %t.own/inc && printf '#undef GREETING\n#define GREETING "from dpu"\n' > %t.own/inc/greeting.h
// RUN: cd %t.own && %dpu --show-output -p %S/Inputs/compdb/ambiguous.json -DWITH_GREETING_H -I inc %S/Inputs/compdb/main.c %S/Inputs/compdb/helper_a.c 2> /dev/null | FileCheck --check-prefix=OWN %s
// OWN: {{^}}  | from dpu 2{{$}}
