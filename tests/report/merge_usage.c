// dpu merge's usage errors in dpu's words, exit 2 (issue #37): `dpu merge --shard=0/2` once
// answered in getopt's ("merge: unrecognized option '--shard=0/2'") and then printed the usage.
// RUN: %dpu merge --shard=0/2 r.json 2>&1 | FileCheck %s --check-prefix=SHARD; test ${PIPESTATUS[0]} -eq 2
// SHARD: {{^}}dpu: error: unknown option '--shard=0/2' for dpu merge, which takes the shards' reports (see dpu merge --help){{$}}
// SHARD-NOT: {{.}}
// RUN: %dpu merge -x r.json 2>&1 | FileCheck %s --check-prefix=SHORT; test ${PIPESTATUS[0]} -eq 2
// SHORT: {{^}}dpu: error: unknown option '-x' for dpu merge, which takes the shards' reports (see dpu merge --help){{$}}
// RUN: %dpu merge r.json -o 2>&1 | FileCheck %s --check-prefix=VALUE; test ${PIPESTATUS[0]} -eq 2
// VALUE: {{^}}dpu: error: option '-o' needs a value{{$}}
// VALUE-NOT: {{.}}
// RUN: %dpu merge --format=xml r.json 2>&1 | FileCheck %s --check-prefix=FORMAT; test ${PIPESTATUS[0]} -eq 2
// FORMAT: {{^}}dpu: error: invalid value 'xml' for --format (expected text, json or sarif){{$}}
// FORMAT-NOT: {{.}}
// RUN: %dpu merge 2>&1 | FileCheck %s --check-prefix=NONE; test ${PIPESTATUS[0]} -eq 2
// NONE: {{^}}dpu: error: no report to merge (see dpu merge --help){{$}}
// NONE-NOT: {{.}}
// RUN: %dpu merge %t.no-such-file.json 2>&1 | FileCheck %s --check-prefix=MISSING; test ${PIPESTATUS[0]} -eq 2
// MISSING: {{^}}dpu: error: {{.*}}no-such-file.json: cannot read a JSON document: unable to open {{.*}}no-such-file.json: No such file or directory{{$}}
// --help is the usage, on stdout, exit 0:
// RUN: %dpu merge --help | FileCheck %s --check-prefix=HELP
// HELP: {{^}}usage: dpu merge [--format=text|json|sarif] [-o FILE] REPORT.json...{{$}}
