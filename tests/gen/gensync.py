"""Random programs using the rest of the pthread API, for genprog.py's kinds other than mutex.

    genprog.py SEED --kind=cond|sem|rwlock|barrier|atomic|mixed|signal

Each kind draws its shared objects and each thread's items from families of code fragments:

  cond     one mutex, one or two condition variables, counters guarded by the mutex:
           producers add to a counter and signal or broadcast; consumers wait in a
           `while (counter == 0)` loop and take one; timed consumers wait once with
           pthread_cond_timedwait; flag waiters and setters; plain critical sections.
  sem      a counting semaphore (initial value 0-2) with posts, waits, trywaits, timedwaits
           and getvalues; a binary semaphore used as a lock; a mutex.
  rwlock   one or two rwlocks guarding globals: read sections, write sections, the try and
           timed variants with both outcomes handled, a mutex nested in a read section.
  barrier  a barrier for 2-3 participants (main among them in some seeds), 1-2 rounds; before
           each round a participant writes its own slot (or runs a critical section), after it
           reads another's slot; the serial thread of each round counts itself; other threads
           run critical sections meanwhile. In a few seeds the count is one too many.
  atomic   atomic ints: load, store, fetch_add/sub/or, exchange, a single compare-and-swap,
           check-then-act (load, then store), spin loops waiting for a flag another thread
           sets (`while (!atomic_load(&f));`), bounded spin loops, a mutex-guarded global.
  mixed    a few of the families above in one program.
  signal   SIGUSR1 and SIGUSR2, sent by the threads to the process (raise, kill(getpid(), ..),
           pthread_kill of the sender or of main) after main blocked one or both (the threads
           inherit its mask): sigwait on a set, the signal taken recorded under a mutex;
           sigtimedwait with a zero timeout (taken or EAGAIN, both counted); a thread that
           unblocks a signal with pthread_sigmask, delivering it to the handler main installed
           with sigaction (a volatile sig_atomic_t counter); in some seeds main unblocks what
           is left pending after its joins; plain critical sections. See class Signals for the
           rules that keep these programs race free and their outcomes functions of the trace.

Every shared plain variable is guarded by one lock-like object (or written before a barrier
and read after it, or read by main after its joins), so a run's outcome is a function of its
trace; every atomic variable is accessed with atomic operations only. No thread exits early:
main joins every thread and then checks its assertion (which fails in some seeds), so
defects are failed assertions, deadlocks (a lost wakeup, a semaphore never posted, a barrier
that never fills, a sigwait for a signal nobody sends) and spin loops nobody ends (a hang);
the signal kind also has a few crashes (a signal without a handler that main unblocks after
its joins: no other thread can move then, so both explorers count the same traces). Loops:
only `while (!pred) wait`, spin loops on atomics and bounded `for` loops. The size is kept
small: 2-3 threads besides main, a budget of rough visible-operation costs for their items,
and an estimate of the exhaustive explorer's runs (estimate_runs, below) that must stay
under RUNS_CAP, else a smaller shape is drawn; `dpu --por=none` then explores a program in
well under 2 s. There is no model of these kinds: the oracle is dpu's exhaustive explorer.
"""

import random

KINDS = ("cond", "sem", "rwlock", "barrier", "atomic", "mixed", "signal")


class Prog:
    """A program being generated: global declarations, main's prologue and epilogue, thread
    bodies (lists of C lines, indented by the emitter), and the checks main makes."""

    def __init__(self, rng, kind):
        self.rng = rng
        self.kind = kind
        self.includes = {"assert.h", "pthread.h", "stdio.h"}
        self.decls = []
        self.pre = []        # main, before creating the threads
        self.post = []       # main, after the joins, before the assertion
        self.threads = []    # [Thread]
        self.main_items = [] # main, between the creates and the joins (a barrier's rounds)
        self.checks = []     # ("val", C expression): candidates for main's assertion
        self.families = []   # names, for the header
        self.n = 0           # fresh-name counter
        self.needs_deadline = False
        self.bounds = {}     # check -> an upper bound of its value, where known (signal kind)
        self.varying = set() # checks likely to differ between traces (signal kind): the
                             # assertion's candidates, if any

    def fresh(self, base):
        self.n += 1
        return "%s%d" % (base, self.n)


class Thread:
    def __init__(self, idx):
        self.idx = idx
        self.items = []      # lists of lines (each an item)
        self.locals = []     # declared ints
        self.cost = 0        # visible operations on the longest path (rough)
        self.effects = []    # (family, what, key, n) of the items added, for balancing

    @property
    def name(self):
        return "t%d" % self.idx

    def local(self, prog, base="v"):
        name = prog.fresh(base)
        self.locals.append(name)
        return name


def effects(threads, fam, what, key=None):
    """How many of `what` (e.g. produce) the items of the threads do for family fam."""
    return sum(n for th in threads for f, w, k, n in th.effects
               if f is fam and w == what and (key is None or k == key))


def add(th, fn):
    """Adds the item fn(th) to thread th, before its other items: the items that balancing
    adds (a producer for a consumer, a post for a wait, a flag for a spin loop) never wait
    behind the thread's own waits."""
    lines, cost = fn(th)
    th.items.insert(0, lines)
    th.cost += cost


def block(lines, ind=1):
    return ["  " * ind + ln if ln else ln for ln in lines]


# ---- families -------------------------------------------------------------------------------
# A family adds its objects to the program in setup() and offers items: item(th) returns the
# lines of one item for thread th (or None) and its rough cost in visible operations.


class Mutexes:
    """A mutex with an int guarded by it; plain critical sections (used by other families)."""

    def __init__(self, p, name="m"):
        self.p = p
        self.m = p.fresh(name)
        self.g = p.fresh("g")
        init = p.rng.choice((0, 1))
        p.decls.append("static pthread_mutex_t %s = PTHREAD_MUTEX_INITIALIZER;" % self.m)
        p.decls.append("static int %s = %d; // guarded by %s" % (self.g, init, self.m))
        p.checks.append(("val", self.g))

    def cs(self, th):
        rng = self.p.rng
        op = rng.choice(("%s = %s + %d;" % (self.g, self.g, rng.randint(1, 3)),
                         "%s = %s * 2 + 1;" % (self.g, self.g),
                         "%s = %d;" % (self.g, rng.randint(0, 3))))
        return ["pthread_mutex_lock(&%s);" % self.m, "  " + op,
                "pthread_mutex_unlock(&%s);" % self.m], 2

    def items(self):
        return [(self.cs, 2)]


class Conds:
    def __init__(self, p):
        self.p = p
        rng = p.rng
        self.mx = Mutexes(p, "cm")
        self.m = self.mx.m
        self.nc = rng.choice((1, 1, 2))
        self.c = [p.fresh("c") for _ in range(self.nc)]
        for c in self.c:
            p.decls.append("static pthread_cond_t %s = PTHREAD_COND_INITIALIZER;" % c)
        # counters q[k] waited on through condition variable cv_of[k] (two counters may share
        # one condition variable: then a signal can wake the wrong waiter)
        self.nq = rng.choice((1, 1, 2))
        self.q = [p.fresh("q") for _ in range(self.nq)]
        self.cv_of = [self.c[min(k, self.nc - 1)] if rng.random() < 0.7 else self.c[0]
                      for k in range(self.nq)]
        for q in self.q:
            p.decls.append("static int %s; // guarded by %s" % (q, self.m))
        self.taken = p.fresh("taken")
        p.decls.append("static int %s; // guarded by %s" % (self.taken, self.m))
        p.checks.append(("val", self.taken))
        self.flag = None
        if rng.random() < 0.4:
            self.flag = p.fresh("flag")
            self.flag_cv = rng.choice(self.c)
            p.decls.append("static int %s; // guarded by %s" % (self.flag, self.m))

    def produce(self, th, k=None, n=None):
        rng = self.p.rng
        k = rng.randrange(self.nq) if k is None else k
        n = n or rng.choice((1, 1, 2))
        th.effects.append((self, "produce", k, n))
        wake = "pthread_cond_broadcast" if rng.random() < 0.4 else "pthread_cond_signal"
        return ["pthread_mutex_lock(&%s);" % self.m,
                "  %s += %d;" % (self.q[k], n),
                "  %s(&%s);" % (wake, self.cv_of[k]),
                "pthread_mutex_unlock(&%s);" % self.m], 4

    def consume(self, th, k=None):
        rng = self.p.rng
        k = rng.randrange(self.nq) if k is None else k
        th.effects.append((self, "consume", k, 1))
        return ["pthread_mutex_lock(&%s);" % self.m,
                "  while (%s == 0)" % self.q[k],
                "    pthread_cond_wait(&%s, &%s);" % (self.cv_of[k], self.m),
                "  %s--;" % self.q[k],
                "  %s++;" % self.taken,
                "pthread_mutex_unlock(&%s);" % self.m], 6

    def timed_consume(self, th):
        k = self.p.rng.randrange(self.nq)
        self.p.needs_deadline = True
        return ["pthread_mutex_lock(&%s);" % self.m,
                "  if (%s == 0)" % self.q[k],
                "    pthread_cond_timedwait(&%s, &%s, &deadline);" % (self.cv_of[k], self.m),
                "  if (%s > 0) {" % self.q[k],
                "    %s--;" % self.q[k],
                "    %s++;" % self.taken,
                "  }",
                "pthread_mutex_unlock(&%s);" % self.m], 6

    def flag_wait(self, th):
        if not self.flag:
            return None
        th.effects.append((self, "flag_wait", 0, 1))
        return ["pthread_mutex_lock(&%s);" % self.m,
                "  while (!%s)" % self.flag,
                "    pthread_cond_wait(&%s, &%s);" % (self.flag_cv, self.m),
                "pthread_mutex_unlock(&%s);" % self.m], 6

    def flag_setter(self, th):
        if not self.flag:
            return None
        th.effects.append((self, "flag_set", 0, 1))
        wake = "pthread_cond_broadcast" if self.p.rng.random() < 0.7 else "pthread_cond_signal"
        return ["pthread_mutex_lock(&%s);" % self.m,
                "  %s = 1;" % self.flag,
                "  %s(&%s);" % (wake, self.flag_cv),
                "pthread_mutex_unlock(&%s);" % self.m], 4

    def items(self):
        its = [(self.produce, 3), (self.consume, 3), (self.timed_consume, 1), (self.mx.cs, 1)]
        if self.flag:
            its += [(self.flag_wait, 1), (self.flag_setter, 1)]
        return its

    def balance(self, threads):
        """Adds producers where consumers would otherwise wait for items that never come
        (in most seeds; in some, one item is left missing: a deadlock is then possible)."""
        rng = self.p.rng
        short = rng.random() < 0.15
        for k in range(self.nq):
            need = (effects(threads, self, "consume", k) - effects(threads, self, "produce", k)
                    - (1 if short and k == 0 else 0))
            while need > 0:
                add(rng.choice(threads), lambda th: self.produce(th, k, 1))
                need -= 1
        if (self.flag and effects(threads, self, "flag_wait") and
                not effects(threads, self, "flag_set") and rng.random() < 0.85):
            add(rng.choice(threads), self.flag_setter)


class Sems:
    def __init__(self, p):
        self.p = p
        rng = p.rng
        p.includes.add("semaphore.h")
        self.s = p.fresh("s")
        self.init = rng.choice((0, 0, 1, 2))
        p.decls.append("static sem_t %s; // counting, initialised to %d" % (self.s, self.init))
        p.pre.append("sem_init(&%s, 0, %d);" % (self.s, self.init))
        self.got = p.fresh("got")
        self.seen = p.fresh("seen")
        self.lock = None
        if rng.random() < 0.5:
            self.lock = p.fresh("sl")
            self.lg = p.fresh("g")
            p.decls.append("static sem_t %s; // binary: a lock for %s" % (self.lock, self.lg))
            p.decls.append("static int %s; // guarded by %s" % (self.lg, self.lock))
            p.pre.append("sem_init(&%s, 0, 1);" % self.lock)
            p.checks.append(("val", self.lg))
        self.mx = Mutexes(p, "sm")
        p.decls.append("static int %s, %s; // guarded by %s" % (self.got, self.seen, self.mx.m))
        p.checks.append(("val", self.got))
        p.checks.append(("val", self.seen))
        p.post.append("sem_getvalue(&%s, &final_%s);" % (self.s, self.s))
        p.decls.append("static int final_%s;" % self.s)
        p.checks.append(("val", "final_%s" % self.s))
        if rng.random() < 0.6:
            p.post.append("sem_destroy(&%s);" % self.s)

    def post(self, th):
        th.effects.append((self, "post", 0, 1))
        return ["sem_post(&%s);" % self.s], 1

    def wait(self, th):
        th.effects.append((self, "wait", 0, 1))
        return ["sem_wait(&%s);" % self.s,
                "pthread_mutex_lock(&%s);" % self.mx.m,
                "  %s++;" % self.got,
                "pthread_mutex_unlock(&%s);" % self.mx.m], 3

    def try_wait(self, th):
        rng = self.p.rng
        if rng.random() < 0.5:
            call = "sem_trywait(&%s)" % self.s
        else:
            self.p.needs_deadline = True
            call = "sem_timedwait(&%s, &deadline)" % self.s
        return ["if (%s == 0) {" % call,
                "  pthread_mutex_lock(&%s);" % self.mx.m,
                "    %s++;" % self.got,
                "  pthread_mutex_unlock(&%s);" % self.mx.m,
                "}"], 3

    def getvalue(self, th):
        v = th.local(self.p)
        return ["sem_getvalue(&%s, &%s);" % (self.s, v),
                "pthread_mutex_lock(&%s);" % self.mx.m,
                "  %s += %s;" % (self.seen, v),
                "pthread_mutex_unlock(&%s);" % self.mx.m], 3

    def locked(self, th):
        if not self.lock:
            return None
        rng = self.p.rng
        op = rng.choice(("%s = %s + %d;" % (self.lg, self.lg, rng.randint(1, 2)),
                         "%s = %s * 2;" % (self.lg, self.lg), "%s = 1;" % self.lg))
        return ["sem_wait(&%s);" % self.lock, "  " + op, "sem_post(&%s);" % self.lock], 2

    def items(self):
        its = [(self.post, 3), (self.wait, 3), (self.try_wait, 2), (self.getvalue, 1),
               (self.mx.cs, 1)]
        if self.lock:
            its.append((self.locked, 2))
        return its

    def balance(self, threads):
        rng = self.p.rng
        short = rng.random() < 0.15
        need = (effects(threads, self, "wait") - effects(threads, self, "post") - self.init
                - (1 if short else 0))
        while need > 0:
            add(rng.choice(threads), self.post)
            need -= 1


class RWLocks:
    def __init__(self, p):
        self.p = p
        rng = p.rng
        self.nrw = rng.choice((1, 1, 2))
        self.rw = [p.fresh("rw") for _ in range(self.nrw)]
        self.g = [p.fresh("g") for _ in range(self.nrw)]
        for rw, g in zip(self.rw, self.g):
            if rng.random() < 0.5:
                p.decls.append("static pthread_rwlock_t %s = PTHREAD_RWLOCK_INITIALIZER;" % rw)
            else:
                p.decls.append("static pthread_rwlock_t %s;" % rw)
                p.pre.append("pthread_rwlock_init(&%s, NULL);" % rw)
                if rng.random() < 0.6:
                    p.post.append("pthread_rwlock_destroy(&%s);" % rw)
            p.decls.append("static int %s = %d; // guarded by %s" % (g, rng.choice((0, 1)), rw))
            p.checks.append(("val", g))
        self.sum = p.fresh("seen")
        self.mx = Mutexes(p, "rm")
        p.decls.append("static int %s; // guarded by %s" % (self.sum, self.mx.m))
        p.checks.append(("val", self.sum))

    def pick(self):
        k = self.p.rng.randrange(self.nrw)
        return self.rw[k], self.g[k]

    def read(self, th):
        rw, g = self.pick()
        v = th.local(self.p)
        return ["pthread_rwlock_rdlock(&%s);" % rw,
                "  %s = %s;" % (v, g),
                "pthread_rwlock_unlock(&%s);" % rw,
                "pthread_mutex_lock(&%s);" % self.mx.m,
                "  %s += %s;" % (self.sum, v),
                "pthread_mutex_unlock(&%s);" % self.mx.m], 4

    def write(self, th):
        rw, g = self.pick()
        rng = self.p.rng
        op = rng.choice(("%s = %s + %d;" % (g, g, rng.randint(1, 2)), "%s = %s * 2 + 1;" % (g, g),
                         "%s = %d;" % (g, rng.randint(0, 3))))
        return ["pthread_rwlock_wrlock(&%s);" % rw, "  " + op,
                "pthread_rwlock_unlock(&%s);" % rw], 2

    def try_(self, th):
        rw, g = self.pick()
        rng = self.p.rng
        write = rng.random() < 0.5
        if rng.random() < 0.5:
            call = "pthread_rwlock_try%slock(&%s)" % ("wr" if write else "rd", rw)
        else:
            self.p.needs_deadline = True
            call = "pthread_rwlock_timed%slock(&%s, &deadline)" % ("wr" if write else "rd", rw)
        if write:
            body = ["  %s = %s + 10;" % (g, g)]
        else:
            v = th.local(self.p)
            body = ["  %s = %s + 1;" % (v, g)]
        lines = ["if (%s == 0) {" % call] + body + ["  pthread_rwlock_unlock(&%s);" % rw]
        if rng.random() < 0.5:
            lines += ["} else {"] + block(self.mx.cs(th)[0]) + ["}"]
            return lines, 3
        return lines + ["}"], 2

    def nested(self, th):
        rw, g = self.pick()
        return ["pthread_rwlock_rdlock(&%s);" % rw,
                "  pthread_mutex_lock(&%s);" % self.mx.m,
                "  %s += %s;" % (self.sum, g),
                "  pthread_mutex_unlock(&%s);" % self.mx.m,
                "pthread_rwlock_unlock(&%s);" % rw], 4

    def items(self):
        return [(self.read, 3), (self.write, 3), (self.try_, 2), (self.nested, 1)]

    def balance(self, threads):
        pass


class Barriers:
    """A barrier for `count` participants; the participants are chosen among the threads in
    finish(); before each round a participant writes its own slot, after it reads its
    neighbour's."""

    def __init__(self, p):
        self.p = p
        rng = p.rng
        self.b = p.fresh("b")
        self.rounds = rng.choice((1, 1, 2))
        self.serial = p.fresh("serial")
        p.decls.append("static pthread_barrier_t %s;" % self.b)
        p.decls.append("static int %s[%d]; // written by each round's serial thread"
                       % (self.serial, self.rounds))
        self.mx = Mutexes(p, "bm")

    def items(self):
        return [(self.mx.cs, 1)]

    def finish(self, threads, main):
        """Makes some of the threads (and main, sometimes) the participants."""
        p, rng = self.p, self.p.rng
        cands = list(threads)
        n = min(len(cands), rng.choice((2, 2, 3)))
        parts = rng.sample(cands, n)
        with_main = n == 2 and rng.random() < 0.3
        if n + with_main == 3:
            self.rounds = 1
            p.decls[p.decls.index(next(d for d in p.decls if d.startswith("static int %s[" % self.serial)))] = (
                "static int %s[1]; // written by each round's serial thread" % self.serial)
        count = len(parts) + (1 if with_main else 0)
        if rng.random() < 0.1:
            count += 1  # never fills
        p.pre.append("pthread_barrier_init(&%s, NULL, %d);" % (self.b, count))
        if rng.random() < 0.6:
            p.post.append("pthread_barrier_destroy(&%s);" % self.b)
        np = len(parts) + (1 if with_main else 0)
        slot = p.fresh("slot")
        seen = p.fresh("seen")
        p.decls.append("static int %s[%d][%d]; // [i][r] written by participant i before round r"
                       % (slot, np, self.rounds))
        p.decls.append("static int %s[%d]; // seen[i] written by participant i after a round"
                       % (seen, np))
        for r in range(self.rounds):
            p.checks.append(("val", "%s[%d]" % (self.serial, r)))
        p.checks.append(("val", "%s[0]" % seen))

        def code(i):
            lines = []
            for r in range(self.rounds):
                lines.append("%s[%d][%d] = %d;" % (slot, i, r, 10 * (i + 1) + r))
                if rng.random() < 0.3:
                    lines += self.mx.cs(None)[0]
                lines += ["if (pthread_barrier_wait(&%s) == PTHREAD_BARRIER_SERIAL_THREAD)"
                          % self.b, "  %s[%d]++;" % (self.serial, r)]
                lines.append("%s[%d] += %s[%d][%d];" % (seen, i, slot, (i + 1) % np, r))
            return lines

        for i, th in enumerate(parts):
            th.items.insert(rng.randint(0, len(th.items)), code(i))
            th.cost += 3 * self.rounds
        if with_main:
            main.extend(code(len(parts)))


class Atomics:
    def __init__(self, p):
        self.p = p
        rng = p.rng
        p.includes.add("stdatomic.h")
        self.na = rng.choice((1, 2, 2, 3))
        self.a = [p.fresh("a") for _ in range(self.na)]
        for a in self.a:
            p.decls.append("static atomic_int %s = %d;" % (a, rng.choice((0, 0, 1))))
            p.post.append("final_%s = atomic_load(&%s);" % (a, a))
            p.decls.append("static int final_%s;" % a)
            p.checks.append(("val", "final_%s" % a))
        self.flag = None
        if rng.random() < 0.6:
            self.flag = p.fresh("f")
            p.decls.append("static atomic_int %s;" % self.flag)
            self.data = p.fresh("data")
            p.decls.append("static int %s; // written before %s is set, read after"
                           % (self.data, self.flag))
        self.setter = False
        self.tas = None  # a test-and-set lock, made by the first tas_cs
        self.out = p.fresh("obs")
        self.mx = Mutexes(p, "am")
        p.decls.append("static int %s; // guarded by %s" % (self.out, self.mx.m))
        p.checks.append(("val", self.out))

    def record(self, v):
        return ["pthread_mutex_lock(&%s);" % self.mx.m, "  %s += %s;" % (self.out, v),
                "pthread_mutex_unlock(&%s);" % self.mx.m]

    def rmw(self, th):
        rng = self.p.rng
        a = rng.choice(self.a)
        fn, arg = rng.choice((("atomic_fetch_add", rng.randint(1, 2)), ("atomic_fetch_sub", 1),
                              ("atomic_fetch_or", 2), ("atomic_exchange", rng.randint(0, 3))))
        if rng.random() < 0.4:
            v = th.local(self.p)
            return ["%s = %s(&%s, %d);" % (v, fn, a, arg)] + self.record(v), 3
        return ["%s(&%s, %d);" % (fn, a, arg)], 1

    def store(self, th):
        rng = self.p.rng
        return ["atomic_store(&%s, %d);" % (rng.choice(self.a), rng.randint(0, 3))], 1

    def load(self, th):
        v = th.local(self.p)
        return ["%s = atomic_load(&%s);" % (v, self.p.rng.choice(self.a))] + self.record(v), 3

    def cas(self, th):
        rng = self.p.rng
        a = rng.choice(self.a)
        e = th.local(self.p, "e")
        return ["%s = %d;" % (e, rng.randint(0, 2)),
                "if (atomic_compare_exchange_strong(&%s, &%s, %d))" % (a, e, rng.randint(1, 4)),
                "  %s = 100;" % e] + self.record(e), 3

    def check_then_act(self, th):
        rng = self.p.rng
        a = rng.choice(self.a)
        v = th.local(self.p)
        k = rng.randint(1, 3)
        return ["%s = atomic_load(&%s);" % (v, a),
                "if (%s < %d)" % (v, k),
                "  atomic_store(&%s, %s + 1);" % (a, v)], 2

    def set_flag(self, th):
        if not self.flag or self.setter:
            return None  # one setter at most: it writes data, which nobody else writes
        self.setter = True
        th.effects.append((self, "flag_set", 0, 1))
        return ["%s = %d;" % (self.data, self.p.rng.randint(1, 9)),
                "atomic_store(&%s, 1);" % self.flag], 1

    def spin(self, th):
        if not self.flag:
            return None
        th.effects.append((self, "spin", 0, 1))
        rng = self.p.rng
        v = th.local(self.p)
        r = rng.random()
        if r < 0.45:
            loop = ["while (!atomic_load(&%s))" % self.flag, "  ;"]
        elif r < 0.6:  # a read by an update that changes nothing (the spin-loop rule's RMWs)
            loop = ["while (!atomic_fetch_or(&%s, 0))" % self.flag, "  ;"]
        else:
            i = th.local(self.p, "i")
            loop = ["for (%s = 0; %s < 2 && !atomic_load(&%s); %s++)" % (i, i, self.flag, i),
                    "  ;"]
        return loop + ["if (atomic_load(&%s))" % self.flag,
                       "  %s = %s;" % (v, self.data)] + self.record(v), 5

    def tas_cs(self, th):
        """A critical section under a test-and-set spinlock (atomic_exchange), always released:
        a failed exchange writes the 1 that is there, and its repetition waits (the spin-loop
        rule of runtime/models/atomic.c)."""
        if not self.tas:
            self.tas = self.p.fresh("tas")
            self.tas_out = self.p.fresh("tobs")
            self.p.decls.append("static atomic_int %s;" % self.tas)
            self.p.decls.append("static int %s; // guarded by %s" % (self.tas_out, self.tas))
            self.p.checks.append(("val", self.tas_out))
        v = th.local(self.p)
        return ["%s = atomic_load(&%s);" % (v, self.p.rng.choice(self.a)),
                "while (atomic_exchange(&%s, 1))" % self.tas, "  ;",
                "%s = %s * 3 + %s;" % (self.tas_out, self.tas_out, v),
                "atomic_store(&%s, 0);" % self.tas], 4

    def items(self):
        its = [(self.rmw, 3), (self.store, 1), (self.load, 2), (self.cas, 2),
               (self.check_then_act, 2), (self.mx.cs, 1), (self.tas_cs, 1)]
        if self.flag:
            its += [(self.spin, 2), (self.set_flag, 1)]
        return its

    def balance(self, threads):
        rng = self.p.rng
        if (effects(threads, self, "spin") and not self.setter and rng.random() < 0.85):
            add(rng.choice(threads), self.set_flag)


class Signals:
    """SIGUSR1 and SIGUSR2, sent by the program to itself (runtime/models/signal.c). Main
    blocks one or both with pthread_sigmask before its creates (the threads inherit its mask)
    and gives each blocked signal a role:

      wait     one blocking sigwait (on the signal, or a single sigwait on both signals) that
               records what it took (a counter, or `order`, the sequence of signals taken);
               any thread sends it;
      poll     sigtimedwait with a zero timeout, which takes it or fails with EAGAIN (both
               outcomes recorded); any thread sends it;
      unblock  one thread, its owner, unblocks it with pthread_sigmask(SIG_UNBLOCK), main
               having installed a handler with sigaction (counting in a volatile
               sig_atomic_t): a pending one is then delivered; only the owner sends it
               (before the unblock it becomes pending, after it is delivered at once, in the
               owner); other threads may poll it.

    A signal main leaves unblocked is unused, or (direct) has a handler and one owner that
    sends it (delivered at once, in the sender). Sends are raise, kill(getpid(), ...) and
    pthread_kill of the sender itself or of main. In some seeds main unblocks one or both
    signals after its joins, delivering in main what is still pending, to a handler, or in
    about one seed in thirty to none: a crash, in the traces where the signal is pending.

    The rules that keep what a run computes a function of its trace, and the program race
    free: a mask change is no event of dpu's (its order against another thread's send is not
    explored), so no thread sends a signal that another thread unblocks; pthread_kill
    targets only the sender and main (alive until its joins: whether another target has
    exited is no event either); a handler runs in one thread (and in main after the joins),
    as its counter is a plain variable; a crash happens only when every other thread has
    ended (a run that ends while other threads could still move counts differently in the
    two explorers: docs/model.md, "A crash ... end the whole run"). Pending signals are a set, not
    a count, so a signal in a sigwait's set is taken by nothing else, and a send that comes
    before every sigwait of its thread (added first in a random thread if no item has one)
    releases the waiter. In about one seed in seven no thread sends the signals of the first
    sigwait: a deadlock.

    Without a model, main's assertion is chosen among the checks likely to differ between
    traces (Prog.varying), with constants up to a bound of their values (Prog.bounds)."""

    SIGS = {1: "SIGUSR1", 2: "SIGUSR2"}   # the signals as bits of a set (1 | 2 == both)
    SETS = {1: "s_usr1", 2: "s_usr2", 3: "s_both"}
    COUNT = {1: "took1", 2: "took2"}      # how often a sigwait or sigtimedwait took each

    def __init__(self, p):
        self.p = p
        rng = p.rng
        p.includes |= {"errno.h", "signal.h", "string.h", "unistd.h"}
        self.mx = Mutexes(p, "sm")
        self.blocked = rng.choice((1, 2, 3, 3, 3))
        self.role = {}
        for b in (1, 2):
            if self.blocked & b:
                self.role[b] = rng.choices(("wait", "poll", "unblock"), (4, 3, 3))[0]
            else:
                self.role[b] = rng.choices(("none", "direct"), (2, 1))[0]
        # main unblocks these after its joins: the ones still pending are delivered in main
        self.final = 0
        if rng.random() < 0.4:
            self.final = self.blocked if self.blocked != 3 or rng.random() < 0.6 else \
                rng.choice((1, 2))
        self.handler = {b: self.role[b] in ("unblock", "direct") or bool(self.final & b)
                        for b in (1, 2)}
        # rarely no handler for one of them: a crash where it is still pending
        crash = [b for b in (1, 2) if self.final & b and self.role[b] in ("wait", "poll")]
        if crash and rng.random() < 0.15:
            self.handler[rng.choice(crash)] = False
        waits = [b for b in (1, 2) if self.role[b] == "wait"]
        self.waitsets = [3] if len(waits) == 2 and rng.random() < 0.4 else waits
        self.pollable = sum(b for b in (1, 2) if self.role[b] in ("poll", "unblock"))
        # in some seeds nothing sends the signals of the first sigwait: a deadlock
        self.unsent = self.waitsets[0] if self.waitsets and rng.random() < 0.25 else 0

    def lock(self):
        return "pthread_mutex_lock(&%s);" % self.mx.m

    def unlock(self):
        return "pthread_mutex_unlock(&%s);" % self.mx.m

    def owner(self, b):
        for th in self.p.threads:
            if any(f is self and w == "own" and k == b for f, w, k, _ in th.effects):
                return th
        return None

    def send(self, th, b=None):
        rng = self.p.rng
        if b is None:
            cands = [c for c in (1, 2) if (self.role[c] in ("wait", "poll") and
                                           not self.unsent & c) or
                     (self.role[c] in ("unblock", "direct") and self.owner(c) in (None, th))]
            if not cands:
                return None
            b = rng.choice(cands)
        if self.role[b] in ("unblock", "direct") and self.owner(b) is None:
            th.effects.append((self, "own", b, 1))
        th.effects.append((self, "send", b, 1))
        form = rng.choices(("raise(%s);", "kill(getpid(), %s);", "pthread_kill(main_thread, %s);",
                            "pthread_kill(pthread_self(), %s);"), (3, 2, 2, 1))[0]
        return [form % self.SIGS[b]], 1

    def record(self, v, bits, poll):
        """Lines (for under the mutex) recording the signal v that a sigwait took from the set
        bits or (poll) that a sigtimedwait took (-1: none)."""
        sigs = [b for b in (1, 2) if bits & b]
        if self.p.rng.random() < 0.35:  # the sequence of signals taken
            code = str(sigs[-1]) if not poll else "0"
            for b in reversed(sigs if poll else sigs[:-1]):
                code = "%s == %s ? %d : %s" % (v, self.SIGS[b], b, code)
            return ["order = order * 3 + %s;" % (code if code.isdigit() else "(%s)" % code)]
        if not poll and len(sigs) == 1:
            return ["%s++;" % self.COUNT[sigs[0]]]
        lines = []
        for i, b in enumerate(sigs):
            if not poll and i == len(sigs) - 1:
                lines += ["else", "  %s++;" % self.COUNT[b]]
            else:
                lines += ["%sif (%s == %s)" % ("else " if i else "", v, self.SIGS[b]),
                          "  %s++;" % self.COUNT[b]]
        if poll:
            lines += ["else", "  missed++;"]
        return lines

    def wait(self, th, ws=None):
        if ws is None:
            free = [w for w in self.waitsets if not effects(self.p.threads, self, "wait", w)]
            if not free:
                return None
            ws = self.p.rng.choice(free)
        th.effects.append((self, "wait", ws, 1))
        v = th.local(self.p, "sig")
        return (["sigwait(&%s, &%s);" % (self.SETS[ws], v), self.lock()]
                + block(self.record(v, ws, False)) + [self.unlock()]), 3

    def poll(self, th, b=None):
        if not self.pollable:
            return None
        rng = self.p.rng
        ws = b or rng.choice([c for c in (1, 2, 3) if self.pollable & c == c])
        th.effects.append((self, "poll", ws, 1))
        call = "sigtimedwait(&%s, NULL, &zero)" % self.SETS[ws]
        if ws != 3 and rng.random() < 0.35:
            other = (self.mx.cs(th)[0] if rng.random() < 0.5 else
                     [self.lock(), "  missed++;", self.unlock()])
            return (["if (%s == -1 && errno == EAGAIN) {" % call] + block(other)
                    + ["} else {", "  " + self.lock(), "    %s++;" % self.COUNT[ws],
                       "  " + self.unlock(), "}"]), 3
        v = th.local(self.p, "sig")
        return (["%s = %s;" % (v, call), self.lock()] + block(self.record(v, ws, True))
                + [self.unlock()]), 3

    def unblock(self, th, b=None):
        if b is None:
            cands = [c for c in (1, 2) if self.role[c] == "unblock" and self.owner(c) in (None, th)
                     and not effects(self.p.threads, self, "unblock", c)]
            if not cands:
                return None
            b = self.p.rng.choice(cands)
        if self.owner(b) is None:
            th.effects.append((self, "own", b, 1))
        th.effects.append((self, "unblock", b, 1))
        lines = ["pthread_sigmask(SIG_UNBLOCK, &%s, NULL);" % self.SETS[b]]
        if self.handler[b] and self.p.rng.random() < 0.4:  # it ran in this thread, if at all
            return lines + ["if (hits%d > 0) {" % b] + block(self.mx.cs(th)[0]) + ["}"], 3
        return lines, 1

    def items(self):
        its = [(self.send, 4), (self.mx.cs, 2)]
        if self.waitsets:
            its.append((self.wait, 2))
        if self.pollable:
            its.append((self.poll, 3))
        if "unblock" in self.role.values():
            its.append((self.unblock, 2))
        return its

    @staticmethod
    def sends_before_waits(threads, bits):
        """Whether a thread sends a signal of bits before its first sigwait (such a send is
        made in every run that does not end early)."""
        for th in threads:
            for it in th.items:
                text = "\n".join(it)
                if any(int(s[-1]) & bits for s in _SEND.findall(text)):
                    return True
                if "sigwait(" in text:
                    break
        return False

    def balance(self, threads):
        rng = self.p.rng

        def insert(th, r):  # at a random place in th
            th.items.insert(rng.randint(0, len(th.items)), r[0])
            th.cost += r[1]

        for ws in self.waitsets:
            if not effects(threads, self, "wait", ws):
                th = rng.choice(threads)
                insert(th, self.wait(th, ws))
        for ws in self.waitsets:
            if ws != self.unsent and not self.sends_before_waits(threads, ws):
                b = rng.choice([c for c in (1, 2) if ws & c])
                add(rng.choice(threads), lambda th, b=b: self.send(th, b))
        for b in (1, 2):
            if self.role[b] in ("unblock", "direct"):
                o = self.owner(b) or rng.choice(threads)
                if self.role[b] == "unblock" and not effects([o], self, "unblock", b):
                    insert(o, self.unblock(o, b))
                if not effects([o], self, "send", b):
                    insert(o, self.send(o, b))
                if self.role[b] == "unblock" and rng.random() < 0.6:
                    # mostly a send before the unblock: then the signal is pending there
                    u = next(i for i, it in enumerate(o.items)
                             if "SIG_UNBLOCK, &%s" % self.SETS[b] in it[0])
                    if not any(str(b) == s[-1] for it in o.items[:u]
                               for s in _SEND.findall("\n".join(it))):
                        r = self.send(o, b)
                        o.items.insert(rng.randint(0, u), r[0])
                        o.cost += r[1]
            if self.role[b] == "poll":
                if not effects(threads, self, "send", b):
                    add(rng.choice(threads), lambda th, b=b: self.send(th, b))
                if not any(w == "poll" and k & b for th in threads
                           for f, w, k, _ in th.effects if f is self):
                    th = rng.choice(threads)
                    r = self.poll(th, b)
                    insert(th, r)
        self.declare(threads)

    def declare(self, threads):
        """Globals, handlers and main's set-up, for what the items use."""
        p = self.p
        text = "\n".join(ln for th in threads for it in th.items for ln in it)
        sets = [b for b in (1, 2, 3)
                if "&%s" % self.SETS[b] in text or b in (self.blocked, self.final)]
        p.decls.append("static sigset_t %s; // filled by main before its creates"
                       % ", ".join(self.SETS[b] for b in sets))
        if "main_thread" in text:
            p.decls.append("static pthread_t main_thread; // set by main before its creates")
        if "&zero" in text:
            p.decls.append("static const struct timespec zero; // sigtimedwait's timeout: a poll")
        counters = [c for c in ("took1", "took2", "missed", "order")
                    if _re.search(r"\b%s\b" % c, text)]
        if counters:
            p.decls.append("static int %s; // guarded by %s" % (", ".join(counters), self.mx.m))
            p.checks += [("val", c) for c in counters]
            for c in counters:
                if c != "order":
                    p.bounds[c] = text.count(c + "++")
        for b in (1, 2):
            if not self.handler[b] and not self.final & b:
                continue
            owner = self.owner(b)
            where = ([owner.name] if owner else []) + (["main after its joins"]
                                                       if self.final & b else [])
            p.decls.append("static volatile sig_atomic_t hits%d; // %s's deliveries: in %s"
                           % (b, self.SIGS[b], " and ".join(where)))
            if self.handler[b]:
                p.decls.append("static void on_%s(int sig) { (void)sig; hits%d++; }"
                               % (self.SIGS[b].lower(), b))
            p.checks.append(("val", "hits%d" % b))
            p.bounds["hits%d" % b] = sum(1 for s in _SEND.findall(text) if s[-1] == str(b))
        for b in sets:
            p.pre.append("sigemptyset(&%s);" % self.SETS[b])
            for c in (1, 2):
                if b & c:
                    p.pre.append("sigaddset(&%s, %s);" % (self.SETS[b], self.SIGS[c]))
        if "main_thread" in text:
            p.pre.append("main_thread = pthread_self();")
        if any(self.handler.values()):
            p.pre += ["struct sigaction sa;", "memset(&sa, 0, sizeof sa);",
                      "sigemptyset(&sa.sa_mask);"]
            for b in (1, 2):
                if self.handler[b]:
                    p.pre += ["sa.sa_handler = on_%s;" % self.SIGS[b].lower(),
                              "sigaction(%s, &sa, NULL);" % self.SIGS[b]]
        p.pre.append("pthread_sigmask(SIG_BLOCK, &%s, NULL); // inherited by the threads"
                     % self.SETS[self.blocked])
        if self.final:
            p.post.append("pthread_sigmask(SIG_UNBLOCK, &%s, NULL); // delivers what is pending"
                          % self.SETS[self.final])
        roles = ", ".join("%s %s%s" % (self.SIGS[b], self.role[b],
                                       " (never sent)" if self.unsent & b else "")
                          for b in (1, 2))
        if self.final:
            roles += "; main unblocks %s after its joins" % " and ".join(
                self.SIGS[b] + ("" if self.handler[b] else " (no handler)")
                for b in (1, 2) if self.final & b)
        p.families = ["signal (%s)" % roles]
        # the checks whose values likely differ between traces, for main's assertion: what
        # a poll may take or miss, what an unblock or main's may find pending, which signal
        # a sigwait on both took, the guarded int if several threads write it
        polled = 0
        for th in threads:
            for f, w, k, _ in th.effects:
                if f is self and w == "poll":
                    polled |= k
        for _, e in p.checks:
            m = _re.match(r"(took|hits)(\d)$", e)
            if (e in ("missed", "order") or
                    (m and polled & int(m.group(2))) or
                    (m and m.group(1) == "took" and 3 in self.waitsets) or
                    (m and m.group(1) == "hits" and self.final & int(m.group(2)) and
                     self.role[int(m.group(2))] in ("wait", "poll")) or
                    (e == self.mx.g and sum(any("%s = " % e in ln for it in th.items for ln in it)
                                            for th in threads) > 1)):
                p.varying.add(e)


FAMILIES = {"cond": Conds, "sem": Sems, "rwlock": RWLocks, "barrier": Barriers,
            "atomic": Atomics, "signal": Signals}


# ---- the whole program -----------------------------------------------------------------------

def build(rng, kind, shrink):
    p = Prog(rng, kind)
    if kind == "mixed":
        names = rng.sample(["cond", "sem", "rwlock", "barrier", "atomic"], rng.choice((2, 2, 3)))
    else:
        names = [kind]
    fams = [FAMILIES[n](p) for n in names]
    p.families = names
    nthreads = rng.choice((2, 2, 3)) if shrink < 2 else 2
    threads = [Thread(i + 1) for i in range(nthreads)]
    p.threads = threads  # (the signal family looks at the effects of their items)
    budget = max(4, rng.randint(10, 14) - (2 if nthreads == 3 else 0) - 2 * shrink)
    items = []
    for f in fams:
        items += f.items()
    # every thread gets one item, then more while the budget lasts
    total = 0
    for th in threads:
        for _ in range(4):
            fn = rng.choices([f for f, _ in items], [w for _, w in items])[0]
            r = fn(th)
            if r is not None:
                th.items.append(r[0])
                th.cost += r[1]
                total += r[1]
                break
    for _ in range(3):
        for th in threads:
            if rng.random() < 0.4:
                continue
            fn = rng.choices([f for f, _ in items], [w for _, w in items])[0]
            nlocals, neffects = list(th.locals), list(th.effects)
            r = fn(th)
            if r is None:
                continue
            if total + r[1] > budget or len(th.items) >= 4:
                th.locals, th.effects = nlocals, neffects
                continue
            th.items.append(r[0])
            th.cost += r[1]
            total += r[1]
    for th in threads:
        if rng.random() < 0.3:
            rng.shuffle(th.items)
    main_items = []
    for f in fams:
        if hasattr(f, "balance"):
            f.balance(threads)
        if hasattr(f, "finish"):
            f.finish(threads, main_items)
    p.threads = threads
    p.main_items = main_items
    return p


def choose_assert(p):
    """An assertion over the values main sees after the joins: a conjunction of one or two
    simple comparisons with constants; whether it fails in some interleavings is for the
    oracle to find."""
    rng = p.rng
    cands = [e for _, e in p.checks if not p.varying or e in p.varying]
    picks = rng.sample(cands, min(len(cands), rng.choice((1, 1, 2))))
    terms = []
    for e in picks:
        op = rng.choice(("!=", "<=", ">=", "!="))
        k = rng.randint(0, min(4, p.bounds[e])) if e in p.bounds else rng.randint(0, 4)
        terms.append("%s %s %d" % (e, op, k))
    return " && ".join(terms)


def render(p, seed, kind, est):
    rng = p.rng
    out = []
    w = out.append
    w("// Generated by tests/gen/genprog.py %d --kind=%s; regenerate rather than edit." % (seed, kind))
    w("// shape: %d threads besides main, families: %s; about %d interleavings"
      % (len(p.threads), ", ".join(p.families), est))
    w("#define _POSIX_C_SOURCE 200809L // barriers, spinlocks, clock_gettime with -std=c17")
    for inc in sorted(p.includes):
        w("#include <%s>" % inc)
    w("#include <time.h>")
    w("")
    for d in p.decls:
        w(d)
    if p.needs_deadline:
        w("static struct timespec deadline; // set by main; the timed functions' timeouts are outcomes")
    w("")
    for th in p.threads:
        w("static void *%s(void *arg) {" % th.name)
        w("  (void)arg;")
        if th.locals:
            w("  int %s;" % ", ".join("%s = 0" % v for v in th.locals))
        for it in th.items:
            for ln in block(it):
                w(ln)
        for v in th.locals:
            w("  (void)%s;" % v)
        w("  return NULL;")
        w("}")
        w("")
    w("int main(void) {")
    w("  pthread_t %s;" % ", ".join("h%d" % th.idx for th in p.threads))
    if p.needs_deadline:
        w("  clock_gettime(CLOCK_REALTIME, &deadline);")
    for ln in p.pre:
        w("  " + ln)
    for th in p.threads:
        w("  pthread_create(&h%d, NULL, %s, NULL);" % (th.idx, th.name))
    for ln in block(p.main_items):
        w(ln)
    order = list(p.threads)
    rng.shuffle(order)
    for th in order:
        w("  pthread_join(h%d, NULL);" % th.idx)
    for ln in p.post:
        w("  " + ln)
    if rng.random() < 0.5 and p.checks:
        es = [e for _, e in p.checks][:4]
        w('  printf("%s\\n", %s);' % (" ".join("%s=%%d" % e.replace("[", "").replace("]", "")
                                              for e in es), ", ".join(es)))
    w("  assert(%s);" % choose_assert(p))
    w("  return 0;")
    w("}")
    return "\n".join(out) + "\n"


MAX_ATTEMPTS = 40


def generate(seed, kind):
    """The program of this seed: the first shape (attempt 0, 1, ... each smaller) whose
    estimated run count is at most RUNS_CAP."""
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("dpu-genprog:%s:%d:%d" % (kind, seed, attempt))
        p = build(rng, kind, attempt)
        est = estimate_runs(p)
        if est <= RUNS_CAP:
            return render(p, seed, kind, est)
    raise RuntimeError("seed %d: no %s shape under %d estimated runs in %d attempts"
                       % (seed, kind, RUNS_CAP, MAX_ATTEMPTS))


# ---- size estimate ---------------------------------------------------------------------------
# The exhaustive explorer's runs are the maximal interleavings of the visible operations. The
# estimate counts them for an abstraction of the program read off its C lines: each thread
# is the sequence of its synchronisation calls in program order (both branches of an `if`, a
# loop body once, a condition wait as not waiting), with mutexes, rwlocks, semaphores,
# barriers and joins blocking as in dpu and everything else never blocking. Shapes whose
# estimate exceeds RUNS_CAP are replaced by smaller ones.

import re as _re

RUNS_CAP = 4000

_CALL = _re.compile(r"\b(pthread_mutex_lock|pthread_mutex_unlock|pthread_cond_signal|"
                    r"pthread_cond_broadcast|sem_post|sem_wait|sem_trywait|sem_timedwait|"
                    r"sem_getvalue|pthread_rwlock_rdlock|pthread_rwlock_wrlock|"
                    r"pthread_rwlock_tryrdlock|pthread_rwlock_timedrdlock|"
                    r"pthread_rwlock_trywrlock|pthread_rwlock_timedwrlock|pthread_rwlock_unlock|"
                    r"pthread_barrier_wait|atomic_\w+)\(&(\w+)")


_WAIT = _re.compile(r"\bpthread_cond_(?:timed)?wait\(&(\w+), &(\w+)")
# The signal kind: sigwait blocks until a signal of its set is pending (then takes one);
# sigtimedwait and an unblocking pthread_sigmask take one if any; a send makes its signal
# pending (all on the one signals object; a send that is delivered at once is no event of
# dpu's, counted as one here).
_SIGTAKE = _re.compile(r"\b(sigwait|sigtimedwait|pthread_sigmask)\((?:SIG_UNBLOCK, )?&(s_\w+)")
_SEND = _re.compile(r"\b(?:raise|kill|pthread_kill)\((?:[^;]*?, )?(SIGUSR[12])\)")
_SIGSET_BITS = {"s_usr1": 1, "s_usr2": 2, "s_both": 3}


def abstract_ops(lines):
    ops = []
    for ln in lines:
        w = _WAIT.search(ln)
        if w:  # as if it waited once: enter the wait set, unlock, resume, relock
            c, m = w.groups()
            ops += [("ev", c), ("unlock", m), ("ev", c), ("lock", m)]
            continue
        for fn, obj in _SIGTAKE.findall(ln):
            ops.append(("sigwait" if fn == "sigwait" else "sigtry", _SIGSET_BITS[obj]))
        for sig in _SEND.findall(ln):
            ops.append(("sigsend", int(sig[-1])))
        for fn, obj in _CALL.findall(ln):
            if fn == "pthread_mutex_lock":
                ops.append(("lock", obj))
            elif fn == "pthread_mutex_unlock":
                ops.append(("unlock", obj))
            elif fn == "sem_post":
                ops.append(("post", obj))
            elif fn == "sem_wait":
                ops.append(("wait", obj))
            elif fn in ("pthread_rwlock_rdlock", "pthread_rwlock_tryrdlock",
                        "pthread_rwlock_timedrdlock"):
                ops.append(("rd", obj))
            elif fn in ("pthread_rwlock_wrlock", "pthread_rwlock_trywrlock",
                        "pthread_rwlock_timedwrlock"):
                ops.append(("wr", obj))
            elif fn == "pthread_rwlock_unlock":
                ops.append(("rwun", obj))
            elif fn == "pthread_barrier_wait":
                ops += [("arrive", obj), ("leave", obj)]
            else:
                ops.append(("ev", obj))
    return ops


def estimate_runs(p, cap=RUNS_CAP):
    """The number of maximal interleavings of the abstraction above (stops counting past
    cap)."""
    code = [[op for it in th.items for op in abstract_ops(it)] for th in p.threads]
    code.append(abstract_ops(p.main_items) + [("join", i) for i in range(len(p.threads))])
    sems = {}
    for ln in p.pre:
        m = _re.match(r"sem_init\(&(\w+), 0, (\d+)\)", ln)
        if m:
            sems[m.group(1)] = int(m.group(2))
        m = _re.match(r"pthread_barrier_init\(&(\w+), NULL, (\d+)\)", ln)
        if m:
            sems["#" + m.group(1)] = int(m.group(2))
    n = len(code)
    memo = {}

    def enabled(pcs, st, t):
        if pcs[t] >= len(code[t]):
            return False
        op, obj = code[t][pcs[t]]
        if op == "lock":
            return st.get(obj, -1) in (-1, t)
        if op == "wait":
            return st.get(obj, sems.get(obj, 0)) > 0
        if op == "rd":
            return st.get(obj, (None, 0))[0] is None
        if op == "wr":
            return st.get(obj, (None, 0)) == (None, 0)
        if op == "leave":
            return t not in st.get(obj, (frozenset(), 0))[0]
        if op == "sigwait":
            return st.get("#pending", 0) & obj != 0
        if op == "join":
            return pcs[obj] >= len(code[obj])
        return True

    def step(pcs, st, t):
        op, obj = code[t][pcs[t]]
        st = dict(st)
        if op == "lock":
            st[obj] = t
        elif op == "unlock":
            st[obj] = -1
        elif op == "wait":
            st[obj] = st.get(obj, sems.get(obj, 0)) - 1
        elif op == "post":
            st[obj] = st.get(obj, sems.get(obj, 0)) + 1
        elif op == "rd":
            w, r = st.get(obj, (None, 0))
            st[obj] = (w, r + 1)
        elif op == "wr":
            st[obj] = (t, 0)
        elif op == "rwun":
            w, r = st.get(obj, (None, 0))
            st[obj] = (None, 0) if w == t else (w, max(0, r - 1))
        elif op == "arrive":
            arrived, gen = st.get(obj, (frozenset(), 0))
            arrived = arrived | {t}
            if len(arrived) >= sems.get("#" + obj, 2):
                arrived = frozenset()
            st[obj] = (arrived, gen)
        elif op == "sigsend":
            st["#pending"] = st.get("#pending", 0) | obj
        elif op in ("sigwait", "sigtry"):
            ready = st.get("#pending", 0) & obj
            st["#pending"] = st.get("#pending", 0) & ~(ready & -ready)
        pcs = pcs[:t] + (pcs[t] + 1,) + pcs[t + 1:]
        return pcs, tuple(sorted(st.items(), key=lambda kv: kv[0]))

    def count(pcs, st):
        key = (pcs, st)
        r = memo.get(key)
        if r is not None:
            return r
        d = dict(st)
        ts = [t for t in range(n) if enabled(pcs, d, t)]
        if not ts:
            r = 1
        else:
            r = 0
            for t in ts:
                r += count(*step(pcs, d, t))
                if r > cap:
                    break
        memo[key] = r
        return r

    return count(tuple([0] * n), ())
