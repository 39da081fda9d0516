#!/usr/bin/env python3
"""Runs one of docs/distributed.md's --shard recipes locally, as its engine would, and merges.

    recipe_run.py docs/distributed.md NAME N DPU PROGRAM [--late]

Takes the first code block after the line `<!-- recipe: NAME -->` (local, github, slurm,
kubernetes), and runs its shard command once per index I = 0 .. N-1, all at once, in a fresh
directory, with the engine's variables for that index: GitHub Actions' ${{ strategy.job-index
}} and ${{ strategy.job-total }}, Slurm's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (the
script gets PROGRAM as "$@"), Kubernetes' JOB_COMPLETION_INDEX (with SHARDS = N). The recipe's
paths are the test's: third_party/dpu/build/dpu and dpu are DPU; /reports/ and /src/ are
directories of the fresh one; the program's sources (src/queue.c tests/queue_stress.c, prog.c,
/src/prog.c) are PROGRAM. Then runs the recipe's `dpu merge` command (the block's, else the
next sh block's, else `dpu merge` of the reports), and prints its last line and exit code,
and the number of reports, for FileCheck. The local recipe (a loop over the shards of its
own) runs once, with 4 shards whatever N.

--late: the last shard is held (SIGSTOP) once it has written its first report (state
"running"), the merge command starts, and the shard goes on 2 s later: as a merge that its
engine starts before the last report is final (Slurm's afterany on a shared file system)
would, the recipe's merge must wait for it.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def blocks_after(lines, marker):
    """The code blocks after the marker line, as lists of lines (the first two)."""
    at = next(i for i, l in enumerate(lines) if l.strip() == marker)
    out, i = [], at
    while len(out) < 2 and i < len(lines):
        if lines[i].startswith("```"):
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            out.append(lines[i + 1:end])
            i = end
        i += 1
    return out


def commands(block):
    """The block's shell commands: continuation lines (after a backslash, || or &&) joined;
    YAML's `run:` and list items stripped to their command."""
    text = re.sub(r"(\\|\|\||&&)\n\s*", lambda m: " " if m.group(1) == "\\" else m.group(1) + " ",
                  "\n".join(block))
    cmds = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*(- )?(run: )?", "", line).strip()
        if "dpu" in line and ("--shard=" in line or " merge " in line or line.startswith("dpu")):
            cmds.append(line)
    return cmds


def localise(cmd, dpu):
    """The recipe's paths and engine syntax made the test's."""
    cmd = cmd.replace("third_party/dpu/build/dpu", dpu)
    cmd = re.sub(r"(?<![\w/.-])dpu(?= )", dpu, cmd)
    cmd = cmd.replace("${{ strategy.job-index }}", "$IDX").replace(
        "${{ strategy.job-total }}", "$COUNT")
    cmd = cmd.replace("/reports/", "reports/").replace("/src/prog.c", "prog.c")
    cmd = cmd.replace("-I include src/queue.c tests/queue_stress.c", "prog.c")
    return cmd


def main():
    readme, name, n, dpu, program = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], \
        sys.argv[5]
    late = sys.argv[6:] == ["--late"]
    lines = open(readme).read().split("\n")
    blocks = blocks_after(lines, "<!-- recipe: %s -->" % name)
    cmds = commands(blocks[0])
    shard = [c for c in cmds if "--shard=" in c]
    merge = [c for c in cmds if " merge " in c]
    if not merge and len(blocks) > 1:
        merge = [c for c in commands(blocks[1]) if " merge " in c]
    tmp = tempfile.mkdtemp(prefix="recipe.")
    try:
        shutil.copy(program, os.path.join(tmp, "prog.c"))
        os.makedirs(os.path.join(tmp, "reports"))
        env = dict(os.environ, COUNT=str(n), SLURM_ARRAY_TASK_COUNT=str(n), SHARDS=str(n))
        if name == "local":
            script = "\n".join(blocks[0]).replace("dpu ", dpu + " ")
            p = subprocess.run(["bash", "-c", script], cwd=tmp, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            reports = sorted(f for f in os.listdir(tmp) if f.endswith(".json"))
            last = p.stdout.rstrip("\n").split("\n")[-1]
            print("reports %d" % len(reports))
            print("merge exit %d: %s" % (p.returncode, last))
            return
        if len(shard) != 1 or len(merge) > 1:
            sys.exit("recipe %s: %d shard commands, %d merge commands" % (
                name, len(shard), len(merge)))
        cmd = localise(shard[0], dpu)
        if name == "slurm":  # the sbatch script's mkdir too
            cmd = "mkdir -p reports; " + cmd
        procs = []

        def start(i):
            e = dict(env, IDX=str(i), SLURM_ARRAY_TASK_ID=str(i), JOB_COMPLETION_INDEX=str(i))
            # (a session of its own: --late stops the shard's processes, and only them)
            procs.append(subprocess.Popen(["bash", "-c", cmd, "recipe", "prog.c"], cwd=tmp,
                                          env=e, stdout=subprocess.DEVNULL,
                                          start_new_session=True))
        for i in range(n - 1 if late else n):
            start(i)
        failed = [i for i, p in enumerate(procs) if p.wait() != 0]
        m = localise(merge[0], dpu) if merge else dpu + " merge reports/shard-*.json"
        m = re.sub(r"^sbatch .*--wrap '(.*)'$", r"\1", m)  # what the merge job runs
        m = re.sub(r"\s*>\s*report\.txt$", "", m)
        if late:
            # The report, not its temporary file (written beside it, then renamed: stopped
            # between the two, the merge would see no report of that shard at all).
            def reports_now():
                return set(f for d in (tmp, os.path.join(tmp, "reports")) for f in os.listdir(d)
                           if f.endswith(".json"))
            before = reports_now()
            start(n - 1)
            while reports_now() == before:
                if procs[-1].poll() is not None:
                    sys.exit("recipe %s: the last shard ended before its report was seen" % name)
                time.sleep(0.01)
            os.killpg(procs[-1].pid, signal.SIGSTOP)
            merging = subprocess.Popen(["bash", "-c", m], cwd=tmp, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            time.sleep(2)
            os.killpg(procs[-1].pid, signal.SIGCONT)
            if procs[-1].wait() != 0:
                failed.append(n - 1)
            out = merging.communicate()[0]
            p = subprocess.CompletedProcess(m, merging.returncode, out)
        if failed:
            sys.exit("recipe %s: the commands of shards %s failed" % (name, failed))
        reports = [f for d in (tmp, os.path.join(tmp, "reports")) for f in os.listdir(d)
                   if f.endswith(".json")]
        if not late:
            p = subprocess.run(["bash", "-c", m], cwd=tmp, text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
        print("reports %d" % len(reports))
        print("merge exit %d: %s" % (p.returncode, p.stdout.rstrip("\n").split("\n")[-1]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()
