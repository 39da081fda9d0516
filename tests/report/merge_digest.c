// A shard's JSON report carries the BLAKE2b-256 digest of its content (content_digest, issue
// #37), and dpu merge refuses a report that does not match it: a report edited by hand, even
// into another valid one (max_configs made 999999, a defect left out), made a merged report
// that no exploration gave, exit 1 or 0 as the edit chose. The digest is of the content, not
// of its layout: the same document written again another way is merged.
// RUN: rm -f %t.*.json
// RUN: %dpu --shard=0/2 --format=json -o %t.0.json %S/../regress/jobs.c > /dev/null; test $? -eq 1
// RUN: %dpu --shard=1/2 --format=json -o %t.1.json %S/../regress/jobs.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.1.json > /dev/null
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not d['content_digest'])" %t.1.json
// RUN: %dpu merge %t.0.json %t.1.json | FileCheck %s --check-prefix=WHOLE; test ${PIPESTATUS[0]} -eq 1
// WHOLE: {{^}}dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s{{$}}
//
// A count changed:
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['summary']['max_configs']=999999; json.dump(d, open(sys.argv[2], 'w'), indent=2)" %t.1.json %t.count.json
// RUN: %dpu merge %t.0.json %t.count.json > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=EDITED < %t.err
// EDITED: {{^}}dpu: error: {{.*}}count.json: its content does not match its digest: the report was changed after dpu wrote it{{$}}
// and nothing merged is written:
// RUN: test ! -s %t.out
// Every defect left out (a clean report made of one with defects):
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['defects']=[]; d['summary']['defects']=0; json.dump(d, open(sys.argv[2], 'w'))" %t.0.json %t.nodefect.json
// RUN: not %dpu merge %t.nodefect.json %t.1.json 2>&1 | FileCheck %s --check-prefix=NODEFECT
// NODEFECT: {{^}}dpu: error: {{.*}}nodefect.json: its content does not match its digest: the report was changed after dpu wrote it{{$}}
// The digest left out:
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); del d['content_digest']; json.dump(d, open(sys.argv[2], 'w'))" %t.1.json %t.nodigest.json
// RUN: not %dpu merge %t.0.json %t.nodigest.json 2>&1 | FileCheck %s --check-prefix=NODIGEST
// NODIGEST: {{^}}dpu: error: {{.*}}nodigest.json: no content digest: not a shard's report as dpu --shard wrote it (an older dpu's, or edited){{$}}
//
// The same content written again, keys in another order, another indentation: merged.
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); json.dump(d, open(sys.argv[2], 'w'), indent=5, sort_keys=True)" %t.1.json %t.again.json
// RUN: %dpu merge %t.0.json %t.again.json | FileCheck %s --check-prefix=WHOLE; test ${PIPESTATUS[0]} -eq 1
