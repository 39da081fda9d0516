"""Random racy pthread programs, for genprog.py's race kind.

    genprog.py SEED --kind=race

Each program mixes locked and unlocked accesses to a few shared locations: int globals, the
fields of a static struct, the fields of a heap block (calloc'd by main before its first
pthread_create, freed after its joins) and elements of an int array. Every location has a
"home" mutex, and each thread's items access it under that mutex, under another one, under
none, in one branch of a pthread_mutex_trylock, in one branch of a value read under a lock,
before a pthread_create or after a pthread_join (main: before the creates, between them, after
the joins; some threads create a child and join it), next to atomic operations: a counter
(atomic_fetch_add_explicit, atomic_load_explicit, atomic_store_explicit with relaxed, release,
acquire, acq_rel or seq_cst orders), a flag for message passing (data written, then
atomic_store_explicit(&f, 1, release, seq_cst or relaxed); elsewhere `if
(atomic_load_explicit(&f, acquire, seq_cst or relaxed)) read the data`) and relaxed __atomic
builtins on an int global that other items access plainly.

Control flow never depends on a racy value: a branch tests a trylock result, a guarded int
(only ever touched under its mutex) read under that mutex, or an atomic flag that nothing but
atomic stores of 1 writes. So every interleaving of the plain code between two visible
operations computes the same synchronisation, and the set of racing pairs of access sites is
a function of the synchronisation's Mazurkiewicz traces: QPOR must find exactly the exhaustive
explorer's races (difftest.py compares them). Each access is alone on its line (`x += k`,
`x = k` or `sink += x`: one site per line).

Half the seeds are for `dpu --races=report` (explore the synchronisation only), half for dpu's
default `--races=on` (an exploration that finds races is followed by one where the racing
loads and stores are scheduling points too); the header line `// dpu options:` says which,
and difftest.py passes the options on. It also says --memory-model=sc, the model's: without
it a program with relaxed or release/acquire atomics is explored under rc11, where a load may
read an older store (docs/memory-models.md), which the model does not count.

The generator carries a model of the program (as genprog.py does for the mutex kind): it
counts the runs of `dpu --por=none` (every interleaving, eager thread start, exit and create;
with --races=on, both explorations; shapes over RUNS_CAP, RUNS_CAP_ON are replaced by smaller
ones), enumerates the Mazurkiewicz traces of the synchronisation with a sleep-set DFS and
computes the happens-before of each with vector clocks, as dpu defines it (docs/races.md "Data
races": create -> start, exit -> join, unlock -> next lock or successful trylock, a release
store or RMW -> an acquire load or RMW reading from its release sequence (C17 5.1.2.4p10: it
goes on through later stores of the releasing thread and through RMWs of any thread), relaxed
atomics order nothing). The header gives what dpu should find:

  // dpu options: --memory-model=sc --races=report (the model's; the synchronisation's traces only)
  // model: 6 max-configs, 4 defects (traces with a race), 212 runs, exit 1
  // model races: 23-41 24-24 30-52

or, with --races=on and races (the second exploration's traces depend on how dpu maps
accesses to objects, which the model does not predict):

  // dpu options: --memory-model=sc (the model's; --races=on: the racing accesses become scheduling points)
  // model: 503 runs in 2 explorations (8 + 495: the racing loads and stores made visible), exit 1
  // model races: 28-55 30-55 31-55

`model races` are the racing pairs of lines (a pair of one line is two threads running the
same code); difftest.py compares them with the oracle's race sites, on their line numbers.
"""

import itertools
import random

KIND = "race"
RUNS_CAP = 1500      # runs of `dpu --por=none --races=report` (model) a program may have
RUNS_CAP_ON = 2500   # the same with --races=on (both explorations)
BUDGET = {"report": (12, 18), "on": (12, 18)}  # rough size (cost()) of a program's items
ACC_COST = {"report": 0, "on": 0.5}             # what a plain access counts in it
MAX_ATTEMPTS = 60
SINGLE_TRACE_RETRIES = 6  # attempts that reject a shape with a single trace

ORD_C = {"relaxed": "memory_order_relaxed", "acquire": "memory_order_acquire",
         "release": "memory_order_release", "acq_rel": "memory_order_acq_rel",
         "seq_cst": "memory_order_seq_cst"}
ACQ = ("acquire", "acq_rel", "seq_cst")
REL = ("release", "acq_rel", "seq_cst")


# ---- program representation ------------------------------------------------------------------
# Statements:
#   ('cs', m, body)                 lock m; body; unlock m
#   ('try', m, body, other)         if (trylock(m) == 0) { body; unlock m } else { other }
#   ('if', (l, op, k), then, other) on a local
#   ('getg', l, v)                  l = guarded int v (under its mutex)
#   ('setg', v, k)                  v += k (under its mutex)
#   ('acc', loc, mode, k)           a plain access: 'r' sink += loc; 'w' loc = k; 'rw' loc += k
#   ('aop', obj, op, order, l, k)   an atomic operation: obj ('c', i) counter, ('f', i) flag,
#                                   ('m', loc) a plain location (builtins, relaxed); op 'load'
#                                   (into local l, or into sink), 'store' (of k), 'add' (of k)
#   ('create', t), ('join', t)


class Loc:
    def __init__(self, idx, cname, home, mixed=False):
        self.idx = idx
        self.cname = cname        # C lvalue: g0, s.a, hp->x, arr[2]
        self.home = home          # the mutex whose critical sections usually access it
        self.mixed = mixed        # also accessed by relaxed __atomic builtins


class Thread:
    def __init__(self, idx, parent):
        self.idx = idx
        self.parent = parent      # creator's index (None for main)
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
        self.flag_data = []       # per flag: the locations written before it is stored
        self.nmutex = 0
        self.guarded = []         # initial values of gv0.. (gvI guarded by mI)
        self.locs = []
        self.nflags = 0
        self.ncounters = 0
        self.threads = []
        self.structs = set()      # 's', 'hp', 'arr' when used


def cost(stmts, acc=0):
    """Visible operations on the longest path (rough size), a plain access counting acc (it
    may become one with --races=on)."""
    n = 0
    for s in stmts:
        tag = s[0]
        if tag == "cs":
            n += 2 + cost(s[2], acc)
        elif tag == "try":
            n += 1 + max(1 + cost(s[2], acc), cost(s[3], acc))
        elif tag == "if":
            n += max(cost(s[2], acc), cost(s[3], acc))
        elif tag in ("aop", "join"):
            n += 1
        elif tag == "acc":
            n += acc
    return n


class Builder:
    def __init__(self, rng, shrink, mode="report"):
        self.rng = rng
        self.shrink = shrink
        self.acc_cost = ACC_COST[mode]
        self.budget = BUDGET[mode]
        self.p = Program()

    # -- accesses --

    def acc(self, loc=None, prefer=None):
        """One plain access; prefer: a mutex whose home locations are more likely."""
        rng, p = self.rng, self.p
        if loc is None:
            homes = [l for l in p.locs if l.home == prefer]
            loc = rng.choice(homes) if homes and rng.random() < 0.7 else rng.choice(p.locs)
        r = rng.random()
        mode = "r" if r < 0.4 else "w" if r < 0.7 else "rw"
        return ("acc", loc.idx, mode, rng.randint(1, 5))

    def accs(self, prefer=None, lo=1, hi=2):
        return [self.acc(prefer=prefer) for _ in range(self.rng.randint(lo, hi))]

    # -- items --

    def cs(self, th):
        rng = self.rng
        m = rng.randrange(self.p.nmutex)
        body = self.accs(m)
        if rng.random() < 0.4:
            body.insert(rng.randint(0, len(body)), ("setg", m, rng.randint(1, 2)))
        if rng.random() < 0.15 and self.p.nmutex > 1:
            # a trylock of another mutex inside (never blocks, so no lock-order deadlock)
            m2 = rng.choice([i for i in range(self.p.nmutex) if i != m])
            body.append(("try", m2, self.accs(m2, 1, 1), []))
        return ("cs", m, body)

    def plain(self, th):
        return ("seq", self.accs(None, 1, 2))

    def try_(self, th):
        rng = self.rng
        m = rng.randrange(self.p.nmutex)
        body = self.accs(m)
        if rng.random() < 0.3:
            body.append(("setg", m, 1))
        r = rng.random()
        if r < 0.4:
            other = [self.acc()]
        elif r < 0.6 and self.p.nmutex > 1:
            m2 = rng.choice([i for i in range(self.p.nmutex) if i != m])
            other = [("cs", m2, self.accs(m2, 1, 1))]
        else:
            other = []
        return ("try", m, body, other)

    def cond(self, th):
        rng = self.rng
        m = rng.randrange(self.p.nmutex)
        v = th.new_local()
        first = [("getg", v, m)]
        if rng.random() < 0.6:
            first.append(("setg", m, rng.randint(1, 2)))
        if rng.random() < 0.5:
            first.append(self.acc(prefer=m))
        op = rng.choice((">", ">", "==", "!="))
        k = self.p.guarded[m] + (rng.randint(0, 1) if op == ">" else rng.randint(0, 2))
        then = self.accs(None, 1, 2) if rng.random() < 0.6 else [self.cs(th)]
        other = [] if rng.random() < 0.6 else [self.acc()]
        return ("seq", [("cs", m, first), ("if", (v, op, k), then, other)])

    def counter(self, th, publish=None):
        rng = self.rng
        if not self.p.ncounters:
            return None
        c = ("c", rng.randrange(self.p.ncounters))
        out = []
        if publish if publish is not None else rng.random() < 0.5:
            # publish: data, then an RMW (or a store) on the counter
            out += self.accs(None, 0, 1)
            if rng.random() < 0.8:
                out.append(("aop", c, "add", rng.choice(("relaxed", "release", "acq_rel",
                                                          "seq_cst", "acquire")), None, 1))
            else:
                out.append(("aop", c, "store", rng.choice(("relaxed", "release", "seq_cst")),
                            None, rng.randint(0, 2)))
        else:
            # observe: a load (or an RMW), then data
            if rng.random() < 0.7:
                out.append(("aop", c, "load", rng.choice(("relaxed", "acquire", "seq_cst")),
                            None, 0))
            else:
                out.append(("aop", c, "add", rng.choice(("acquire", "acq_rel", "relaxed")),
                            None, 1))
            out += self.accs(None, 1, 1)
        return ("seq", out)

    def send(self, th, f=None):
        rng = self.rng
        if not self.p.nflags:
            return None
        f = rng.randrange(self.p.nflags) if f is None else f
        data = [("acc", l, "w" if rng.random() < 0.7 else "rw", rng.randint(1, 9))
                for l in self.flag_data[f]]
        order = rng.choice(("release", "release", "seq_cst", "relaxed"))
        return ("seq", data + [("aop", ("f", f), "store", order, None, 1)])

    def recv(self, th, f=None):
        rng = self.rng
        if not self.p.nflags:
            return None
        f = rng.randrange(self.p.nflags) if f is None else f
        v = th.new_local()
        order = rng.choice(("acquire", "acquire", "seq_cst", "relaxed"))
        then = [("acc", l, "r" if rng.random() < 0.7 else "rw", 1) for l in self.flag_data[f]]
        other = [] if rng.random() < 0.7 else [self.acc()]
        return ("seq", [("aop", ("f", f), "load", order, v, 0),
                        ("if", (v, "!=", 0), then, other)])

    def mixed(self, th):
        rng = self.rng
        ms = [l for l in self.p.locs if l.mixed]
        if not ms:
            return None
        loc = rng.choice(ms)
        op = rng.choice(("add", "add", "load", "store"))
        return ("aop", ("m", loc.idx), op, "relaxed", None, rng.randint(1, 3))

    def item(self, th):
        kinds = [(self.cs, 4), (self.plain, 3), (self.try_, 2), (self.cond, 2),
                 (self.counter, 2), (self.send, 1), (self.recv, 2), (self.mixed, 1)]
        for _ in range(6):
            fn = self.rng.choices([f for f, _ in kinds], [w for _, w in kinds])[0]
            nl = th.nlocals
            it = fn(th)
            if it is not None:
                return it
            th.nlocals = nl
        return self.cs(th)

    # -- the whole program --

    def build(self):
        rng, p = self.rng, self.p
        p.nmutex = rng.choice((1, 2, 2, 2, 3))
        p.guarded = [rng.choice((0, 0, 1)) for _ in range(p.nmutex)]
        # locations: 1-3 int globals, struct fields, heap fields, array elements
        names = ["g%d" % i for i in range(rng.randint(1, 3))]
        if rng.random() < 0.6:
            names += ["s.%s" % f for f in rng.sample(("a", "b"), rng.randint(1, 2))]
            p.structs.add("s")
        if rng.random() < 0.6:
            names += ["hp->%s" % f for f in rng.sample(("x", "y"), rng.randint(1, 2))]
            p.structs.add("hp")
        if rng.random() < 0.5:
            names += ["arr[%d]" % i for i in sorted(rng.sample(range(4), rng.randint(1, 2)))]
            p.structs.add("arr")
        if len(names) > 5:
            names = rng.sample(names, 5)
            names.sort()
        for n in names:
            p.locs.append(Loc(len(p.locs), n, rng.randrange(p.nmutex)))
        gl = [l for l in p.locs if l.cname.startswith("g")]
        if rng.random() < 0.35 and gl:
            rng.choice(gl).mixed = True
        p.structs = {s for s in p.structs
                     if any(l.cname.startswith(s) for l in p.locs)}
        p.nflags = 1 if rng.random() < 0.45 else 0
        p.ncounters = 1 if rng.random() < 0.4 else 0
        self.flag_data = [rng.sample(p.locs, min(len(p.locs), rng.choice((1, 1, 2))))
                          for _ in range(p.nflags)]
        self.flag_data = [[l.idx for l in ls] for ls in self.flag_data]

        nworkers = rng.choice((2, 2, 3)) if self.shrink < 3 else 2
        main = Thread(0, None)
        p.threads.append(main)
        for i in range(1, nworkers + 1):
            p.threads.append(Thread(i, 0))
        child = None
        if rng.random() < 0.3 and self.shrink < 6:
            child = Thread(nworkers + 1, rng.randint(1, nworkers))
            p.threads.append(child)
        budget = max(5, rng.randint(*self.budget) - 2 * self.shrink)

        items = {t.idx: [] for t in p.threads}
        spent = 0
        for t in p.threads[1:]:
            it = self.item(t)
            items[t.idx].append(it)
            spent += cost(self.flat([it]), self.acc_cost)
        for _ in range(3):
            for t in p.threads[1:]:
                if len(items[t.idx]) >= 4 or rng.random() < 0.35:
                    continue
                nl = t.nlocals
                it = self.item(t)
                c = cost(self.flat([it]), self.acc_cost)
                if spent + c > budget:
                    t.nlocals = nl
                    continue
                items[t.idx].append(it)
                spent += c
        self.balance(items)
        main_item = None
        if rng.random() < 0.4:
            nl = main.nlocals
            main_item = self.item(main)
            if spent + cost(self.flat([main_item]), self.acc_cost) > budget + 2:
                main_item, main.nlocals = None, nl

        # workers' bodies: a child is created between two items and joined later
        for t in p.threads[1:]:
            body = self.flat(items[t.idx])
            if child is not None and child.parent == t.idx:
                at = rng.randint(0, len(body))
                body.insert(at, ("create", child.idx))
                body.insert(rng.randint(at + 1, len(body)), ("join", child.idx))
            t.body = body

        # main: initial writes, creates (an item or an early join between them), joins, reads
        body = []
        for l in rng.sample(p.locs, rng.randint(0, min(2, len(p.locs)))):
            body.append(("acc", l.idx, "w", rng.randint(1, 3)))
        workers = [t.idx for t in p.threads[1:] if t.parent == 0]
        early = rng.random() < 0.25
        for i, w in enumerate(workers):
            if i == len(workers) - 1 and early:
                body.append(("join", workers[0]))
            if i == len(workers) - 1 and main_item is not None:
                body += self.flat([main_item])
            body.append(("create", w))
        joins = [w for w in workers if not (early and w == workers[0])]
        rng.shuffle(joins)
        body += [("join", w) for w in joins]
        if rng.random() < 0.5 and p.locs:
            for l in rng.sample(p.locs, rng.randint(1, min(3, len(p.locs)))):
                body.append(("acc", l.idx, "r", 0))
        main.body = body
        return p

    def balance(self, items):
        """Every flag gets a store and a load, every counter a write and a read (in most
        seeds), each item in a thread chosen at random."""
        rng, p = self.rng, self.p

        def ops(obj):
            found = set()

            def scan(stmts):
                for s in stmts:
                    if s[0] == "aop" and s[1] == obj:
                        found.add("read" if s[2] == "load" else "write")
                    for x in s[1:]:
                        if isinstance(x, list):
                            scan(x)

            for its in items.values():
                scan(self.flat(its))
            return found

        workers = p.threads[1:]
        for f in range(p.nflags):
            have = ops(("f", f))
            if "write" not in have and rng.random() < 0.9:
                t = rng.choice(workers)
                items[t.idx].insert(rng.randint(0, len(items[t.idx])), self.send(t, f))
            if "read" not in have and rng.random() < 0.9:
                t = rng.choice(workers)
                items[t.idx].insert(rng.randint(0, len(items[t.idx])), self.recv(t, f))
        for c in range(p.ncounters):
            have = ops(("c", c))
            for what in ("write", "read"):
                if what not in have and rng.random() < 0.8:
                    t = rng.choice(workers)
                    items[t.idx].insert(rng.randint(0, len(items[t.idx])),
                                        self.counter(t, publish=what == "write"))

    @staticmethod
    def flat(items):
        out = []
        for it in items:
            if it[0] == "seq":
                out += it[1]
            else:
                out.append(it)
        return out


# ---- the model -------------------------------------------------------------------------------

NEW, LIVE, DONE = 0, 1, 2
VISIBLE = {"lock", "unlock", "trylock", "aop", "vis", "create", "join", "end"}
_CMP = {">": lambda a, b: a > b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def compile_body(stmts, code, visible=frozenset()):
    """Thread code; the plain accesses whose uid is in visible (sites dpu made scheduling
    points, --races=on) become visible operations: a read, a write, or both for `x += k`."""
    for s in stmts:
        tag = s[0]
        if tag == "cs":
            code.append(("lock", s[1]))
            compile_body(s[2], code, visible)
            code.append(("unlock", s[1]))
        elif tag == "try":
            at = len(code)
            code.append(None)
            compile_body(s[2], code, visible)
            code.append(("unlock", s[1]))
            jmp = len(code)
            code.append(None)
            code[at] = ("trylock", s[1], len(code))
            compile_body(s[3], code, visible)
            code[jmp] = ("jmp", len(code))
        elif tag == "if":
            at = len(code)
            code.append(None)
            compile_body(s[2], code, visible)
            jmp = len(code)
            code.append(None)
            code[at] = ("jf", s[1], len(code))
            compile_body(s[3], code, visible)
            code[jmp] = ("jmp", len(code))
        elif tag == "acc" and ((s[-1], "read") in visible or (s[-1], "write") in visible):
            # the load of x += k, then its store: each a scheduling point if it races
            for instr, modes in (("read", ("r", "rw")), ("write", ("w", "rw"))):
                if s[2] not in modes:
                    continue
                if (s[-1], instr) in visible:
                    code.append(("vis", instr, s))
                else:
                    code.append(("acc", s[1], instr[0], s[3], s[-1]))
        elif tag in ("getg", "setg", "acc", "aop", "create", "join"):
            code.append(s)
        else:
            raise ValueError(tag)
    return code


class Model:
    """A state is (status, pc, locals, guarded values, mutex owners, flag values); pc -1 =
    start pending. Plain code runs right after the visible operation before it."""

    def __init__(self, prog, visible=frozenset()):
        self.p = prog
        self.code = [compile_body(t.body, [], visible) + [("end",)] for t in prog.threads]
        n = len(prog.threads)
        self.n = n
        self.init = ((LIVE,) + (NEW,) * (n - 1), (-1,) * n,
                     tuple((0,) * t.nlocals for t in prog.threads),
                     tuple(prog.guarded), (-1,) * prog.nmutex, (0,) * prog.nflags)
        self._succ = {}

    def pending(self, s, t):
        if s[0][t] != LIVE:
            return None
        pc = s[1][t]
        return ("start",) if pc < 0 else self.code[t][pc]

    def enabled(self, s, t, op):
        if op[0] == "lock":
            return s[4][op[1]] < 0
        if op[0] == "join":
            return s[0][op[1]] == DONE
        return True

    @staticmethod
    def eager(t, op):
        return op[0] in ("start", "create") or (op[0] == "end" and t != 0)

    @classmethod
    def dependent(cls, a, b):
        """dpu's independence: operations on different objects commute, and so do two atomic
        loads of one location (reads commute: explorer/pes.h)."""
        if cls.obj(a) != cls.obj(b):
            return False
        return not (a[0] == "aop" and a[2] == "load" and b[0] == "aop" and b[2] == "load")

    @staticmethod
    def obj(op):
        if op[0] in ("lock", "unlock", "trylock"):
            return ("m", op[1])
        if op[0] == "join":
            return ("t", op[1])
        if op[0] == "aop":
            o = op[1]
            return ("a",) + o
        return ("exit",)

    def choices(self, s):
        out = []
        for t in range(self.n):
            op = self.pending(s, t)
            if op is None or not self.enabled(s, t, op):
                continue
            if self.eager(t, op):
                return [(t, op)]
            out.append((t, op))
        return out

    def step(self, s, t):
        """(next state, the visible op, plain accesses run after it: [(loc, mode, line)],
        trylock acquired?)"""
        key = (s, t)
        r = self._succ.get(key)
        if r is None:
            r = self._succ[key] = self._step(s, t)
        return r

    def _step(self, s, t):
        st, pc, loc, gv, mx, fl = (list(x) for x in s)
        code = self.code[t]
        op = self.pending(s, t)
        tag = op[0]
        i = pc[t]
        acquired = False
        if tag == "start":
            i = 0
        elif tag == "lock":
            mx[op[1]] = t
            i += 1
        elif tag == "unlock":
            assert mx[op[1]] == t
            mx[op[1]] = -1
            i += 1
        elif tag == "trylock":
            assert mx[op[1]] != t
            if mx[op[1]] < 0:
                mx[op[1]] = t
                acquired = True
                i += 1
            else:
                i = op[2]
        elif tag == "aop":
            obj, what = op[1], op[2]
            if obj[0] == "f":
                if what == "store":
                    fl[obj[1]] = op[5]
                elif op[4] is not None:
                    lo = list(loc[t])
                    lo[op[4]] = fl[obj[1]]
                    loc[t] = tuple(lo)
            i += 1
        elif tag == "vis":
            i += 1
        elif tag == "create":
            st[op[1]] = LIVE
            pc[op[1]] = -1
            i += 1
        elif tag == "join":
            i += 1
        elif tag == "end":
            st[t] = DONE
        plain = []
        if tag != "end":
            lo = list(loc[t])
            while code[i][0] not in VISIBLE:
                ins = code[i]
                if ins[0] == "getg":
                    lo[ins[1]] = gv[ins[2]]
                    plain.append((("gv", ins[2]), "r"))
                    i += 1
                elif ins[0] == "setg":
                    gv[ins[1]] += ins[2]
                    plain.append((("gv", ins[1]), "rw"))
                    i += 1
                elif ins[0] == "acc":
                    plain.append((("l", ins[1]), ins[2], ins))
                    i += 1
                elif ins[0] == "jf":
                    l, o, k = ins[1]
                    i = i + 1 if _CMP[o](lo[l], k) else ins[2]
                elif ins[0] == "jmp":
                    i = ins[1]
                else:
                    raise ValueError(ins)
            loc[t] = tuple(lo)
            pc[t] = i
        return ((tuple(st), tuple(pc), tuple(loc), tuple(gv), tuple(mx), tuple(fl)),
                op, plain, acquired)

    def runs(self, cap):
        """Leaves of dpu's exhaustive DFS (runs of `dpu --por=none`); stops past cap."""
        memo = {}

        def go(s):
            r = memo.get(s)
            if r is not None:
                return r
            ch = self.choices(s)
            if not ch:
                r = 1
            else:
                r = 0
                for t, _ in ch:
                    r += go(self.step(s, t)[0])
                    if r > cap:
                        break
            memo[s] = r
            return r

        return go(self.init)

    def traces(self, sites):
        """Sleep-set DFS: one run per Mazurkiewicz trace, with vector clocks along it.
        Returns (max-configs, traces with a race, set of racing pairs of sites); sites maps
        the uid of an access statement to its site (a line number)."""
        out = {"traces": 0, "racy": 0, "pairs": set(), "every": None, "instrs": set()}

        def go(s, hb, sleep):
            ch = self.choices(s)
            if not ch:
                if any(x == LIVE for x in s[0]):
                    raise AssertionError("deadlock in a race program")
                out["traces"] += 1
                pairs = races(hb[4])
                if pairs:
                    out["racy"] += 1
                    out["pairs"] |= pairs
                out["every"] = pairs if out["every"] is None else out["every"] & pairs
                return
            if len(ch) == 1 and self.eager(*ch[0]):
                t = ch[0][0]
                go(*self.apply(s, t, hb, sites), sleep)
                return
            done = []
            for t, op in ch:
                if t in sleep:
                    continue
                ns = frozenset(u for u in itertools.chain(sleep, done)
                               if not self.dependent(self.pending(s, u), op))
                go(*self.apply(s, t, hb, sites), ns)
                done.append(t)

        def races(accs):
            pairs = set()
            for i in range(len(accs)):
                ta, ea, ca, la, wa, aa, sa = accs[i]
                for j in range(i + 1, len(accs)):
                    tb, eb, cb, lb, wb, ab, sb = accs[j]
                    if ta == tb or la != lb or not (wa or wb) or (aa and ab):
                        continue
                    if ea <= cb[ta] or eb <= ca[tb]:
                        continue
                    if sa is None or sb is None:
                        raise AssertionError("a guarded int races: %r" % (la,))
                    pairs.add((min(sa[0], sb[0]), max(sa[0], sb[0])))
                    # the racing instructions: dpu makes them scheduling points (--races=on)
                    for x in (sa, sb):
                        if x[2] != "atomic":
                            out["instrs"].add(x[1:])
            return pairs

        n = self.n
        vc = [None] * n
        vc[0] = tuple(1 if i == 0 else 0 for i in range(n))
        # hb: (thread clocks, mutex clocks, atomic location clocks, exit clocks, accesses)
        go(self.init, (tuple(vc), {}, {}, {}, ()), frozenset())
        self.in_every_trace = out["every"] or set()
        self.racing_instrs = frozenset(out["instrs"])
        return out["traces"], out["racy"], out["pairs"]

    def apply(self, s, t, hb, sites):
        """One step of thread t, with its happens-before: (next state, next hb). An access
        is (thread, epoch, clock, location, writes, atomic, site); a HB b iff a's epoch <=
        b's clock[a's thread]. A visible operation acquires, makes its atomic access,
        publishes the thread's clock, then the thread's epoch moves on: the plain code after
        it is not covered by what it published."""
        ns, op, plain, acquired = self.step(s, t)
        vc, mclk, aclk, xclk, accs = hb
        vc = list(vc)
        tag = op[0]
        new = []

        def join(a, b):
            return tuple(max(x, y) for x, y in zip(a, b))

        me = vc[t]
        if tag == "create":
            c = op[1]
            child = list(me)
            child[c] = 1
            vc[c] = tuple(child)
        elif tag == "lock" or (tag == "trylock" and acquired):
            if op[1] in mclk:
                me = join(me, mclk[op[1]])
        elif tag == "unlock":
            mclk = dict(mclk)
            mclk[op[1]] = me
        elif tag == "join":
            me = join(me, xclk[op[1]])
        elif tag == "end":
            xclk = dict(xclk)
            xclk[t] = me
        elif tag == "aop":
            # C17 5.1.2.4p10-11: an acquire synchronises with every release whose release
            # sequence the value it reads belongs to; the sequence headed by a release by
            # thread u goes on through u's later stores and through any thread's RMWs. aclk
            # holds the (u, clock of the release) of the sequences still going on.
            obj, what, order = op[1], op[2], op[3]
            seqs = aclk.get(obj, ())
            if what in ("load", "add") and order in ACQ:
                for _u, c in seqs:
                    me = join(me, c)
            where = ("l", obj[1]) if obj[0] == "m" else ("a",) + obj
            new.append((t, me[t], me, where, what != "load", True,
                        (sites[op[-1]], op[-1], "atomic")))
            if what != "load":
                if what == "store":
                    seqs = tuple(x for x in seqs if x[0] == t)
                if order in REL:
                    seqs = seqs + ((t, me),)
                aclk = dict(aclk)
                aclk[obj] = seqs
        me = list(me)
        me[t] += 1
        me = tuple(me)
        vc[t] = me
        for p in plain:
            # x += k is a load and a store (one site for dpu's reports, two instructions)
            uid = p[2][-1] if len(p) > 2 else None
            if p[1] in ("r", "rw"):
                new.append((t, me[t], me, p[0], False, False,
                            None if uid is None else (sites[uid], uid, "read")))
            if p[1] in ("w", "rw"):
                new.append((t, me[t], me, p[0], True, False,
                            None if uid is None else (sites[uid], uid, "write")))
        return ns, (tuple(vc), mclk, aclk, xclk, accs + tuple(new))


# ---- C text ----------------------------------------------------------------------------------

HEADER_LINES = 5   # the comment lines before the first #include


def number(prog):
    """Appends a unique id to every access statement (equal tuples on different lines are
    different sites)."""
    uid = itertools.count()

    def walk(stmts):
        out = []
        for s in stmts:
            tag = s[0]
            if tag in ("acc", "aop"):
                s = s + (next(uid),)
            elif tag == "cs":
                s = (tag, s[1], walk(s[2]))
            elif tag in ("try", "if"):
                s = (tag, s[1], walk(s[2]), walk(s[3]))
            out.append(s)
        return out

    for t in prog.threads:
        t.body = walk(t.body)


def render_body(p):
    """The program after the header: (lines, {uid: line number})."""
    out = []
    sites = {}
    w = out.append
    ln = lambda: HEADER_LINES + len(out) + 1  # noqa: E731 (the number of the next line)
    w("#include <pthread.h>")
    w("#include <stdatomic.h>")
    if "hp" in p.structs:
        w("#include <stdlib.h>")
    w("")
    for m in range(p.nmutex):
        w("static pthread_mutex_t m%d = PTHREAD_MUTEX_INITIALIZER;" % m)
    for m in range(p.nmutex):
        w("static int gv%d = %d; // only touched under m%d: a branch may test it"
          % (m, p.guarded[m], m))

    builtins = set()  # the locations that __atomic builtins access

    def scan(stmts):
        for s in stmts:
            if s[0] == "aop" and s[1][0] == "m":
                builtins.add(s[1][1])
            for x in s[1:]:
                if isinstance(x, list):
                    scan(x)

    for t in p.threads:
        scan(t.body)

    def homes(prefix):
        return ", ".join("%s: m%d%s" % (l.cname, l.home, ", also relaxed __atomic builtins"
                                         if l.idx in builtins else "")
                         for l in p.locs if l.cname.startswith(prefix))

    for l in p.locs:
        if l.cname.startswith("g"):
            w("static int %s; // home %s" % (l.cname, homes(l.cname)[len(l.cname) + 2:]))
    if "s" in p.structs:
        w("static struct { int a; int b; } s; // homes %s" % homes("s."))
    if "arr" in p.structs:
        w("static int arr[4]; // homes %s" % homes("arr["))
    if "hp" in p.structs:
        w("struct cell { int x; int y; };")
        w("static struct cell *hp; // calloc'd by main before its creates; homes %s"
          % homes("hp->"))
    lname = {l.idx: l.cname for l in p.locs}
    for f in range(p.nflags):
        w("static atomic_int f%d; // stored 1 after writing %s" % (
            f, " and ".join(lname[i] for i in p.flag_data[f])))
    for c in range(p.ncounters):
        w("static atomic_int c%d;" % c)
    w("")
    for t in p.threads[1:]:
        w("static void *%s(void *arg);" % t.fname)

    def uses_sink(stmts):
        for s in stmts:
            if (s[0] == "acc" and s[2] == "r") or (s[0] == "aop" and s[2] == "load"
                                                    and s[4] is None):
                return True
            for x in s[1:]:
                if isinstance(x, list) and uses_sink(x):
                    return True
        return False

    def block(stmts, ind):
        pad = "  " * ind
        for s in stmts:
            tag = s[0]
            if tag == "cs":
                w("%spthread_mutex_lock(&m%d);" % (pad, s[1]))
                block(s[2], ind + 1)
                w("%spthread_mutex_unlock(&m%d);" % (pad, s[1]))
            elif tag == "try":
                w("%sif (pthread_mutex_trylock(&m%d) == 0) {" % (pad, s[1]))
                block(s[2], ind + 1)
                w("%s  pthread_mutex_unlock(&m%d);" % (pad, s[1]))
                if s[3]:
                    w("%s} else {" % pad)
                    block(s[3], ind + 1)
                w("%s}" % pad)
            elif tag == "if":
                l, op, k = s[1]
                w("%sif (v%d %s %d) {" % (pad, l, op, k))
                block(s[2], ind + 1)
                if s[3]:
                    w("%s} else {" % pad)
                    block(s[3], ind + 1)
                w("%s}" % pad)
            elif tag == "getg":
                w("%sv%d = gv%d;" % (pad, s[1], s[2]))
            elif tag == "setg":
                w("%sgv%d += %d;" % (pad, s[1], s[2]))
            elif tag == "acc":
                sites[s[-1]] = ln()
                x = lname[s[1]]
                w(pad + ("sink += %s;" % x if s[2] == "r" else
                         "%s = %d;" % (x, s[3]) if s[2] == "w" else "%s += %d;" % (x, s[3])))
            elif tag == "aop":
                sites[s[-1]] = ln()
                obj, what, order, l, k = s[1], s[2], s[3], s[4], s[5]
                if obj[0] == "m":
                    x = lname[obj[1]]
                    w(pad + ("sink += __atomic_load_n(&%s, __ATOMIC_RELAXED);" % x
                             if what == "load" else
                             "__atomic_store_n(&%s, %d, __ATOMIC_RELAXED);" % (x, k)
                             if what == "store" else
                             "__atomic_fetch_add(&%s, %d, __ATOMIC_RELAXED);" % (x, k)))
                else:
                    x = "%s%d" % obj
                    o = ORD_C[order]
                    if what == "load":
                        dst = "v%d = " % l if l is not None else "sink += "
                        w("%s%satomic_load_explicit(&%s, %s);" % (pad, dst, x, o))
                    elif what == "store":
                        w("%satomic_store_explicit(&%s, %d, %s);" % (pad, x, k, o))
                    else:
                        w("%satomic_fetch_add_explicit(&%s, %d, %s);" % (pad, x, k, o))
            elif tag == "create":
                w("%spthread_create(&h%d, NULL, t%d, NULL);" % (pad, s[1], s[1]))
            elif tag == "join":
                w("%spthread_join(h%d, NULL);" % (pad, s[1]))
            else:
                raise ValueError(tag)

    def function(t):
        sink = uses_sink(t.body)
        kids = [c.idx for c in p.threads if c.parent == t.idx]
        if t.idx == 0:
            w("int main(void) {")
        else:
            w("static void *%s(void *arg) {" % t.fname)
            w("  (void)arg;")
        if kids:
            w("  pthread_t %s;" % ", ".join("h%d" % c for c in kids))
        if sink:
            w("  int sink = 0; // a local: never shared")
        if t.nlocals:
            w("  int %s;" % ", ".join("v%d = 0" % i for i in range(t.nlocals)))
        if t.idx == 0 and "hp" in p.structs:
            w("  hp = calloc(1, sizeof *hp);")
        block(t.body, 1)
        if t.idx == 0 and "hp" in p.structs:
            w("  free(hp);")
        if sink:
            w("  (void)sink;")
        for i in range(t.nlocals):
            w("  (void)v%d;" % i)
        w("  return %s;" % ("0" if t.idx == 0 else "NULL"))
        w("}")

    for t in p.threads[1:]:
        w("")
        function(t)
    w("")
    function(p.threads[0])
    return out, sites


def render(p, seed, info, body):
    if info["mode"] == "report":
        options = "--memory-model=sc --races=report (the model's; the synchronisation's traces only)"
    else:
        options = ("--memory-model=sc (the model's; --races=on: the racing accesses become "
                   "scheduling points)")
    if info["explorations"] == 1:
        model = ("%d max-configs, %d defects (traces with a race), %d runs, exit %d"
                 % (info["max_configs"], info["defects"], info["runs"],
                    1 if info["defects"] else 0))
    else:
        # the counts of the second exploration depend on how dpu maps accesses to objects
        model = ("%d runs in 2 explorations (%d + %d: the racing loads and stores made "
                 "visible), exit 1" % (info["runs"], info["runs"] - info["runs2"],
                                       info["runs2"]))
    head = [
        "// Generated by tests/gen/genprog.py %d --kind=race; regenerate rather than edit." % seed,
        "// shape: %d threads besides main, %d mutexes, %d locations, %d flags, %d counters"
        % (len(p.threads) - 1, p.nmutex, len(p.locs), p.nflags, p.ncounters),
        "// dpu options: " + options,
        "// model: " + model,
        "// model races: %s" % (" ".join("%d-%d" % pr for pr in sorted(info["races"]))
                                or "none"),
    ]
    assert len(head) == HEADER_LINES
    return "\n".join(head + body) + "\n"


def generate(seed):
    """(C text, model info) of this seed. Half the seeds are for `--races=report` and half for
    dpu's default `--races=on`; the program is the first shape (attempt 0, 1, ..., each
    smaller) whose exhaustive exploration takes at most RUNS_CAP runs (RUNS_CAP_ON for the
    two explorations of --races=on)."""
    mode = random.Random("dpu-genprog:%s:%d:mode" % (KIND, seed)).choice(("report", "on"))
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (KIND, seed, attempt))
        b = Builder(rng, attempt, mode)
        prog = b.build()
        prog.flag_data = b.flag_data
        number(prog)
        model = Model(prog)
        cap = RUNS_CAP if mode == "report" else RUNS_CAP_ON
        runs = model.runs(cap)
        if runs > cap:
            continue
        body, sites = render_body(prog)
        mc, racy, pairs = model.traces(sites)
        if mc == 1 and attempt < SINGLE_TRACE_RETRIES:
            continue  # one trace: nothing for QPOR to choose; try another shape
        runs2 = 0
        if mode == "on" and pairs:
            runs2 = Model(prog, model.racing_instrs).runs(cap - runs)
            if runs + runs2 > cap:
                continue
        info = {"max_configs": mc, "defects": racy, "runs": runs + runs2, "runs2": runs2,
                "races": pairs, "distinct": len(pairs), "attempt": attempt, "mode": mode,
                "explorations": 2 if runs2 else 1,
                "some_traces": len(pairs - model.in_every_trace)}
        return render(prog, seed, info, body), info
    raise RuntimeError("seed %d: no race shape under %d runs in %d attempts"
                       % (seed, RUNS_CAP, MAX_ATTEMPTS))
