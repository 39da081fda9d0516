#!/usr/bin/env python3
"""Validates a SARIF log with the official SARIF 2.1.0 validator and prints its facts.

    check_sarif.py SARIF-MULTITOOL LOG.sarif

Runs `SARIF-MULTITOOL validate` (npm @microsoft/sarif-multitool, installed by
scripts/install-deps.sh), which checks the log against the SARIF 2.1.0 JSON schema and the
SARIF best-practice rules, and exits 1 if the validator is missing, fails, or reports any
error or warning (except SARIF2005: dpu has no home page for informationUri). The validator
itself always exits 0, so its own output log is read. It also says nothing at all about a log
it cannot load (e.g. one with an unknown "level"), so it is asked for notes too, which it
always has for dpu's rules: a validation without any result means it did not read the log, and
fails. Otherwise prints, for FileCheck:

    sarif 2.1.0 runs 1 results 2 rules 8
    invocation successful true exit_code 1 notes 1
    note note weak-atomics 4 atomic operations with an order weaker than ... @ prog.c:12 left
    result 1 dpu/deadlock level error occurrences 1 at prog.c:14 worker
    result 1 message deadlock: 2 threads blocked: ...
    result 1 flow T0:3 T1:5 T2:5 steps 13
    result 1 related T1 blocked in pthread_mutex_lock prog.c:14
    result 1 fingerprint 64 hex digits
    result 1 uri relative prog.c

Files are printed by their base name.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ALLOWED = {"SARIF2005"}


def fail(msg):
    print("check_sarif: " + msg, file=sys.stderr)
    sys.exit(1)


def validate(tool, log):
    if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
        fail("the SARIF validator is not installed at %s: run scripts/install-deps.sh" % tool)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "validation.sarif")
        p = subprocess.run([tool, "validate", "--level", "Error;Warning;Note", "--log",
                            "ForceOverwrite", "-o", out, log],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0 or not os.path.exists(out):
            fail("the validator failed (exit %d):\n%s" % (p.returncode, p.stdout))
        with open(out) as f:
            v = json.load(f)
    problems = []
    if not any(run.get("results") for run in v.get("runs", [])):
        problems.append("the validator did not analyse the log (it skips one it cannot load)")
    for run in v.get("runs", []):
        for inv in run.get("invocations", []):
            if not inv.get("executionSuccessful", False):
                problems.append("the validator's run was not successful")
            for n in inv.get("toolExecutionNotifications", []) + \
                    inv.get("toolConfigurationNotifications", []):
                if n.get("level", "warning") in ("error", "warning"):
                    problems.append("validator notification: " + n["message"]["text"])
        for r in run.get("results", []):
            level = r.get("level", "warning")
            if level in ("error", "warning") and r.get("ruleId") not in ALLOWED:
                text = r["message"].get("text") or " ".join(r["message"].get("arguments", []))
                problems.append("%s %s: %s" % (level, r.get("ruleId"), text))
    if problems:
        fail("%s does not validate:\n  %s" % (log, "\n  ".join(problems)))


def where(loc):
    p = loc.get("physicalLocation")
    if not p:
        return "-"
    s = "%s:%d" % (os.path.basename(p["artifactLocation"]["uri"]), p["region"]["startLine"])
    for ll in loc.get("logicalLocations", []):
        s += " " + ll["name"]
    return s


def main():
    if len(sys.argv) != 3:
        fail("usage: check_sarif.py SARIF-MULTITOOL LOG.sarif")
    validate(sys.argv[1], sys.argv[2])
    with open(sys.argv[2]) as f:
        log = json.load(f)
    runs = log["runs"]
    run = runs[0]
    rules = run["tool"]["driver"]["rules"]
    results = run.get("results", [])
    print("sarif %s runs %d results %d rules %d" % (log["version"], len(runs), len(results),
                                                     len(rules)))
    inv = run["invocations"][0]
    print("invocation successful %s exit_code %s notes %d" % (
        str(inv["executionSuccessful"]).lower(), inv.get("exitCode", "none"),
        len(inv.get("toolExecutionNotifications", []))))
    for n in inv.get("toolExecutionNotifications", []):
        # dpu's warnings and notes (report/warnings.h) name their id and maybe a location.
        desc = n["descriptor"]["id"] + " " if "descriptor" in n else ""
        at = " ".join(where(l) for l in n.get("locations", []))
        print("note %s %s%s%s" % (n["level"], desc, n["message"]["text"], " @ " + at if at else ""))
    for i, r in enumerate(results, 1):
        if rules[r["ruleIndex"]]["id"] != r["ruleId"]:
            fail("result %d: ruleIndex does not point at its rule" % i)
        loc = r["locations"][0]
        print("result %d %s level %s occurrences %d at %s" % (
            i, r["ruleId"], r["level"], r["occurrenceCount"], where(loc)))
        print("result %d message %s" % (i, r["message"]["text"]))
        for flow in r.get("codeFlows", []):
            orders = sorted(l["executionOrder"] for tf in flow["threadFlows"]
                            for l in tf["locations"])
            # Consecutive, but for the steps left out of a long interleaving (the first and
            # last --steps-shown kept), which the result's stepsOmitted counts.
            left_out = r.get("properties", {}).get("stepsOmitted", 0)
            k = len(orders) // 2
            if orders != (list(range(orders[0], orders[0] + len(orders))) if not left_out else
                          list(range(1, k + 1)) + list(range(k + 1 + left_out,
                                                             2 * k + 1 + left_out))):
                fail("result %d: the thread flows' executionOrder are not consecutive" % i)
            print("result %d flow %s steps %d%s" % (i, " ".join(
                "%s:%d" % (tf["id"], len(tf["locations"])) for tf in flow["threadFlows"]),
                len(orders), " omitted %d" % left_out if left_out else ""))
        for rel in r.get("relatedLocations", []):
            print("result %d related %s %s" % (i, rel["message"]["text"], where(rel)))
        for st in r.get("stacks", []):
            print("result %d stack %s %s" % (i, st["message"]["text"], " < ".join(
                where(f["location"]) for f in st["frames"])))
        fp = r.get("partialFingerprints", {}).get("dpuDefectDigest/v1", "")
        print("result %d fingerprint %s" % (
            i, "64 hex digits" if re.fullmatch(r"[0-9a-f]{64}", fp) else repr(fp)))
        art = loc["physicalLocation"]["artifactLocation"]
        print("result %d uri %s %s" % (i, "relative" if "uriBaseId" in art else "absolute",
                                       art["uri"] if "uriBaseId" in art else
                                       os.path.basename(art["uri"])))


main()
