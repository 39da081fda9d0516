#!/usr/bin/env python3
"""Validates a dpu JSON report against docs/report.schema.json and prints its facts.

    check_json.py [--warnings] SCHEMA REPORT.json

Exit 1 (with the reasons on stderr) if the document is not valid JSON, does not follow the
schema, or contradicts itself (summary counts against the defects, runs against the traces,
SSBs and the other kinds of run, step numbers, replay commands). Otherwise prints, for FileCheck, one fact per line:

    state complete exit_code 1 reason null
    summary defects 2 traces_with_defects 4 max_configs 6 ssbs 0
    defect 1 assertion-failure traces 2 thread 0 location prog.c:30 main exact
    defect 1 message x == 2 (at ...)
    defect 1 threads 3 steps 17 blocked 0 stacks 0 output_truncated false
    defect 2 threads 2 steps 100 blocked 0 stacks 2 output_truncated false steps_total 400 steps_omitted 300
    defect 1 step 2 T0 pthread_create T1 - prog.c:27 main
    defect 1 blocked T1 pthread_mutex_lock 0x# prog.c:12 worker
    defect 1 could_run T2 pthread_mutex_trylock 0x#='m' prog.c:24 retrier
    defect 1 output "balance: -30\\n"
    defect 1 replay dpu replay 0:3,1:2 prog.c

With --warnings, also (last) every warning and note:

    warning run-cut - the program creates more than 4 threads
    note weak-atomics prog.c:12 left 4 atomic operations with an order weaker than ...

Files are printed by their base name, addresses as 0x#.
"""
import json
import os
import re
import sys

import jsonschema


def fail(msg):
    print("check_json: " + msg, file=sys.stderr)
    sys.exit(1)


def where(o):
    if o.get("file") is None:
        return "-"
    s = "%s:%s" % (os.path.basename(o["file"]), o["line"])
    return s + (" " + o["function"] if o.get("function") else "")


def obj(o):
    """The object as "T1", "0x#" (an address), "0x#='m'" or "0x#='locks'+40" (an address in a
    global variable: object_name, object_offset), with "(locks[1])" after it when the report
    names the member (object_member), "0x#=heap(64B@p.c:12 T0)+8" for an address in a heap
    block (object_block: its size, its malloc's file:line and thread, the offset), or "-" for
    none."""
    v = o.get("object")
    if v is None:
        return "-"
    v = re.sub(r"^0x[0-9a-f]+$", "0x#", v)
    if o.get("object_name") is not None:
        v += "='%s'" % o["object_name"]
        if o.get("object_offset"):
            v += "+%d" % o["object_offset"]
    if o.get("object_member") is not None:
        v += "(%s)" % o["object_member"]
    b = o.get("object_block")
    if b is not None:
        v += "=heap(%dB@%s:%s T%d)" % (b["size"], os.path.basename(b["file"] or "?"), b["line"],
                                      b["thread"])
        if b["offset"]:
            v += "+%d" % b["offset"]
    return v


def main():
    show_warnings = sys.argv[1:2] == ["--warnings"]
    if show_warnings:
        del sys.argv[1]
    if len(sys.argv) != 3:
        fail("usage: check_json.py [--warnings] SCHEMA REPORT.json")
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    try:
        with open(sys.argv[2]) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read %s: %s" % (sys.argv[2], e))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        for e in errors[:20]:
            print("check_json: %s: %s" % ("/".join(map(str, e.absolute_path)) or "(root)",
                                          e.message), file=sys.stderr)
        fail("%d schema violation(s) in %s" % (len(errors), sys.argv[2]))

    s, defects = doc["summary"], doc["defects"]
    if s["defects"] != len(defects):
        fail("summary.defects %d but %d defects" % (s["defects"], len(defects)))
    # A trace with several defects (a race and an assertion failure) counts once.
    if defects and not (max(d["traces"] for d in defects) <= s["traces_with_defects"]
                        <= sum(d["traces"] for d in defects)):
        fail("summary.traces_with_defects is not between the most and the sum of the defects' "
             "traces")
    if not defects and s["traces_with_defects"]:
        fail("summary.traces_with_defects without defects")
    if doc["complete"] != (doc["state"] == "complete"):
        fail("complete contradicts state")
    if (doc["exit_code"] is None) != (doc["state"] == "running"):
        fail("exit_code must be null exactly while running")
    if len({d["digest"] for d in defects}) != len(defects):
        fail("two defects with one digest")
    # Every run is named (report/report.h, struct dpu_counts): once the exploration is over,
    # runs = max-configs + SSBs + the runs stopped at --preemptions' bound + the four other kinds.
    st = doc.get("statistics", {})
    others = ["runs_redirected", "runs_repeated", "runs_cut", "runs_earlier_explorations"]
    if doc["state"] != "running" and doc["state"] != "error" and all(k in st for k in others):
        named = s["max_configs"] + s["ssbs"] + s.get("runs_bounded", 0) + sum(st[k] for k in others)
        if s["runs"] != named:
            fail("summary.runs %d but max_configs + ssbs + %s = %d" % (
                s["runs"], " + ".join(others), named))
    # A reason that sends the reader to the warnings has some (issue 37).
    if "see warnings" in (doc["reason"] or "") and not doc["warnings"]:
        fail("reason %r but no warnings" % doc["reason"])
    if len({(w["kind"], w["text"]) for w in doc["warnings"]}) != len(doc["warnings"]):
        fail("a warning said twice")
    print("state %s exit_code %s reason %s" % (doc["state"], json.dumps(doc["exit_code"]),
                                               json.dumps(doc["reason"])))
    print("summary defects %d traces_with_defects %d max_configs %d ssbs %d" % (
        s["defects"], s["traces_with_defects"], s["max_configs"], s["ssbs"]))

    if sorted(d["id"] for d in defects) != list(range(1, len(defects) + 1)):
        fail("defect ids are not 1, 2, ... in some order")
    if [d["digest"] for d in defects] != sorted(d["digest"] for d in defects):
        fail("defects are not sorted by digest")
    for d in sorted(defects, key=lambda d: d["id"]):  # printed in the text report's order
        n = d["id"]
        # Every step, or the first and last K of a longer interleaving (--steps-shown), numbered
        # as in the whole: 1, ..., K, total - K + 1, ..., total.
        total, left_out, k = d["steps_total"], d["steps_omitted"], len(d["steps"]) // 2
        numbers = list(range(1, len(d["steps"]) + 1)) if not left_out else \
            list(range(1, k + 1)) + list(range(total - k + 1, total + 1))
        if len(d["steps"]) + left_out != total or [st["step"] for st in d["steps"]] != numbers:
            fail("defect %d: steps are not numbered 1, 2, ... with steps_omitted left out" % n)
        if d["replay"]["command"].split()[2] != (d["replay"]["schedule"] or "''"):
            fail("defect %d: the replay command does not run its schedule" % n)
        loc = d["location"]
        print("defect %d %s traces %d thread %s location %s" % (
            n, d["kind_id"], d["traces"], json.dumps(d["thread"]),
            "null" if loc is None else where(loc) + (" exact" if loc["exact"] else " approximate")))
        print("defect %d message %s" % (n, re.sub(r"0x[0-9a-f]+", "0x#",
                                                  re.sub(r"\S*/([^/ ]+\.c)\b", r"\1",
                                                         d["message"]))))
        print("defect %d threads %d steps %d blocked %d stacks %d output_truncated %s" % (
            n, d["threads"], len(d["steps"]), len(d["blocked"]), len(d["stacks"]),
            str(d["output_truncated"]).lower()) +
            (" steps_total %d steps_omitted %d" % (total, left_out) if left_out else ""))
        for st in d["steps"]:
            print("defect %d step %d T%d %s %s %s %s" % (
                n, st["step"], st["thread"], st["operation"], obj(st), st["result"] or "-",
                where(st)))
        for b in d["blocked"]:
            held = " held_by T%d" % b["held_by"] if b.get("held_by") is not None else ""
            print("defect %d blocked T%d %s %s %s%s" % (n, b["thread"], b["operation"], obj(b),
                                                       where(b), held))
        for b in d["could_run"]:
            print("defect %d could_run T%d %s %s %s" % (n, b["thread"], b["operation"], obj(b),
                                                       where(b)))
        for stk in d["stacks"]:
            print("defect %d stack T%d %s" % (n, stk["thread"],
                                              " < ".join(where(f) for f in stk["frames"])))
        race = d["race"]
        if (race is None) != (d["kind_id"] != "data-race"):
            fail("defect %d: a race object exactly for data races" % n)
        if race:
            for i, a in enumerate(race["accesses"]):
                print("defect %d race access %d T%d %s%s %d bytes %s after step %s at %s" % (
                    n, i, a["thread"], "atomic " if a["atomic"] else "", a["kind"], a["size"],
                    a["operation"], json.dumps(a["after_step"]), where(a["location"])))
                if a["stack"]:
                    print("defect %d race access %d stack %s" % (
                        n, i, " < ".join(where(f) for f in a["stack"]["frames"])))
            m = race["memory"]
            print("defect %d race memory %s %s" % (n, m["kind"], re.sub(
                r"\S*/([^/ ]+\.c)\b", r"\1", m["description"])))
        print("defect %d output %s" % (n, json.dumps(d["output"])))
        cmd = re.sub(r" (\S*/)?([^/ ]+\.c)\b", r" \2", d["replay"]["command"])
        print("defect %d replay %s" % (n, cmd))
    if doc.get("property"):  # (last, so that the checks of reports without one stay as they are)
        print("verdict %s %s nondet_partial %d" % (doc["property"], doc["verdict"],
                                                   doc["nondet_partial"]))
    for w in doc["warnings"] if show_warnings else []:
        print("%s %s %s %s" % (w["kind"], w["id"], where(w["location"] or {}),
                               re.sub(r"\S*/([^/ ]+\.c)\b", r"\1", w["text"])))


main()
