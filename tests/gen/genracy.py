"""Random programs whose behaviour depends on racing plain accesses, for genprog.py's racy kind.

    genprog.py SEED --kind=racy

The race kind (genrace.py) never lets control flow depend on a racy value; this kind does.
Each program has 2-3 threads besides main (three in about a fifth of the seeds), 3-8 items
each (fewer when the shape is too big: most have 3-4), 2-4 shared `static _Alignas(8) int`
globals x, y, z, w (each alone in its 8-byte granule, so that dpu's objects are the
variables), in some seeds an `atomic_int a` and a plain `flag`, one mutex, and a result
global per thread. A thread's items are:

  write        x = 2;
  read         v0 = x;                          (a local; published at the thread's end)
  add          x = x + 1;                       (a load and a store on one line)
  lost update  v1 = x;  x = v1 + 1;             (on two lines)
  locked       pthread_mutex_lock(&m); 1-2 of the above; pthread_mutex_unlock(&m);
  atomic       atomic_store(&a, 1); v0 = atomic_load(&a); atomic_fetch_add(&a, 1);
  branch       if (x == 1) { y = 2; } [else { ... }]    on a global (a racing load: most
               branches test a global another thread writes), on a local read before, or on
               atomic_load(&a); the arms are 1-2 of the above, sometimes under the mutex
  loop         for (int i = 0; i < 2; i++) { x = x + 1; }   (the counter is a local), or
               for (int i = 0; i < 2; i++) { v0 = x; }      (reads only)
  spin         while (!flag) {}                 in one thread, `flag = 1;` unconditionally
                                                (at top level) in another: never a hang

and at its end `r1 = v0 + v1;` (a global only that thread writes; main reads it after the
join). Main sometimes writes initial values before its creates, creates every thread, joins
every one and then checks one assertion over the final values (the globals, the atomic, the
results): `assert(x + r2 != 3)` and the like. No assertion is checked before main has joined
every thread and no thread exits early, so no run ends while another thread could still move
(the two explorers count such runs differently, see docs/model.md). One mutex, never
nested, and spin loops only outside critical sections, waiting for a flag whose setter never
waits for anything but the mutex: no deadlock and no hang. Defects are therefore data races
and main's assertion failure (difftest.py checks that there is no other).

Half of the loop bodies only read (`v0 = x;` twice at one place, no write between): the loop
counts, so it is no spin loop and both reads are steps (passes/spinloops.c; before it, dpu's
spin-loop rule took such a loop for a spin and lost orders).

The generator runs every sequentially consistent interleaving of the workers with its own
interpreter, whose steps are the loads and stores of the globals that may race (accessed by
two workers, one of them writing, some access outside the mutex), the atomics, lock, unlock,
the spin (a read of 0 is a step, after which the thread waits until flag is set, as dpu's
spin-loop rule makes it) and each thread's exit:
  - to bound the size: shapes with more than RUNS_CAP maximal interleavings are replaced by
    smaller ones (fewer threads, items and globals); dpu's exhaustive explorer then makes at
    most a few thousand runs (on seeds 1-500, the runs of all its explorations were 0.01-1.3
    times the interpreter's count with two threads, median 0.4, and 0.01-0.4 times with
    three, median 0.1; 3,047 runs at most);
  - to choose the assertion from the reachable final states: in most seeds it fails in some
    of them and holds in others; in about one seed in six it holds in all of them.
The header says what the interpreter found (`// assert: fails in 3 of 7 final states`). That
is not a model of dpu's output: with control flow depending on racy values, the traces dpu
explores depend on which accesses it finds racing, exploration after exploration, and how it
maps them to objects, which the generator does not predict. difftest.py compares QPOR with
the exhaustive explorer only (there is no `// model:` line).
"""

import math
import random

KIND = "racy"
RUNS_CAP = {2: 3000, 3: 8000}  # maximal interleavings of the interpreter's steps a program
                               # may have, by its number of threads besides main
STATES_CAP = 30000      # interpreter states visited before a shape is given up as too big
BOUND_FACTOR = 100      # shapes whose bound() is above this times the cap are not interpreted
MAX_ATTEMPTS = 80
THREE_FRACTION = 0.5   # seeds with three threads besides main (if a shape fits in
THREE_ATTEMPTS = 40    # that many attempts; two threads after)
HOLDS_FRACTION = 0.17   # seeds whose assertion holds in every final state (when possible)

GNAMES = ("x", "y", "z", "w")


# ---- program representation ------------------------------------------------------------------
# Statements (g: index of a data global, a: of an atomic, l: of a local of the thread):
#   ('w', g, k)                 x = k;
#   ('rd', g, l)                vL = x;
#   ('add', g, k)               x = x + k;
#   ('lost', g, l)              vL = x; x = vL + 1;
#   ('cs', body)                pthread_mutex_lock(&m); body; pthread_mutex_unlock(&m);
#   ('ast', a, k)               atomic_store(&a, k);
#   ('ald', a, l)               vL = atomic_load(&a);
#   ('afa', a, k)               atomic_fetch_add(&a, k);
#   ('if', cond, then, other)   cond: ('g', g, op, k) | ('l', l, op, k) | ('a', a, op, k)
#   ('loop', n, body)           for (int i = 0; i < n; i++) { body }
#   ('spin',)                   while (!flag) {}
#   ('setf',)                   flag = 1;

_CMP = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, ">": lambda a, b: a > b,
        "<": lambda a, b: a < b}


class Thread:
    def __init__(self, idx):
        self.idx = idx
        self.body = []
        self.nlocals = 0

    @property
    def fname(self):
        return "t%d" % self.idx

    def new_local(self):
        self.nlocals += 1
        return self.nlocals - 1


class Program:
    def __init__(self):
        self.nglobals = 0
        self.natomics = 0
        self.flag = False
        self.init = {}            # data global -> value main writes before its creates
        self.threads = []         # workers t1.., each with a result global r1..
        self.check = None         # (C expression, fails, finals)


class Builder:
    def __init__(self, rng, attempt, three=False):
        self.rng = rng
        self.attempt = attempt
        self.three = three        # a seed for three threads besides main
        self.p = Program()

    def g(self):
        return self.rng.randrange(self.p.nglobals)

    def k(self):
        return self.rng.choice((1, 1, 2, 2, 3))

    def simple(self, th, allow_lost=True):
        """A write, a read, an add or a lost update of a data global."""
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            return ("w", self.g(), self.k())
        if r < 0.6:
            return ("rd", self.g(), th.new_local())
        if r < 0.85 or not allow_lost:
            return ("add", self.g(), rng.choice((1, 1, 2)))
        return ("lost", self.g(), th.new_local())

    def cond(self, th, reads):
        """A condition on a racy value: a global, a local read before, or the atomic."""
        rng = self.rng
        op = rng.choice(("==", "==", "!=", ">"))
        k = rng.choice((0, 1, 1, 2)) if op == ">" else rng.choice((0, 1, 1, 2, 3))
        r = rng.random()
        if reads and r < 0.3:
            return ("l", rng.choice(reads), op, k)
        if self.p.natomics and r < 0.45:
            return ("a", rng.randrange(self.p.natomics), op, k)
        return ("g", self.g(), op, k)

    def item(self, th, reads, small=False):
        """One item; small (three threads): mostly items of a single shared access."""
        rng, p = self.rng, self.p
        if small:
            kinds = [("w", 3), ("rd", 3), ("add", 1), ("lost", 1), ("cs", 1), ("if", 3),
                     ("loop", 0.3)]
        else:
            kinds = [("w", 3), ("rd", 3), ("add", 2), ("lost", 2), ("cs", 3), ("if", 4),
                     ("loop", 1)]
        if p.natomics:
            kinds.append(("atomic", 3))
        what = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        if what == "w":
            return ("w", self.g(), self.k())
        if what == "rd":
            l = th.new_local()
            reads.append(l)
            return ("rd", self.g(), l)
        if what == "add":
            return ("add", self.g(), rng.choice((1, 1, 2)))
        if what == "lost":
            l = th.new_local()
            return ("lost", self.g(), l)
        if what == "cs":
            return ("cs", [self.simple(th) for _ in range(rng.choice((1, 1, 2)))])
        if what == "atomic":
            a = rng.randrange(p.natomics)
            r = rng.random()
            if r < 0.35:
                return ("ast", a, self.k())
            if r < 0.6:
                l = th.new_local()
                reads.append(l)
                return ("ald", a, l)
            return ("afa", a, 1)
        if what == "loop":
            # half of the loops only read (v = x twice at one place, no write between): no
            # spin loop (the counter changes), so both reads are steps (passes/spinloops.c)
            if rng.random() < 0.5:
                l = th.new_local()
                reads.append(l)
                return ("loop", 2, [("rd", self.g(), l)])
            return ("loop", 2, [("add", self.g(), rng.choice((1, 1, 2)))])
        # a branch on a racy value
        c = self.cond(th, reads)
        then = [self.simple(th, False) for _ in range(rng.choice((1, 1, 2)))]
        if rng.random() < 0.2:
            then = [("cs", then)]
        other = [] if rng.random() < 0.65 else [self.simple(th, False)]
        return ("if", c, then, other)

    def build(self):
        """A shape; the later the attempt, the smaller (fewer threads, items and globals)."""
        rng, p = self.rng, self.p
        shrink = self.attempt
        three = self.three and shrink < THREE_ATTEMPTS
        if three:
            p.nglobals = rng.choice((2, 3))
        else:
            p.nglobals = rng.choice((2, 3, 3, 4)) if shrink < 20 else 2
        p.natomics = 1 if rng.random() < 0.4 else 0
        p.flag = rng.random() < 0.3
        for g in range(p.nglobals):
            if rng.random() < 0.25:
                p.init[g] = rng.choice((1, 2))
        nworkers = 3 if three else 2
        hi = 3 if three else max(3, 8 - shrink // 3)
        for i in range(1, nworkers + 1):
            th = Thread(i)
            reads = []
            th.body = [self.item(th, reads, three) for _ in range(rng.randint(3, hi))]
            p.threads.append(th)
        self.retarget()
        if p.flag:
            # flag = 1 and the spin loop count as items: at most 8 per thread
            setter, spinner = rng.sample(p.threads, 2)
            for th, st in ((setter, ("setf",)), (spinner, ("spin",))):
                if len(th.body) >= 8:
                    th.body.pop()
                th.body.insert(rng.randint(0, len(th.body)), st)
        return p

    def retarget(self):
        """A branch on a global that no other worker writes tests a value that cannot race:
        most of them are made to test a global that another worker writes instead."""
        rng, p = self.rng, self.p
        writes = {}

        def scan(t, stmts):
            for s in stmts:
                if s[0] in ("w", "add", "lost"):
                    writes.setdefault(s[1], set()).add(t)
                elif s[0] == "cs":
                    scan(t, s[1])
                elif s[0] == "if":
                    scan(t, s[2])
                    scan(t, s[3])
                elif s[0] == "loop":
                    scan(t, s[2])

        for th in p.threads:
            scan(th.idx, th.body)
        for th in p.threads:
            others = sorted(g for g, ts in writes.items() if ts - {th.idx})
            for i, s in enumerate(th.body):
                if (s[0] == "if" and s[1][0] == "g" and others and
                        not writes.get(s[1][1], set()) - {th.idx} and rng.random() < 0.8):
                    th.body[i] = ("if", ("g", rng.choice(others)) + s[1][2:], s[2], s[3])


# ---- the interpreter -------------------------------------------------------------------------
# Memory: the data globals, then the atomics, then the flag, then the results r1...; a
# thread's registers: its locals, then a temporary (the value of `x` in `x = x + 1` or a
# condition). Instructions: ('ld', cell, reg), ('st', cell, expr), ('lock',), ('unlock',),
# ('rmw', cell, k), ('spin', cell), ('jf', (op, expr, k), target), ('jmp', target),
# ('pub', cell, expr), ('exit',); expr: ('k', n) | ('r', reg) | ('+', e, e). Steps: lock,
# unlock, rmw, spin, exit (dpu's exhaustive explorer interleaves thread exits and joins too,
# so the count is closer to its runs), and ld and st of the atomics, the flag and the globals
# that may race (racy_globals);
# the rest runs right after the step before it (the other globals are only touched by one
# worker, only read, or only under the mutex, so where their accesses run changes nothing).

def layout(p):
    cells = {("g", g): g for g in range(p.nglobals)}
    n = p.nglobals
    for a in range(p.natomics):
        cells[("a", a)] = n
        n += 1
    if p.flag:
        cells[("f",)] = n
        n += 1
    for t in p.threads:
        cells[("r", t.idx)] = n
        n += 1
    return cells, n


def racy_globals(p):
    """The data globals that may race: accessed by two workers, at least one of them writing,
    and by some worker outside the mutex (a superset of those dpu will find racing)."""
    outside, users, writers = set(), {}, {}

    def walk(t, stmts, locked):
        for s in stmts:
            tag = s[0]
            if tag in ("w", "rd", "add", "lost"):
                g = s[1]
                users.setdefault(g, set()).add(t)
                if tag in ("w", "add", "lost"):
                    writers.setdefault(g, set()).add(t)
                if not locked:
                    outside.add(g)
            elif tag == "cs":
                walk(t, s[1], True)
            elif tag == "if":
                if s[1][0] == "g":
                    users.setdefault(s[1][1], set()).add(t)
                    if not locked:
                        outside.add(s[1][1])
                walk(t, s[2], locked)
                walk(t, s[3], locked)
            elif tag == "loop":
                walk(t, s[2], locked)

    for t in p.threads:
        walk(t.idx, t.body, False)
    return {g for g in outside
            if len(users[g]) > 1 and writers.get(g) and
            (len(writers[g]) > 1 or users[g] - writers[g])}


def compile_thread(p, t, cells):
    tmp = t.nlocals
    code = []

    def G(g):
        return cells[("g", g)]

    def stmt(s):
        tag = s[0]
        if tag == "w":
            code.append(("st", G(s[1]), ("k", s[2])))
        elif tag == "rd":
            code.append(("ld", G(s[1]), s[2]))
        elif tag == "add":
            code.append(("ld", G(s[1]), tmp))
            code.append(("st", G(s[1]), ("+", ("r", tmp), ("k", s[2]))))
        elif tag == "lost":
            code.append(("ld", G(s[1]), s[2]))
            code.append(("st", G(s[1]), ("+", ("r", s[2]), ("k", 1))))
        elif tag == "cs":
            code.append(("lock",))
            for x in s[1]:
                stmt(x)
            code.append(("unlock",))
        elif tag == "ast":
            code.append(("st", cells[("a", s[1])], ("k", s[2])))
        elif tag == "ald":
            code.append(("ld", cells[("a", s[1])], s[2]))
        elif tag == "afa":
            c = cells[("a", s[1])]
            code.append(("rmw", c, s[2]))
        elif tag == "if":
            kind, obj, op, k = s[1]
            if kind == "l":
                e = ("r", obj)
            else:
                code.append(("ld", cells[(kind, obj)], tmp))
                e = ("r", tmp)
            at = len(code)
            code.append(None)
            for x in s[2]:
                stmt(x)
            if s[3]:
                j = len(code)
                code.append(None)
                code[at] = ("jf", (op, e, k), len(code))
                for x in s[3]:
                    stmt(x)
                code[j] = ("jmp", len(code))
            else:
                code[at] = ("jf", (op, e, k), len(code))
        elif tag == "loop":
            for _ in range(s[1]):
                for x in s[2]:
                    stmt(x)
        elif tag == "spin":
            code.append(("spin", cells[("f",)]))
        elif tag == "setf":
            code.append(("st", cells[("f",)], ("k", 1)))
        else:
            raise ValueError(tag)

    for s in t.body:
        stmt(s)
    if t.nlocals:
        e = ("r", 0)
        for l in range(1, t.nlocals):
            e = ("+", e, ("r", l))
        code.append(("pub", cells[("r", t.idx)], e))
    code.append(("exit",))
    return code


def evx(e, regs):
    tag = e[0]
    if tag == "k":
        return e[1]
    if tag == "r":
        return regs[e[1]]
    return evx(e[1], regs) + evx(e[2], regs)


class TooBig(Exception):
    pass


class Interp:
    """Every sequentially consistent interleaving of the workers' steps (main's writes come
    before, its assertion after). A state: (pcs, registers per thread, memory, mutex owner,
    waiting threads); after a step, a thread runs its local instructions up to its next step
    at once. A spin that reads 0 is a step too, after which the thread waits until the flag
    is set (dpu's spin-loop rule), then reads it again."""

    def __init__(self, p):
        self.p = p
        cells, ncells = layout(p)
        self.cells = cells
        shared = {cells[("g", g)] for g in racy_globals(p)}
        shared |= {c for key, c in cells.items() if key[0] in ("a", "f")}
        self.shared = shared
        self.code = [compile_thread(p, t, cells) for t in p.threads]
        mem = [0] * ncells
        for g, v in p.init.items():
            mem[cells[("g", g)]] = v
        regs = tuple((0,) * (t.nlocals + 1) for t in p.threads)
        pcs = (0,) * len(p.threads)
        s = (pcs, regs, tuple(mem), None, (False,) * len(p.threads))
        for t in range(len(p.threads)):
            s = self.local(s, t)
        self.init = s

    def is_step(self, ins):
        tag = ins[0]
        if tag in ("lock", "unlock", "spin", "rmw", "exit"):
            return True
        if tag in ("ld", "st"):
            return ins[1] in self.shared
        return False

    def exec1(self, s, t):
        """Executes thread t's instruction at its pc (no enabledness check)."""
        pcs, regs, mem, owner, waiting = s
        ins = self.code[t][pcs[t]]
        r = list(regs[t])
        mem = list(mem)
        pc = pcs[t] + 1
        tag = ins[0]
        if tag == "ld":
            r[ins[2]] = mem[ins[1]]
        elif tag == "st":
            mem[ins[1]] = evx(ins[2], r)
        elif tag == "rmw":
            mem[ins[1]] += ins[2]
        elif tag == "lock":
            owner = t
        elif tag == "unlock":
            owner = None
        elif tag == "spin":
            if mem[ins[1]] == 0:
                pc -= 1
                waiting = waiting[:t] + (True,) + waiting[t + 1:]
            elif waiting[t]:
                waiting = waiting[:t] + (False,) + waiting[t + 1:]
        elif tag == "jf":
            op, e, k = ins[1]
            if not _CMP[op](evx(e, r), k):
                pc = ins[2]
        elif tag == "jmp":
            pc = ins[1]
        elif tag == "pub":
            mem[ins[1]] = evx(ins[2], r)
        pcs = pcs[:t] + (pc,) + pcs[t + 1:]
        regs = regs[:t] + (tuple(r),) + regs[t + 1:]
        return (pcs, regs, tuple(mem), owner, waiting)

    def local(self, s, t):
        code = self.code[t]
        while s[0][t] < len(code) and not self.is_step(code[s[0][t]]):
            s = self.exec1(s, t)
        return s

    def enabled(self, s, t):
        pc = s[0][t]
        if pc >= len(self.code[t]):
            return False
        ins = self.code[t][pc]
        if ins[0] == "lock":
            return s[3] is None
        if ins[0] == "spin":
            return not s[4][t] or s[2][ins[1]] != 0
        return True

    def bound(self):
        """An upper bound of the interleavings: the multinomial of the threads' numbers of
        step instructions (both arms of every branch; a spin counts twice)."""
        ns = [sum(2 if ins[0] == "spin" else 1 for ins in code if self.is_step(ins))
              for code in self.code]
        total = math.factorial(sum(ns))
        for n in ns:
            total //= math.factorial(n)
        return total

    def run(self, cap, states_cap=STATES_CAP):
        """(maximal interleavings, set of final memories); raises TooBig past the caps."""
        memo = {}
        finals = set()
        n = len(self.code)

        def go(s):
            if s in memo:
                return memo[s]
            if len(memo) > states_cap:
                raise TooBig()
            ts = [t for t in range(n) if self.enabled(s, t)]
            if not ts:
                if any(s[0][t] < len(self.code[t]) for t in range(n)):
                    raise AssertionError("the interpreter is stuck: %r" % (s,))
                finals.add(s[2])
                memo[s] = 1
                return 1
            total = 0
            for t in ts:
                total += go(self.local(self.exec1(s, t), t))
            memo[s] = total
            return total

        runs = go(self.init)
        if runs > cap:
            raise TooBig()
        return runs, finals


# ---- the assertion ---------------------------------------------------------------------------

def choose_check(rng, p, cells, finals):
    """(C expression, final states where it fails): a comparison over one or two final values
    that fails in some final states and holds in others, or (in about HOLDS_FRACTION of the
    seeds, and when nothing splits them) one that holds in all of them."""
    names = [(GNAMES[g], cells[("g", g)]) for g in range(p.nglobals)]
    names += [("atomic_load(&a%d)" % a if p.natomics > 1 else "atomic_load(&a)",
               cells[("a", a)]) for a in range(p.natomics)]
    names += [("r%d" % t.idx, cells[("r", t.idx)]) for t in p.threads if t.nlocals]
    finals = sorted(finals)
    cands = []
    for i, (na, ca) in enumerate(names):
        vals = sorted({f[ca] for f in finals})
        for k in range(min(vals) - 1, max(vals) + 2):
            cands.append(("%s != %d" % (na, k), lambda f, ca=ca, k=k: f[ca] != k, 1))
            cands.append(("%s <= %d" % (na, k), lambda f, ca=ca, k=k: f[ca] <= k, 1))
        for nb, cb in names[i + 1:]:
            sums = sorted({f[ca] + f[cb] for f in finals})
            for k in range(min(sums) - 1, max(sums) + 2):
                cands.append(("%s + %s != %d" % (na, nb, k),
                              lambda f, ca=ca, cb=cb, k=k: f[ca] + f[cb] != k, 3))
            cands.append(("%s != %s" % (na, nb), lambda f, ca=ca, cb=cb: f[ca] != f[cb], 1))
    split, holds = [], []
    for c in cands:
        fails = sum(1 for f in finals if not c[1](f))
        if 0 < fails < len(finals):
            split.append((c, fails))
        elif fails == 0 and "<=" not in c[0]:
            holds.append((c, fails))
    pool = split if split and rng.random() >= HOLDS_FRACTION else holds
    (expr, _fn, _w), fails = rng.choices(pool, [c[2] for c, _ in pool])[0]
    return expr, fails, len(finals)


# ---- C text ----------------------------------------------------------------------------------

def render(p, seed, runs, attempt):
    out = []
    w = out.append
    aname = (lambda a: "a%d" % a) if p.natomics > 1 else (lambda a: "a")
    uses_atomic = p.natomics > 0

    w("#include <assert.h>")
    w("#include <pthread.h>")
    if uses_atomic:
        w("#include <stdatomic.h>")
    w("")
    w("static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;")
    w("// each shared variable alone in its 8-byte granule (dpu's object for a visible access)")
    for g in range(p.nglobals):
        w("static _Alignas(8) int %s;" % GNAMES[g])
    for a in range(p.natomics):
        w("static _Alignas(8) atomic_int %s;" % aname(a))
    if p.flag:
        w("static _Alignas(8) int flag; // set once, unconditionally; a spin loop waits for it")
    for t in p.threads:
        if t.nlocals:
            w("static _Alignas(8) int r%d; // written by t%d only, read by main after the join"
              % (t.idx, t.idx))

    def cond_c(c):
        kind, obj, op, k = c
        lhs = (GNAMES[obj] if kind == "g" else "v%d" % obj if kind == "l"
               else "atomic_load(&%s)" % aname(obj))
        return "%s %s %d" % (lhs, op, k)

    def block(stmts, ind):
        pad = "  " * ind
        for s in stmts:
            tag = s[0]
            if tag == "w":
                w("%s%s = %d;" % (pad, GNAMES[s[1]], s[2]))
            elif tag == "rd":
                w("%sv%d = %s;" % (pad, s[2], GNAMES[s[1]]))
            elif tag == "add":
                w("%s%s = %s + %d;" % (pad, GNAMES[s[1]], GNAMES[s[1]], s[2]))
            elif tag == "lost":
                w("%sv%d = %s;" % (pad, s[2], GNAMES[s[1]]))
                w("%s%s = v%d + 1;" % (pad, GNAMES[s[1]], s[2]))
            elif tag == "cs":
                w("%spthread_mutex_lock(&m);" % pad)
                block(s[1], ind + 1)
                w("%spthread_mutex_unlock(&m);" % pad)
            elif tag == "ast":
                w("%satomic_store(&%s, %d);" % (pad, aname(s[1]), s[2]))
            elif tag == "ald":
                w("%sv%d = atomic_load(&%s);" % (pad, s[2], aname(s[1])))
            elif tag == "afa":
                w("%satomic_fetch_add(&%s, %d);" % (pad, aname(s[1]), s[2]))
            elif tag == "if":
                w("%sif (%s) {" % (pad, cond_c(s[1])))
                block(s[2], ind + 1)
                if s[3]:
                    w("%s} else {" % pad)
                    block(s[3], ind + 1)
                w("%s}" % pad)
            elif tag == "loop":
                w("%sfor (int i = 0; i < %d; i++) {" % (pad, s[1]))
                block(s[2], ind + 1)
                w("%s}" % pad)
            elif tag == "spin":
                w("%swhile (!flag) {" % pad)
                w("%s}" % pad)
            elif tag == "setf":
                w("%sflag = 1;" % pad)
            else:
                raise ValueError(tag)

    for t in p.threads:
        w("")
        w("static void *t%d(void *arg) {" % t.idx)
        w("  (void)arg;")
        if t.nlocals:
            w("  int %s;" % ", ".join("v%d = 0" % i for i in range(t.nlocals)))
        block(t.body, 1)
        if t.nlocals:
            w("  r%d = %s;" % (t.idx, " + ".join("v%d" % i for i in range(t.nlocals))))
        w("  return 0;")
        w("}")
    w("")
    w("int main(void) {")
    w("  pthread_t %s;" % ", ".join("h%d" % t.idx for t in p.threads))
    for g, v in sorted(p.init.items()):
        w("  %s = %d;" % (GNAMES[g], v))
    for t in p.threads:
        w("  pthread_create(&h%d, 0, t%d, 0);" % (t.idx, t.idx))
    for t in p.threads:
        w("  pthread_join(h%d, 0);" % t.idx)
    expr, fails, nfinals = p.check
    w("  assert(%s);" % expr)
    w("  return 0;")
    w("}")

    nitems = [len(t.body) for t in p.threads]
    head = [
        "// Generated by tests/gen/genprog.py %d --kind=racy; regenerate rather than edit." % seed,
        "// shape: %d threads besides main (%s items), %d globals, %s, %s, 1 mutex"
        % (len(p.threads), "+".join(map(str, nitems)), p.nglobals,
           "an atomic_int" if p.natomics else "no atomic",
           "a spin loop on a flag" if p.flag else "no flag"),
        "// dpu options: none (--races=on: the racing accesses become scheduling points)",
        "// no model: branches, loops and the assertion depend on racy values, so the generator",
        "//   does not predict the traces dpu explores; difftest.py compares QPOR with --por=none",
        ("// assert: fails in %d of %d final states that the generator's interpreter reaches"
         % (fails, nfinals) if fails else
         "// assert: holds in all %d final states that the generator's interpreter reaches"
         % nfinals),
        "//   (%d interleavings of its steps; shape attempt %d)" % (runs, attempt),
    ]
    return "\n".join(head + out) + "\n"


def generate(seed):
    """(C text, info) of this seed: the first shape (attempt 0, 1, ..., each smaller) whose
    interleavings the interpreter counts at most RUNS_CAP."""
    three = random.Random("dpu-genprog:%s:%d:threads" % (KIND, seed)).random() < THREE_FRACTION
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (KIND, seed, attempt))
        p = Builder(rng, attempt, three).build()
        if attempt < 20 and not racy_globals(p):
            continue  # nothing can race but the atomics: try another shape
        interp = Interp(p)
        cap = RUNS_CAP[len(p.threads)]
        if interp.bound() > BOUND_FACTOR * cap:
            continue  # far too many interleavings: not worth interpreting
        try:
            runs, finals = interp.run(cap)
        except TooBig:
            continue
        expr, fails, nfinals = choose_check(rng, p, interp.cells, finals)
        p.check = (expr, fails, nfinals)
        info = {"runs": runs, "finals": nfinals, "fails": fails, "attempt": attempt,
                "threads": len(p.threads), "items": [len(t.body) for t in p.threads],
                "flag": p.flag, "atomics": p.natomics}
        return render(p, seed, runs, attempt), info
    raise RuntimeError("seed %d: no racy shape under %r interleavings in %d attempts"
                       % (seed, RUNS_CAP, MAX_ATTEMPTS))
