/*===-- build_add.c - fadd and fsub on a native float add ----------------===*\
|*                                                                          *|
|* fsub is the native fadd of the negated operand: a - b and a + (-b) are   *|
|* bit-identical for every input (fneg flips only the sign bit).            *|
|*                                                                          *|
|* NVPTX `atom.add.f32` on global memory (and on generic pointers, which    *|
|* may point there) flushes subnormal inputs and results to zero. It still  *|
|* stores the IEEE sum M + w, for every memory value M, whenever the        *|
|* operand w has |w| >= 2^-101 or is inf or NaN:                            *|
|*  - ulp(w) >= 2^-124, so the gap below |w|, even at a power of two, is at *|
|*    least 2^-125, and half of it is at least 2^-126. A subnormal M is     *|
|*    smaller than that, so M + w rounds to w: what the flushing add gives  *|
|*    from the flushed M.                                                   *|
|*  - A normal M with |M| >= 2^-103 is a multiple of 2^-126, as is w; so    *|
|*    is their sum, which is zero or at least 2^-126 (normal): nothing to   *|
|*    flush.                                                                *|
|*  - A normal M with |M| < 2^-103, and M = +-0: |M + w| >= 2^-101 - 2^-103 *|
|*    > 2^-102, normal again.                                               *|
|*  - M or w inf or NaN: the flush changes neither the inputs nor the       *|
|*    result.                                                               *|
|* The bound is tight in the sense that matters: at w = -2^-102 the gap     *|
|* below |w| halves, and M = 0x0077ba24 gives the IEEE sum 0x8c7fffff where *|
|* the flushing add stores 0x8c800000. Smaller operands, zeros among them   *|
|* (-0 + +0 must give +0, a subnormal M + 0 must keep M), take an exact     *|
|* cmpxchg loop, whose add is the function's own IEEE add.                  *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

void fpa_build_fadd_neg(LLVMBuilderRef b, const fpa_site *s, int fences) {
  LLVMValueRef neg = fpa_build_fneg(b, s, s->val, "neg");
  LLVMValueRef rmw =
      fpa_emit_rmw(b, s, LLVMAtomicRMWBinOpFAdd, s->ptr, neg,
                   fences ? FPA_FENCE_LEADING | FPA_FENCE_TRAILING : 0);
  fpa_finish(b, s, rmw);
}

/* The native add at system scope, as inline PTX atom.sys (fpa_emit_rmw),
 * with fences of its ordering around it where the decision asks for them. */
void fpa_build_native_sys(LLVMBuilderRef b, const fpa_site *s, int fences) {
  LLVMValueRef rmw =
      fpa_emit_rmw(b, s, LLVMAtomicRMWBinOpFAdd, s->ptr, s->val,
                   fences ? FPA_FENCE_LEADING | FPA_FENCE_TRAILING : 0);
  fpa_finish(b, s, rmw);
}

LLVMValueRef fpa_fadd_guard(LLVMBuilderRef b, LLVMValueRef wb) {
  LLVMTypeRef i32 = LLVMTypeOf(wb);
  /* 0x0d000000 is 2^-101 (biased exponent 26); inf and NaN are above it */
  LLVMValueRef mag =
      LLVMBuildAnd(b, wb, LLVMConstInt(i32, 0x7fffffffu, 0), "mag");
  return LLVMBuildICmp(b, LLVMIntUGE, mag, LLVMConstInt(i32, 0x0d000000u, 0),
                       "addexact");
}

/* Whether `v` is the constant integer `c`. */
static int is_const(LLVMValueRef v, unsigned long long c) {
  return v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == c;
}

int fpa_guarded_native(const fpa_site *s) {
  LLVMValueRef i = s->inst;
  if (!fpa_has_mark(s->ctx, i, FPA_MD_GUARDED) ||
      LLVMGetAtomicRMWBinOp(i) != LLVMAtomicRMWBinOpFAdd ||
      LLVMGetTypeKind(s->vty) != LLVMFloatTypeKind)
    return 0;
  /* its block entered only from `br (fpa_fadd_guard(bits of v)), here, _` */
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
  LLVMUseRef use = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb));
  if (!use || LLVMGetNextUse(use))
    return 0;
  LLVMValueRef br = LLVMGetUser(use);
  if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
      LLVMGetSuccessor(br, 0) != bb || LLVMGetSuccessor(br, 1) == bb)
    return 0;
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp) || LLVMGetICmpPredicate(cmp) != LLVMIntUGE ||
      !is_const(LLVMGetOperand(cmp, 1), 0x0d000000u))
    return 0;
  LLVMValueRef mag = LLVMGetOperand(cmp, 0);
  if (!LLVMIsAInstruction(mag) || LLVMGetInstructionOpcode(mag) != LLVMAnd ||
      !is_const(LLVMGetOperand(mag, 1), 0x7fffffffu))
    return 0;
  LLVMValueRef bits = LLVMGetOperand(mag, 0);
  return LLVMIsABitCastInst(bits) && LLVMGetOperand(bits, 0) == s->val;
}

/* Marks `br` as mostly taking its first successor, so that the backend
 * lays that one out as the fall-through. */
static void likely_first(const fpa_site *s, LLVMValueRef br) {
  fpa_set_branch_weights(s->ctx, br, 2000, 1);
}

/*
 *   %w    = %v                             ; fsub: fneg %v
 *   %wb   = bitcast float %w to i32
 *   %mag  = and i32 %wb, 0x7fffffff
 *   %addexact = icmp uge i32 %mag, 0x0d000000
 *   br i1 %addexact, label %atomicrmw.native, label %atomicrmw.tiny
 * atomicrmw.native:
 *   %old.native = atomicrmw fadd ptr %p, float %w ORDER  ; fenced as decided
 *   br label %atomicrmw.end
 * atomicrmw.tiny:
 *   %init = load atomic i32, ptr %p monotonic
 *   br label %atomicrmw.start                ; the cmpxchg loop of *p op %v
 * atomicrmw.end:
 *   %old = phi i32 [ %old.native bits ], [ the loop's old value ]
 */
void fpa_build_fadd_guarded(LLVMBuilderRef b, const fpa_site *s, int fences) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(s->ctx);
  LLVMValueRef w =
      s->op == FPA_OP_FSUB ? fpa_build_fneg(b, s, s->val, "neg") : s->val;
  LLVMValueRef big = fpa_fadd_guard(b, LLVMBuildBitCast(b, w, i32, "wbits"));
  LLVMBasicBlockRef end = fpa_split_here(b, s, "atomicrmw.end");
  LLVMBasicBlockRef native_bb =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.native");
  LLVMBasicBlockRef tiny_bb =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.tiny");
  likely_first(s, LLVMBuildCondBr(b, big, native_bb, tiny_bb));

  LLVMPositionBuilderAtEnd(b, native_bb);
  LLVMValueRef rmw =
      fpa_emit_rmw(b, s, LLVMAtomicRMWBinOpFAdd, s->ptr, w,
                   fences ? FPA_FENCE_LEADING | FPA_FENCE_TRAILING : 0);
  if (LLVMIsAAtomicRMWInst(rmw))
    fpa_mark(s->ctx, rmw, FPA_MD_GUARDED);
  LLVMValueRef native_old =
      s->result_used ? LLVMBuildBitCast(b, rmw, i32, "") : NULL;
  LLVMBuildBr(b, end);

  LLVMPositionBuilderAtEnd(b, tiny_bb);
  fpa_loop_word lw = {0};
  fpa_cas_loop_init(b, s, 0, &lw);
  LLVMValueRef loaded = fpa_emit_cas_loop(b, s, lw.init, &lw);

  LLVMValueRef old = NULL;
  if (s->result_used) {
    LLVMPositionBuilderBefore(b, s->inst);
    old = LLVMBuildPhi(b, i32, "old");
    LLVMAddIncoming(old, &native_old, &native_bb, 1);
    for (unsigned i = 0; i < lw.n_exits; ++i)
      LLVMAddIncoming(old, &loaded, &lw.exits[i], 1);
  }
  fpa_finish(b, s, old);
}
