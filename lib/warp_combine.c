/*===-- warp_combine.c - combining a group's updates ---------------------===*\
|*                                                                          *|
|* Combining min/max, exactly: operand bits b become signed order keys      *|
|* k = b ^ ((b >>s (w-1)) & INT_MAX) (16-bit keys sign-extended to 32       *|
|* bits). Signed key order is the float order with -0 < +0, and puts        *|
|* negative NaNs below -inf and positive NaNs above +inf. NaN operands are  *|
|* mapped first:                                                            *|
|*   fmin: INT_MAX, fmax: INT_MIN. This is the identity of the reduction,   *|
|*     and it decodes to a NaN, so an all-NaN group's update is a no-op.    *|
|*   fminimum: INT_MIN, fmaximum: INT_MAX. This key absorbs, and the        *|
|*     leader passes the preferred quiet NaN on, which LangRef allows for   *|
|*     a NaN result.                                                        *|
|* min over a total order is associative and commutative, so the leader's   *|
|* one update leaves memory as the group's updates in any order would,      *|
|* NaNs in memory included (minnum(NaN, x) = x in both).                    *|
|* fadd operands (fsub: negated operands) are summed first; that            *|
|* reassociates the sum, so it needs assume=reassociate-fadd (LLVM 22's     *|
|* atomicrmw has no fast-math flags).                                       *|
|*                                                                          *|
|* Reductions: redux.sync on sm_80+ (min/max keys; 64-bit keys as the       *|
|* signed high word, then the unsigned low word of the lanes that hold the  *|
|* minimum high word), otherwise a scan. Scans run in lane order: with      *|
|* shfl.sync.up when the whole warp is one group, otherwise over pointers   *|
|* to "my predecessor in my group" that double each step (shfl.sync.idx).   *|
|* Every lane of the active mask executes every shuffle, so no case needs   *|
|* a per-lane fallback except thread-local pointers.                        *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

/*--- keys and the combining operation ------------------------------------*/

/* The signed order key (kty) of element bits (wty). */
static LLVMValueRef to_key(fpa_warp *w, LLVMValueRef bits) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef x = w->w == 16 ? LLVMBuildSExt(b, bits, w->kty, "") : bits;
  LLVMValueRef spread =
      LLVMBuildAShr(b, x, LLVMConstInt(w->kty, w->kw - 1, 0), "");
  return LLVMBuildXor(b, x, LLVMBuildAnd(b, spread, ki(w->kty, w->kmax), ""),
                      "key");
}

/* Element bits from a key (the same involution). */
static LLVMValueRef from_key(fpa_warp *w, LLVMValueRef k) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef spread =
      LLVMBuildAShr(b, k, LLVMConstInt(w->kty, w->kw - 1, 0), "");
  LLVMValueRef x =
      LLVMBuildXor(b, k, LLVMBuildAnd(b, spread, ki(w->kty, w->kmax), ""), "");
  return w->w == 16 ? LLVMBuildTrunc(b, x, w->wty, "") : x;
}

/* op(lower lanes' part, higher lanes' part) in the scan's domain: signed
 * min/max of keys, or a float sum. */
static LLVMValueRef combine(fpa_warp *w, LLVMValueRef lower,
                            LLVMValueRef higher) {
  if (w->is_add)
    return fpa_build_fadd(w->b, w->s, lower, higher, "");
  LLVMValueRef take = LLVMBuildICmp(w->b, w->is_min ? LLVMIntSLT : LLVMIntSGT,
                                    lower, higher, "");
  return LLVMBuildSelect(w->b, take, lower, higher, "");
}

typedef struct scan {
  LLVMValueRef excl;  /* combination of the group's lanes below this one */
  LLVMValueRef first; /* i1: no group lane below this one */
  LLVMValueRef total; /* combination of the whole group, in every lane */
} scan;

/* The whole warp is one group: Kogge-Stone with shfl.sync.up. */
static void scan_full(fpa_warp *w, LLVMValueRef x, int want_excl,
                      int want_total, fpa_warp_scan *out) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef incl = x;
  for (unsigned d = 1; d < 32; d <<= 1) {
    LLVMValueRef other = fpa_warp_shuffle(w, incl, NULL, d);
    LLVMValueRef has =
        LLVMBuildICmp(b, LLVMIntUGE, w->lane, LLVMConstInt(w->i32, d, 0), "");
    incl = LLVMBuildSelect(b, has, combine(w, other, incl), incl, "");
  }
  if (want_excl) {
    out->excl = fpa_warp_shuffle(w, incl, NULL, 1);
    out->first =
        LLVMBuildICmp(b, LLVMIntEQ, w->lane, LLVMConstInt(w->i32, 0, 0), "");
  }
  if (want_total)
    out->total = fpa_warp_shuffle(w, incl, LLVMConstInt(w->i32, 31, 0), 0);
}

/* Any groups: each lane points at its predecessor in its group (32: none);
 * each step combines the predecessor's partial result and then points at
 * the predecessor's predecessor, so the distance doubles. */
static void scan_groups(fpa_warp *w, LLVMValueRef x, LLVMValueRef gmask,
                        int want_excl, int want_total, fpa_warp_scan *out) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef k31 = LLVMConstInt(w->i32, 31, 0);
  LLVMValueRef k32 = LLVMConstInt(w->i32, 32, 0);
  LLVMValueRef below = LLVMBuildAnd(b, gmask, w->lanemask_lt, "");
  LLVMValueRef none =
      LLVMBuildICmp(b, LLVMIntEQ, below, LLVMConstInt(w->i32, 0, 0), "");
  LLVMValueRef pred = LLVMBuildSelect(
      b, none, k32,
      LLVMBuildSub(b, k31, fpa_warp_bit_count(w, "llvm.ctlz", below), ""),
      "pred");
  LLVMValueRef pred1 = pred, incl = x;
  for (unsigned d = 1; d < 32; d <<= 1) {
    LLVMValueRef has = LLVMBuildICmp(b, LLVMIntULT, pred, k32, "");
    LLVMValueRef src = LLVMBuildSelect(b, has, pred, w->lane, "");
    LLVMValueRef other = fpa_warp_shuffle(w, incl, src, 0);
    incl = LLVMBuildSelect(b, has, combine(w, other, incl), incl, "");
    if (d < 16)
      pred = fpa_warp_shfl32(w, pred, src, 0); /* own 32 where there is none */
  }
  if (want_excl) {
    LLVMValueRef has = LLVMBuildICmp(b, LLVMIntULT, pred1, k32, "");
    out->excl = fpa_warp_shuffle(
        w, incl, LLVMBuildSelect(b, has, pred1, w->lane, ""), 0);
    out->first = LLVMBuildNot(b, has, "");
  }
  if (want_total) {
    LLVMValueRef last =
        LLVMBuildSub(b, k31, fpa_warp_bit_count(w, "llvm.ctlz", gmask), "");
    out->total = fpa_warp_shuffle(w, incl, last, 0);
  }
}

/* The group's min/max key with redux.sync (sm_80+). 64-bit keys: the
 * signed high words first, then the unsigned low words of the lanes whose
 * high word won (the others offer the identity). */
static LLVMValueRef redux_total(fpa_warp *w, LLVMValueRef k,
                                LLVMValueRef gmask) {
  LLVMBuilderRef b = w->b;
  const char *sname =
      w->is_min ? "llvm.nvvm.redux.sync.min" : "llvm.nvvm.redux.sync.max";
  if (w->kw == 32) {
    LLVMValueRef args[2] = {k, gmask};
    return fpa_warp_intrinsic(w, sname, NULL, args, 2, "total");
  }
  LLVMValueRef k32 = LLVMConstInt(w->kty, 32, 0);
  LLVMValueRef lo = LLVMBuildTrunc(b, k, w->i32, "");
  LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildAShr(b, k, k32, ""), w->i32, "");
  LLVMValueRef args[2] = {hi, gmask};
  LLVMValueRef top = fpa_warp_intrinsic(w, sname, NULL, args, 2, "");
  LLVMValueRef won = LLVMBuildICmp(b, LLVMIntEQ, hi, top, "");
  args[0] = LLVMBuildSelect(b, won, lo, ki(w->i32, w->is_min ? -1 : 0), "");
  LLVMValueRef low = fpa_warp_intrinsic(
      w, w->is_min ? "llvm.nvvm.redux.sync.umin" : "llvm.nvvm.redux.sync.umax",
      NULL, args, 2, "");
  return LLVMBuildOr(
      b, LLVMBuildShl(b, LLVMBuildSExt(b, top, w->kty, ""), k32, ""),
      LLVMBuildZExt(b, low, w->kty, ""), "total");
}

/*--- values in and out ----------------------------------------------------*/

/* A lane's contribution, from its operand's bits: the order key with NaNs
 * mapped, or the operand itself. */
static LLVMValueRef contribution(fpa_warp *w, LLVMValueRef vbits) {
  if (w->is_add) {
    /* fsub adds -v (a - b and a + (-b) are bit-identical); summing the
     * negated operands keeps the zero signs of the per-lane sequence, which
     * negating a sum of the operands would not (-(+0 + -0) = -0). */
    LLVMValueRef v = LLVMBuildBitCast(w->b, vbits, w->s->vty, "");
    return w->s->op == FPA_OP_FSUB ? fpa_build_fneg(w->b, w->s, v, "") : v;
  }
  return LLVMBuildSelect(w->b, fpa_warp_is_nan(w, vbits, ""),
                         ki(w->kty, w->id_or_abs), to_key(w, vbits), "contrib");
}

/* The bits of the leader's operand, from the group's total. */
LLVMValueRef fpa_warp_leader_operand(fpa_warp *w, LLVMValueRef total) {
  if (w->is_add) {
    /* fsub: M - (-s) is M + s, bit for bit */
    if (w->s->op == FPA_OP_FSUB)
      total = fpa_build_fneg(w->b, w->s, total, "");
    return LLVMBuildBitCast(w->b, total, w->wty, "");
  }
  LLVMValueRef bits = from_key(w, total);
  if (!w->is_num) {
    LLVMValueRef absorbed =
        LLVMBuildICmp(w->b, LLVMIntEQ, total, ki(w->kty, w->id_or_abs), "");
    bits = LLVMBuildSelect(w->b, absorbed, ku(w->wty, w->pref_nan), bits, "");
  }
  return bits;
}

/* The bits memory held after the leader's old value `mb` (bits) and the
 * group's updates below this lane, whose combination is `e`; this is only
 * used where there is at least one such update. It mirrors the per-lane
 * semantics bit for bit: minnum(NaN, x) = x, a NaN operand is a no-op, a
 * NaN in memory stays for minimum, and a new NaN is the leader's. */
LLVMValueRef fpa_warp_fold_old(fpa_warp *w, LLVMValueRef mb, LLVMValueRef e) {
  LLVMBuilderRef b = w->b;
  if (w->is_add) {
    LLVMValueRef m = LLVMBuildBitCast(b, mb, w->s->vty, "");
    return LLVMBuildBitCast(b, fpa_build_fadd(b, w->s, m, e, ""), w->wty, "");
  }
  LLVMValueRef x = from_key(w, e);
  LLVMValueRef beyond = LLVMBuildICmp(b, w->is_min ? LLVMIntSLT : LLVMIntSGT, e,
                                      to_key(w, mb), "");
  LLVMValueRef r = LLVMBuildSelect(b, beyond, x, mb, "");
  LLVMValueRef mnan = fpa_warp_is_nan(w, mb, "");
  LLVMValueRef special =
      LLVMBuildICmp(b, LLVMIntEQ, e, ki(w->kty, w->id_or_abs), "");
  if (w->is_num) {
    r = LLVMBuildSelect(b, mnan, x, r, "");
    r = LLVMBuildSelect(b, special, mb, r, "");
  } else {
    r = LLVMBuildSelect(b, special, ku(w->wty, w->pref_nan), r, "");
    r = LLVMBuildSelect(b, mnan, mb, r, "");
  }
  return r;
}

/* The scan of the contributions `x` over the groups `gmask` at the
 * builder: excl and first where `want_excl`, total where `want_total`. */
static void build_scan(fpa_warp *w, LLVMValueRef x, LLVMValueRef gmask,
                       int want_excl, int want_total, fpa_warp_scan *sc) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef full = LLVMBuildICmp(b, LLVMIntEQ, gmask, ki(w->i32, -1), "");
  LLVMBasicBlockRef fbb = fpa_warp_block(w, "warp.scan.full");
  LLVMBasicBlockRef gbb = fpa_warp_block(w, "warp.scan.groups");
  LLVMBasicBlockRef done = fpa_warp_block(w, "warp.scanned");
  LLVMBuildCondBr(b, full, fbb, gbb);
  fpa_warp_scan part[2] = {{0}};
  LLVMBasicBlockRef ends[2];
  LLVMPositionBuilderAtEnd(b, fbb);
  scan_full(w, x, want_excl, want_total, &part[0]);
  ends[0] = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, gbb);
  scan_groups(w, x, gmask, want_excl, want_total, &part[1]);
  ends[1] = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMValueRef *fields[3] = {&sc->excl, &sc->first, &sc->total};
  static const char *const names[3] = {"excl", "first", "total"};
  for (int f = 0; f < 3; ++f) {
    LLVMValueRef *a = f == 0   ? &part[0].excl
                      : f == 1 ? &part[0].first
                               : &part[0].total;
    LLVMValueRef *c = f == 0   ? &part[1].excl
                      : f == 1 ? &part[1].first
                               : &part[1].total;
    if (!*a)
      continue;
    *fields[f] = LLVMBuildPhi(b, LLVMTypeOf(*a), names[f]);
    LLVMValueRef vals[2] = {*a, *c};
    LLVMAddIncoming(*fields[f], vals, ends, 2);
  }
}

/* The group's combination at the builder, from each lane's operand bits
 * `vbits` and group mask `gmask`: a scan where old values are needed (*sc:
 * excl and first) or there is no redux.sync. Returns the group's total.
 * With redux.sync, a min/max's scan for old values is left for later
 * (sc->later_x): fpa_warp_old_values builds it only where a group's
 * update changes memory. */
LLVMValueRef fpa_warp_combine(fpa_warp *w, const fpa_warp_plan *p,
                              LLVMValueRef vbits, LLVMValueRef gmask,
                              fpa_warp_scan *sc) {
  int used = w->s->result_used;
  LLVMValueRef x = contribution(w, vbits);
  if (used && p->redux && !w->is_add) {
    sc->later_x = x;
    sc->later_gmask = gmask;
  } else if (used || !p->redux) {
    build_scan(w, x, gmask, used, !p->redux, sc);
  }
  return p->redux ? redux_total(w, x, gmask) : sc->total;
}

/* Each lane's old value at the builder, from its group's leader's old
 * value `old` (bits, in every lane of the group) and the group's
 * combination `total` (a key, or the sum): `old` folded with the updates
 * of the group's lanes below this one (fpa_warp_fold_old). Where the scan
 * was left for later and every group's update leaves `old` as it is (the
 * fold of `old` with the whole group's combination is `old`, so the fold
 * with any part of it is too: min and max are monotonic, and a part is a
 * NaN key only where the whole is), every lane gets `old` and the scan is
 * not built: at a hot address with no-op-heavy data that is most warps.
 * Every lane of the warp takes the same branch (vote.all.sync), so the
 * scan's shuffles still run converged. */
LLVMValueRef fpa_warp_old_values(fpa_warp *w, LLVMValueRef old,
                                 LLVMValueRef total, fpa_warp_scan *sc) {
  LLVMBuilderRef b = w->b;
  if (!sc->later_x)
    return LLVMBuildSelect(b, sc->first, old,
                           fpa_warp_fold_old(w, old, sc->excl), "lane.old");
  LLVMValueRef kept = LLVMBuildICmp(
      b, LLVMIntEQ, fpa_warp_fold_old(w, old, total), old, "kept");
  LLVMValueRef args[2] = {w->mask, kept};
  LLVMValueRef all = fpa_warp_intrinsic(w, "llvm.nvvm.vote.all.sync", NULL,
                                        args, 2, "allkept");
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef scan = fpa_warp_block(w, "warp.scan");
  LLVMBasicBlockRef done = fpa_warp_block(w, "warp.folded");
  LLVMBuildCondBr(b, all, done, scan);
  LLVMPositionBuilderAtEnd(b, scan);
  build_scan(w, sc->later_x, sc->later_gmask, 1, 0, sc);
  LLVMValueRef folded = LLVMBuildSelect(
      b, sc->first, old, fpa_warp_fold_old(w, old, sc->excl), "lane.fold");
  LLVMBasicBlockRef scanned = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMValueRef r = LLVMBuildPhi(b, w->wty, "lane.old");
  LLVMValueRef vals[2] = {old, folded};
  LLVMBasicBlockRef bbs[2] = {from, scanned};
  LLVMAddIncoming(r, vals, bbs, 2);
  return r;
}
