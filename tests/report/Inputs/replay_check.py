#!/usr/bin/env python3
"""Runs the replay command of every defect of a text report and checks that it shows the same
defect: the same block (header, interleaving, stacks, output, replay line), up to mutex
addresses, which move between two dpu processes.

    replay_check.py DPU REPORT.txt

The replay line says `dpu replay ...`; DPU (the dpu under test) replaces its first word and the
rest is split as a shell would. The replay must exit 1 (a defect). Prints, per defect:

    replay of defect 2: exit 1, same 19-line block: deadlock: 2 threads blocked: ...

(addresses printed as 0x#)
and exits 1 with a diff if a replay differs.
"""
import difflib
import re
import shlex
import subprocess
import sys


def blocks(text):
    """{N: [lines]} for each "dpu: defect N:" block, up to its replay line."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^dpu: defect (\d+): ", line)
        if m:
            cur = out.setdefault(int(m.group(1)), [])
        if cur is not None:
            cur.append(line)
            if line.startswith("  replay: "):
                cur = None
    return out


def norm(lines):
    return [re.sub(r"0x[0-9a-f]+", "0x#", re.sub(r"^dpu: defect \d+:", "dpu: defect #:", l))
            for l in lines]


def main():
    dpu, report = sys.argv[1], sys.argv[2]
    with open(report) as f:
        found = blocks(f.read())
    if not found:
        print("replay_check: no defect in %s" % report, file=sys.stderr)
        sys.exit(1)
    bad = False
    for n, block in sorted(found.items()):
        line = block[-1]
        if not line.startswith("  replay: dpu replay "):
            print("replay_check: defect %d has no replay line" % n, file=sys.stderr)
            sys.exit(1)
        argv = shlex.split(line[len("  replay: "):])
        p = subprocess.run([dpu] + argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="replace")
        again = blocks(p.stdout)
        if p.returncode != 1 or list(again) != [1]:
            print("replay_check: replay of defect %d: exit %d, defects %s\n%s%s" % (
                n, p.returncode, list(again), p.stdout, p.stderr), file=sys.stderr)
            bad = True
            continue
        a, b = norm(block), norm(again[1])
        if a != b:
            print("replay_check: replay of defect %d shows another block:\n%s" % (
                n, "\n".join(difflib.unified_diff(a, b, "report", "replay", lineterm=""))),
                file=sys.stderr)
            bad = True
            continue
        print("replay of defect %d: exit %d, same %d-line block: %s" % (
            n, p.returncode, len(block), norm(block)[0].split(": ", 2)[2]))
    sys.exit(1 if bad else 0)


main()
