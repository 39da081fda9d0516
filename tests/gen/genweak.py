"""Random litmus-like programs of atomics with mixed orders, for genprog.py's weak kind.

    genprog.py SEED --kind=weak

Two or three threads, each one to three operations (at most seven in all, so that the
exhaustive explorer ends in seconds) on two or three atomic ints: stores of 1 or 2
(relaxed, release, seq_cst), loads into a result slot of the thread's own (relaxed, acquire,
seq_cst), fetch-adds of 1 (relaxed, acq_rel, seq_cst), compare-and-swaps of 0, 1 or 2 for 1
or 2, strong or weak, whose result slot gets 3 when they exchange and the value read when they
fail (a failed CAS may read an older store; a weak one may fail spuriously: seeds 1, 5, 9, ...
run with --spurious-cas), seq_cst fences, and counting loops that load a location twice (the
bound on stale reads of runtime/models/ra.c). A thread may first
spin until an earlier thread's flag is set (`while (!load(&f1, order));`); the flag's thread
stores it unconditionally at its end, so every program terminates under every model. main
joins them all and asserts that one combination of two results does not occur, a combination
that some model may allow and another forbid.

The header line `// dpu options: --memory-model=M [--spurious-cas]` gives the model the
program is checked under, by seed: rc11, ra, tso in turn (difftest.py passes it on to both
explorers). There is no model of the traces (the outcomes depend on the memory model): difftest.py compares QPOR
with the exhaustive explorer only. Results are written by their own thread only and read by
main after its joins: no data race."""

import random

KIND = "weak"
MODELS = ("rc11", "ra", "tso")
ORD_ST = ("relaxed", "release", "seq_cst")
ORD_LD = ("relaxed", "acquire", "seq_cst")
ORD_RMW = ("relaxed", "acq_rel", "seq_cst")


def generate(seed):
    """Returns the C text of the program of this seed."""
    rng = random.Random("dpu-genweak:%d" % seed)
    model = MODELS[seed % len(MODELS)]
    nthreads = rng.randint(2, 3)
    locs = ["x%d" % i for i in range(rng.randint(2, 3))]
    nregs = 0
    bodies, flags = [], set()
    for t in range(nthreads):
        body = []
        if t > 0 and rng.random() < 0.3:
            setter = rng.randrange(t)
            flags.add(setter)
            body.append("while (!atomic_load_explicit(&f%d, memory_order_%s))\n    ;"
                        % (setter, rng.choice(ORD_LD)))
        for _ in range(rng.randint(2, 3) if nthreads == 2 else rng.randint(1, 3 if t == 0 else 2)):
            k = rng.random()
            loc = rng.choice(locs)
            if k < 0.32:
                body.append("atomic_store_explicit(&%s, %d, memory_order_%s);"
                            % (loc, rng.randint(1, 2), rng.choice(ORD_ST)))
            elif k < 0.65:
                body.append("r[%d] = atomic_load_explicit(&%s, memory_order_%s);"
                            % (nregs, loc, rng.choice(ORD_LD)))
                nregs += 1
            elif k < 0.73:
                body.append("r[%d] = atomic_fetch_add_explicit(&%s, 1, memory_order_%s);"
                            % (nregs, loc, rng.choice(ORD_RMW)))
                nregs += 1
            elif k < 0.85:
                ok = rng.choice(ORD_RMW)  # the failure order is no stronger (C17 7.17.7.4p2)
                fail = rng.choice({"relaxed": ("relaxed",), "acq_rel": ("relaxed", "acquire"),
                                   "seq_cst": ORD_LD}[ok])
                body.append("{\n    int e = %d;\n    r[%d] = atomic_compare_exchange_%s_explicit("
                            "&%s, &e, %d, memory_order_%s, memory_order_%s) ? 3 : e;\n  }"
                            % (rng.randint(0, 2), nregs, rng.choice(("strong", "weak")), loc,
                               rng.randint(1, 2), ok, fail))
                nregs += 1
            elif k < 0.93:
                body.append("atomic_thread_fence(memory_order_seq_cst);")
            else:
                body.append("for (int i = 0; i < 2; i++)\n    r[%d] += atomic_load_explicit(&%s, "
                            "memory_order_%s);" % (nregs, loc, rng.choice(ORD_LD)))
                nregs += 1
        bodies.append(body)
    for s in sorted(flags):
        bodies[s].append("atomic_store_explicit(&f%d, 1, memory_order_%s);"
                         % (s, rng.choice(ORD_ST)))
    if nregs == 0:
        bodies[-1].append("r[0] = atomic_load_explicit(&%s, memory_order_relaxed);" % locs[0])
        nregs = 1
    a = rng.randrange(nregs)
    cond = "r[%d] == %d" % (a, rng.randint(0, 2))
    if nregs > 1:
        b = rng.choice([i for i in range(nregs) if i != a])
        cond += " && r[%d] == %d" % (b, rng.randint(0, 2))
    out = ["// weak kind, seed %d (tests/gen/genweak.py): atomics of mixed orders" % seed,
           "// dpu options: --memory-model=%s%s" % (model, " --spurious-cas" if seed % 4 == 1 else ""),
           "#include <assert.h>", "#include <pthread.h>", "#include <stdatomic.h>", "",
           "static atomic_int %s;" % ", ".join(locs + ["f%d" % s for s in sorted(flags)]),
           "static int r[%d];" % nregs, ""]
    for t, body in enumerate(bodies):
        out.append("static void *t%d(void *arg) {" % t)
        out += ["  " + line for line in body]
        out += ["  return arg;", "}", ""]
    out += ["int main(void) {", "  pthread_t th[%d];" % nthreads]
    out += ["  pthread_create(&th[%d], 0, t%d, 0);" % (t, t) for t in range(nthreads)]
    out += ["  for (int i = 0; i < %d; i++)" % nthreads,
            "    pthread_join(th[i], 0);",
            "  assert(!(%s));" % cond, "  return 0;", "}", ""]
    return "\n".join(out)
