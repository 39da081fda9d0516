#!/usr/bin/env python3
"""Runs a command with its stderr on a terminal (a pseudo-terminal, 100 columns), as a user
at a terminal would, and shows what dpu drew there, for the progress-line test.

    pty_run.py STDOUT-FILE COMMAND...

The command's stdout goes to STDOUT-FILE, or to the terminal too if it is "-". Prints its exit
status, then what it wrote on the
terminal with the control characters made visible: each carriage return starts a new line
shown as "<CR>", ESC [ K (erase to the end of the line) is "<EL>", a newline ends its line
with "<NL>".
Then "terminal end", and facts about the redraws:

    draws 5, first after 1.2 s, at most 4 per second: yes

(a draw is a carriage return followed by text). A draw before 1 s is a failure (exit 1).
"""
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import time


def main():
    out, cmd = sys.argv[1], sys.argv[2:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    attrs = termios.tcgetattr(slave)  # show what was written: no "\n" -> "\r\n"
    attrs[1] &= ~termios.ONLCR
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    start = time.monotonic()
    if out == "-":
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    else:
        with open(out, "wb") as f:
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=slave)
    os.close(slave)
    data, stamps = b"", []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the terminal's last writer is gone
            break
        if not chunk:
            break
        now = time.monotonic() - start
        stamps += [now] * chunk.count(b"\r")
        data += chunk
    rc = p.wait()
    elapsed = time.monotonic() - start
    text = data.decode(errors="replace")
    shown = text.replace("\x1b[K", "<EL>").replace("\n", "<NL>\n").replace("\r", "\n<CR>")
    print("exit %d" % rc)
    for line in shown.split("\n"):
        if line:
            print(line)
    print("terminal end")
    draws = [t for t, part in zip(stamps, text.split("\r")[1:]) if part.startswith("dpu:")]
    if draws:
        if draws[0] < 1.0:
            print("pty_run: a progress line %.2f s after the start" % draws[0], file=sys.stderr)
            sys.exit(1)
        # The redraws come at least 0.25 s apart; the terminal may deliver two in one read.
        ok = len(draws) <= 4 * (elapsed - draws[0]) + 2
        print("draws %d, first after %.1f s, at most 4 per second: %s" % (
            len(draws), draws[0], "yes" if ok else "no"))
    else:
        print("draws 0")


main()
