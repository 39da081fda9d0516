#!/usr/bin/env python3
"""Checks that a report the documentation shows is dpu's real report: README.md's in "Reading a
report", docs/races.md's in "Reading a race report".

    readme_block.py FILE.md REPORT.txt [MARKER]

Takes the first ```text block after the line that names MARKER (default tests/report/readme.c),
and compares
it line by line with REPORT.txt, up to mutex addresses and the summary's seconds, which change
from run to run. Prints "README block: N lines, as dpu prints them", or a diff and exit 1.
"""
import difflib
import re
import sys


def norm(lines):
    return [re.sub(r"runs, [0-9.]+ s$", "runs, # s", re.sub(r"0x[0-9a-f]+", "0x#", l))
            for l in lines]


def main():
    readme, report = sys.argv[1], sys.argv[2]
    lines = open(readme).read().split("\n")
    marker = sys.argv[3] if len(sys.argv) > 3 else "tests/report/readme.c"
    at = next(i for i, l in enumerate(lines) if marker in l)
    begin = next(i for i in range(at, len(lines)) if lines[i].startswith("```text")) + 1
    end = next(i for i in range(begin, len(lines)) if lines[i].startswith("```"))
    want = norm(lines[begin:end])
    got = norm(open(report).read().rstrip("\n").split("\n"))
    if want != got:
        print("\n".join(difflib.unified_diff(want, got, readme, "dpu", lineterm="")),
              file=sys.stderr)
        sys.exit(1)
    print("README block: %d lines, as dpu prints them" % len(want))


main()
