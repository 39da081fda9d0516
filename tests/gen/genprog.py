#!/usr/bin/env python3
"""Random small pthread programs for differential testing of dpu's explorers.

    genprog.py SEED [--kind=mutex|cond|sem|rwlock|barrier|atomic|mixed|signal|race|racy|exit|nondet]

This file generates the mutex kind (the default), described below; the other kinds, which use
condition variables, semaphores, rwlocks, barriers, atomics and signals, come from
gensync.py, the race kind (data races: locked, unlocked and atomic accesses mixed) from
genrace.py, and the racy kind (branches, loops, spin loops and assertions on the values of
racing plain accesses) from genracy.py.

prints one C17 program to stdout; the same SEED (and kind) always gives the same text. The
program has 2-5 threads besides main (created by main or by other threads, every one joined),
1-3 mutexes (static, sometimes one recursive via a mutexattr or one on the heap), short
sequences of critical sections (some nested, some conditional on a value read under a lock,
some with pthread_mutex_trylock), int globals that are only touched while holding their
mutex, and an assert in main after all joins. No loops, no data races, no I/O but a printf.

The generator carries a small model of the program (tests/gen/README.md): it runs every
interleaving the way `dpu --por=none` does, to
  - reject shapes with too many interleavings (RUNS_CAP runs of the exhaustive explorer),
  - check that a deadlock is reachable only when the seed allows lock-order cycles,
  - choose the assert: in a fraction of seeds it fails in some interleavings, otherwise it
    holds in all of them,
  - predict what dpu should print; the `// model:` line in the header gives the counts of
    Mazurkiewicz traces (max-configs), of defective traces and of runs, and the exit code.
"""

import argparse
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gensync  # noqa: E402  (the kinds other than mutex, race and racy)
import genrace  # noqa: E402  (the race kind)
import genracy  # noqa: E402  (the racy kind)
import genweak  # noqa: E402  (the weak kind)

EXIT_KIND = "exit"  # mutex programs whose main returns without joining some threads
NONDET_KIND = "nondet"  # mutex programs with statements run only if __VERIFIER_nondet_bool()
KINDS = ("mutex",) + gensync.KINDS + (genrace.KIND, genracy.KIND, EXIT_KIND, NONDET_KIND,
                                      genweak.KIND)
RUNS_CAP = 8000      # interleavings (= runs of `dpu --por=none`) a program may have
MAX_ATTEMPTS = 60    # shapes tried per seed before giving up (each smaller than the last)
EXIT_RUNS_CAP = 1000  # the exit kind: the model's runs up to main's end (see generate_exit)

# ---- expressions ---------------------------------------------------------------------------
# ('k', n) constant, ('g', i) global i, ('l', i) local i of the current thread,
# ('+', a, b), ('*', a, n), comparisons ('>', a, b), ('==', a, b), ('!=', a, b), ('<=', a, b),
# ('>=', a, b), and ('&&', a, b), ('||', a, b).

_BINOPS = {
    "+": lambda a, b: a + b,
    "*": lambda a, b: a * b,
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "||": lambda a, b: int(bool(a) or bool(b)),
}


def ev(e, gl, lo):
    tag = e[0]
    if tag == "k":
        return e[1]
    if tag == "g":
        return gl[e[1]]
    if tag == "l":
        return lo[e[1]]
    return _BINOPS[tag](ev(e[1], gl, lo), ev(e[2], gl, lo))


def cexpr(e, gnames, lnames, top=True):
    tag = e[0]
    if tag == "nd":  # the nondet kind's choice (no model evaluates it)
        return "__VERIFIER_nondet_bool()"
    if tag == "k":
        return str(e[1])
    if tag == "g":
        return gnames[e[1]]
    if tag == "l":
        return lnames[e[1]]
    s = "%s %s %s" % (cexpr(e[1], gnames, lnames, False), tag, cexpr(e[2], gnames, lnames, False))
    return s if top else "(" + s + ")"


# ---- program representation ----------------------------------------------------------------
# Statements:
#   ('cs', m, body)              lock m; body; unlock m
#   ('try', m, body, other)      if (trylock(m) == 0) { body; unlock m } else { other }
#   ('if', cond, then, other)    cond ('nd',): __VERIFIER_nondet_bool() (the nondet kind)
#   ('setg', g, expr), ('setl', l, expr)
#   ('create', t), ('join', t)   t: thread index; the handle is a local of the creator, or a
#                                global when main joins it (Thread.handoff)
#   ('init', m), ('destroy', m)  the recursive and the heap mutex, in main
#   ('assert', cond)             cond None: placeholder while the model collects final values
#   ('print',)                   main prints the globals


class Mutex:
    def __init__(self, idx, kind):
        self.idx = idx
        self.kind = kind          # 'static', 'recursive' (mutexattr) or 'heap'
        self.name = "m%d" % idx

    def ref(self):
        return self.name if self.kind == "heap" else "&" + self.name


class Global:
    def __init__(self, idx, guard, init):
        self.idx = idx
        self.guard = guard        # index of the mutex that protects it
        self.init = init
        self.name = "g%d" % idx


class Thread:
    def __init__(self, idx, parent):
        self.idx = idx
        self.parent = parent      # index of the creating thread (None for main)
        self.handoff = False      # created by a thread, joined by main through a global handle
        self.body = []
        self.nlocals = 0

    @property
    def fname(self):
        return "main" if self.idx == 0 else "t%d" % self.idx

    def new_local(self):
        self.nlocals += 1
        return self.nlocals - 1


class Program:
    def __init__(self):
        self.mutexes = []
        self.globals = []
        self.threads = []
        self.deadlock_allowed = False
        self.want_failure = False


# ---- generation ----------------------------------------------------------------------------

def cost(stmts):
    """Non-eager visible operations (lock, unlock, trylock, join) on the longest path."""
    n = 0
    for s in stmts:
        tag = s[0]
        if tag == "cs":
            n += 2 + cost(s[2])
        elif tag == "try":
            n += 1 + max(1 + cost(s[2]), cost(s[3]))
        elif tag == "if":
            n += max(cost(s[2]), cost(s[3]))
        elif tag == "join":
            n += 1
    return n


class Builder:
    def __init__(self, rng, shrink):
        self.rng = rng
        self.shrink = shrink
        self.p = Program()

    # -- data operations inside critical sections --

    def data_ops(self, th, held, count=None):
        rng = self.rng
        gs = [g.idx for g in self.p.globals if g.guard in held]
        if not gs:
            return []
        out = []
        for _ in range(count if count is not None else rng.choice((1, 1, 2))):
            g = rng.choice(gs)
            r = rng.random()
            if r < 0.30:
                out.append(("setg", g, ("+", ("g", g), ("k", rng.randint(1, 3)))))
            elif r < 0.42:
                out.append(("setg", g, ("k", rng.randint(0, 4))))
            elif r < 0.54:
                e = ("*", ("g", g), ("k", 2))
                out.append(("setg", g, ("+", e, ("k", 1)) if rng.random() < 0.5 else e))
            elif r < 0.68:
                h = rng.choice(gs)
                out.append(("setg", g, ("+", ("g", h), ("k", rng.randint(0, 2)))))
            elif r < 0.80 and th.nlocals:
                v = rng.randrange(th.nlocals)
                out.append(("setg", g, ("+", ("g", g), ("l", v))))
            elif r < 0.90:
                v = th.new_local()
                out.append(("setl", v, ("g", g)))
            else:
                h = rng.choice(gs)
                k = self.p.globals[h].init + rng.randint(0, 1)
                out.append(("if", (rng.choice((">", "==", "!=")), ("g", h), ("k", k)),
                            [("setg", g, ("+", ("g", g), ("k", 1)))], []))
        return out

    def in_order(self, a, b):
        """(outer, inner) for a nested pair: lock order by index unless cycles are allowed."""
        if self.p.deadlock_allowed:
            return (a, b) if self.rng.random() < 0.5 else (b, a)
        return min(a, b), max(a, b)

    # -- items: one critical section and what goes with it --

    def item(self, th, nested=None):
        """One item of thread th; nested=(outer, inner) forces a nested critical section."""
        rng, p = self.rng, self.p
        nm = len(p.mutexes)
        rec = [m.idx for m in p.mutexes if m.kind == "recursive"]
        kinds = [("cs", 4), ("cond", 3), ("try", 2)]
        if nm >= 2:
            kinds.append(("nested", 4))
        if rec:
            kinds.append(("relock", 1))
        kind = "nested" if nested else rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        m = rng.randrange(nm)

        if kind == "cs":
            return ("cs", m, self.data_ops(th, {m}))

        if kind == "relock":
            r = rng.choice(rec)
            return ("cs", r, self.data_ops(th, {r}, rng.randint(0, 1)) +
                    [("cs", r, self.data_ops(th, {r}))])

        if kind == "nested":
            a, b = rng.sample(range(nm), 2)
            if nested:
                outer, inner = nested
                before = self.data_ops(th, {outer}, rng.randint(0, 1))
                inner_stmt = ("cs", inner, self.data_ops(th, {outer, inner}))
            elif rng.random() < 0.25:
                # trylock never blocks: the inner one may go against the lock order
                outer, inner = a, b
                before = self.data_ops(th, {outer}, rng.randint(0, 1))
                inner_stmt = ("try", inner, self.data_ops(th, {outer, inner}), [])
            else:
                outer, inner = self.in_order(a, b)
                before = self.data_ops(th, {outer}, rng.randint(0, 1))
                inner_stmt = ("cs", inner, self.data_ops(th, {outer, inner}))
            after = self.data_ops(th, {outer}, rng.randint(0, 1))
            return ("cs", outer, before + [inner_stmt] + after)

        if kind == "cond":
            gs = [g for g in p.globals if g.guard == m]
            g = rng.choice(gs)
            v = th.new_local()
            first = ("cs", m, [("setl", v, ("g", g.idx))] + self.data_ops(th, {m}, rng.randint(0, 1)))
            op = rng.choice((">", ">", "==", "!="))
            k = g.init + (rng.randint(0, 1) if op == ">" else rng.randint(0, 2))
            m2 = rng.randrange(nm)
            then = [("cs", m2, self.data_ops(th, {m2}))]
            other = []
            if rng.random() < 0.3:
                m3 = rng.randrange(nm)
                other = [("cs", m3, self.data_ops(th, {m3}))]
            return ("seq", [first, ("if", (op, ("l", v), ("k", k)), then, other)])

        # try
        body = self.data_ops(th, {m})
        r = rng.random()
        if r < 0.4 or (nm == 1 and r < 0.7):
            v = th.new_local()
            other = [("setl", v, ("+", ("l", v), ("k", 1)))]
        elif nm == 1:
            other = []
        else:
            m2 = rng.choice([i for i in range(nm) if i != m])
            other = [("cs", m2, self.data_ops(th, {m2}))]
        return ("try", m, body, other)

    # -- the whole program --

    def build(self):
        rng, p = self.rng, self.p
        nthreads = rng.randint(2, 5)
        nmutex = rng.randint(1, 3)
        special = rng.random()
        for i in range(nmutex):
            kind = "static"
            if i == nmutex - 1 and special < 0.2:
                kind = "recursive"
            elif i == nmutex - 1 and special < 0.4:
                kind = "heap"
            p.mutexes.append(Mutex(i, kind))
        for m in range(nmutex):
            for _ in range(rng.choice((1, 1, 2)) if len(p.globals) < 4 else 1):
                p.globals.append(Global(len(p.globals), m, rng.choice((0, 0, 0, 1, 2))))
        p.deadlock_allowed = nmutex >= 2 and rng.random() < 0.2
        p.want_failure = rng.random() < 0.35
        budget = max(6, rng.randint(14, 24) - 2 * self.shrink)

        # thread tree
        main = Thread(0, None)
        p.threads.append(main)
        for i in range(1, nthreads + 1):
            if i == 1:
                parent = 0
            else:
                depth_ok = [t.idx for t in p.threads[1:] if self.depth(t.idx) < 3]
                parent = 0 if (rng.random() < 0.45 or not depth_ok) else rng.choice(depth_ok)
            t = Thread(i, parent)
            t.handoff = parent != 0 and rng.random() < 0.25
            p.threads.append(t)

        # critical sections of every thread (main: at most one item, sometimes none)
        items = {t.idx: [] for t in p.threads}
        order = p.threads[1:]
        if p.deadlock_allowed:
            # plant a lock-order cycle: two threads take two mutexes in opposite orders
            ta, tb = rng.sample(order, 2)
            a, b = rng.sample(range(nmutex), 2)
            items[ta.idx].append(self.item(ta, (a, b)))
            items[tb.idx].append(self.item(tb, (b, a)))
        for t in order:
            if not items[t.idx] or rng.random() < 0.5:
                items[t.idx].append(self.item(t))
        if rng.random() < 0.4:
            items[0].append(self.item(main))
        spent = sum(cost(self.flat(its)) for its in items.values())
        spent += sum(1 for t in p.threads[1:])  # joins
        for _ in range(3):
            for t in order:
                if len(items[t.idx]) >= 4 or rng.random() < 0.35:
                    continue
                nlocals = t.nlocals
                it = self.item(t)
                c = cost(self.flat([it]))
                if spent + c > budget:
                    t.nlocals = nlocals
                    continue
                items[t.idx].append(it)
                spent += c

        # bodies: non-main threads create (and usually join) their children between items
        for t in p.threads[1:]:
            body = self.flat(items[t.idx])
            kids = [c for c in p.threads if c.parent == t.idx]
            for c in kids:
                n = len(body)
                at = rng.randint(0, n)
                body.insert(at, ("create", c.idx))
                if not c.handoff:
                    body.insert(rng.randint(at + 1, n + 1), ("join", c.idx))
            t.body = body

        # main: init, creates (one sometimes joined at once), maybe an item, joins, assert
        body = []
        for m in p.mutexes:
            if m.kind != "static":
                body.append(("init", m.idx))
        kids = [c.idx for c in p.threads if c.parent == 0]
        pending = []
        for c in kids:
            body.append(("create", c))
            if rng.random() < 0.15 and c != kids[-1]:
                body.append(("join", c))
            else:
                pending.append(c)
        if items[0]:
            first_create = next(i for i, s in enumerate(body) if s[0] == "create")
            at = rng.randint(first_create + 1, len(body))
            body[at:at] = self.flat(items[0])
        rng.shuffle(pending)
        body += [("join", c) for c in pending]
        body += [("join", t.idx) for t in p.threads if t.handoff]
        if rng.random() < 0.5:
            body.append(("print",))
        body.append(("assert", None))
        for m in p.mutexes:
            if m.kind != "static" and rng.random() < 0.7:
                body.append(("destroy", m.idx))
        main.body = body
        self.prune()
        return p

    def prune(self):
        """Drops the globals and static mutexes that no thread uses, renumbering the rest
        (in order, so the lock order stays the order of the indices)."""
        p = self.p
        used_g, used_m = set(), set()

        def scan_e(e):
            if e[0] == "g":
                used_g.add(e[1])
            elif e[0] not in ("k", "l"):
                scan_e(e[1])
                scan_e(e[2])

        def scan(stmts):
            for s in stmts:
                if s[0] in ("cs", "try", "init", "destroy"):
                    used_m.add(s[1])
                if s[0] == "setg":
                    used_g.add(s[1])
                for x in s[1:]:
                    if isinstance(x, list):
                        scan(x)
                    elif isinstance(x, tuple):
                        scan_e(x)

        for t in p.threads:
            scan(t.body)
        if not used_g:
            used_g.add(0)
        used_m |= {g.guard for g in p.globals if g.idx in used_g}
        gmap = {old: new for new, old in enumerate(sorted(used_g))}
        mmap = {old: new for new, old in enumerate(sorted(used_m))}

        def re_e(e):
            if e[0] == "g":
                return ("g", gmap[e[1]])
            if e[0] in ("k", "l"):
                return e
            return (e[0], re_e(e[1]), re_e(e[2]))

        def re_s(stmts):
            out = []
            for s in stmts:
                tag = s[0]
                if tag in ("cs", "try", "init", "destroy"):
                    s = (tag, mmap[s[1]]) + s[2:]
                elif tag == "setg":
                    s = (tag, gmap[s[1]], s[2])
                out.append(tuple(re_s(x) if isinstance(x, list) else
                                 re_e(x) if isinstance(x, tuple) and i > 0 else x
                                 for i, x in enumerate(s)))
            return out

        for t in p.threads:
            t.body = re_s(t.body)
        p.mutexes = [p.mutexes[i] for i in sorted(used_m)]
        for i, m in enumerate(p.mutexes):
            m.idx, m.name = i, "m%d" % i
        p.globals = [p.globals[i] for i in sorted(used_g)]
        for i, g in enumerate(p.globals):
            g.idx, g.name, g.guard = i, "g%d" % i, mmap[g.guard]

    def depth(self, i):
        d = 0
        while i:
            i = self.p.threads[i].parent
            d += 1
        return d

    @staticmethod
    def flat(items):
        out = []
        for it in items:
            if it[0] == "seq":
                out += it[1]
            else:
                out.append(it)
        return out


# ---- the model: every interleaving, as `dpu --por=none` runs them ---------------------------

NEW, LIVE, DONE = 0, 1, 2
END_NONE, END_OK, END_ASSERT, END_DEADLOCK = 0, 1, 2, 3
VISIBLE = {"lock", "unlock", "trylock", "create", "join", "init", "destroy", "end"}


def compile_body(stmts, code):
    for s in stmts:
        tag = s[0]
        if tag == "cs":
            code.append(("lock", s[1]))
            compile_body(s[2], code)
            code.append(("unlock", s[1]))
        elif tag == "try":
            at = len(code)
            code.append(None)
            compile_body(s[2], code)
            code.append(("unlock", s[1]))
            jmp = len(code)
            code.append(None)
            code[at] = ("trylock", s[1], len(code))
            compile_body(s[3], code)
            code[jmp] = ("jmp", len(code))
        elif tag == "if":
            at = len(code)
            code.append(None)
            compile_body(s[2], code)
            jmp = len(code)
            code.append(None)
            code[at] = ("jf", s[1], len(code))
            compile_body(s[3], code)
            code[jmp] = ("jmp", len(code))
        elif tag in ("setg", "setl", "create", "join", "init", "destroy", "assert"):
            code.append(s)
        elif tag == "print":
            pass
        else:
            raise ValueError(tag)
    return code


class Model:
    """States are (end, status, pc, locals, globals, mutexes) tuples; pc -1 = start pending."""

    def __init__(self, prog):
        self.p = prog
        self.code = [compile_body(t.body, []) + [("end",)] for t in prog.threads]
        self.recursive = [m.kind == "recursive" for m in prog.mutexes]
        self.finals = set()   # globals at the assert, over all runs that reach it
        n = len(prog.threads)
        self.init = (END_NONE, (LIVE,) + (NEW,) * (n - 1), (-1,) * n,
                     tuple((0,) * t.nlocals for t in prog.threads),
                     tuple(g.init for g in prog.globals),
                     ((-1, 0),) * len(prog.mutexes))
        self._succ = {}

    def pending(self, s, t):
        if s[1][t] != LIVE:
            return None
        pc = s[2][t]
        return ("start",) if pc < 0 else self.code[t][pc]

    def enabled(self, s, t, op):
        if op[0] == "lock":
            owner = s[5][op[1]][0]
            return owner < 0 or owner == t
        if op[0] == "join":
            return s[1][op[1]] == DONE
        return True

    @staticmethod
    def eager(t, op):
        return op[0] in ("start", "create") or (op[0] == "end" and t != 0)

    @staticmethod
    def obj(op):
        """The object of a non-eager operation (dependence = same thread or same object)."""
        if op[0] in ("lock", "unlock", "trylock", "init", "destroy"):
            return ("m", op[1])
        if op[0] == "join":
            return ("t", op[1])
        return ("exit",)

    def choices(self, s):
        """[(thread, op)] offered at state s: the first eager one alone, else all enabled."""
        out = []
        for t in range(len(s[1])):
            op = self.pending(s, t)
            if op is None or not self.enabled(s, t, op):
                continue
            if self.eager(t, op):
                return [(t, op)]
            out.append((t, op))
        return out

    def step(self, s, t):
        key = (s, t)
        r = self._succ.get(key)
        if r is None:
            r = self._succ[key] = self._step(s, t)
        return r

    def _step(self, s, t):
        end = s[0]
        st, pc, loc, gl, mx = list(s[1]), list(s[2]), list(s[3]), list(s[4]), list(s[5])
        code = self.code[t]
        op = self.pending(s, t)
        tag = op[0]
        i = pc[t]
        if tag == "start":
            i = 0
        elif tag == "lock":
            owner, cnt = mx[op[1]]
            assert owner < 0 or (owner == t and self.recursive[op[1]]), "bad re-lock"
            mx[op[1]] = (t, cnt + 1)
            i += 1
        elif tag == "unlock":
            owner, cnt = mx[op[1]]
            assert owner == t, "unlock of a mutex not held"
            mx[op[1]] = (-1, 0) if cnt == 1 else (t, cnt - 1)
            i += 1
        elif tag == "trylock":
            owner, cnt = mx[op[1]]
            assert owner != t, "trylock of a held mutex"
            if owner < 0:
                mx[op[1]] = (t, 1)
                i += 1
            else:
                i = op[2]
        elif tag == "create":
            st[op[1]] = LIVE
            pc[op[1]] = -1
            i += 1
        elif tag in ("join", "init", "destroy"):
            if tag == "init":
                mx[op[1]] = (-1, 0)
            i += 1
        elif tag == "end":
            if t == 0:
                end = END_OK
            else:
                st[t] = DONE
        if tag != "end":
            lo = list(loc[t])
            while code[i][0] not in VISIBLE:
                ins = code[i]
                if ins[0] == "setg":
                    gl[ins[1]] = ev(ins[2], gl, lo)
                    i += 1
                elif ins[0] == "setl":
                    lo[ins[1]] = ev(ins[2], gl, lo)
                    i += 1
                elif ins[0] == "jf":
                    i = i + 1 if ev(ins[1], gl, lo) else ins[2]
                elif ins[0] == "jmp":
                    i = ins[1]
                elif ins[0] == "assert":
                    if ins[1] is None:
                        self.finals.add(tuple(gl))
                    elif not ev(ins[1], gl, lo):
                        end = END_ASSERT
                        break
                    i += 1
            loc[t] = tuple(lo)
            pc[t] = i
        return (end, tuple(st), tuple(pc), tuple(loc), tuple(gl), tuple(mx))

    def runs(self):
        """Leaves of dpu's exhaustive DFS: runs of `dpu --por=none`."""
        memo = {}

        def go(s):
            r = memo.get(s)
            if r is not None:
                return r
            if s[0] != END_NONE:
                r = 1
            else:
                ch = self.choices(s)
                r = 1 if not ch else sum(go(self.step(s, t)) for t, _ in ch)
            memo[s] = r
            return r

        return go(self.init)

    def traces(self):
        """(max-configs, defective traces, deadlocked traces): a DFS with sleep sets, which
        completes exactly one run per Mazurkiewicz trace (Godefroid), counted with memo."""
        memo = {}

        def go(s, sleep):
            key = (s, sleep)
            r = memo.get(key)
            if r is not None:
                return r
            if s[0] != END_NONE:
                r = (1, int(s[0] == END_ASSERT), 0)
            else:
                ch = self.choices(s)
                if not ch:
                    r = (1, 1, 1) if any(x == LIVE for x in s[1]) else (1, 0, 0)
                elif len(ch) == 1 and self.eager(*ch[0]):
                    r = go(self.step(s, ch[0][0]), sleep)
                else:
                    total = defects = dead = 0
                    done = []
                    for t, op in ch:
                        if t in sleep:
                            continue
                        o = self.obj(op)
                        ns = frozenset(u for u in itertools.chain(sleep, done)
                                       if self.obj(self.pending(s, u)) != o)
                        a, b, c = go(self.step(s, t), ns)
                        total, defects, dead = total + a, defects + b, dead + c
                        done.append(t)
                    r = (total, defects, dead)
            memo[key] = r
            return r

        return go(self.init, frozenset())


# ---- choosing the assert -------------------------------------------------------------------

def choose_assert(rng, prog, finals):
    """An assert over the globals at the end of main: in seeds that want a failure, one that
    fails for some but not all of the final values; otherwise one that always holds."""
    ng = len(prog.globals)
    cands = [("g", i) for i in range(ng)]
    if ng > 1:
        s = ("g", 0)
        for i in range(1, ng):
            s = ("+", s, ("g", i))
        cands.append(s)
    vals = [sorted({ev(e, f, ()) for f in finals}) for e in cands]
    if prog.want_failure:
        varying = [i for i, v in enumerate(vals) if len(v) >= 2]
        if varying:
            i = rng.choice(varying)
            return ("!=", cands[i], ("k", rng.choice(vals[i])))
    i = rng.randrange(len(cands))
    e, v = cands[i], vals[i]
    if not v:  # no run reaches the assert (every run deadlocks)
        return ("==", e, e)
    if len(v) == 1:
        return ("==", e, ("k", v[0]))
    if len(v) == 2 or (len(v) == 3 and rng.random() < 0.5):
        c = ("==", e, ("k", v[0]))
        for x in v[1:]:
            c = ("||", c, ("==", e, ("k", x)))
        return c
    return ("&&", (">=", e, ("k", v[0])), ("<=", e, ("k", v[-1])))


def set_assert(stmts, cond):
    return [("assert", cond) if s[0] == "assert" else s for s in stmts]


# ---- C text --------------------------------------------------------------------------------

def render(prog, seed, kind, info):
    p = prog
    gn = [g.name for g in p.globals]
    out = []
    w = out.append
    w("// Generated by tests/gen/genprog.py %d --kind=%s; regenerate rather than edit." % (seed, kind))
    w("// shape: %d threads besides main, %d mutexes (%s), %d globals, lock-order cycles %s"
      % (len(p.threads) - 1, len(p.mutexes), ", ".join(m.kind for m in p.mutexes),
         len(p.globals), "allowed" if p.deadlock_allowed else "avoided"))
    w("// model: %d max-configs, %d defects (%d deadlocks, %d assertion failures), %d runs, exit %d"
      % (info["max_configs"], info["defects"], info["deadlocks"],
         info["defects"] - info["deadlocks"], info["runs"], 1 if info["defects"] else 0))
    w("#define _XOPEN_SOURCE 700 // PTHREAD_MUTEX_RECURSIVE with -std=c17")
    w("#include <assert.h>")
    w("#include <pthread.h>")
    w("#include <stdio.h>")
    if kind == NONDET_KIND:
        w("extern _Bool __VERIFIER_nondet_bool(void);")
    if any(m.kind == "heap" for m in p.mutexes):
        w("#include <stdlib.h>")
    w("")
    for m in p.mutexes:
        if m.kind == "static":
            w("static pthread_mutex_t %s = PTHREAD_MUTEX_INITIALIZER;" % m.name)
        elif m.kind == "recursive":
            w("static pthread_mutex_t %s; // recursive, initialised in main" % m.name)
        else:
            w("static pthread_mutex_t *%s; // on the heap, initialised in main" % m.name)
    for g in p.globals:
        w("static int %s = %d; // guarded by m%d" % (g.name, g.init, g.guard))
    for t in p.threads:
        if t.handoff:
            w("static pthread_t h%d; // created by t%d, joined by main" % (t.idx, t.parent))
    w("")
    for t in p.threads[1:]:
        w("static void *%s(void *arg);" % t.fname)

    def block(stmts, th, ind):
        ln = ["v%d" % i for i in range(th.nlocals)]
        pad = "  " * ind
        for s in stmts:
            tag = s[0]
            if tag == "cs":
                m = p.mutexes[s[1]]
                w("%spthread_mutex_lock(%s);" % (pad, m.ref()))
                block(s[2], th, ind)
                w("%spthread_mutex_unlock(%s);" % (pad, m.ref()))
            elif tag == "try":
                m = p.mutexes[s[1]]
                w("%sif (pthread_mutex_trylock(%s) == 0) {" % (pad, m.ref()))
                block(s[2], th, ind + 1)
                w("%s  pthread_mutex_unlock(%s);" % (pad, m.ref()))
                if s[3]:
                    w("%s} else {" % pad)
                    block(s[3], th, ind + 1)
                w("%s}" % pad)
            elif tag == "if":
                w("%sif (%s) {" % (pad, cexpr(s[1], gn, ln)))
                block(s[2], th, ind + 1)
                if s[3]:
                    w("%s} else {" % pad)
                    block(s[3], th, ind + 1)
                w("%s}" % pad)
            elif tag == "setg":
                w("%s%s = %s;" % (pad, gn[s[1]], cexpr(s[2], gn, ln)))
            elif tag == "setl":
                w("%s%s = %s;" % (pad, ln[s[1]], cexpr(s[2], gn, ln)))
            elif tag == "create":
                c = p.threads[s[1]]
                w("%spthread_create(&h%d, NULL, %s, NULL);" % (pad, c.idx, c.fname))
            elif tag == "join":
                w("%spthread_join(h%d, NULL);" % (pad, s[1]))
            elif tag == "init":
                m = p.mutexes[s[1]]
                if m.kind == "heap":
                    w("%s%s = malloc(sizeof *%s);" % (pad, m.name, m.name))
                    w("%sassert(%s != NULL);" % (pad, m.name))
                    w("%spthread_mutex_init(%s, NULL);" % (pad, m.name))
                else:
                    w("%spthread_mutexattr_t attr;" % pad)
                    w("%spthread_mutexattr_init(&attr);" % pad)
                    w("%spthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);" % pad)
                    w("%spthread_mutex_init(&%s, &attr);" % (pad, m.name))
                    w("%spthread_mutexattr_destroy(&attr);" % pad)
            elif tag == "destroy":
                m = p.mutexes[s[1]]
                w("%spthread_mutex_destroy(%s);" % (pad, m.ref()))
                if m.kind == "heap":
                    w("%sfree(%s);" % (pad, m.name))
            elif tag == "assert":
                w("%sassert(%s);" % (pad, cexpr(s[1], gn, ln)))
            elif tag == "print":
                w('%sprintf("%s\\n", %s);' % (pad, " ".join(g + "=%d" for g in gn), ", ".join(gn)))

    def decls(t):
        if t.nlocals:
            w("  int %s;" % ", ".join("v%d = 0" % i for i in range(t.nlocals)))
        kids = [c.idx for c in p.threads if c.parent == t.idx and not c.handoff]
        if kids:
            w("  pthread_t %s;" % ", ".join("h%d" % c for c in kids))

    def unread(t):
        """(void) for the locals that are set but never read (clang's -Wall)."""
        read = set()

        def scan_e(e, skip):
            if e[0] == "l" and e[1] != skip:
                read.add(e[1])
            elif e[0] not in ("k", "g", "l", "nd"):
                scan_e(e[1], skip)
                scan_e(e[2], skip)

        def scan(stmts):
            for s in stmts:
                if s[0] == "setl":
                    scan_e(s[2], s[1])
                elif s[0] == "setg":
                    scan_e(s[2], None)
                elif s[0] in ("if", "assert") and s[1] is not None:
                    scan_e(s[1], None)
                for x in s[1:]:
                    if isinstance(x, list):
                        scan(x)

        scan(t.body)
        for i in range(t.nlocals):
            if i not in read:
                w("  (void)v%d;" % i)

    for t in p.threads[1:]:
        w("")
        w("static void *%s(void *arg) {" % t.fname)
        w("  (void)arg;")
        decls(t)
        block(t.body, t, 1)
        unread(t)
        w("  return NULL;")
        w("}")
    w("")
    w("int main(void) {")
    decls(p.threads[0])
    block(p.threads[0].body, p.threads[0], 1)
    unread(p.threads[0])
    w("  return 0;")
    w("}")
    return "\n".join(out) + "\n"


# ---- driver --------------------------------------------------------------------------------

def generate(seed, kind="mutex"):
    """Returns (C text, model info dict); the info is None for the kinds without a model."""
    if kind not in KINDS:
        raise ValueError("unknown kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if kind == genrace.KIND:
        return genrace.generate(seed)
    if kind == genracy.KIND:
        return genracy.generate(seed)
    if kind == EXIT_KIND:
        return generate_exit(seed), None
    if kind == NONDET_KIND:
        return generate_nondet(seed), None
    if kind == genweak.KIND:
        return genweak.generate(seed), None
    if kind != "mutex":
        return gensync.generate(seed, kind), None
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (kind, seed, attempt))
        prog = Builder(rng, attempt).build()
        model = Model(prog)
        runs = model.runs()
        if runs > RUNS_CAP:
            continue
        main = prog.threads[0]
        main.body = set_assert(main.body, choose_assert(rng, prog, model.finals))
        model = Model(prog)
        mc, defects, dead = model.traces()
        if dead and not prog.deadlock_allowed:
            raise AssertionError("seed %d: deadlock without lock-order cycles" % seed)
        info = {"max_configs": mc, "defects": defects, "deadlocks": dead, "runs": runs,
                "attempt": attempt, "failing_assert": defects > dead}
        return render(prog, seed, kind, info), info
    raise RuntimeError("seed %d: no shape under %d runs in %d attempts" % (seed, RUNS_CAP, MAX_ATTEMPTS))


def generate_exit(seed):
    """A mutex program whose main returns while threads it created may still run (issue #13:
    the end of the process is dependent with every other thread's pending operation): main
    joins none, or some, of the threads it created, and neither asserts nor destroys mutexes
    at its end. No model of the traces (the generator's model ends a run at main's end): the
    difftest compares the two explorers only; the model's runs, the interleavings before the
    exit, bound the program's size."""
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (EXIT_KIND, seed, attempt))
        prog = Builder(rng, attempt).build()
        main = prog.threads[0]
        keep = rng.random() < 0.5  # join a random part of the threads, or none
        # only threads main created: a handle another thread hands over may not be set yet
        # (a join of it would be misuse, which ends the run: the explorers count such runs
        # differently, docs/model.md)
        kids = {t.idx for t in prog.threads if t.parent == 0}
        main.body = [s for s in main.body
                     if s[0] not in ("assert", "destroy", "print")
                     and not (s[0] == "join" and not (keep and rng.random() < 0.5
                                                      and s[1] in kids))]
        runs = Model(prog).runs()
        if runs > EXIT_RUNS_CAP:
            continue
        info = {"max_configs": 0, "defects": 0, "deadlocks": 0, "runs": runs,
                "attempt": attempt, "failing_assert": False}
        text = render(prog, seed, EXIT_KIND, info)
        return "".join(l for l in text.splitlines(True) if not l.startswith("// model:"))
    raise RuntimeError("seed %d: no shape under %d runs in %d attempts" % (seed, EXIT_RUNS_CAP, MAX_ATTEMPTS))


NONDET_WRAPPABLE = ("cs", "try", "if", "setg", "setl")


def generate_nondet(seed):
    """A mutex program in which 1-3 statements of the threads' bodies (critical sections,
    trylocks, branches, assignments; never a create, join, init, destroy or main's assertion)
    run only if __VERIFIER_nondet_bool() returns 1, each call a choice point of the explorers
    (issue #12): the runs of both values are explored. No model (the generator's model does
    not choose values): the difftest compares the two explorers only; the model's runs of
    the program without the choices, times 2 per choice, bound its size."""
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (NONDET_KIND, seed, attempt))
        prog = Builder(rng, attempt).build()
        main = prog.threads[0]
        main.body = set_assert(main.body, choose_assert(rng, prog, Model(prog).finals))
        runs = Model(prog).runs()
        spots = [(t, i) for t in prog.threads for i, s in enumerate(t.body)
                 if s[0] in NONDET_WRAPPABLE]
        if not spots:
            continue
        k = min(len(spots), rng.randint(1, 3))
        if runs << k > RUNS_CAP:
            continue
        for t, i in rng.sample(spots, k):
            t.body[i] = ("if", ("nd",), [t.body[i]], [])
        info = {"max_configs": 0, "defects": 0, "deadlocks": 0, "runs": runs,
                "attempt": attempt, "failing_assert": False}
        text = render(prog, seed, NONDET_KIND, info)
        return "".join(l for l in text.splitlines(True) if not l.startswith("// model:"))
    raise RuntimeError("seed %d: no shape under %d runs in %d attempts" % (seed, RUNS_CAP, MAX_ATTEMPTS))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print a random pthread program for dpu.")
    ap.add_argument("seed", type=int)
    ap.add_argument("--kind", default="mutex", choices=KINDS)
    a = ap.parse_args(argv)
    text, _ = generate(a.seed, a.kind)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
