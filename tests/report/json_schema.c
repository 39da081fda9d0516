// The JSON checks can fail: a document that breaks the committed schema, or contradicts
// itself, is rejected by Inputs/check_json.py (which every JSON test goes through). The
// document is the one of Inputs/clean.c's sibling with a defect, Inputs/args.c.
// RUN: %dpu -DWORD='"x"' --format=json -o %t.json %S/Inputs/args.c -- x > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=GOOD %s
// GOOD: state complete exit_code 1 reason null
// GOOD-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
//
// A defect without its digest, an unknown state, a step number that is not an integer (which
// the validator also counts as a property of no known type):
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); del d['defects'][0]['digest']; d['state']='done'; d['defects'][0]['steps'][0]['step']='1'; json.dump(d,open(sys.argv[2],'w'))" %t.json %t.bad1.json
// RUN: not %python %inputs/check_json.py %schema %t.bad1.json 2> %t.err1
// RUN: FileCheck --check-prefix=BAD1 %s < %t.err1
// BAD1-DAG: check_json: defects/0: 'digest' is a required property
// BAD1-DAG: check_json: defects/0/steps/0/step: '1' is not of type 'integer'
// BAD1-DAG: check_json: state: 'done' is not one of
// BAD1: check_json: 4 schema violation(s) in {{.*}}bad1.json
//
// A field the schema does not know:
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['defects'][0]['severity']='high'; json.dump(d,open(sys.argv[2],'w'))" %t.json %t.bad2.json
// RUN: not %python %inputs/check_json.py %schema %t.bad2.json 2> %t.err2
// RUN: FileCheck --check-prefix=BAD2 %s < %t.err2
// BAD2: check_json: defects/0: Additional properties are not allowed ('severity' was unexpected)
//
// Valid for the schema, but the summary does not count the defects it lists:
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['summary']['defects']=2; json.dump(d,open(sys.argv[2],'w'))" %t.json %t.bad3.json
// RUN: not %python %inputs/check_json.py %schema %t.bad3.json 2> %t.err3
// RUN: FileCheck --check-prefix=BAD3 %s < %t.err3
// BAD3: check_json: summary.defects 2 but 1 defects
//
// Not JSON at all (a document cut short):
// RUN: head -c 100 %t.json > %t.bad4.json
// RUN: not %python %inputs/check_json.py %schema %t.bad4.json 2> %t.err4
// RUN: FileCheck --check-prefix=BAD4 %s < %t.err4
// BAD4: check_json: cannot read {{.*}}bad4.json
