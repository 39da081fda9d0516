/* Atomic instructions become visible operations; see steps.h. */
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../protocol/protocol.h"
#include "../protocol/rules.h"
#include "steps.h"

static bool int_or_ptr(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind || LLVMGetTypeKind(t) == LLVMPointerTypeKind;
}

/* Whether atomic access i moves the bits of a floating-point number: clang stores a double
 * as the integer that a bitcast made of it, and loads one as an integer that a bitcast turns
 * into a double. (Its bits in decimal would mislead in the report's steps.) */
static bool float_bits(LLVMValueRef i, bool store) {
  if (store) {
    LLVMValueRef v = LLVMGetOperand(i, 0);
    bool cast = LLVMIsABitCastInst(v) ||
                (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast);
    return cast && !int_or_ptr(LLVMTypeOf(LLVMGetOperand(v, 0)));
  }
  if (!LLVMIsALoadInst(i)) return false;
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u))
    if (LLVMIsABitCastInst(LLVMGetUser(u)) && !int_or_ptr(LLVMTypeOf(LLVMGetUser(u))))
      return true;
  return false;
}

/* Says that n atomic operations have orders weaker than seq_cst (the first: inst), and which
 * executions dpu explores for them: C11's when no model was asked for (rc11, `chosen`), else
 * the model's, sc or tso, whose executions miss what only the weaker orders allow (two threads
 * that store and then load, each missing the other's store). */
static void note_weak(const struct dpu_instrument_options *o, bool chosen, LLVMValueRef inst,
                      unsigned n) {
  char *file = NULL, *fn = NULL;
  unsigned line = 0, col = 0;
  dpu_pass_describe(inst, &file, &line, &col, &fn);
  const char *what =
      chosen ? "dpu explores C11's executions (--memory-model=rc11, the default for such a "
               "program), where a load may read an older store; --memory-model=sc for the "
               "sequentially consistent ones only (docs/memory-models.md)"
      : o->tso ? "dpu explores x86-TSO's executions (--memory-model=tso), not those that only "
                 "C11's weaker models allow (--memory-model=rc11; docs/memory-models.md)"
      : o->model_auto
          ? "dpu explores sequentially consistent executions only, not those that only weaker "
            "orders allow; --memory-model=tso explores x86-TSO's, --memory-model=rc11 C11's "
            "(docs/memory-models.md; rc11, the default for such a program, needs the race "
            "detector: not with --races=off)"
          : "dpu explores sequentially consistent executions only, not those that only weaker "
            "orders allow; --memory-model=tso explores x86-TSO's, --memory-model=rc11 C11's "
            "(docs/memory-models.md)";
  dpu_pass_note(o, "weak-atomics", file, fn, line, col,
                "%u atomic operation%s with an order weaker than seq_cst (the first at %s:%u in "
                "%s): %s",
                n, n == 1 ? "" : "s", file ? file : "?", line, fn ? fn : "?", what);
  free(file);
  free(fn);
}

/* Whether an atomic access of type t moves an integer, a pointer or a floating-point number
 * (what x86-TSO's store buffers carry, as 8 bytes at most). */
static bool scalar(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMIntegerTypeKind || k == LLVMPointerTypeKind || k == LLVMFloatTypeKind ||
         k == LLVMDoubleTypeKind || k == LLVMHalfTypeKind;
}

/* v (of scalar type t, size bytes) as the zero-extended i64 of its bits. */
static LLVMValueRef as_i64(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef t, unsigned long long size,
                           LLVMTypeRef i64) {
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) return LLVMBuildPtrToInt(b, v, i64, "");
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    v = LLVMBuildBitCast(b, v, LLVMIntTypeInContext(ctx, (unsigned)size * 8), "");
  return size < 8 ? LLVMBuildZExt(b, v, i64, "") : v;
}

/* The inverse: the i64 v's low size bytes as a value of scalar type t. */
static LLVMValueRef from_i64(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef t,
                             unsigned long long size, LLVMContextRef ctx) {
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) return LLVMBuildIntToPtr(b, v, t, "");
  LLVMTypeRef it = LLVMGetTypeKind(t) == LLVMIntegerTypeKind
                       ? t
                       : LLVMIntTypeInContext(ctx, (unsigned)size * 8);
  if (size < 8 || LLVMGetIntTypeWidth(it) < 64) v = LLVMBuildTrunc(b, v, it, "");
  return it == t ? v : LLVMBuildBitCast(b, v, t, "");
}

static LLVMValueRef hook(LLVMModuleRef mod, const char *name, LLVMTypeRef *type,
                         LLVMTypeRef *params, unsigned n) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  *type = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, n, 0);
  LLVMValueRef f = LLVMGetNamedFunction(mod, name);
  return f ? f : LLVMAddFunction(mod, name, *type);
}

static void bracket_atomic_function(LLVMModuleRef mod, LLVMValueRef f, LLVMBuilderRef b) {
  LLVMTypeRef ty;
  LLVMValueRef begin = hook(mod, "__dpu___VERIFIER_atomic_begin", &ty, NULL, 0);
  LLVMValueRef end = hook(mod, "__dpu___VERIFIER_atomic_end", &ty, NULL, 0);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  /* Calls get the location of the instruction they stand next to, for reports. */
  LLVMPositionBuilderBefore(b, first);
  LLVMValueRef c = LLVMBuildCall2(b, ty, begin, NULL, 0, "");
  LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(first));
  for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsAReturnInst(t)) continue;
    LLVMPositionBuilderBefore(b, t);
    c = LLVMBuildCall2(b, ty, end, NULL, 0, "");
    LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(t));
  }
}

/* LLVM's read-modify-write operation as rules.h's enum dpu_rmw. */
static enum dpu_rmw rmw_kind(LLVMAtomicRMWBinOp op) {
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: return DPU_RMW_XCHG;
  case LLVMAtomicRMWBinOpAdd: return DPU_RMW_ADD;
  case LLVMAtomicRMWBinOpSub: return DPU_RMW_SUB;
  case LLVMAtomicRMWBinOpAnd: return DPU_RMW_AND;
  case LLVMAtomicRMWBinOpNand: return DPU_RMW_NAND;
  case LLVMAtomicRMWBinOpOr: return DPU_RMW_OR;
  case LLVMAtomicRMWBinOpXor: return DPU_RMW_XOR;
  case LLVMAtomicRMWBinOpMax: return DPU_RMW_MAX;
  case LLVMAtomicRMWBinOpMin: return DPU_RMW_MIN;
  case LLVMAtomicRMWBinOpUMax: return DPU_RMW_UMAX;
  case LLVMAtomicRMWBinOpUMin: return DPU_RMW_UMIN;
  default: return DPU_RMW_OTHER;
  }
}

/* Under --memory-model=ra every atomic access is release/acquire at least (the RA model): the
 * orders (bits 8-11, and a CAS's failure order in 12-15) that op passes to the runtime, with
 * relaxed ones made acquire (a load), release (a store) or acq_rel (a read-modify-write, a
 * CAS; a failed CAS is a load). The instruction keeps its own. */
static uint32_t as_release_acquire(uint32_t op) {
  uint32_t kind = op & 0xff, order = op >> 8 & 15;
  if (order == LLVMAtomicOrderingMonotonic)
    order = kind == DPU_OP_ATOMIC_LOAD    ? LLVMAtomicOrderingAcquire
            : kind == DPU_OP_ATOMIC_STORE ? LLVMAtomicOrderingRelease
                                          : LLVMAtomicOrderingAcquireRelease;
  op = (op & ~(15u << 8)) | order << 8;
  if (kind == DPU_OP_ATOMIC_CAS && (op >> 12 & 15) == LLVMAtomicOrderingMonotonic)
    op = (op & ~(15u << 12)) | (uint32_t)LLVMAtomicOrderingAcquire << 12;
  return op;
}

/* Whether an atomic instruction or a fence of a function mod defines has an order weaker than
 * seq_cst (what makes rc11 the default model). */
static bool has_weak_order(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMAtomicOrdering ord;
        if ((LLVMIsALoadInst(i) || LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) ||
             LLVMIsAFenceInst(i)) &&
            (ord = LLVMGetOrdering(i)) != LLVMAtomicOrderingNotAtomic)
          ;
        else if (LLVMIsAAtomicCmpXchgInst(i))
          ord = LLVMGetCmpXchgSuccessOrdering(i);
        else
          continue;
        if (ord != LLVMAtomicOrderingSequentiallyConsistent) return true;
      }
  return false;
}

void dpu_pass_atomics(LLVMModuleRef mod, const struct dpu_instrument_options *o) {
  /* No model asked for: C11's (rc11) for a program with weaker orders, which needs the race
   * detector's happens-before; else sc. */
  bool chosen = o->model_auto && o->races && has_weak_order(mod);
  if (chosen && o->rc11_chosen) *o->rc11_chosen = true;
  bool ra = o->ra || chosen, rc11 = o->rc11 || chosen;
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  LLVMTypeRef op_ty, res_ty;
  LLVMValueRef op_fn =
      hook(mod, "__dpu_atomic_op", &op_ty, (LLVMTypeRef[]){ptr, i32, i32, i64}, 4);
  LLVMValueRef res_fn = hook(mod, "__dpu_atomic_cas_result", &res_ty, (LLVMTypeRef[]){i32}, 1);
  LLVMTypeRef fence_ty, load_ty = LLVMFunctionType(i64, (LLVMTypeRef[]){ptr, i32}, 2, 0);
  LLVMValueRef fence_fn = NULL, load_fn = NULL, cas_fn = NULL, cas_ok_fn = NULL;
  LLVMTypeRef cas_ty = NULL, cas_ok_ty = NULL;
  if (ra || o->spurious_cas) {
    cas_ty = LLVMFunctionType(i64, (LLVMTypeRef[]){ptr, i32, i64}, 3, 0);
    cas_ok_ty = LLVMFunctionType(i32, NULL, 0, 0);
    if (!(cas_fn = LLVMGetNamedFunction(mod, "__dpu_ra_cas")))
      cas_fn = LLVMAddFunction(mod, "__dpu_ra_cas", cas_ty);
    if (!(cas_ok_fn = LLVMGetNamedFunction(mod, "__dpu_ra_cas_ok")))
      cas_ok_fn = LLVMAddFunction(mod, "__dpu_ra_cas_ok", cas_ok_ty);
  }
  if (o->tso || ra) {
    /* x86-TSO: a seq_cst fence empties the store buffer and loads read through it; ra/rc11:
     * a seq_cst fence is one global read-modify-write and loads read a visible store. */
    fence_fn = hook(mod, o->tso ? "__dpu_tso_fence" : "__dpu_ra_fence", &fence_ty, NULL, 0);
    const char *load_name = o->tso ? "__dpu_tso_load" : "__dpu_ra_load";
    load_fn = LLVMGetNamedFunction(mod, load_name);
    if (!load_fn) load_fn = LLVMAddFunction(mod, load_name, load_ty);
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned weak = 0; /* atomic operations with an order weaker than seq_cst, the first one */
  LLVMValueRef first_weak = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (strncmp(name, "__VERIFIER_atomic_", 18) == 0 && strcmp(name, "__VERIFIER_atomic_begin") &&
        strcmp(name, "__VERIFIER_atomic_end"))
      bracket_atomic_function(mod, f, b);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef addr;
        LLVMTypeRef vty; /* the type of the value accessed */
        uint32_t op;
        if (LLVMIsALoadInst(i) && LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) {
          addr = LLVMGetOperand(i, 0), op = DPU_OP_ATOMIC_LOAD, vty = LLVMTypeOf(i);
        } else if (LLVMIsAStoreInst(i) && LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) {
          addr = LLVMGetOperand(i, 1), op = DPU_OP_ATOMIC_STORE;
          vty = LLVMTypeOf(LLVMGetOperand(i, 0));
        } else if (LLVMIsAAtomicRMWInst(i)) {
          addr = LLVMGetOperand(i, 0), op = DPU_OP_ATOMIC_RMW, vty = LLVMTypeOf(i);
        } else if (LLVMIsAAtomicCmpXchgInst(i)) {
          addr = LLVMGetOperand(i, 0), op = DPU_OP_ATOMIC_CAS;
          vty = LLVMTypeOf(LLVMGetOperand(i, 1));
        } else if ((o->tso || ra) && LLVMIsAFenceInst(i) &&
                   LLVMGetOrdering(i) == LLVMAtomicOrderingSequentiallyConsistent &&
                   !LLVMIsAtomicSingleThread(i)) {
          /* mfence: the thread's store buffer empties (runtime/models/tso.c). */
          LLVMPositionBuilderBefore(b, i);
          LLVMValueRef c = LLVMBuildCall2(b, fence_ty, fence_fn, NULL, 0, "");
          LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(i));
          continue;
        } else {
          continue;
        }
        LLVMPositionBuilderBefore(b, i);
        /* The ordering, for the race detector's synchronises-with (runtime/models/atomic.c). */
        if (LLVMIsAAtomicCmpXchgInst(i))
          op |= (uint32_t)LLVMGetCmpXchgSuccessOrdering(i) << 8 |
                (uint32_t)LLVMGetCmpXchgFailureOrdering(i) << 12;
        else
          op |= (uint32_t)LLVMGetOrdering(i) << 8;
        if ((op >> 8 & 15) != LLVMAtomicOrderingSequentiallyConsistent && !weak++) first_weak = i;
        if (ra && !rc11) op = as_release_acquire(op);
        unsigned long long size = LLVMStoreSizeOfType(td, vty);
        /* A CAS passes its expected value, a read-modify-write its operand and (bits 12-15)
         * its operation (rules.h: dpu_rmw_unchanged), for the spin-loop rule. */
        LLVMValueRef expected = LLVMConstInt(i64, 0, 0);
        bool integer = size <= 8 && int_or_ptr(vty);
        if ((op & 0xff) == DPU_OP_ATOMIC_RMW)
          op |= (uint32_t)(integer ? rmw_kind(LLVMGetAtomicRMWBinOp(i)) : DPU_RMW_OTHER) << 12;
        /* The report shows the value accessed, and a store passes it (atomic.c). */
        bool store = (op & 0xff) == DPU_OP_ATOMIC_STORE;
        if (integer && !float_bits(i, store)) op |= DPU_ATOMIC_SHOW_VALUE;
        if (((op & 0xff) == DPU_OP_ATOMIC_CAS || (op & 0xff) == DPU_OP_ATOMIC_RMW ||
             (store && op & DPU_ATOMIC_SHOW_VALUE)) && integer)
          expected = as_i64(b, LLVMGetOperand(i, store ? 0 : 1), vty, size, i64);
        /* x86-TSO: a store weaker than seq_cst of at most 8 bytes goes to the store buffer,
         * which needs its value whatever its type (a float's bits too). */
        if (o->tso && store && size <= 8 &&
            (op >> 8 & 15) != LLVMAtomicOrderingSequentiallyConsistent && scalar(vty)) {
          if (!(op & DPU_ATOMIC_SHOW_VALUE))
            expected = as_i64(b, LLVMGetOperand(i, 0), vty, size, i64);
          op |= DPU_ATOMIC_BUFFERED;
        }
        /* ra/rc11: a store weaker than seq_cst takes a place in its location's modification
         * order (runtime/models/ra.c), which writes memory only when it is the newest: the
         * call stands for the instruction, which goes. */
        bool ra_store = ra && store && size <= 8 && scalar(vty) &&
                        (op >> 8 & 15) != LLVMAtomicOrderingSequentiallyConsistent;
        if (ra_store) {
          if (!(op & DPU_ATOMIC_SHOW_VALUE))
            expected = as_i64(b, LLVMGetOperand(i, 0), vty, size, i64);
          op |= DPU_ATOMIC_RA_STORE;
        }
        /* ra/rc11: the load reads a store visible to it (runtime/models/ra.c; a seq_cst load
         * none older than its location's newest seq_cst store: docs/memory-models.md). */
        bool ra_load = ra && (op & 0xff) == DPU_OP_ATOMIC_LOAD && size <= 8 && scalar(vty);
        if (ra_load) op |= DPU_ATOMIC_RA_LOAD;
        /* ra/rc11: a CAS that fails may read an older store (runtime/models/ra.c), and under
         * --spurious-cas a weak one may fail: the runtime performs it, as decided at its
         * event. */
        bool cas = (op & 0xff) == DPU_OP_ATOMIC_CAS && integer;
        bool weak_cas = cas && o->spurious_cas && LLVMGetWeak(i);
        bool ra_cas = cas && (ra || weak_cas);
        if (ra_cas) op |= DPU_ATOMIC_RA_CAS;
        /* --spurious-cas: a weak CAS may fail although it could exchange (atomic.c). */
        if (weak_cas) op |= DPU_ATOMIC_WEAK;
        LLVMValueRef c = LLVMBuildCall2(
            b, op_ty, op_fn,
            (LLVMValueRef[]){addr, LLVMConstInt(i32, op, 0), LLVMConstInt(i32, size, 0), expected},
            4, "");
        LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(i));
        dpu_pass_copy_spin(i, c); /* its site is the read's (number_sites) */
        if (ra_store) {
          if (first_weak == i) first_weak = c; /* the note's location: the same line */
          LLVMInstructionEraseFromParent(i);
          i = c;
          continue;
        }
        if ((o->tso && (op & 0xff) == DPU_OP_ATOMIC_LOAD && size <= 8 && scalar(vty)) ||
            ra_load) {
          /* x86-TSO: the load reads through the store buffers, not memory; ra/rc11: what
           * __dpu_atomic_op chose. */
          LLVMValueRef v = LLVMBuildCall2(
              b, load_ty, load_fn, (LLVMValueRef[]){addr, LLVMConstInt(i32, size, 0)}, 2, "");
          LLVMInstructionSetDebugLoc(v, LLVMInstructionGetDebugLoc(i));
          LLVMValueRef r = from_i64(b, v, vty, size, ctx);
          LLVMReplaceAllUsesWith(i, r);
          if (first_weak == i) first_weak = v; /* the note's location: the same line */
          LLVMInstructionEraseFromParent(i);
          i = LLVMIsAInstruction(r) ? r : v;
          continue;
        }
        if ((op & 0xff) != DPU_OP_ATOMIC_CAS) continue;
        if (ra_cas) { /* {value, ok} from __dpu_ra_cas, __dpu_ra_cas_ok, for the cmpxchg */
          LLVMValueRef desired = as_i64(b, LLVMGetOperand(i, 2), vty, size, i64);
          LLVMValueRef v = LLVMBuildCall2(
              b, cas_ty, cas_fn, (LLVMValueRef[]){addr, LLVMConstInt(i32, size, 0), desired}, 3,
              "");
          LLVMInstructionSetDebugLoc(v, LLVMInstructionGetDebugLoc(i));
          LLVMValueRef k = LLVMBuildCall2(b, cas_ok_ty, cas_ok_fn, NULL, 0, "");
          LLVMValueRef ok = LLVMBuildTrunc(b, k, LLVMInt1TypeInContext(ctx), "");
          LLVMValueRef r = LLVMGetPoison(LLVMTypeOf(i));
          r = LLVMBuildInsertValue(b, r, from_i64(b, v, vty, size, ctx), 0, "");
          r = LLVMBuildInsertValue(b, r, ok, 1, "");
          LLVMReplaceAllUsesWith(i, r);
          if (first_weak == i) first_weak = v; /* the note's location: the same line */
          LLVMInstructionEraseFromParent(i);
          i = LLVMIsAInstruction(r) ? r : k;
          continue;
        }
        LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(i));
        LLVMValueRef ok = LLVMBuildExtractValue(b, i, 1, "");
        LLVMValueRef r = LLVMBuildCall2(b, res_ty, res_fn,
                                        (LLVMValueRef[]){LLVMBuildZExt(b, ok, i32, "")}, 1, "");
        LLVMInstructionSetDebugLoc(r, LLVMInstructionGetDebugLoc(i));
        i = r;
      }
    }
  }
  LLVMDisposeBuilder(b);
  if (weak && (!ra || chosen)) note_weak(o, chosen, first_weak, weak);
}
