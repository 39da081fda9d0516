// The command line: --help lists every option and the exit codes, --version, bad usage is
// exit 2 with a message, a missing input is exit 2.
// RUN: %dpu --help > %t.help; test $? -eq 0
// RUN: FileCheck --check-prefix=HELP %s < %t.help
// HELP: usage: dpu [OPTIONS] FILE.{c,i,bc,ll}... [-- PROGRAM-ARGS...]
// HELP-NEXT: dpu replay SCHEDULE [OPTIONS] FILE.{c,i,bc,ll}... [-- PROGRAM-ARGS...]
// HELP-NEXT: dpu merge [--format=text|json|sarif] [-o FILE] REPORT.json...
// HELP-DAG: --shard=I/N
// HELP-DAG: --format=text|json|sarif
// HELP-DAG: -o FILE, --output=FILE
// HELP-DAG: -q, --quiet
// HELP-DAG: -v, --verbose
// HELP-DAG: --por=qpor|none
// HELP-DAG: --timeout=SECONDS
// HELP-DAG: --max-runs=N
// HELP-DAG: --run-timeout=SECONDS
// HELP-DAG: --max-steps=N
// HELP-DAG: --max-events=N
// HELP-DAG: --stop-on-defect
// HELP-DAG: --replay=T:C,T:C,...
// HELP-DAG: --show-output
// HELP-DAG: --stack-size=BYTES
// HELP-DAG: --heap-size=BYTES
// HELP-DAG: -D NAME[=VAL]
// HELP-DAG: -I DIR
// HELP-DAG: Exit status: 0 no defect, 1 defects found, 2 bad usage
// RUN: %dpu --version | FileCheck --check-prefix=VERSION %s
// VERSION: dpu {{[0-9]+\.[0-9]+\.[0-9]+}}
// RUN: %dpu --no-such-option %s 2> %t.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BADOPT %s < %t.err
// BADOPT: dpu: error: unknown option '--no-such-option'
// RUN: %dpu --max-runs=many %s 2> %t.err2; test $? -eq 2
// RUN: FileCheck --check-prefix=BADVAL %s < %t.err2
// BADVAL: dpu: error: invalid value 'many' for --max-runs
// RUN: %dpu %S/does-not-exist.c 2> %t.err3; test $? -eq 2
// RUN: FileCheck --check-prefix=MISSING %s < %t.err3
// MISSING: dpu: error: cannot read {{.*}}does-not-exist.c
// RUN: %dpu 2> %t.err4; test $? -eq 2
// RUN: FileCheck --check-prefix=NOINPUT %s < %t.err4
// NOINPUT: dpu: error: no input file
int main(void) { return 0; }
