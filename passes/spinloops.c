/* Spin loops (issue #10): which reads may be taken for a spin, decided on the program's IR.
 *
 * The runtime's spin-loop rule (runtime/models/atomic.c, mirrored by explorer/model.c) stops a
 * thread whose reads repeat unchanged: the same site reading the same location at the same
 * version twice in a row, or a streak of reads ending with two equal iterations. That is sound
 * only where a repeated read leaves the thread in the state it was in before: in a loop whose
 * iterations change nothing but what they read. A bounded loop `for (i = 0; i < 2; i++) v = v +
 * x;` reads x twice at one site, but its second iteration is not a repeat of the first (i and v
 * changed): stopping it there lost the order where both reads come before a write.
 *
 * A *spin region* is a natural loop L (loops.h) such that 1. no instruction of L has an effect:
 * no store, va_arg, invoke, and no call but to a debug/lifetime/assume intrinsic, x86's pause
 * (the spin-wait hint of _mm_pause and cpu_relax()), a yield or
 * sleep (sched_yield, pthread_yield, thrd_yield, usleep, nanosleep, sleep; dpu makes them
 * no-ops or scheduling points), an inline asm that only pauses, or a *pure helper*: a defined
 * function without loops whose instructions have no effect and call nothing but the above (a
 * wrapper such as `static int ready(void) { return flag; }`); a trylock (`tries` below) is
 * allowed, and is a read of its lock; a cmpxchg is allowed (it fails
 * while it reads an unchanged value; the runtime's rule only blocks one that would fail
 * again), and so is an atomicrmw (the runtime's rule only blocks one that would leave the
 * value as it was again, as a test-and-set of a set flag does: then it wrote what was there,
 * and the iteration changed nothing; one that changes the value runs); 2. its iterations carry
 * no state that matters: every header phi of L whose value changes along a back edge (its
 * value from a latch is neither itself nor its value on entry) is used only by arithmetic
 * whose results end in such phis again: not by a branch, not by an access to memory or a
 * call, and not after L (GenMC's spin-assume criterion, extended to
 * dead counters such as `while (!flag) n++;` with n unused after); 3. every loop nested in L
 * that reads memory satisfies 2 for itself (a nested counting loop that reads, `for (j = 0; j <
 * 2; j++) s += x;`, makes two reads at one site that are no repeat); 4. L reads memory, and no
 * loop containing L satisfies 1-3 (regions are maximal). Then between two reads of one
 * activation of the region (entered at its header, left by an exit edge) the thread's state
 * differs only in what it read: reading the same values again puts it back where it was, so
 * waiting for a write instead of looping loses no behaviour.
 *
 * The pass marks every read of a region (loads, atomic or not, cmpxchg and atomicrmw,
 * including the loads of the pure helpers it calls) with the metadata "dpu.spin", and makes
 * the activations visible to the runtime: `call @__dpu_spin_enter(i32 region)` at the start of
 * the header (every iteration: the runtime ignores it while the region is active) and `call
 * @__dpu_spin_exit()` at the start of every exit block. The sites of marked reads get a
 * continuation twin (instrument.h: struct dpu_site.spin), which the runtime records for every
 * read of an activation but its first: the explorer, which does not see the enter and exit
 * calls, tells a repeated read from its site. */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "loops.h"
#include "steps.h"

static const char *const yields[] = {"sched_yield", "pthread_yield", "thrd_yield", "usleep",
                                     "nanosleep", "sleep", "thrd_sleep"};
/* Tries that fail without an effect (a failed trylock leaves the lock as it was): a region's
 * `while (pthread_mutex_trylock(&m) != 0) sched_yield();` retries them as it re-reads a
 * location. The runtime's rule (runtime/models/mutex.c: dpu_rt_try_blocks) holds a retry back
 * while the lock is in the state the failed try saw; one that succeeds changes the lock, and
 * the loop around it, which stores nothing, can only leave or try again. */
static const char *const tries[] = {"pthread_mutex_trylock", "pthread_spin_trylock",
                                    "mtx_trylock"};
/* Intrinsics without an effect the program can observe: debug and lifetime markers, hints,
 * and the CPU's spin-wait hint (x86's pause: _mm_pause, __builtin_ia32_pause; a cpu_relax()
 * of lock-free code, as the inline asm "pause" is below). */
static const char *const harmless[] = {"llvm.dbg.", "llvm.lifetime.", "llvm.assume",
                                       "llvm.expect", "llvm.threadlocal.address",
                                       "llvm.experimental.noalias.scope.decl",
                                       "llvm.x86.sse2.pause"};

/* Pure helpers, decided once per function (0: not yet, 1: pure, 2: not). */
struct helpers {
  LLVMValueRef *fn;
  unsigned char *state;
  size_t n, cap;
};

static unsigned char *helper_state(struct helpers *h, LLVMValueRef f) {
  for (size_t i = 0; i < h->n; i++)
    if (h->fn[i] == f) return &h->state[i];
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 16;
    h->fn = realloc(h->fn, h->cap * sizeof *h->fn);
    h->state = realloc(h->state, h->cap);
    if (!h->fn || !h->state) abort();
  }
  h->fn[h->n] = f;
  h->state[h->n] = 0;
  return &h->state[h->n++];
}

static bool has_prefix_in(const char *name, const char *const *list, size_t n, bool exact) {
  for (size_t i = 0; i < n; i++)
    if (exact ? strcmp(name, list[i]) == 0 : strncmp(name, list[i], strlen(list[i])) == 0)
      return true;
  return false;
}

/* An inline asm that only waits (x86's pause, a nop, ARM's yield) or is empty. */
static bool pausing_asm(LLVMValueRef callee) {
  size_t n;
  const char *s = LLVMGetInlineAsmAsmString(callee, &n);
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == ';')) n--;
  static const char *const ok[] = {"pause", "nop", "yield", "rep; nop", "rep nop"};
  if (!n) return true;
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
    if (strlen(ok[i]) == n && memcmp(s, ok[i], n) == 0) return true;
  return false;
}

static bool pure_helper(struct helpers *h, LLVMValueRef f);

/* Whether inst is a call of one of `tries`. */
static bool try_call(LLVMValueRef inst) {
  if (LLVMGetInstructionOpcode(inst) != LLVMCall) return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee)) return false;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  return has_prefix_in(name, tries, sizeof tries / sizeof *tries, true);
}

/* Whether a call has no effect on memory the program can observe (rule 1). */
static bool harmless_call(struct helpers *h, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (LLVMIsAInlineAsm(callee)) return pausing_asm(callee);
  if (!LLVMIsAFunction(callee)) return false;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (has_prefix_in(name, harmless, sizeof harmless / sizeof *harmless, false)) return true;
  if (has_prefix_in(name, yields, sizeof yields / sizeof *yields, true)) return true;
  if (try_call(call)) return true; /* taken for a read (see tries) */
  return !LLVMIsDeclaration(callee) && pure_helper(h, callee);
}

/* Whether inst has no effect (rule 1); a cmpxchg or an atomicrmw is taken for a read (see
 * above). */
static bool effect_free(struct helpers *h, LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMStore:
  case LLVMVAArg:
  case LLVMInvoke:
  case LLVMCallBr:
  case LLVMAlloca:
  case LLVMLandingPad:
  case LLVMResume:
    return false;
  case LLVMCall:
    return harmless_call(h, inst);
  default:
    return true;
  }
}

/* Whether inst reads memory: a load, a cmpxchg, an atomicrmw, a try (tries), or a call of a
 * pure helper that loads. */
static bool reads(LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op == LLVMLoad || op == LLVMAtomicCmpXchg || op == LLVMAtomicRMW) return true;
  if (op != LLVMCall) return false;
  if (try_call(inst)) return true;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee) || LLVMIsDeclaration(callee)) return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(callee); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == LLVMLoad) return true;
  return false;
}

static bool pure_helper(struct helpers *h, LLVMValueRef f) {
  unsigned char *st = helper_state(h, f);
  if (*st) return *st == 1;
  *st = 2; /* recursion is not pure: a call back into f while deciding says no */
  struct dpu_loops *l = dpu_loops_compute(f);
  bool pure = dpu_loops_count(l) == 0;
  dpu_loops_free(l);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); pure && bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); pure && i; i = LLVMGetNextInstruction(i))
      if (!effect_free(h, i) || LLVMGetInstructionOpcode(i) == LLVMAtomicCmpXchg ||
          LLVMGetInstructionOpcode(i) == LLVMAtomicRMW || try_call(i))
        pure = false;
  *helper_state(h, f) = pure ? 1 : 2; /* not *st: deciding callees may have moved it */
  return pure;
}

/* ---- rule 2: the state a loop carries ------------------------------------------------------ */

struct vset {
  LLVMValueRef *v;
  size_t n, cap;
};

static bool vset_add(struct vset *s, LLVMValueRef v) {
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] == v) return false;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 32;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
    if (!s->v) abort();
  }
  s->v[s->n++] = v;
  return true;
}

/* Whether a header phi of loop i changes along a back edge. */
static bool changing(const struct dpu_loops *l, unsigned i, LLVMValueRef phi) {
  LLVMValueRef entry = NULL;
  unsigned n = LLVMCountIncoming(phi);
  for (unsigned k = 0; k < n; k++) {
    if (dpu_loops_contains(l, i, LLVMGetIncomingBlock(phi, k))) continue;
    LLVMValueRef v = LLVMGetIncomingValue(phi, k);
    if (entry && entry != v) return true; /* two entry values: compare against neither */
    entry = v;
  }
  for (unsigned k = 0; k < n; k++) {
    if (!dpu_loops_contains(l, i, LLVMGetIncomingBlock(phi, k))) continue;
    LLVMValueRef v = LLVMGetIncomingValue(phi, k);
    if (v != phi && v != entry) return true;
  }
  return false;
}

/* Whether the values computed from v stay dead arithmetic inside loop i (rule 2). */
static bool stays_dead(const struct dpu_loops *l, unsigned i, LLVMValueRef v, struct vset *seen) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) return false;
    if (!dpu_loops_contains(l, i, LLVMGetInstructionParent(user))) return false; /* used after */
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMBr:
    case LLVMSwitch:
    case LLVMIndirectBr:
    case LLVMRet:
    case LLVMLoad:
    case LLVMStore:
    case LLVMAtomicCmpXchg:
    case LLVMAtomicRMW:
    case LLVMInvoke:
    case LLVMGetElementPtr:
      return false;
    case LLVMCall: {
      LLVMValueRef callee = LLVMGetCalledValue(user);
      size_t len;
      const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
      if (strncmp(name, "llvm.dbg.", 9) == 0) continue;
      return false;
    }
    default:
      if (vset_add(seen, user) && !stays_dead(l, i, user, seen)) return false;
    }
  }
  return true;
}

static bool carries_nothing(const struct dpu_loops *l, unsigned i, struct vset *seen) {
  LLVMBasicBlockRef h = dpu_loops_header(l, i);
  for (LLVMValueRef p = LLVMGetFirstInstruction(h); p && LLVMIsAPHINode(p);
       p = LLVMGetNextInstruction(p)) {
    seen->n = 0;
    vset_add(seen, p);
    if (changing(l, i, p) && !stays_dead(l, i, p, seen)) return false;
  }
  return true;
}

/* ---- regions ------------------------------------------------------------------------------- */

/* What is known of each loop of a function. */
struct loop_facts {
  bool effect_free, reads, carries_nothing, region;
};

static bool nested_in(const struct dpu_loops *l, unsigned j, unsigned i) {
  for (int p = dpu_loops_parent(l, j); p >= 0; p = dpu_loops_parent(l, (unsigned)p))
    if ((unsigned)p == i) return true;
  return false;
}

static void facts_of(struct helpers *h, LLVMValueRef f, const struct dpu_loops *l,
                     struct loop_facts *fx, struct vset *seen) {
  unsigned n = dpu_loops_count(l);
  for (unsigned i = 0; i < n; i++) {
    fx[i] = (struct loop_facts){true, false, false, false};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      if (!dpu_loops_contains(l, i, bb)) continue;
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!effect_free(h, in)) fx[i].effect_free = false;
        if (reads(in)) fx[i].reads = true;
      }
    }
    fx[i].carries_nothing = carries_nothing(l, i, seen);
  }
  for (unsigned i = 0; i < n; i++) {
    bool ok = fx[i].effect_free && fx[i].reads && fx[i].carries_nothing;
    for (unsigned j = 0; ok && j < n; j++)
      if (nested_in(l, j, i) && fx[j].reads && !fx[j].carries_nothing) ok = false;
    fx[i].region = ok;
  }
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i;
}

struct marks {
  LLVMContextRef ctx;
  unsigned kind;   /* the metadata kind "dpu.spin" */
  LLVMValueRef md; /* an empty node */
  LLVMValueRef enter, exit;
  LLVMTypeRef enter_ty, exit_ty;
  LLVMBuilderRef b;
  unsigned regions;
};

static void mark_read(struct marks *m, LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op == LLVMLoad || op == LLVMAtomicCmpXchg || op == LLVMAtomicRMW || try_call(inst)) {
    LLVMSetMetadata(inst, m->kind, m->md);
    return;
  }
  if (op != LLVMCall) return;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee) || LLVMIsDeclaration(callee)) return;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(callee); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == LLVMLoad) LLVMSetMetadata(i, m->kind, m->md);
}

static void call_at(struct marks *m, LLVMBasicBlockRef bb, LLVMTypeRef ty, LLVMValueRef fn,
                    LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef at = first_non_phi(bb);
  LLVMPositionBuilderBefore(m->b, at);
  LLVMValueRef c = LLVMBuildCall2(m->b, ty, fn, args, nargs, "");
  LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(at));
}

static void instrument_region(struct marks *m, LLVMValueRef f, const struct dpu_loops *l,
                              unsigned i) {
  LLVMBasicBlockRef exits[64];
  unsigned nexits = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!dpu_loops_contains(l, i, bb)) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
      if (dpu_loops_contains(l, i, s)) continue;
      unsigned e = 0;
      while (e < nexits && exits[e] != s) e++;
      if (e < nexits) continue;
      if (nexits == sizeof exits / sizeof *exits) return; /* never seen: left a plain loop */
      exits[nexits++] = s;
    }
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!dpu_loops_contains(l, i, bb)) continue;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if (reads(in)) mark_read(m, in);
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(m->ctx);
  call_at(m, dpu_loops_header(l, i), m->enter_ty, m->enter,
          (LLVMValueRef[]){LLVMConstInt(i32, ++m->regions, 0)}, 1);
  for (unsigned e = 0; e < nexits; e++) call_at(m, exits[e], m->exit_ty, m->exit, NULL, 0);
}

void dpu_pass_spinloops(LLVMModuleRef mod) {
  struct marks m = {.ctx = LLVMGetModuleContext(mod)};
  m.kind = LLVMGetMDKindIDInContext(m.ctx, "dpu.spin", 8);
  m.md = LLVMMetadataAsValue(m.ctx, LLVMMDNodeInContext2(m.ctx, NULL, 0));
  LLVMTypeRef vty = LLVMVoidTypeInContext(m.ctx);
  m.enter_ty = LLVMFunctionType(vty, (LLVMTypeRef[]){LLVMInt32TypeInContext(m.ctx)}, 1, 0);
  m.exit_ty = LLVMFunctionType(vty, NULL, 0, 0);
  m.b = LLVMCreateBuilderInContext(m.ctx);
  struct helpers h = {0};
  struct vset seen = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    struct dpu_loops *l = dpu_loops_compute(f);
    unsigned n = dpu_loops_count(l);
    struct loop_facts *fx = n ? malloc(n * sizeof *fx) : NULL;
    if (n && !fx) abort();
    facts_of(&h, f, l, fx, &seen);
    for (unsigned i = 0; i < n; i++) {
      if (!fx[i].region) continue;
      int p = dpu_loops_parent(l, i);
      while (p >= 0 && !fx[p].region) p = dpu_loops_parent(l, (unsigned)p);
      if (p >= 0) continue; /* inside a larger region */
      if (!m.enter) {
        m.enter = LLVMAddFunction(mod, "__dpu_spin_enter", m.enter_ty);
        m.exit = LLVMAddFunction(mod, "__dpu_spin_exit", m.exit_ty);
      }
      instrument_region(&m, f, l, i);
    }
    free(fx);
    dpu_loops_free(l);
  }
  free(h.fn);
  free(h.state);
  free(seen.v);
  LLVMDisposeBuilder(m.b);
}

static unsigned spin_kind(LLVMValueRef inst) {
  return LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(inst)), "dpu.spin", 8);
}

bool dpu_pass_is_spin(LLVMValueRef inst) {
  return LLVMHasMetadata(inst) && LLVMGetMetadata(inst, spin_kind(inst)) != NULL;
}

void dpu_pass_copy_spin(LLVMValueRef from, LLVMValueRef to) {
  unsigned k = spin_kind(from);
  LLVMValueRef md = LLVMHasMetadata(from) ? LLVMGetMetadata(from, k) : NULL;
  if (md) LLVMSetMetadata(to, k, md);
}
