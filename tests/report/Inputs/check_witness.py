#!/usr/bin/env python3
"""Checks an SV-COMP violation witness that `dpu --witness=FILE` wrote against the text report
of the same run (on stdin): usage check_witness.py WITNESS SOURCE PROPERTY NONDETS

  PROPERTY  unreach-call or no-data-race
  NONDETS   the values the witness's function_return waypoints must give, in order
            ("2,1,1"; "" for none)

The witness must be one violation_sequence entry with complete metadata (the task's input
file and its SHA-256, the property's specification, LP64, C) whose segments follow the first
defect's interleaving of the report: one waypoint per step with a source line (not a thread's
start or exit), with the step's thread and line, up to the violation (for a race, the step
before its later access), then the target: the reach_error call's line, or the two accesses of
the race. Exits 1 with a message on the first difference."""
import hashlib
import re
import sys

import yaml


def fail(msg):
    print("check_witness: " + msg, file=sys.stderr)
    sys.exit(1)


def first_defect(report):
    """The first defect's header line, its steps (tid, op, line) and the 'after step' numbers
    of its race accesses."""
    lines = report.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("dpu: defect 1:")), None)
    if start is None:
        fail("the report has no defect")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("dpu: ")), len(lines))
    steps, after = [], []
    for l in lines[start + 1:end]:
        m = re.match(r"\s+#\d+\s+T(\d+)\s+(\S+).*?(\S+):(\d+) \S+$", l)
        if m:
            steps.append((int(m.group(1)), m.group(2), int(m.group(4))))
            continue
        m = re.match(r"\s+#\d+\s+T(\d+)\s+(\S+)", l)
        if m:
            steps.append((int(m.group(1)), m.group(2), None))
        m = re.search(r"\(after step #(\d+)\)", l)
        if m:
            after.append(int(m.group(1)))
    return lines[start], steps, after


def main():
    witness, source, prop, nondets = sys.argv[1:5]
    header, steps, after = first_defect(sys.stdin.read())
    doc = yaml.safe_load(open(witness))
    if not isinstance(doc, list) or len(doc) != 1:
        fail("not a list of one entry")
    entry = doc[0]
    if entry.get("entry_type") != "violation_sequence":
        fail("entry_type is %r" % entry.get("entry_type"))
    meta = entry["metadata"]
    if meta.get("format_version") not in ("2.0", "2.2"):
        fail("format_version %r" % meta.get("format_version"))
    if not re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                        str(meta.get("uuid"))):
        fail("uuid %r" % meta.get("uuid"))
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", str(meta.get("creation_time"))):
        fail("creation_time %r" % meta.get("creation_time"))
    if meta["producer"]["name"] != "dpu" or not isinstance(meta["producer"]["version"], str):
        fail("producer %r" % meta["producer"])
    task = meta["task"]
    if len(task["input_files"]) != 1 or not task["input_files"][0].endswith(source.split("/")[-1]):
        fail("input_files %r" % task["input_files"])
    digest = hashlib.sha256(open(source, "rb").read()).hexdigest()
    if list(task["input_file_hashes"].values()) != [digest]:
        fail("input_file_hashes %r, expected %s" % (task["input_file_hashes"], digest))
    spec = "call(reach_error())" if prop == "unreach-call" else "data-race"
    if spec not in task["specification"] or task["data_model"] != "LP64" or task["language"] != "C":
        fail("task %r" % task)

    segments = entry["content"]
    waypoints = []
    for seg in segments:
        wps = seg["segment"]
        if not wps:
            fail("an empty segment")
        for w in wps:
            w = w["waypoint"]
            if w["action"] != "follow" or w["type"] not in (
                    "assumption", "function_return", "target"):
                fail("waypoint %r" % w)
            loc = w["location"]
            if not source.endswith(loc["file_name"].split("/")[-1]) or loc["line"] < 1:
                fail("location %r" % loc)
            waypoints.append(w)
    last = [w["waypoint"] for w in segments[-1]["segment"]]
    if any(w["type"] != "target" for w in last) or len(last) != (1 if prop == "unreach-call" else 2):
        fail("the last segment is not the violation: %r" % last)
    if any(w["type"] == "target" for w in waypoints[:-len(last)]):
        fail("a target before the last segment")

    # The steps up to the violation, as the report shows them.
    if prop == "no-data-race":
        if len(after) != 2:
            fail("the report's race does not say after which steps its accesses came")
        steps = steps[:max(after)]
    expect = [(t, line) for t, op, line in steps
              if line is not None and op not in ("start", "exit-thread")]
    got = [(w["thread_id"], w["location"]["line"]) for w in waypoints[:-len(last)]]
    if got != expect:
        fail("the waypoints (thread, line) %r differ from the report's steps %r" % (got, expect))
    values = [w["constraint"]["value"] for w in waypoints if w["type"] == "function_return"]
    want = ["\\result == %s" % v for v in nondets.split(",") if v]
    if values != want:
        fail("nondet values %r, expected %r" % (values, want))
    for w in waypoints:
        if w["type"] == "assumption" and w["constraint"] != {"value": "1", "format": "c_expression"}:
            fail("assumption constraint %r" % w["constraint"])

    if prop == "unreach-call":
        m = re.search(r"\(at \S+:(\d+) in (\S+)\)", header)
        if not m or last[0]["location"]["line"] != int(m.group(1)) or \
                last[0]["location"].get("function") != m.group(2):
            fail("target %r, report %r" % (last[0], header))
    else:
        lines = sorted(int(x) for x in re.findall(r" at \S+:(\d+) in ", header))
        if sorted(w["location"]["line"] for w in last) != lines:
            fail("targets %r, report %r" % (last, header))


if __name__ == "__main__":
    main()
