/*===-- warp_ir.c - IR helpers of aggregate=warp -------------------------===*\
|*                                                                          *|
|* The builder's state (fpa_warp_init), NVVM intrinsic calls, shuffles of   *|
|* values of any width as 32-bit shfl.sync, branch weights and new blocks.  *|
|* See warp.h for the parts that use them.                                  *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

#include <stdlib.h>
#include <string.h>

LLVMValueRef fpa_warp_intrinsic(fpa_warp *w, const char *name, LLVMTypeRef over,
                                LLVMValueRef *args, unsigned n,
                                const char *vname) {
  fpa_decls *c = w->s->decls;
  if (c)
    for (int i = 0; i < c->n; ++i)
      if (c->e[i].over == over && strcmp(c->e[i].name, name) == 0)
        return LLVMBuildCall2(w->b, c->e[i].fty, c->e[i].fn, args, n, vname);
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    abort(); /* every name used here exists in LLVM 15 and 22 */
  LLVMTypeRef tys[1] = {over};
  unsigned nt = over ? 1 : 0;
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(w->m, id, tys, nt);
  LLVMTypeRef fty = LLVMIntrinsicGetType(w->ctx, id, tys, nt);
  if (c && c->n < FPA_DECLS_MAX && strlen(name) < sizeof c->e[0].name) {
    strcpy(c->e[c->n].name, name);
    c->e[c->n].over = over;
    c->e[c->n].fn = fn;
    c->e[c->n].fty = fty;
    ++c->n;
  }
  return LLVMBuildCall2(w->b, fty, fn, args, n, vname);
}

LLVMValueRef fpa_warp_is_nan(fpa_warp *w, LLVMValueRef bits, const char *name) {
  LLVMValueRef mag = LLVMBuildAnd(w->b, bits, ku(w->wty, w->sign - 1), "");
  return LLVMBuildICmp(w->b, LLVMIntUGT, mag, ku(w->wty, w->expo), name);
}

/* cttz/ctlz of a mask; zero gives poison (every mask used here holds the
 * lane itself, or the result is selected away). */
LLVMValueRef fpa_warp_bit_count(fpa_warp *w, const char *name, LLVMValueRef x) {
  LLVMValueRef args[2] = {x, LLVMConstInt(w->i1, 1, 0)};
  return fpa_warp_intrinsic(w, name, w->i32, args, 2, "");
}

/* Marks conditional branch `br` as rarely (`likely`: mostly) taking its
 * first successor (!prof branch_weights 1 : 16, or 16 : 1), so that the
 * backend lays the other (the first) out as the fall-through. */
void fpa_warp_weigh(fpa_warp *w, LLVMValueRef br, int likely) {
  fpa_set_branch_weights(w->ctx, br, likely ? 16 : 1, likely ? 1 : 16);
}

LLVMBasicBlockRef fpa_warp_block(fpa_warp *w, const char *name) {
  return LLVMInsertBasicBlockInContext(w->ctx, w->end, name);
}

/* One 32-bit shuffle over the active mask: from lane `src`, or (src NULL)
 * from `up` lanes below, where lanes below `up` keep their own value. */
LLVMValueRef fpa_warp_shfl32(fpa_warp *w, LLVMValueRef x, LLVMValueRef src,
                             unsigned up) {
  LLVMValueRef args[4] = {w->mask, x, src ? src : LLVMConstInt(w->i32, up, 0),
                          LLVMConstInt(w->i32, src ? 31 : 0, 0)};
  return fpa_warp_intrinsic(
      w, src ? "llvm.nvvm.shfl.sync.idx.i32" : "llvm.nvvm.shfl.sync.up.i32",
      NULL, args, 4, "");
}

/* A shuffle of a value of any width (16, 32 or 64 bits, integer or
 * floating point), as one or two 32-bit shuffles. */
LLVMValueRef fpa_warp_shuffle(fpa_warp *w, LLVMValueRef v, LLVMValueRef src,
                              unsigned up) {
  LLVMBuilderRef b = w->b;
  LLVMTypeRef ty = LLVMTypeOf(v);
  int is_int = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind;
  unsigned bits = is_int ? LLVMGetIntTypeWidth(ty)
                  : LLVMGetTypeKind(ty) == LLVMDoubleTypeKind ? 64
                  : LLVMGetTypeKind(ty) == LLVMFloatTypeKind  ? 32
                                                              : 16;
  LLVMTypeRef ity = LLVMIntTypeInContext(w->ctx, bits);
  LLVMValueRef x = is_int ? v : LLVMBuildBitCast(b, v, ity, "");
  LLVMValueRef r;
  if (bits == 64) {
    LLVMValueRef lo = LLVMBuildTrunc(b, x, w->i32, "");
    LLVMValueRef hi = LLVMBuildTrunc(
        b, LLVMBuildLShr(b, x, LLVMConstInt(ity, 32, 0), ""), w->i32, "");
    lo = LLVMBuildZExt(b, fpa_warp_shfl32(w, lo, src, up), ity, "");
    hi = LLVMBuildZExt(b, fpa_warp_shfl32(w, hi, src, up), ity, "");
    r = LLVMBuildOr(b, lo, LLVMBuildShl(b, hi, LLVMConstInt(ity, 32, 0), ""),
                    "");
  } else if (bits < 32) {
    r = LLVMBuildTrunc(
        b, fpa_warp_shfl32(w, LLVMBuildZExt(b, x, w->i32, ""), src, up), ity,
        "");
  } else {
    r = fpa_warp_shfl32(w, x, src, up);
  }
  return is_int ? r : LLVMBuildBitCast(b, r, ty, "");
}

void fpa_warp_init(fpa_warp *w, LLVMBuilderRef b, const fpa_site *s) {
  memset(w, 0, sizeof *w);
  w->b = b;
  w->s = s;
  w->m = s->mod;
  w->ctx = s->ctx;
  w->i1 = LLVMInt1TypeInContext(s->ctx);
  w->i32 = LLVMInt32TypeInContext(s->ctx);
  w->w = s->elem_bits;
  w->kw = w->w == 64 ? 64 : 32;
  w->kty = LLVMIntTypeInContext(s->ctx, w->kw);
  w->wty = LLVMIntTypeInContext(s->ctx, w->w);
  w->is_add = s->op == FPA_OP_FADD || s->op == FPA_OP_FSUB;
  w->is_min = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMINIMUM;
  w->is_num = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMAX;
  w->sign = (uint64_t)1 << (w->w - 1);
  w->kmax = (int64_t)(w->sign - 1);
  w->kmin = -w->kmax - 1;
  /* NaN operands: the identity (minnum/maxnum) or the absorbing key
   * (minimum/maximum) of the reduction */
  w->id_or_abs = (w->is_min == w->is_num) ? w->kmax : w->kmin;
  unsigned mbits = 0;
  switch (LLVMGetTypeKind(s->ety)) {
  case LLVMHalfTypeKind:
    w->expo = 0x7c00u, mbits = 10;
    break;
  case LLVMBFloatTypeKind:
    w->expo = 0x7f80u, mbits = 7;
    break;
  case LLVMFloatTypeKind:
    w->expo = 0x7f800000u, mbits = 23;
    break;
  default:
    w->expo = 0x7ff0000000000000ull, mbits = 52;
  }
  /* the preferred quiet NaN, with the sign the integer trick keeps for
   * minimum (negative) and maximum (positive) */
  w->pref_nan = w->expo | ((uint64_t)1 << (mbits - 1)) |
                (s->op == FPA_OP_FMINIMUM ? w->sign : 0);
}
