/*===-- build_common.c - pieces every lowering shares --------------------===*\
|*                                                                          *|
|* Block splitting (the C API has none), carrying an atomic's properties    *|
|* over, the exact new-value computation on bits, the cmpxchg loop, and the *|
|* final replacement of the original instruction.                          *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LLVMTypeRef fpa_int_type(const fpa_site *s, unsigned bits) {
  return LLVMIntTypeInContext(s->ctx, bits);
}

LLVMTypeRef fpa_value_int_type(const fpa_site *s) {
  return fpa_int_type(s, s->bits);
}

LLVMTypeRef fpa_elem_int_type(const fpa_site *s) {
  LLVMTypeRef e = fpa_int_type(s, s->elem_bits);
  return s->lanes > 1 ? LLVMVectorType(e, s->lanes) : e;
}

/* A constant of the element-int type (splat for vectors). */
static LLVMValueRef elem_const(const fpa_site *s, uint64_t v) {
  LLVMValueRef c = LLVMConstInt(fpa_int_type(s, s->elem_bits), v, 0);
  if (s->lanes == 1)
    return c;
  LLVMValueRef *elts = malloc(s->lanes * sizeof *elts);
  if (!elts)
    abort();
  for (unsigned i = 0; i < s->lanes; ++i)
    elts[i] = c;
  LLVMValueRef vec = LLVMConstVector(elts, s->lanes);
  free(elts);
  return vec;
}

static LLVMTypeRef float_type_of_elem_int(const fpa_site *s) {
  return s->vty; /* same shape, floating-point elements */
}

/* Bit patterns of the element type: sign, exponent (all ones), magnitude. */
static uint64_t sign_bit(const fpa_site *s) {
  return (uint64_t)1 << (s->elem_bits - 1);
}

static uint64_t exp_mask(const fpa_site *s) {
  switch (LLVMGetTypeKind(s->ety)) {
  case LLVMHalfTypeKind:
    return 0x7c00u;
  case LLVMBFloatTypeKind:
    return 0x7f80u;
  case LLVMFloatTypeKind:
    return 0x7f800000u;
  default:
    return 0x7ff0000000000000ull;
  }
}

/* Whether metadata kind `kind` is one of the pass's marks (internal.h),
 * which say what one instruction is and are not copied to others. */
static int is_own_mark(LLVMContextRef ctx, unsigned kind) {
  static const char *const marks[] = {FPA_MD_GUARDED, FPA_MD_LOOP,
                                      FPA_MD_FENCED, FPA_MD_GROUPED};
  for (size_t i = 0; i < sizeof marks / sizeof marks[0]; ++i)
    if (kind ==
        LLVMGetMDKindIDInContext(ctx, marks[i], (unsigned)strlen(marks[i])))
      return 1;
  return 0;
}

int fpa_has_user_metadata(LLVMContextRef ctx, LLVMValueRef inst) {
  size_t n = 0;
  LLVMValueMetadataEntry *md =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(inst, &n);
  int found = 0;
  for (size_t i = 0; i < n && !found; ++i)
    found = !is_own_mark(ctx, LLVMValueMetadataEntriesGetKind(md, (unsigned)i));
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  return found;
}

void fpa_copy_atomic_props(const fpa_site *s, LLVMValueRef to,
                           int same_access) {
  if (s->is_volatile)
    LLVMSetVolatile(to, 1);
  fpa_compat_set_syncscope(to, s->ssid);
  /* Metadata describes the original location; an access to the wider word
   * (masked loops) gets none, as LLVM's AtomicExpand does for new accesses. */
  if (!same_access)
    return;
  size_t n = 0;
  LLVMValueMetadataEntry *md =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(s->inst, &n);
  for (size_t i = 0; i < n; ++i) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(md, (unsigned)i);
    /* a grouped atomic's rewrite is still that group's atomic */
    if (is_own_mark(s->ctx, kind) &&
        !(LLVMIsAAtomicRMWInst(to) &&
          kind == LLVMGetMDKindIDInContext(s->ctx, FPA_MD_GROUPED,
                                           sizeof FPA_MD_GROUPED - 1)))
      continue;
    LLVMSetMetadata(
        to, kind,
        LLVMMetadataAsValue(
            s->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i)));
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
}

/*--- an atomicrmw with the site's properties, fenced where needed -------*/

static void fence(LLVMBuilderRef b, const fpa_site *s, LLVMAtomicOrdering o) {
  LLVMValueRef f = LLVMBuildFence(b, o, 0, "");
  fpa_compat_set_syncscope(f, s->fence_ssid);
}

static LLVMAtomicOrdering leading_fence(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingRelease:
  case LLVMAtomicOrderingAcquireRelease:
    return LLVMAtomicOrderingRelease;
  case LLVMAtomicOrderingSequentiallyConsistent:
    return o;
  default:
    return LLVMAtomicOrderingNotAtomic;
  }
}

/* The fence after the read-modify-write: acquire for every ordering that
 * includes it. seq_cst needs no second SC fence: the leading one orders the
 * operation in the SC order, as in PTX's mapping of a seq_cst
 * read-modify-write (fence.sc, then atom.acquire). */
static LLVMAtomicOrdering trailing_fence(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingAcquire:
  case LLVMAtomicOrderingAcquireRelease:
  case LLVMAtomicOrderingSequentiallyConsistent:
    return LLVMAtomicOrderingAcquire;
  default:
    return LLVMAtomicOrderingNotAtomic;
  }
}

/* The PTX operation of `op` on `val`'s type for inline `atom.sys`, or NULL
 * where there is none (16-bit and vector operands). */
static const char *ptx_rmw_op(LLVMAtomicRMWBinOp op, LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  int w64 = k == LLVMDoubleTypeKind ||
            (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 64);
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) != 32 && !w64)
    return NULL;
  switch (op) {
  case LLVMAtomicRMWBinOpMin:
    return k == LLVMIntegerTypeKind ? (w64 ? "min.s64" : "min.s32") : NULL;
  case LLVMAtomicRMWBinOpMax:
    return k == LLVMIntegerTypeKind ? (w64 ? "max.s64" : "max.s32") : NULL;
  case LLVMAtomicRMWBinOpUMin:
    return k == LLVMIntegerTypeKind ? (w64 ? "min.u64" : "min.u32") : NULL;
  case LLVMAtomicRMWBinOpUMax:
    return k == LLVMIntegerTypeKind ? (w64 ? "max.u64" : "max.u32") : NULL;
  case LLVMAtomicRMWBinOpFAdd:
    return k == LLVMFloatTypeKind    ? "add.f32"
           : k == LLVMDoubleTypeKind ? "add.f64"
                                     : NULL;
  default:
    return NULL;
  }
}

/* The PTX .sem of an atom for `o` (sm_70+): none for monotonic; seq_cst
 * would also need a leading fence.sc, which only LLVM 20+ can build. */
static const char *ptx_sem(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingAcquire:
    return ".acquire";
  case LLVMAtomicOrderingRelease:
    return ".release";
  case LLVMAtomicOrderingAcquireRelease:
  case LLVMAtomicOrderingSequentiallyConsistent:
    return ".acq_rel";
  default:
    return "";
  }
}

/* `atom[SEM].sys[.SPACE].OP $0, [$1], $2[, $3]` as inline asm: a
 * read-modify-write at system scope (`c`: cas's new value, else NULL),
 * relaxed where `sem` is "" (PTX: no .sem means .relaxed). The backend
 * emits a system-scope atomicrmw with no scope, which PTX reads as .gpu; a
 * release or SC fence the ordering needs stays outside, as for the
 * atomicrmw. */
static LLVMValueRef sys_atom(LLVMBuilderRef b, const fpa_site *s,
                             const char *op, const char *sem, LLVMValueRef ptr,
                             LLVMValueRef val, LLVMValueRef c) {
  LLVMTypeRef ty = LLVMTypeOf(val), pty = LLVMTypeOf(ptr);
  unsigned as = LLVMGetPointerAddressSpace(pty);
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(s->mod);
  const char *space = as == 1 ? ".global" : as == 3 ? ".shared" : "";
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  const char *reg = k == LLVMFloatTypeKind          ? "f"
                    : k == LLVMDoubleTypeKind       ? "d"
                    : LLVMGetIntTypeWidth(ty) == 64 ? "l"
                                                    : "r";
  char text[96], cons[48];
  snprintf(text, sizeof text, "atom%s.sys%s.%s $0, [$1], $2%s;", sem, space, op,
           c ? ", $3" : "");
  snprintf(cons, sizeof cons, "=%s,%s,%s%s%s,~{memory}", reg,
           LLVMPointerSizeForAS(dl, as) == 8 ? "l" : "r", reg, c ? "," : "",
           c ? reg : "");
  unsigned n = c ? 3 : 2;
  LLVMTypeRef params[3] = {pty, ty, ty};
  LLVMTypeRef fty = LLVMFunctionType(ty, params, n, 0);
  LLVMValueRef asm_ =
      LLVMGetInlineAsm(fty, text, strlen(text), cons, strlen(cons), 1, 0,
                       LLVMInlineAsmDialectATT, 0);
  LLVMValueRef args[3] = {ptr, val, c};
  return LLVMBuildCall2(b, fty, asm_, args, n, c ? "newloaded" : "");
}

LLVMValueRef fpa_emit_cmpxchg(LLVMBuilderRef b, const fpa_site *s,
                              LLVMValueRef ptr, LLVMValueRef cmp,
                              LLVMValueRef nv, LLVMAtomicOrdering fail,
                              unsigned align, int same_access,
                              LLVMValueRef *old, const char *ok_name) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  if (FPA_NVPTX_CAS_DROPS_SCOPE && s->sys_asm &&
      s->ssid == FPA_SYNCSCOPE_SYSTEM && (as == 0 || as == 1 || as == 3)) {
    /* llc would print the cas with no scope (.gpu): inline PTX with .sys,
     * and from sm_70 the ordering as the atom's .sem */
    char op[16];
    snprintf(op, sizeof op, "cas.b%u", LLVMGetIntTypeWidth(LLVMTypeOf(cmp)));
    LLVMValueRef prev = sys_atom(
        b, s, op, s->sys_asm >= 2 ? ptx_sem(s->ordering) : "", ptr, cmp, nv);
    if (old)
      *old = prev;
    return LLVMBuildICmp(b, LLVMIntEQ, prev, cmp, ok_name);
  }
  LLVMValueRef pair =
      LLVMBuildAtomicCmpXchg(b, ptr, cmp, nv, s->ordering, fail, 0);
  LLVMSetAlignment(pair, align);
  fpa_copy_atomic_props(s, pair, same_access);
  fpa_mark(s->ctx, pair, FPA_MD_LOOP);
  if (s->cas_sys)
    fpa_compat_set_syncscope(pair, FPA_SYNCSCOPE_SYSTEM);
  if (old)
    *old = LLVMBuildExtractValue(b, pair, 0, "newloaded");
  return LLVMBuildExtractValue(b, pair, 1, ok_name);
}

void fpa_emit_leading_fence(LLVMBuilderRef b, const fpa_site *s) {
  if (leading_fence(s->ordering) != LLVMAtomicOrderingNotAtomic)
    fence(b, s, leading_fence(s->ordering));
}

void fpa_emit_trailing_fence(LLVMBuilderRef b, const fpa_site *s) {
  if (trailing_fence(s->ordering) != LLVMAtomicOrderingNotAtomic)
    fence(b, s, trailing_fence(s->ordering));
}

LLVMValueRef fpa_emit_rmw(LLVMBuilderRef b, const fpa_site *s,
                          LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                          LLVMValueRef val, unsigned fences) {
  if (fences & FPA_FENCE_LEADING)
    fpa_emit_leading_fence(b, s);
  /* generic, global and shared memory only: a thread-local pointer
   * (addrspace 5) is not a generic address, and needs no scope */
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  const char *ptx = s->sys_asm && s->ssid == FPA_SYNCSCOPE_SYSTEM &&
                            (as == 0 || as == 1 || as == 3)
                        ? ptx_rmw_op(op, LLVMTypeOf(val))
                        : NULL;
  LLVMValueRef rmw;
  /* from sm_70 the atom itself carries the acquire (PTX .sem) in place of
   * the trailing fence */
  int acquire_in_atom = ptx && (fences & FPA_FENCE_TRAILING) &&
                        s->sys_asm >= 2 &&
                        trailing_fence(s->ordering) == LLVMAtomicOrderingAcquire;
  /* before LLVM 20 llc has no NVPTX fences, so the pass adds none: from
   * sm_70 the inline atom carries the ordering itself, as the cas does
   * (fpa_emit_cmpxchg) */
  const char *sem = acquire_in_atom ? ".acquire" : "";
  if (ptx && !FPA_NVPTX_HAS_FENCES && s->sys_asm >= 2)
    sem = ptx_sem(s->ordering);
  if (ptx) {
    rmw = sys_atom(b, s, ptx, sem, ptr, val, NULL);
  } else {
    rmw = LLVMBuildAtomicRMW(b, op, ptr, val, s->ordering, 0);
    LLVMSetAlignment(rmw, s->align);
    fpa_copy_atomic_props(s, rmw, 1);
    if ((fences & FPA_FENCE_LEADING) && (fences & FPA_FENCE_TRAILING))
      fpa_mark(s->ctx, rmw, FPA_MD_FENCED);
  }
  if ((fences & FPA_FENCE_TRAILING) && !acquire_in_atom &&
      trailing_fence(s->ordering) != LLVMAtomicOrderingNotAtomic)
    fence(b, s, trailing_fence(s->ordering));
  return rmw;
}

LLVMValueRef fpa_emit_plain_rmw(LLVMBuilderRef b, const fpa_site *s,
                                LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                                LLVMValueRef val) {
  fpa_site plain = *s;
  plain.sys_asm = 0;
  return fpa_emit_rmw(b, &plain, op, ptr, val, 0);
}

void fpa_build_fences_only(LLVMBuilderRef b, const fpa_site *s) {
  LLVMPositionBuilderBefore(b, s->inst);
  if (leading_fence(s->ordering) != LLVMAtomicOrderingNotAtomic)
    fence(b, s, leading_fence(s->ordering));
  LLVMValueRef next = LLVMGetNextInstruction(s->inst);
  LLVMPositionBuilderBefore(b, next);
  if (trailing_fence(s->ordering) != LLVMAtomicOrderingNotAtomic)
    fence(b, s, trailing_fence(s->ordering));
  fpa_mark(s->ctx, s->inst, FPA_MD_FENCED);
}

void fpa_set_branch_weights(LLVMContextRef ctx, LLVMValueRef br,
                            unsigned taken, unsigned not_taken) {
  static const char kind[] = "prof", tag[] = "branch_weights";
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef md[3] = {
      LLVMMDStringInContext2(ctx, tag, sizeof tag - 1),
      LLVMValueAsMetadata(LLVMConstInt(i32, taken, 0)),
      LLVMValueAsMetadata(LLVMConstInt(i32, not_taken, 0))};
  LLVMSetMetadata(br, LLVMGetMDKindIDInContext(ctx, kind, sizeof kind - 1),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, md, 3)));
}

void fpa_mark(LLVMContextRef ctx, LLVMValueRef inst, const char *kind) {
  LLVMSetMetadata(inst,
                  LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind)),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0)));
}

int fpa_has_mark(LLVMContextRef ctx, LLVMValueRef inst, const char *kind) {
  return LLVMGetMetadata(inst, LLVMGetMDKindIDInContext(
                                   ctx, kind, (unsigned)strlen(kind))) != NULL;
}

/* Whether `i` is a fence of ordering `o` at the site's fence scope (none
 * wanted: `i` may be anything). */
static int is_fence_of(unsigned ssid, LLVMValueRef i, LLVMAtomicOrdering o) {
  if (o == LLVMAtomicOrderingNotAtomic)
    return 1;
  return i && LLVMGetInstructionOpcode(i) == LLVMFence &&
         LLVMGetOrdering(i) == o && fpa_compat_get_syncscope(i) == ssid;
}

int fpa_already_fenced(const fpa_site *s, const fpa_caps *c) {
  unsigned ssid = fpa_fence_scope(c, s->ctx, s->ssid);
  LLVMAtomicOrdering lead = leading_fence(s->ordering);
  LLVMAtomicOrdering trail = trailing_fence(s->ordering);
  return fpa_has_mark(s->ctx, s->inst, FPA_MD_FENCED) &&
         (lead != LLVMAtomicOrderingNotAtomic ||
          trail != LLVMAtomicOrderingNotAtomic) &&
         is_fence_of(ssid, LLVMGetPreviousInstruction(s->inst), lead) &&
         is_fence_of(ssid, LLVMGetNextInstruction(s->inst), trail);
}

/*--- splitting a block at the atomic ------------------------------------*/

/* Makes the edges from `from` into the PHIs of `succ` come from `to`, in
 * place: a rebuilt PHI would leave any LLVMValueRef held for the old one
 * (s->ptr or s->val in a loop the split block closes) dangling. */
static void retarget_phis(LLVMBasicBlockRef succ, LLVMBasicBlockRef from,
                          LLVMBasicBlockRef to) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(succ);
       phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
       phi = LLVMGetNextInstruction(phi)) {
    unsigned n = LLVMCountIncoming(phi);
    for (unsigned i = 0; i < n; ++i)
      if (LLVMGetIncomingBlock(phi, i) == from)
        fpa_compat_set_incoming_block(phi, i, to);
  }
}

LLVMBasicBlockRef fpa_split_here(LLVMBuilderRef b, const fpa_site *s,
                                 const char *end_name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(s->inst);
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
  LLVMBasicBlockRef tail =
      next ? LLVMInsertBasicBlockInContext(s->ctx, next, end_name)
           : LLVMAppendBasicBlockInContext(s->ctx, s->fn, end_name);
  /* A builder with no debug location, so moved instructions keep theirs. */
  LLVMBuilderRef mover = LLVMCreateBuilderInContext(s->ctx);
  LLVMPositionBuilderAtEnd(mover, tail);
  for (LLVMValueRef i = s->inst; i;) {
    LLVMValueRef n = LLVMGetNextInstruction(i);
    size_t len = 0;
    const char *nm = LLVMGetValueName2(i, &len);
    char *name = fpa_strdup(nm);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilderWithName(mover, i, name ? name : "");
    free(name);
    i = n;
  }
  LLVMValueRef term = LLVMGetBasicBlockTerminator(tail);
  if (term) {
    unsigned ns = LLVMGetNumSuccessors(term);
    for (unsigned k = 0; k < ns; ++k)
      retarget_phis(LLVMGetSuccessor(term, k), bb, tail);
  }
  LLVMDisposeBuilder(mover);
  LLVMPositionBuilderAtEnd(b, bb);
  return tail;
}

/*--- the new value, exactly, on bits -------------------------------------*/

static LLVMValueRef is_nan(LLVMBuilderRef b, const fpa_site *s,
                           LLVMValueRef x) {
  LLVMValueRef mag = LLVMBuildAnd(b, x, elem_const(s, sign_bit(s) - 1), "");
  return LLVMBuildICmp(b, LLVMIntUGT, mag, elem_const(s, exp_mask(s)), "");
}

/* An order key: unsigned comparison of keys is the float order of non-NaN
 * values, with -0.0 below +0.0. key = x ^ (x < 0 ? all-ones : sign-bit). */
static LLVMValueRef order_key(LLVMBuilderRef b, const fpa_site *s,
                              LLVMValueRef x) {
  LLVMValueRef spread =
      LLVMBuildAShr(b, x, elem_const(s, s->elem_bits - 1), "");
  LLVMValueRef flip = LLVMBuildOr(b, spread, elem_const(s, sign_bit(s)), "");
  return LLVMBuildXor(b, x, flip, "");
}

/* A half or bfloat element as an f32, exactly. A bfloat is the high half
 * of its f32, moved there as bits: the backend converts it with
 * cvt.ftz.f32.bf16 where f32 flushes, and a bfloat subnormal is an f32
 * subnormal. Every half is a normal f32 or zero, which the flush leaves. */
static LLVMValueRef widen_to_f32(LLVMBuilderRef b, const fpa_site *s,
                                 LLVMValueRef x) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(s->ctx);
  if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMBFloatTypeKind)
    return LLVMBuildFPExt(b, x, f32, "");
  LLVMTypeRef i16 = LLVMInt16TypeInContext(s->ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(s->ctx);
  LLVMValueRef w = LLVMBuildZExt(b, LLVMBuildBitCast(b, x, i16, ""), i32, "");
  return LLVMBuildBitCast(b, LLVMBuildShl(b, w, LLVMConstInt(i32, 16, 0), ""),
                          f32, "");
}

/* PTX fma.rn.f32 (never .ftz) of f32 values: x * y + z, rounded once. */
static LLVMValueRef fma_rn_f32(LLVMBuilderRef b, const fpa_site *s,
                               LLVMValueRef x, LLVMValueRef y, LLVMValueRef z,
                               const char *name) {
  static const char fma[] = "llvm.nvvm.fma.rn.f";
  unsigned id = LLVMLookupIntrinsicID(fma, sizeof fma - 1);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(s->mod, id, NULL, 0);
  LLVMTypeRef fty = LLVMIntrinsicGetType(s->ctx, id, NULL, 0);
  LLVMValueRef args[3] = {x, y, z};
  return LLVMBuildCall2(b, fty, fn, args, 3, name);
}

/* a + v, or a - v (`sub`), for one float, half or bfloat element `fa`,
 * `fv` where the backend would emit .ftz (s->nvptx_ftz): PTX fma.rn.f32
 * (never .ftz) of v, +-1 and a, rounded once. A half or bfloat goes
 * through f32 (exact for its values), whose 24 bits round the sum once
 * more with no double-rounding error (24 >= 2p + 2 for p = 11 and 8).
 * Below sm_90 the backend adds a bfloat as an f32 with .ftz, flushing the
 * bfloat subnormals that only its own mode (denormal-fp-math) may flush. */
static LLVMValueRef add_noftz(LLVMBuilderRef b, const fpa_site *s,
                              LLVMValueRef fa, LLVMValueRef fv, int sub) {
  LLVMTypeRef ety = LLVMTypeOf(fa);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(s->ctx);
  int half = ety != f32;
  LLVMValueRef wv = half ? widen_to_f32(b, s, fv) : fv;
  LLVMValueRef wa = half ? widen_to_f32(b, s, fa) : fa;
  LLVMValueRef r = fma_rn_f32(b, s, wv, LLVMConstReal(f32, sub ? -1.0 : 1.0),
                              wa, "new.noftz");
  return half ? LLVMBuildFPTrunc(b, r, ety, "") : r;
}

/* Whether a scalar of type `ty` is added with .ftz by the backend at `s`. */
static int adds_with_ftz(const fpa_site *s, LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  return s->nvptx_ftz && (k == LLVMFloatTypeKind || k == LLVMHalfTypeKind ||
                          k == LLVMBFloatTypeKind);
}

LLVMValueRef fpa_build_fadd(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef x,
                            LLVMValueRef y, const char *name) {
  if (adds_with_ftz(s, LLVMTypeOf(x)))
    return add_noftz(b, s, x, y, 0);
  return LLVMBuildFAdd(b, x, y, name);
}

LLVMValueRef fpa_build_fneg(LLVMBuilderRef b, const fpa_site *s,
                            LLVMValueRef x, const char *name) {
  /* a constant folds to its negation here, exactly (the sign bit) */
  if (!s->nvptx_ftz || LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMFloatTypeKind ||
      LLVMIsAConstant(x))
    return LLVMBuildFNeg(b, x, name);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(s->ctx);
  return fma_rn_f32(b, s, x, LLVMConstReal(f32, -1.0), LLVMConstReal(f32, -0.0),
                    name);
}

LLVMValueRef fpa_build_op_bits(LLVMBuilderRef b, const fpa_site *s,
                               LLVMValueRef a, LLVMValueRef v) {
  LLVMTypeKind ek = LLVMGetTypeKind(s->ety);
  if ((s->op == FPA_OP_FADD || s->op == FPA_OP_FSUB) && s->nvptx_ftz &&
      (ek == LLVMFloatTypeKind || ek == LLVMHalfTypeKind ||
       ek == LLVMBFloatTypeKind)) {
    LLVMTypeRef fty = float_type_of_elem_int(s);
    LLVMValueRef fa = LLVMBuildBitCast(b, a, fty, "");
    LLVMValueRef fv = LLVMBuildBitCast(b, v, fty, "");
    LLVMValueRef r;
    if (s->lanes == 1) {
      r = add_noftz(b, s, fa, fv, s->op == FPA_OP_FSUB);
    } else {
      r = LLVMGetPoison(fty);
      for (unsigned i = 0; i < s->lanes; ++i) {
        LLVMValueRef k = LLVMConstInt(LLVMInt32TypeInContext(s->ctx), i, 0);
        LLVMValueRef e = add_noftz(b, s, LLVMBuildExtractElement(b, fa, k, ""),
                                   LLVMBuildExtractElement(b, fv, k, ""),
                                   s->op == FPA_OP_FSUB);
        r = LLVMBuildInsertElement(b, r, e, k, "");
      }
    }
    return LLVMBuildBitCast(b, r, LLVMTypeOf(a), "");
  }
  if (s->op == FPA_OP_FADD || s->op == FPA_OP_FSUB) {
    LLVMTypeRef fty = float_type_of_elem_int(s);
    LLVMValueRef fa = LLVMBuildBitCast(b, a, fty, "");
    LLVMValueRef fv = LLVMBuildBitCast(b, v, fty, "");
    LLVMValueRef r = s->op == FPA_OP_FADD ? LLVMBuildFAdd(b, fa, fv, "new")
                                          : LLVMBuildFSub(b, fa, fv, "new");
    return LLVMBuildBitCast(b, r, LLVMTypeOf(a), "");
  }
  int want_min = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMINIMUM;
  const char *nan_name =
      want_min ? "llvm.nvvm.fmin.nan.f" : "llvm.nvvm.fmax.nan.f";
  unsigned nan_id =
      s->ptx_min_nan && s->lanes == 1 &&
              LLVMGetTypeKind(s->ety) == LLVMFloatTypeKind &&
              (s->op == FPA_OP_FMINIMUM || s->op == FPA_OP_FMAXIMUM)
          ? LLVMLookupIntrinsicID(nan_name, strlen(nan_name))
          : 0;
  if (nan_id) {
    /* PTX min.NaN.f32/max.NaN.f32 (never .ftz): one instruction for the
     * order of two non-NaN values, -0.0 below +0.0, subnormals kept
     * (docs/design.md). For a NaN it gives 0x7fffffff, so the NaN cases
     * select the NaN itself, as the order-key form below does. */
    LLVMTypeRef fty = s->ety;
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(s->mod, nan_id, NULL, 0);
    LLVMTypeRef cty = LLVMIntrinsicGetType(s->ctx, nan_id, NULL, 0);
    LLVMValueRef args[2] = {LLVMBuildBitCast(b, a, fty, ""),
                            LLVMBuildBitCast(b, v, fty, "")};
    LLVMValueRef ordered =
        LLVMBuildBitCast(b, LLVMBuildCall2(b, cty, fn, args, 2, "minmax.nan"),
                         LLVMTypeOf(a), "");
    LLVMValueRef r = LLVMBuildSelect(b, is_nan(b, s, v), v, ordered, "");
    return LLVMBuildSelect(b, is_nan(b, s, a), a, r, "new");
  }
  LLVMValueRef ka = order_key(b, s, a), kv = order_key(b, s, v);
  /* Take v only when strictly beyond a; ties keep a (same bits or not, a
   * tie of keys means equal bits). */
  LLVMValueRef take_v =
      LLVMBuildICmp(b, want_min ? LLVMIntULT : LLVMIntUGT, kv, ka, "");
  LLVMValueRef ordered = LLVMBuildSelect(b, take_v, v, a, "");
  LLVMValueRef nan_a = is_nan(b, s, a), nan_v = is_nan(b, s, v);
  if (s->op == FPA_OP_FMIN || s->op == FPA_OP_FMAX) {
    /* minnum/maxnum: a NaN operand is ignored; two NaNs keep a. */
    LLVMValueRef r = LLVMBuildSelect(b, nan_a, v, ordered, "");
    return LLVMBuildSelect(b, nan_v, a, r, "new");
  }
  /* minimum/maximum: a NaN propagates (a's first, unchanged). */
  LLVMValueRef r = LLVMBuildSelect(b, nan_v, v, ordered, "");
  return LLVMBuildSelect(b, nan_a, a, r, "new");
}

/*--- the cmpxchg loop ----------------------------------------------------*/

static LLVMAtomicOrdering failure_ordering(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingAcquireRelease:
    return LLVMAtomicOrderingAcquire;
  case LLVMAtomicOrderingRelease:
    return LLVMAtomicOrderingMonotonic;
  default:
    return o;
  }
}

LLVMValueRef fpa_bits_of(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty,
                         const char *name) {
  if (LLVMIsABitCastInst(v)) {
    LLVMValueRef from = LLVMGetOperand(v, 0);
    if (LLVMTypeOf(from) == ty)
      return from;
  }
  return LLVMBuildBitCast(b, v, ty, name);
}

/* Bits of the operand, in the element-int type. */
static LLVMValueRef operand_bits(LLVMBuilderRef b, const fpa_site *s) {
  return fpa_bits_of(b, s->val, fpa_elem_int_type(s), "");
}

/*
 * Builds, with `from` branching in and `init` the first expected value:
 *
 * atomicrmw.start:
 *   %loaded = phi iW [ %init, %from ], [ %newloaded, %atomicrmw.start ]
 *   %new = <op on the element bits of %loaded and %v>
 *   %pair = cmpxchg [volatile] ptr %p, iW %loaded, iW %new syncscope ORD FAIL
 *   %newloaded = extractvalue { iW, i1 } %pair, 0
 *   %success = extractvalue { iW, i1 } %pair, 1
 *   br i1 %success, label %end, label %atomicrmw.start
 *
 * For a non-volatile monotonic site, `icmp eq %new, %loaded` branches to
 * %end before the cmpxchg (in block atomicrmw.cas): an update that cannot
 * change memory is then only the read that saw %loaded. A non-volatile
 * monotonic read-modify-write that writes back what it read is
 * indistinguishable from that read (placed right after the write it read
 * in modification order); LLVM's AtomicExpand makes the same step for
 * idempotent atomicrmw (lowerIdempotentRMWIntoFencedLoad). Stronger
 * orderings would lose the release or acquire of the write, and volatile
 * asks for the access itself, so they keep the cmpxchg.
 *
 * Each retry uses the value cmpxchg returned, never a fresh plain load, and
 * the comparison is on bits, so a NaN cannot make it spin.
 */
int fpa_noop_may_be_load(const fpa_site *s) {
  return s->ordering == LLVMAtomicOrderingMonotonic && !s->is_volatile;
}

LLVMValueRef fpa_loop_next(LLVMBuilderRef b, const fpa_site *s,
                           const fpa_loop_word *w, LLVMValueRef loaded,
                           LLVMValueRef vbits) {
  LLVMTypeRef wty = LLVMTypeOf(loaded);
  LLVMValueRef cur;
  if (w->word_ptr) {
    LLVMValueRef sh = LLVMBuildLShr(b, loaded, w->shift, "");
    cur = LLVMBuildTrunc(b, sh, fpa_elem_int_type(s), "");
  } else {
    cur = s->lanes > 1 ? LLVMBuildBitCast(b, loaded, fpa_elem_int_type(s), "")
                       : loaded;
  }
  LLVMValueRef nv = fpa_build_op_bits(b, s, cur, vbits);
  if (w->word_ptr) {
    LLVMValueRef keep = LLVMBuildAnd(b, loaded, w->inv_mask, "");
    LLVMValueRef wide = LLVMBuildZExt(b, nv, wty, "");
    LLVMValueRef placed = LLVMBuildShl(b, wide, w->shift, "");
    return LLVMBuildOr(b, keep, placed, "");
  }
  return s->lanes > 1 ? LLVMBuildBitCast(b, nv, wty, "") : nv;
}

LLVMValueRef fpa_emit_cas_loop(LLVMBuilderRef b, const fpa_site *s,
                               LLVMValueRef init, fpa_loop_word *w) {
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b);
  /* The end block is the one that holds s->inst after the split. */
  LLVMBasicBlockRef end = LLVMGetInstructionParent(s->inst);
  LLVMValueRef vbits = operand_bits(b, s);
  LLVMBasicBlockRef start =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.start");
  LLVMBuildBr(b, start);
  LLVMPositionBuilderAtEnd(b, start);
  LLVMTypeRef wty = LLVMTypeOf(init);
  LLVMValueRef loaded = LLVMBuildPhi(b, wty, "loaded");
  LLVMValueRef ptr =
      w->word_ptr ? w->word_ptr : fpa_compat_ptr_to(b, s->ptr, wty);
  LLVMValueRef next = fpa_loop_next(b, s, w, loaded, vbits);
  LLVMBasicBlockRef cas_bb = start;
  w->n_exits = 0;
  if (fpa_noop_may_be_load(s)) {
    w->exits[w->n_exits++] = start;
    /* An update that leaves memory as it is ends here: its read (the load or
     * the failed cmpxchg that gave %loaded) stands for the whole no-op
     * read-modify-write, as precheck argues (README, "precheck"). */
    cas_bb = LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.cas");
    LLVMValueRef same = LLVMBuildICmp(b, LLVMIntEQ, next, loaded, "nochange");
    LLVMBuildCondBr(b, same, end, cas_bb);
    LLVMPositionBuilderAtEnd(b, cas_bb);
  }
  LLVMValueRef newloaded;
  LLVMValueRef success = fpa_emit_cmpxchg(
      b, s, ptr, loaded, next, failure_ordering(s->ordering),
      w->word_ptr ? 4 : s->align, w->word_ptr == NULL, &newloaded, "success");
  LLVMBuildCondBr(b, success, end, start);
  LLVMAddIncoming(loaded, &init, &from, 1);
  w->exits[w->n_exits++] = cas_bb;
  LLVMAddIncoming(loaded, &newloaded, &cas_bb, 1);
  return loaded;
}

LLVMValueRef fpa_emit_atomic_load(LLVMBuilderRef b, const fpa_site *s,
                                  LLVMValueRef ptr, LLVMTypeRef ty,
                                  unsigned align, int same_access,
                                  const char *name) {
  LLVMValueRef ld = LLVMBuildLoad2(b, ty, ptr, name);
  LLVMSetOrdering(ld, LLVMAtomicOrderingMonotonic);
  LLVMSetAlignment(ld, align);
  fpa_copy_atomic_props(s, ld, same_access);
  /* NVPTX cannot select a singlethread-scope atomic load; the system scope
   * is wider, which a load may always use. */
  if (s->ssid == FPA_SYNCSCOPE_SINGLETHREAD)
    fpa_compat_set_syncscope(ld, FPA_SYNCSCOPE_SYSTEM);
  return ld;
}

void fpa_masked_word(LLVMBuilderRef b, const fpa_site *s, fpa_loop_word *w) {
  /* The element lives in the aligned 32-bit word that holds it:
   *   %off  = ptrtoint %p & 3 ; %word = gep i8, %p, -%off
   *   %shift = %off * 8 (little endian) ; %inv = ~(0xffff << %shift) */
  LLVMTypeRef i8 = LLVMInt8TypeInContext(s->ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(s->ctx);
  LLVMValueRef off32;
  if (s->align >= 4) {
    w->word_ptr = fpa_compat_ptr_to(b, s->ptr, i32);
    off32 = LLVMConstInt(i32, 0, 0);
  } else {
    LLVMValueRef p8 = fpa_compat_ptr_to(b, s->ptr, i8);
    LLVMTargetDataRef dl = LLVMGetModuleDataLayout(s->mod);
    LLVMTypeRef ity = LLVMIntPtrTypeForASInContext(s->ctx, dl, s->addrspace);
    LLVMValueRef addr = LLVMBuildPtrToInt(b, p8, ity, "");
    LLVMValueRef off = LLVMBuildAnd(b, addr, LLVMConstInt(ity, 3, 0), "");
    LLVMValueRef neg = LLVMBuildNeg(b, off, "");
    LLVMValueRef wp = LLVMBuildGEP2(b, i8, p8, &neg, 1, "word");
    w->word_ptr = fpa_compat_ptr_to(b, wp, i32);
    off32 = LLVMBuildTruncOrBitCast(b, off, i32, "");
  }
  w->shift = LLVMBuildShl(b, off32, LLVMConstInt(i32, 3, 0), "shift");
  LLVMValueRef mask =
      LLVMBuildShl(b, LLVMConstInt(i32, 0xffff, 0), w->shift, "");
  w->inv_mask = LLVMBuildNot(b, mask, "inv_mask");
}

LLVMValueRef fpa_cas_loop_init(LLVMBuilderRef b, const fpa_site *s, int masked,
                               fpa_loop_word *w) {
  if (masked) {
    fpa_masked_word(b, s, w);
    w->init = fpa_emit_atomic_load(
        b, s, w->word_ptr, LLVMInt32TypeInContext(s->ctx), 4, 0, "init");
  } else {
    LLVMTypeRef ity = fpa_value_int_type(s);
    w->init = fpa_emit_atomic_load(b, s, fpa_compat_ptr_to(b, s->ptr, ity), ity,
                                   s->align, 1, "init");
  }
  return w->init;
}

void fpa_build_cas_loop(LLVMBuilderRef b, const fpa_site *s, int masked,
                        const fpa_loop_word *start, int fences) {
  fpa_loop_word w = {0};
  if (fences)
    fpa_emit_leading_fence(b, s);
  if (start)
    w = *start;
  else
    fpa_cas_loop_init(b, s, masked, &w);
  fpa_split_here(b, s, "atomicrmw.end");
  LLVMValueRef loaded = fpa_emit_cas_loop(b, s, w.init, &w);
  LLVMPositionBuilderBefore(b, s->inst);
  if (fences)
    fpa_emit_trailing_fence(b, s);
  LLVMValueRef old = loaded;
  if (masked && s->result_used) {
    LLVMValueRef sh = LLVMBuildLShr(b, loaded, w.shift, "");
    old = LLVMBuildTrunc(b, sh, fpa_elem_int_type(s), "");
  }
  fpa_finish(b, s, old);
}

void fpa_finish(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef old_bits) {
  if (s->result_used) {
    LLVMPositionBuilderBefore(b, s->inst);
    LLVMValueRef r = LLVMTypeOf(old_bits) == s->vty
                         ? old_bits
                         : LLVMBuildBitCast(b, old_bits, s->vty, "");
    size_t len = 0;
    const char *nm = LLVMGetValueName2(s->inst, &len);
    char *name = fpa_strdup(nm);
    LLVMSetValueName2(s->inst, "", 0);
    if (name && *name && !LLVMIsConstant(r))
      LLVMSetValueName2(r, name, strlen(name));
    free(name);
    LLVMReplaceAllUsesWith(s->inst, r);
  }
  LLVMInstructionEraseFromParent(s->inst);
}
