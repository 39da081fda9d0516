"""Runs a command in a session of its own and, right after it exits, prints how many other
processes of that session are left (alive or zombies), then the command's exit code:
`left N exit M`. Used by tests/report/no_leftover.c: no process of dpu may outlive dpu."""
import os
import subprocess
import sys


def session_members(sid):
    n = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid pgrp session ...: comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == sid and int(pid) != os.getpid():
            n += 1
    return n


def main():
    child = subprocess.Popen(sys.argv[1:], start_new_session=True, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sid = child.pid
    code = child.wait()
    print(f"left {session_members(sid)} exit {code}")


main()
