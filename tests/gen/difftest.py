#!/usr/bin/env python3
"""Differential test of dpu's QPOR explorer against the exhaustive oracle.

For every seed, generate a program with genprog.py, run

    DPU --por=none --print-traces PROG            (the oracle)
    DPU --por=qpor -k K --print-traces PROG       (for every K in --ks)

and check that each QPOR run reports the same set of trace fingerprints (`dpu: trace HEX`),
the same max-config counts, the same distinct defects (count and messages), the same set of
data races (pairs of access sites, unordered, read from the JSON report that every run also
writes with --format=json -o), the same number of traces that show a defect, and the same
exit code as the oracle, and 0 SSBs with -k 0. Every result is also checked on its own (one
trace line per max-config, no fingerprint twice, one defect block per distinct defect, exit
code 0/1 matching the defect count, the JSON report's races the text report's), and the
oracle against the generator's model (the `// model:` header line counts traces with a
defect; the race kind's `// model races:` line gives the racing pairs of lines).

The racy kind (genracy.py: branches, loops, spin loops and assertions on the values of racing
plain accesses) has no model: what dpu explores depends on which accesses it finds racing,
exploration after exploration, which the generator does not predict. Its programs run with
dpu's default --races=on and are compared with the oracle as above, with one difference: the
number of explorations (`dpu: racing accesses explored: N access sites ..., M explorations`)
may differ, only N must be the oracle's. An exploration before the last is not complete, and
when control flow depends on racy values the races it finds depend on the interleavings of
the invisible code that the explorer happens to run; the last exploration's visible sites,
traces and races do not. The racy generator also rules out deadlocks and hangs: a defect
other than a data race or an assertion failure is a problem in any explorer's result.

One line per failing seed says what differed; the last line is `N passed, M failed`.
Exit status 0 iff M == 0 (2 for bad usage).

    difftest.py --dpu build/dpu                      seeds 1-200, -k 0,1,2,3
    difftest.py --dpu build/dpu --seeds 17-17 --keep /tmp/fail
    difftest.py --dpu build/dpu --oracle-only        --por=none twice: determinism
    difftest.py --dpu build/dpu --regress tests/regress
    difftest.py --dpu build/dpu --kind racy --seeds 1-100
"""

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import genprog  # noqa: E402

TRACE_RE = re.compile(r"^dpu: trace ([0-9a-f]+)$")
DEFECT_RE = re.compile(r"^dpu: defect (\d+): ([^:]+): (.*)$")
DEFECT_TRACES_RE = re.compile(r"^dpu: traces with defects: (\d+) of (\d+) \(.*\)$")
SUMMARY_RE = re.compile(
    r"^dpu: summary: (\d+) defects, (\d+) max-configs, (\d+) SSBs, (\d+) runs, ([0-9.]+) s$")
MODEL_RE = re.compile(r"^// model: (\d+) max-configs, (\d+) defects .*, (\d+) runs, exit (\d+)$",
                      re.M)
MODEL_RACES_RE = re.compile(r"^// model races: (.*)$", re.M)
MODEL_EXPLORATIONS_RE = re.compile(r"^// model: \d+ runs in (\d+) explorations", re.M)
RACY_KIND = "racy"   # genracy.py: control flow on racy values; no model (see the docstring)
RACY_DEFECTS = ("data race", "assertion failure")  # the only defects its programs can have
RUN_ENDING_DEFECTS = ("crash", "pthread misuse", "heap misuse", "memory error", "hang")
# A generated program's options for dpu (the race kind: --races=report in half the seeds)
OPTIONS_RE = re.compile(r"^// dpu options: (.*)$", re.M)
EXPLORED_RE = re.compile(r"^dpu: racing accesses explored: (\d+) access sites? made scheduling "
                         r"points, (\d+) explorations?$")
# The two accesses of a race in its text message: "... at FILE:LINE in FN (Tn) and ... at
# FILE:LINE in FN (Tn)" (a heap block's "allocated at FILE:LINE in FN by Tn" is no access;
# file names without blanks).
# (":COLUMN" after the line when another access site of its kind shares the line)
RACE_SITE_RE = re.compile(r" at (\S+?):(\d+)(?::\d+)? in (\S+) \(T\d+\)")


class Result:
    """One dpu invocation."""

    def __init__(self, label, cmd):
        self.label = label        # "none", "none#2", "k=1", ...
        self.cmd = cmd
        self.rc = None
        self.timed_out = False
        self.stdout = ""
        self.stderr = ""
        self.wall = 0.0
        self.traces = []          # fingerprints in the order printed
        self.defects = []         # (kind, message) per defect block (one per distinct defect)
        self.defect_traces = 0    # traces that showed a defect ("dpu: traces with defects")
        self.summary = None       # dict: defects (distinct), max_configs, ssbs, runs, seconds
        self.races = None         # set of race site pairs from the JSON report (race_pairs)
        self.race_lines = []      # the text report's race defects: sorted pairs of (file, line, fn)
        self.json_problem = None  # why the JSON report could not be read
        self.digests = None       # the JSON report's defect digests, sorted
        self.explored = (0, 1)    # --races=on: (access sites made visible, explorations)

    def brief(self):
        if self.timed_out:
            return "timed out after %.0f s" % self.wall
        if self.summary is None:
            return "exit %s, no summary line%s" % (self.rc, stderr_tail(self))
        s = self.summary
        return "exit %d, %d max-configs, %d defects in %d traces, %d SSBs, %d runs" % (
            self.rc, s["max_configs"], s["defects"], self.defect_traces, s["ssbs"], s["runs"])


def stderr_tail(r, width=120):
    """ " (stderr: LAST LINE)", shortened, or ""."""
    err = r.stderr.strip().splitlines()
    if not err:
        return ""
    last = err[-1] if len(err[-1]) <= width else err[-1][:width - 3] + "..."
    return " (stderr: %s)" % last


def race_pairs(report):
    """The races of a JSON report (docs/report.schema.json): the set of their pairs of
    access sites, each site (file, line, column, function), a pair sorted (the order of the
    two accesses is the order in the trace where dpu first saw the race, which may differ
    between explorers)."""
    out = set()
    for d in report.get("defects", []):
        if d.get("kind_id") != "data-race":
            continue
        sites = []
        for a in d["race"]["accesses"]:
            loc = a.get("location") or {}
            sites.append((loc.get("file") or "?", loc.get("line") or 0, loc.get("column") or 0,
                          loc.get("function") or "?"))
        out.add(tuple(sorted(sites)))
    return out


def fmt_site(site):
    f, line, col, fn = site
    return "%s:%d:%d:%s" % (os.path.basename(f), line, col, fn)


def fmt_races(pairs):
    return "{" + ", ".join("%s & %s" % (fmt_site(a), fmt_site(b))
                           for a, b in sorted(pairs)) + "}"


def run_dpu(dpu, label, args, timeout, json_path=None):
    """Runs dpu; with json_path, also --format=json -o json_path (the text report still goes
    to stdout) and reads the races from it."""
    cmd = [dpu] + args
    if json_path:
        cmd = [dpu, "--format=json", "-o", json_path] + args
    r = Result(label, cmd)
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, text=True, errors="replace")
    except subprocess.TimeoutExpired as e:
        r.timed_out = True
        r.wall = time.monotonic() - t0
        r.stdout = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return r
    r.wall = time.monotonic() - t0
    r.rc, r.stdout, r.stderr = p.returncode, p.stdout, p.stderr
    lines = p.stdout.splitlines()
    for ln in lines:
        m = TRACE_RE.match(ln)
        if m:
            r.traces.append(m.group(1))
            continue
        m = DEFECT_RE.match(ln)
        if m:
            r.defects.append((m.group(2), m.group(3)))
            if m.group(2) == "data race":
                r.race_lines.append(tuple(sorted(
                    (f, int(line), fn) for f, line, fn in RACE_SITE_RE.findall(m.group(3)))))
            continue
        m = DEFECT_TRACES_RE.match(ln)
        if m:
            r.defect_traces = int(m.group(1))
            continue
        m = EXPLORED_RE.match(ln)
        if m:
            r.explored = (int(m.group(1)), int(m.group(2)))
    if lines:
        m = SUMMARY_RE.match(lines[-1])
        if m:
            r.summary = dict(defects=int(m.group(1)), max_configs=int(m.group(2)),
                             ssbs=int(m.group(3)), runs=int(m.group(4)),
                             seconds=float(m.group(5)))
    if json_path:
        try:
            with open(json_path) as f:
                report = json.load(f)
            r.races = race_pairs(report)
            r.digests = sorted(d["digest"] for d in report["defects"])
            if report.get("state") != "complete":
                r.json_problem = "JSON report in state %r" % report.get("state")
            # Every run is named (report/report.h: struct dpu_counts).
            s, st = report["summary"], report["statistics"]
            named = s["max_configs"] + s["ssbs"] + s.get("runs_bounded", 0) + sum(
                st[k] for k in ("runs_redirected", "runs_repeated", "runs_cut",
                                "runs_earlier_explorations"))
            if s["runs"] != named:
                r.json_problem = "%d runs but %d named in the JSON report" % (s["runs"], named)
        except (OSError, ValueError, KeyError, TypeError) as e:
            r.json_problem = "JSON report unreadable: %s: %s" % (type(e).__name__, e)
    return r


def run_shards(dpu, label, args, n, timeout, tmp):
    """Runs `dpu --shard=I/N` for I = 0 .. n-1 (one after the other), each with its JSON
    report, and `dpu merge` of those reports: one Result whose traces are the shards' trace
    lines together (a trace in two shards is a fingerprint printed twice) and whose counts,
    defects, races and exit code are the merged report's. Each shard's own problems (its
    self_check) are in .shard_problems. A racy program's shards may make different racing
    sites visible (each sees the races of its parts only): as the merged report says, they
    then run again with --visible-sites= all of them, until they agree (at most 4 rounds)."""
    for _ in range(4):
        r = run_shards_once(dpu, label, args, n, timeout, tmp)
        if not r.json_problem or "--visible-sites=" not in r.json_problem:
            break
        sites = re.search(r"--visible-sites=([0-9,]+)", r.json_problem).group(1)
        args = [a for a in args if not a.startswith("--visible-sites=")]
        args = ["--visible-sites=" + sites] + args
    return r


def run_shards_once(dpu, label, args, n, timeout, tmp):
    """One round of run_shards."""
    shards, paths = [], []
    for i in range(n):
        path = os.path.join(tmp, "report.%s.shard%d.json" % (re.sub(r"[=#/ ]", "_", label), i))
        paths.append(path)
        shards.append(run_dpu(dpu, "%s#%d" % (label, i), ["--shard=%d/%d" % (i, n)] + args,
                              timeout, path))
    r = Result(label, [dpu, "merge", "--format=json"] + paths)
    r.wall = sum(x.wall for x in shards)
    # (a racy program's shard may list a defect of an earlier exploration that its last one's
    # parts do not show: another shard's do, and the merged report counts its traces there)
    r.shard_problems = ["shard %d: %s" % (i, p) for i, x in enumerate(shards)
                        for p in self_check(x) if not p.startswith("JSON report in state")
                        and " traces with defects for " not in p]
    r.stdout = "".join("$ %s\n%s%s" % (" ".join(shlex.quote(c) for c in x.cmd), x.stdout,
                                         x.stderr) for x in shards)
    r.timed_out = any(x.timed_out for x in shards)
    if r.timed_out or any(x.summary is None for x in shards):
        return r
    for x in shards:
        r.traces += x.traces
    p = subprocess.run(r.cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace", timeout=timeout)
    r.rc, r.stderr = p.returncode, p.stderr
    try:
        doc = json.loads(p.stdout)
        s = doc["summary"]
        r.summary = dict(defects=s["defects"], max_configs=s["max_configs"], ssbs=s["ssbs"],
                         runs=s["runs"], seconds=s["seconds"])
        r.defects = [(d["kind"], d["message"]) for d in doc["defects"]]
        r.digests = sorted(d["digest"] for d in doc["defects"])
        r.defect_traces = s["traces_with_defects"]
        r.races = race_pairs(doc)
        r.race_lines = [tuple(sorted((f, line, fn) for f, line, _col, fn in pair))
                        for pair in r.races]
        if doc["state"] != "complete":
            r.json_problem = "merged report in state %r (%s)" % (doc["state"], doc["reason"])
    except (ValueError, KeyError, TypeError) as e:
        r.json_problem = "dpu merge's report unreadable: %s: %s%s" % (
            type(e).__name__, e, stderr_tail(r))
        return r
    # the sites visible in the end, given (a later round) or found (compare() compares only
    # their number: a shard explores again only when its own parts show new racing sites)
    vis = doc["shard"]["visible_sites"]
    r.explored = (len(vis.split(",")) if vis else 0, max(x.explored[1] for x in shards))
    return r


def jobs_flag(flags):
    """The -j N among dpu's flags (1 without): dpu -j N > 1 explores the split's parts at once
    (explorer/shard.c), so its results compare as --shard's do."""
    for i, f in enumerate(flags):
        m = re.match(r"^(?:-j|--jobs=)(\d*)$", f)
        if m:
            v = m.group(1) or (flags[i + 1] if i + 1 < len(flags) else "1")
            return int(v) if v.isdigit() else 1
    return 1


def normalize_defect(kind, msg):
    """Defect messages up to thread numbering and addresses, which may differ between two
    runs of the same trace (a deadlock's list of blocked threads is sorted)."""
    if kind == "data race":
        # the two accesses come in the order of the trace where the explorer first saw the
        # race: compared as unordered site pairs instead (compare_races)
        return kind
    msg = re.sub(r"0x[0-9a-fA-F]+", "0x#", msg)
    msg = re.sub(r"\bT\d+\b", "T#", msg)
    if kind == "deadlock":
        head, _, rest = msg.partition(": ")
        msg = head + ": " + ", ".join(sorted(rest.split(", ")))
    return kind + ": " + msg


def self_check(r):
    """Problems visible in one result alone."""
    if r.timed_out or r.summary is None:
        return [r.brief()]
    out = []
    s = r.summary
    if r.rc not in (0, 1):
        out.append("exit %d%s" % (r.rc, stderr_tail(r)))
    elif r.rc != (1 if s["defects"] else 0):
        out.append("exit %d with %d defects" % (r.rc, s["defects"]))
    # (--races=on may explore several times: the trace lines and max-configs are the last
    # exploration's)
    if len(r.traces) != s["max_configs"]:
        out.append("%d trace lines for %d max-configs" % (len(r.traces), s["max_configs"]))
    if len(set(r.traces)) != len(r.traces):
        out.append("%d fingerprints printed twice" % (len(r.traces) - len(set(r.traces))))
    if len(r.defects) != s["defects"]:
        out.append("%d defect blocks for %d defects" % (len(r.defects), s["defects"]))
    # a trace may show several defects: data races, and failures of several threads (a
    # failed assertion stops only its thread), so only: defects iff traces with defects
    others = sum(1 for kind, _ in r.defects if kind != "data race")
    if (r.defect_traces == 0) != (s["defects"] == 0):
        out.append("%d traces with defects for %d defects (%d other than data races)"
                   % (r.defect_traces, s["defects"], others))
    if r.json_problem:
        out.append(r.json_problem)
    elif r.races is not None:
        # the JSON report's races are the text report's (on file, line and function)
        text = collections.Counter(r.race_lines)
        js = collections.Counter(tuple((f, line, fn) for f, line, _col, fn in pair)
                                 for pair in r.races)
        if text != js:
            out.append("races of the JSON report %s, of the text report %d: %s" % (
                fmt_races(r.races), len(r.race_lines), "; ".join(
                    " & ".join("%s:%d:%s" % (os.path.basename(f), line, fn) for f, line, fn in pr)
                    for pr in sorted(r.race_lines))))
    return out


def racy_check(r):
    """The racy kind: no defect but data races and assertion failures (its generator rules
    out deadlocks and hangs: one mutex never nested, a spin loop's flag set unconditionally
    by a thread that never spins)."""
    bad = collections.Counter(kind for kind, _ in r.defects if kind not in RACY_DEFECTS)
    if not bad:
        return []
    first = next(msg for kind, msg in r.defects if kind not in RACY_DEFECTS)
    return ["%s, which the racy generator rules out (e.g. %s)" % (
        ", ".join("%d %s" % (n, k) for k, n in sorted(bad.items())), first)]


def compare_races(oracle, r):
    """The race site pairs of r against the oracle's: a mismatch prints both sets."""
    if oracle.races is None or r.races is None or oracle.races == r.races:
        return []
    miss, extra = oracle.races - r.races, r.races - oracle.races
    return ["race site pairs differ from the oracle's: %d missing %s, %d extra %s; "
            "races: %s; oracle races: %s" % (
                len(miss), fmt_races(miss), len(extra), fmt_races(extra),
                fmt_races(r.races), fmt_races(oracle.races))]


def compare(oracle, r, ordered, racy=False, parts=False, by_digest=False):
    """Differences of r against the oracle; ordered: also the order of the trace lines and
    the run count (the exhaustive explorer is deterministic); racy (the racy kind, not
    ordered): the number of explorations may differ, only the visible sites are compared;
    by_digest: defects by digest, as for parts (QPOR's first trace of a defect, whose message
    it shows, is another than the oracle's: --order=random)."""
    if r.timed_out or r.summary is None or oracle.summary is None:
        return []  # already reported by self_check
    out = []
    a, b = set(oracle.traces), set(r.traces)
    # A defect that ends the whole run (the process dies, or dpu stops it) leaves the other
    # threads wherever the run's schedule had them: QPOR explores one of the runs in which they
    # got more or less far, and a shard's part, whose first run replays its configuration K,
    # may hold one in which they got further (docs/parallel.md, "--shard as built"). Its traces
    # are then others than the oracle's; their number and the defects are compared as always.
    parts = parts or hasattr(r, "shard_problems")  # explored in parts: --shard, or -j N
    run_ending = parts and any(kind in RUN_ENDING_DEFECTS for kind, _ in oracle.defects)
    if a != b and not run_ending:
        miss, extra = sorted(a - b), sorted(b - a)
        s = "traces differ from the oracle's: %d missing" % len(miss)
        if miss:
            s += " (e.g. %s)" % miss[0]
        s += ", %d extra" % len(extra)
        if extra:
            s += " (e.g. %s)" % extra[0]
        out.append(s)
    elif ordered and oracle.traces != r.traces:
        out.append("same traces in a different order")
    so, sr = oracle.summary, r.summary
    for key, name in (("max_configs", "max-configs"), ("defects", "defects")):
        if so[key] != sr[key]:
            out.append("%d %s, oracle %d" % (sr[key], name, so[key]))
    if oracle.defect_traces != r.defect_traces:
        out.append("%d traces with defects, oracle %d" % (r.defect_traces, oracle.defect_traces))
    if ordered and so["runs"] != sr["runs"]:
        out.append("%d runs, oracle %d" % (sr["runs"], so["runs"]))
    if oracle.rc != r.rc:
        out.append("exit %d, oracle exit %d" % (r.rc, oracle.rc))
    if (racy and not ordered) or parts:
        if oracle.explored[0] != r.explored[0]:
            out.append("racing accesses explored: %d sites made visible (%d explorations); "
                       "oracle %d (%d)" % (r.explored + oracle.explored))
    elif oracle.explored != r.explored:
        out.append("racing accesses explored: %d sites made visible, %d explorations; oracle "
                   "%d, %d" % (r.explored + oracle.explored))
    da = collections.Counter(normalize_defect(*d) for d in oracle.defects)
    db = collections.Counter(normalize_defect(*d) for d in r.defects)
    if (parts or by_digest) and getattr(oracle, "digests", None) is not None:
        # dpu merge keeps one shard's trace of a defect, which may not be the first that one
        # process finds (a deadlock's message names the joins of that trace): the defects are
        # compared by their digests, which do not depend on the trace (report/defects.h)
        if oracle.digests != getattr(r, "digests", None):
            out.append("defect digests differ from the oracle's")
    elif da != db and so["defects"] == sr["defects"]:
        diff = (db - da) or (da - db)
        out.append("defect messages differ (e.g. %s)" % next(iter(diff)))
    out += compare_races(oracle, r)
    if ordered:
        # the same explorer twice: the same races, found in the same order, the same way
        ra = [re.sub(r"\bT\d+\b", "T#", m) for k, m in oracle.defects if k == "data race"]
        rb = [re.sub(r"\bT\d+\b", "T#", m) for k, m in r.defects if k == "data race"]
        if ra != rb and oracle.races == r.races:
            out.append("same races reported differently or in a different order")
    return out


def model_check(text, oracle):
    """The oracle against the generator's model of the program."""
    if oracle.summary is None or oracle.timed_out:
        return []
    out = []
    m = MODEL_RE.search(text)
    if m:
        mc, defects, _runs, rc = (int(x) for x in m.groups())
        s = oracle.summary
        if s["max_configs"] != mc:
            out.append("%d max-configs, the model says %d" % (s["max_configs"], mc))
        if oracle.defect_traces != defects:
            out.append("%d traces with defects, the model says %d"
                       % (oracle.defect_traces, defects))
        if oracle.rc != rc and oracle.rc in (0, 1):
            out.append("exit %d, the model says %d" % (oracle.rc, rc))
    m = MODEL_EXPLORATIONS_RE.search(text)
    if m or MODEL_RE.search(text):
        # the race kind with --races=on: "// model: N runs in 2 explorations ..., exit 1"
        want = int(m.group(1)) if m else 1
        if oracle.explored[1] != want:
            out.append("%d explorations, the model says %d" % (oracle.explored[1], want))
        if m and oracle.rc != 1:
            out.append("exit %d, the model says 1" % oracle.rc)
    m = MODEL_RACES_RE.search(text)
    if m and oracle.races is not None:
        # the race kind: racing pairs of lines (every access is alone on its line)
        model = set() if m.group(1) == "none" else {
            tuple(int(x) for x in pr.split("-")) for pr in m.group(1).split()}
        got = {tuple(sorted((a[1], b[1]))) for a, b in oracle.races}
        if got != model or len(got) != len(oracle.races):
            fmt = lambda prs: " ".join("%d-%d" % pr for pr in sorted(prs)) or "none"  # noqa: E731
            out.append("racing lines %s, the model says %s (missing %s, extra %s)%s" % (
                fmt(got), fmt(model), fmt(model - got), fmt(got - model),
                "" if len(got) == len(oracle.races) else
                "; %d race site pairs on %d pairs of lines" % (len(oracle.races), len(got))))
    return out


class Case:
    """One program to check: a generated seed or a file of the regression corpus."""

    def __init__(self, name, files, args, text=None, kind=None, seed=None):
        self.name = name          # "seed 17", "cond seed 3" or "regress/trylock.c"
        self.kind = kind          # generator kind of a generated program
        self.seed = seed
        self.files = files        # input files (generated into a temp dir, or existing)
        self.args = args          # extra dpu options (-D, --run-timeout, --max-steps)
        self.text = text          # generated source (None for corpus files)


def compare_bounded(oracle, r, symmetry=False):
    """Differences of r, QPOR with --preemptions=B, against the oracle with the same bound
    (explorer/bound.h): the oracle explores exactly the traces within the bound, QPOR every
    one of them and maybe more; so the oracle's traces and defects must be among QPOR's. With
    symmetry (explorer/symmetry.h), QPOR's traces are one of each class of renamings: its
    defects (by digest) must hold the oracle's."""
    if r.timed_out or r.summary is None or oracle.summary is None:
        return []  # already reported by self_check
    if symmetry:
        if oracle.digests is not None and r.digests is not None and \
                not set(oracle.digests) <= set(r.digests):
            return ["a defect of the oracle's within the bound missing (by digest)"]
        return []
    out = []
    miss = sorted(set(oracle.traces) - set(r.traces))
    # A racy program's explorations make the racing sites that their runs met visible: with
    # other runs, other sites, and traces with other events (defects are still compared).
    if oracle.explored[0] != r.explored[0]:
        miss = []
    if miss:
        out.append("%d of the oracle's traces within the bound missing (e.g. %s)"
                   % (len(miss), miss[0]))
    da = collections.Counter(normalize_defect(*d) for d in oracle.defects)
    db = collections.Counter(normalize_defect(*d) for d in r.defects)
    lost = set(da) - set(db)
    if lost:
        out.append("a defect of the oracle's missing (e.g. %s)" % next(iter(lost)))
    if not miss and oracle.explored[0] == r.explored[0] and \
            r.summary["max_configs"] < oracle.summary["max_configs"]:
        out.append("%d max-configs, oracle %d" % (r.summary["max_configs"],
                                                   oracle.summary["max_configs"]))
    return out


def compare_symmetric(oracle, r):
    """Differences of r, QPOR with symmetry reduction (explorer/symmetry.h), against the oracle,
    which explores every trace: QPOR's traces are among the oracle's (each a real trace, the
    representative of its class of renamings) and no more of them; the defects, the race site
    pairs and the exit status are the same."""
    if r.timed_out or r.summary is None or oracle.summary is None:
        return []  # already reported by self_check
    out = []
    # A racy program's explorations make the racing sites that their runs met visible: with
    # other runs, other sites, and traces with other events (defects are still compared).
    same_sites = oracle.explored[0] == r.explored[0]
    extra = sorted(set(r.traces) - set(oracle.traces))
    if extra and same_sites:
        out.append("%d traces that the oracle does not have (e.g. %s)" % (len(extra), extra[0]))
    if same_sites and r.summary["max_configs"] > oracle.summary["max_configs"]:
        out.append("%d max-configs, oracle %d" % (r.summary["max_configs"],
                                                   oracle.summary["max_configs"]))
    # By digest (report/defects.h), which does not depend on the trace: with the threads of a
    # group exchanged, a deadlock's message may name another of main's joins of them, and the
    # trace a defect is first shown in may be an earlier exploration's (runtime/symmetry.h).
    if oracle.digests is not None and r.digests is not None:
        if set(oracle.digests) != set(r.digests):
            out.append("defect digests differ from the oracle's")
    else:
        out += compare_defect_set(oracle, r)
    return out + compare_exit_races(oracle, r)


def compare_defect_set(oracle, r):
    """The defects of r against the oracle's, as sets of normalised messages."""
    da = set(normalize_defect(*d) for d in oracle.defects)
    db = set(normalize_defect(*d) for d in r.defects)
    if da == db:
        return []
    diff = (da - db) or (db - da)
    return ["defects differ from the oracle's (e.g. %s %s)"
            % ("missing" if da - db else "extra", next(iter(diff)))]


def compare_exit_races(oracle, r):
    """The exit status and race site pairs of r against the oracle's."""
    out = ["exit %d, oracle exit %d" % (r.rc, oracle.rc)] if oracle.rc != r.rc else []
    return out + compare_races(oracle, r)


def compare_cutoffs(oracle, r, symmetry=False):
    """Differences of r, QPOR with --cutoffs=on (explorer/cutoff.h), against the oracle, which
    explores every trace of a terminating program: QPOR explores the maximal configurations of
    the unfolding cut at its cutoffs, each the part before the cutoffs of one or more of the
    oracle's traces, so no more of them; the defects, the race site pairs and the exit status
    are the oracle's (docs/cutoffs.md). With symmetry, the defects by digest, as
    compare_symmetric says why."""
    if r.timed_out or r.summary is None or oracle.summary is None:
        return []  # already reported by self_check
    out = []
    if oracle.explored[0] == r.explored[0] and \
            r.summary["max_configs"] > oracle.summary["max_configs"]:
        out.append("%d max-configs, oracle %d" % (r.summary["max_configs"],
                                                   oracle.summary["max_configs"]))
    if symmetry and oracle.digests is not None and r.digests is not None:
        if set(oracle.digests) != set(r.digests):
            out.append("defect digests differ from the oracle's")
    else:
        out += compare_defect_set(oracle, r)
    return out + compare_exit_races(oracle, r)


def check_case(case, opts, tmp):
    """Returns (problems, results, source path)."""
    if case.text is not None:
        path = os.path.join(tmp, case.name.replace(" ", "") + ".c")
        with open(path, "w") as f:
            f.write(case.text)
        files = [path]
    else:
        files = case.files
    # one worker unless told: dpu's default -j (every CPU) explores parts, which compare as
    # --shard's do (jobs_flag); the sequential explorer's traces compare one by one
    one = [] if jobs_flag(opts.dpu_flag) > 1 or any(f.startswith(("-j", "--jobs")) for f in
                                                     opts.dpu_flag) else ["-j", "1"]
    bound = [] if opts.bound is None else ["--preemptions=%d" % opts.bound]
    # symmetry reduction (explorer/symmetry.h) changes QPOR's traces: off, unless it is what
    # is compared (--symmetry)
    sym = [] if opts.symmetry else ["--no-symmetry"]
    base = one + bound + sym + opts.dpu_flag + case.args + files
    m = OPTIONS_RE.search(case.text or "")
    if m:  # e.g. "--races=report (the synchronisation's traces only)"
        base = [w for w in m.group(1).split("(")[0].split() if w.startswith("-")] + base
    if opts.cutoffs and any(re.match(r"--(memory-model=(tso|ra|rc11)|races=off|no-races|"
                                     r"preemptions)", a) for a in base):
        return [], [], files[0]  # --cutoffs=on refuses these (frontend/options.c)

    def js(label):  # each dpu also writes its JSON report, for the races
        return os.path.join(tmp, "report.%s.json" % label.replace("=", "").replace("#", "_"))

    racy = case.kind == RACY_KIND
    if opts.symmetric_only:
        # only programs whose exploration meets threads created alike (explorer/symmetry.h):
        # for the others QPOR explores as with --no-symmetry, which difftest-regress checks
        probe = run_dpu(opts.dpu, "probe", ["--por=qpor", "--print-traces"] + base, opts.timeout)
        if probe.summary is not None and not re.search(
                r"^dpu: (symmetry: |note: .*created alike)", probe.stdout + probe.stderr, re.M):
            return [], [probe], files[0]
    oracle = run_dpu(opts.dpu, "none", ["--por=none", "--print-traces"] + base, opts.timeout,
                     js("none"))
    results = [oracle]
    problems = ["oracle: " + p
                for p in self_check(oracle) + (racy_check(oracle) if racy else [])]
    if case.text is not None and opts.model and opts.bound is None:
        problems += ["oracle vs model: " + p for p in model_check(case.text, oracle)]
    if opts.oracle_only:
        others = [run_dpu(opts.dpu, "none#2", ["--por=none", "--print-traces"] + base,
                          opts.timeout, js("none#2"))]
    elif opts.shards:
        others = [run_shards(opts.dpu, "k=%d/%d shards" % (k, n),
                             ["--por=qpor", "-k", str(k), "--print-traces"] + opts.qpor_flag +
                             base, n,
                             opts.timeout, tmp)
                  for k in opts.ks for n in opts.shards]
    else:
        others = [run_dpu(opts.dpu, "k=%d" % k,
                          ["--por=qpor", "-k", str(k), "--print-traces"] + opts.qpor_flag + base,
                          opts.timeout,
                          js("k=%d" % k))
                  for k in opts.ks]
    per_label = []
    for r in others:
        results.append(r)
        if opts.cutoffs and not opts.oracle_only:
            mine = self_check(r) + compare_cutoffs(oracle, r, opts.symmetry)
        elif opts.bound is not None and not opts.oracle_only:
            mine = self_check(r) + compare_bounded(oracle, r, opts.symmetry)
        elif opts.symmetry and not opts.oracle_only:
            mine = getattr(r, "shard_problems", []) + self_check(r) + compare_symmetric(oracle, r)
        else:
            mine = getattr(r, "shard_problems", []) + self_check(r) + compare(
                oracle, r, opts.oracle_only, racy, parts=jobs_flag(opts.dpu_flag) > 1,
                by_digest=any(f.startswith("--order=random") for f in opts.qpor_flag))
        if racy:
            mine += racy_check(r)
        if (r.label.startswith("k=0") and r.summary is not None and r.summary["ssbs"] != 0
                and opts.bound is None and not opts.symmetry and not opts.cutoffs):
            mine.append("%d SSBs" % r.summary["ssbs"])
        if mine:
            per_label.append((r.label, mine))
    # explorers that went wrong the same way share one entry: "k=0,2: ..."
    while per_label:
        label, mine = per_label.pop(0)
        same = [lab for lab, m in per_label if m == mine]
        per_label = [(lab, m) for lab, m in per_label if m != mine]
        if same:
            label = label + "," + ",".join(lab.split("=")[-1] for lab in same)
        problems.append("%s: %s" % (label, "; ".join(mine)))
    return problems, results, files[0]


def pad_threads(text, k):
    """Creates k threads that return at once, first thing in main, so that every thread of the
    program has a canonical id above k (issue #12: with k >= 64, its thread sets need more
    than one word). They add no trace: a thread's start and exit run at once, and nothing
    else of theirs is visible, so the counts, defects and the generator's model stay."""
    i = text.index("int main(")
    j = text.index("{", i) + 1
    pad = "static void *dpu_pad_thread(void *a) { return a; }\n\n"
    body = ("\n  { /* difftest --pad-threads */\n    pthread_t pad_[%d];\n"
            "    for (int i_ = 0; i_ < %d; i_++) pthread_create(&pad_[i_], 0, dpu_pad_thread, 0);\n"
            "  }" % (k, k))
    return text[:i] + pad + text[i:j] + body + text[j:]


def add_yields(text, seed):
    """The program with sched_yield() after about a third of the statements of its thread
    functions (not main), chosen by seed: a switch at a yield is no preemption (--preemptions,
    protocol.h: DPU_REC_YIELDED), and the free runs' policy switches there."""
    rng = random.Random(seed * 7919 + 17)
    out, in_thread, prev = [], False, ""
    for line in text.split("\n"):
        # not after the body of an if, else, for or while without braces
        braced = prev.rstrip().endswith((";", "{", "}"))
        prev = line
        out.append(line)
        if line.startswith("static void *") and line.endswith("{"):
            in_thread = True
        elif line == "}":
            in_thread = False
        elif line == "#include <pthread.h>":
            out.append("#include <sched.h> // difftest --yields")
        elif in_thread and braced and line.endswith(";") and not line.lstrip().startswith(
                ("int ", "return", "(void)")) and rng.random() < 1 / 3:
            out.append(line[:len(line) - len(line.lstrip())] + "sched_yield(); // --yields")
    return "\n".join(out)


def add_twins(text):
    """The program with a twin of the first thread that main creates and joins and that creates
    no thread itself: a second create of the same function with the same argument right after
    the first, and its join right after the first's, so that the two are symmetric (explorer/
    symmetry.h)."""
    bodies = {}
    for m in re.finditer(r"^static void \*(\w+)\(void \*arg\) \{\n(.*?)^\}", text, re.M | re.S):
        bodies[m.group(1)] = m.group(2)
    main = text.find("int main(void) {")
    if main < 0:
        return text
    head, body = text[:main], text[main:]
    twins = []
    for m in re.finditer(r"pthread_create\(&(\w+), NULL, (\w+), NULL\);", body):
        h, fn = m.group(1), m.group(2)
        if fn in bodies and "pthread_create" not in bodies[fn] and \
                ("pthread_join(%s, NULL);" % h) in body:
            twins.append((h, fn))
    twins = twins[:1]  # one pair: more multiply the oracle's interleavings past its time limit
    for h, fn in twins:
        body = body.replace("pthread_create(&%s, NULL, %s, NULL);" % (h, fn),
                            "pthread_create(&%s, NULL, %s, NULL);\n  pthread_create(&%s_twin, "
                            "NULL, %s, NULL); // difftest --twins" % (h, fn, h, fn), 1)
        body = body.replace("pthread_join(%s, NULL);" % h,
                            "pthread_join(%s, NULL);\n  pthread_join(%s_twin, NULL); // difftest "
                            "--twins" % (h, h), 1)
    decls = "".join("static pthread_t %s_twin; // difftest --twins\n" % h for h, _ in twins)
    return head + decls + body


def worker(args):
    case, opts = args
    tmp = tempfile.mkdtemp(prefix="difftest.")
    try:
        if case.text is None and case.seed is not None:
            try:
                case.text, _ = genprog.generate(case.seed, case.kind)
            except Exception as e:  # a bug of the generator
                return case.name, ["genprog failed: %s: %s" % (type(e).__name__, e)], []
            if opts.pad_threads:
                case.text = pad_threads(case.text, opts.pad_threads)
            if opts.yields:
                case.text = add_yields(case.text, case.seed)
            if opts.twins:
                case.text = add_twins(case.text)
        problems, results, src = check_case(case, opts, tmp)
        if problems and opts.keep:
            os.makedirs(opts.keep, exist_ok=True)
            stem = case.name.replace(" ", "").replace("/", "_").replace(".c", "")
            shutil.copy(src, os.path.join(opts.keep, stem + ".c"))
            for r in results:
                lab = r.label.replace("=", "").replace("#", "_")
                with open(os.path.join(opts.keep, "%s.%s.out" % (stem, lab)), "w") as f:
                    f.write("$ %s\n%s%s" % (" ".join(shlex.quote(c) for c in r.cmd),
                                            r.stdout, r.stderr))
                report = os.path.join(tmp, "report.%s.json" % lab)
                if os.path.exists(report):
                    shutil.copy(report, os.path.join(opts.keep, "%s.%s.json" % (stem, lab)))
        stats = [(r.label, r.rc, r.summary, r.wall, None if r.races is None else len(r.races))
                 for r in results]
        return case.name, problems, stats
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---- the regression corpus -----------------------------------------------------------------

SKIP_OPTS = ("--timeout", "--max-runs", "--stop-on-defect", "--replay", "--shard")
VALUE_OPTS = ("-k", "-j", "--skip-step")  # options of dpu's whose value is the next argument
PASS_OPTS = ("-D", "-I", "-O", "--std=", "--run-timeout=", "--max-steps=", "--nondet=",
             "--races=", "--no-races", "--visible-sites=", "--memory-model=",
             "--spurious-cas")


def dpu_commands(line):
    """The argument lists of the %dpu commands of one RUN line (the words after %dpu up to the
    first shell operator: a pipe, a redirection, ;, &&)."""
    line = re.sub(r"(?<=\s)[0-9]+(?=[<>])", " ", line)  # "2> file": the 2 is no argument
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    try:
        toks = list(lex)
    except ValueError:  # a quote that spans a pipe or a line continuation: split on blanks
        toks = re.findall(r"[;<>|&]+|[^\s;<>|&]+", line)
    out = []
    for i, t in enumerate(toks):
        if t != "%dpu":
            continue
        args = []
        for u in toks[i + 1:]:
            if u and all(c in "();<>|&" for c in u):
                break
            args.append(u)
        out.append(args)
    return out


def parse_sample(text):
    """'I/N' -> (I, N), 0 <= I < N."""
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if not m or int(m.group(2)) < 1 or int(m.group(1)) >= int(m.group(2)):
        raise argparse.ArgumentTypeError("expected I/N with 0 <= I < N, got %r" % text)
    return int(m.group(1)), int(m.group(2))


def regress_cases(directory, skip_slow=False):
    """(cases, skipped names): for every corpus file that is not marked XFAIL, one case per
    distinct variant of its %dpu RUN lines (their -D, -I, -O, --std, --run-timeout,
    --max-steps, --nondet, --races, --no-races, --visible-sites and --memory-model options and
    inputs; --por, -k, -j and output options are difftest's to choose). A RUN line expecting
    exit 2 or 3, running `dpu replay` or `dpu merge`, or using --timeout, --max-runs,
    --stop-on-defect, --replay or program arguments (--) contributes no variant. A file with a line
    `// DIFFTEST: first-variant-only` gives only its first variant (for variants whose
    exhaustive exploration takes too long); a file with a line `// DIFFTEST: skip` gives none
    (its exhaustive exploration is out of reach at all), and one with `// DIFFTEST: slow`
    none when skip_slow (an exhaustive exploration of minutes: checked by the sweep,
    sweep-regress, alone)."""
    cases, skipped = [], []
    directory = os.path.abspath(directory)
    for path in sorted(glob.glob(os.path.join(directory, "*.c"))):
        name = "regress/" + os.path.basename(path)
        with open(path, errors="replace") as f:
            text = f.read()
        if re.search(r"^//\s*XFAIL:", text, re.M):
            skipped.append("%s (XFAIL)" % name)
            continue
        if re.search(r"^//\s*DIFFTEST:\s*skip\b", text, re.M):
            skipped.append("%s (DIFFTEST: skip)" % name)
            continue
        if skip_slow and re.search(r"^//\s*DIFFTEST:\s*slow\b", text, re.M):
            skipped.append("%s (DIFFTEST: slow)" % name)
            continue
        runs = [m.group(1) for m in re.finditer(r"//\s*RUN:\s*(.*)$", text, re.M)]
        variants, reasons = [], []
        for ln in runs:
            for toks in dpu_commands(ln):
                reason = None
                if re.search(r"test \$\? -eq [23]\b", ln):
                    reason = "expects exit 2 or 3"
                elif toks[:1] in (["replay"], ["merge"]):
                    reason = "is dpu " + toks[0]
                elif any(t.startswith(SKIP_OPTS) for t in toks):
                    reason = "uses " + next(t for t in toks if t.startswith(SKIP_OPTS)).split("=")[0]
                elif "--" in toks:
                    reason = "passes program arguments"
                elif any("$" in t for t in toks):
                    reason = "builds its command line in the shell"
                args, files = [], []
                i = 0
                while not reason and i < len(toks):
                    t = toks[i]
                    if t in ("-D", "-I", "-O") and i + 1 < len(toks):
                        args += [t, toks[i + 1]]
                        i += 1
                    elif t.startswith(PASS_OPTS):
                        args.append(t)
                    elif t in VALUE_OPTS:
                        i += 1
                    elif t.startswith("-"):
                        pass    # --por=..., --show-output, --print-traces, -q, ...
                    elif t == "%s":
                        files.append(path)
                    elif "%S" in t:
                        files.append(os.path.normpath(t.replace("%S", directory)))
                    elif "%" in t:
                        reason = "input %s" % t
                    else:
                        files.append(os.path.normpath(os.path.join(directory, t)))
                    i += 1
                if not reason and not files:
                    reason = "no input file"
                if reason:
                    reasons.append(reason)
                elif (args, files) not in variants:
                    variants.append((args, files))
        if re.search(r"^//\s*DIFFTEST:\s*first-variant-only\b", text, re.M):
            variants = variants[:1]
        if not variants:
            skipped.append("%s (%s)" % (name, reasons[0] if reasons else "no %dpu RUN line"))
            continue
        for args, files in variants:
            label = name if len(variants) == 1 else "%s [%s]" % (name, " ".join(args))
            cases.append(Case(label, files, args))
    return cases, skipped


# ---- driver --------------------------------------------------------------------------------

def parse_seeds(s):
    m = re.fullmatch(r"(\d+)(?:-(\d+))?", s)
    if not m:
        raise argparse.ArgumentTypeError("expected A-B or N, got %r" % s)
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    if b < a:
        raise argparse.ArgumentTypeError("empty range %r" % s)
    return range(a, b + 1)


def parse_ks(s):
    try:
        ks = [int(x) for x in s.split(",") if x != ""]
    except ValueError:
        raise argparse.ArgumentTypeError("expected K,K,..., got %r" % s)
    if not ks or any(k < 0 for k in ks):
        raise argparse.ArgumentTypeError("expected K,K,..., got %r" % s)
    return ks


def parse_kinds(s):
    ks = list(genprog.KINDS) if s == "all" else [k for k in s.split(",") if k]
    bad = [k for k in ks if k not in genprog.KINDS]
    if not ks or bad:
        raise argparse.ArgumentTypeError("unknown kind %r (known: %s)" % (
            ",".join(bad) or s, ", ".join(genprog.KINDS)))
    return ks


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def print_stats(all_stats):
    """Distribution of the oracle's counts and times, and of each explorer's times."""
    oracle = [s[0] for s in all_stats if s and s[0][2] is not None]
    if not oracle:
        return
    mcs = [s[2]["max_configs"] for s in oracle]
    buckets = [(1, 1), (2, 9), (10, 99), (100, 999), (1000, 9999), (10000, 10 ** 12)]
    print("stats: oracle max-configs: " + ", ".join(
        "%s: %d" % ("%d" % lo if lo == hi else "%d-%d" % (lo, hi) if hi < 10 ** 12 else ">=%d" % lo,
                    sum(lo <= x <= hi for x in mcs)) for lo, hi in buckets)
        + "; median %d, max %d" % (percentile(mcs, 0.5), max(mcs)))
    runs = [s[2]["runs"] for s in oracle]
    print("stats: oracle runs: median %d, 90%% %d, max %d" % (
        percentile(runs, 0.5), percentile(runs, 0.9), max(runs)))
    with_defects = sum(1 for s in oracle if s[2]["defects"])
    print("stats: %d of %d programs with defects" % (with_defects, len(oracle)))
    races = [s[4] for s in oracle if s[4] is not None]
    if races:
        print("stats: %d of %d programs with data races (%d distinct races; median %d, max %d)"
              % (sum(1 for x in races if x), len(races), sum(races), percentile(races, 0.5),
                 max(races)))
    labels = []
    for st in all_stats:
        for lab, *_ in st:
            if lab not in labels:
                labels.append(lab)
    for lab in labels:
        walls = [w for st in all_stats for (l, _rc, _s, w, _r) in st if l == lab]
        print("stats: %s wall time: median %.2f s, 90%% %.2f s, max %.2f s, total %.1f s" % (
            lab, percentile(walls, 0.5), percentile(walls, 0.9), max(walls), sum(walls)))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Differential test: dpu --por=qpor -k K against --por=none.")
    ap.add_argument("--dpu", required=True, help="the dpu binary")
    ap.add_argument("--seeds", type=parse_seeds, default=range(1, 201),
                    help="seeds A-B (default 1-200)")
    ap.add_argument("--ks", type=parse_ks, default=[0, 1, 2, 3],
                    help="values of -k for --por=qpor (default 0,1,2,3)")
    ap.add_argument("--jobs", "-j", type=int, default=2, help="programs checked in parallel")
    ap.add_argument("--keep", metavar="DIR", help="keep failing programs and dpu outputs here")
    ap.add_argument("--oracle-only", action="store_true",
                    help="run --por=none twice and compare (determinism of the oracle)")
    ap.add_argument("--regress", metavar="DIR",
                    help="check the regression programs in DIR instead of generated ones")
    ap.add_argument("--kind", default="mutex", type=parse_kinds,
                    help="kinds of generated programs, comma-separated (default mutex; "
                    "all: every kind; %s)" % ", ".join(genprog.KINDS))
    ap.add_argument("--qpor-flag", action="append", default=[], metavar="FLAG",
                    help="an option given to the QPOR runs only, not to the oracle, e.g. "
                         "--qpor-flag=--order=random:7")
    ap.add_argument("--dpu-flag", action="append", default=[], metavar="FLAG",
                    help="an option given to every dpu run, e.g. --dpu-flag=--spurious-wakeups "
                         "(use --no-model with one that the Python model does not know)")
    ap.add_argument("--pad-threads", type=int, default=0, metavar="K",
                    help="generated programs first create K threads that return at once, "
                         "so that their own threads have ids above K (e.g. 64: thread sets "
                         "of more than one word)")
    ap.add_argument("--shards", type=parse_ks, default=[], metavar="N,N,...",
                    help="instead of one QPOR exploration per -k, N processes with "
                         "--shard=I/N and `dpu merge` of their reports, for each N")
    ap.add_argument("--bound", type=int, default=None, metavar="B",
                    help="--preemptions=B for both explorers: the oracle's traces and defects "
                    "must be among QPOR's (a superset within the bound, explorer/bound.h)")
    ap.add_argument("--yields", action="store_true",
                    help="generated programs yield (sched_yield) after about a third of "
                    "their threads' statements")
    ap.add_argument("--symmetry", action="store_true",
                    help="QPOR with symmetry reduction (its default; without this flag the "
                    "QPOR runs get --no-symmetry): its traces must be among the oracle's, its "
                    "defects, races and exit status the oracle's")
    ap.add_argument("--cutoffs", action="store_true",
                    help="QPOR with --cutoffs=on: its max-configs no more than the oracle's "
                    "traces, its defects, races and exit status the oracle's")
    ap.add_argument("--skip-slow", action="store_true",
                    help="with --regress: leave out the files marked `// DIFFTEST: slow`")
    ap.add_argument("--sample", type=parse_sample, default=None, metavar="I/N",
                    help="with --regress: check only the cases at positions I, I+N, I+2N, ... "
                    "of the sorted list of variants (a bounded sample for the default suite)")
    ap.add_argument("--symmetric-only", action="store_true",
                    help="with --symmetry: check only the programs whose QPOR exploration meets "
                    "threads created alike (a first QPOR run says so), skip the others")
    ap.add_argument("--twins", action="store_true",
                    help="generated programs create one thread of main's twice in a row (a "
                    "symmetric pair, add_twins); implies --no-model")
    ap.add_argument("--no-model", dest="model", action="store_false",
                    help="do not check the oracle against the generator's model")
    ap.add_argument("--timeout", type=float, default=120,
                    help="seconds per dpu invocation (default 120)")
    ap.add_argument("--stats", action="store_true",
                    help="print distributions of counts and times before the last line")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="one line per program, passed ones too")
    opts = ap.parse_args(argv)
    if opts.twins:
        opts.model = False
    if opts.cutoffs:
        opts.qpor_flag.append("--cutoffs=on")
    if not os.access(opts.dpu, os.X_OK):
        ap.error("--dpu %s: not an executable" % opts.dpu)
    opts.dpu = os.path.abspath(opts.dpu)
    if opts.jobs < 1:
        ap.error("--jobs must be at least 1")

    if opts.regress:
        if not os.path.isdir(opts.regress):
            ap.error("--regress %s: not a directory" % opts.regress)
        cases, skipped = regress_cases(opts.regress, opts.skip_slow)
        if opts.sample:
            i, n = opts.sample
            skipped += ["%s %s (not in sample %d/%d)" % (c.name, c.args, i, n)
                        for k, c in enumerate(cases) if k % n != i]
            cases = [c for k, c in enumerate(cases) if k % n == i]
        if opts.verbose:
            for s in skipped:
                print("skipped %s" % s)
    else:
        cases = [Case("seed %d" % s if k == "mutex" else "%s seed %d" % (k, s), None, [],
                      kind=k, seed=s)
                 for k in opts.kind for s in opts.seeds]

    passed = failed = 0
    all_stats = []
    t0 = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=opts.jobs) as pool:
        for name, problems, stats in pool.map(worker, [(c, opts) for c in cases]):
            all_stats.append(stats)
            if problems:
                failed += 1
                print("%s: %s" % (name, "; ".join(problems)), flush=True)
            else:
                passed += 1
                if opts.verbose:
                    print("%s: ok: %s" % (name, "; ".join(
                        "%s %s, %.2f s" % (lab, "%d max-configs, %d defects%s, %d runs" % (
                            s["max_configs"], s["defects"],
                            " (%d races)" % nr if nr else "", s["runs"])
                            if s else "exit %s" % rc, w)
                        for lab, rc, s, w, nr in stats)), flush=True)
    if opts.stats:
        print_stats(all_stats)
        print("stats: total wall time %.1f s with %d jobs" % (time.monotonic() - t0, opts.jobs))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
