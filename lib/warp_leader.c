/*===-- warp_leader.c - the leader's atomic in lockstep ------------------===*\
|*                                                                          *|
|* Used results and convergence: the leader's old value reaches its group   *|
|* by a shuffle after the atomic, which needs the group converged there. A  *|
|* branch around the leader's atomic does not keep it so: when lanes of one *|
|* warp reach the site at different times (each set with its own            *|
|* activemask), the GPU may join two such sets at the branch's              *|
|* reconvergence point and let the leader go on with the other set, and its *|
|* group then reads garbage from it. So with the result used there is no    *|
|* branch: every lane runs the leader's instructions as predicated PTX      *|
|* (inline asm `@p atom...`) with the form the per-lane lowering chose      *|
|* (native add, the integer trick's two atomics, or a cmpxchg loop that all *|
|* lanes run while vote.any.sync says a lane must retry), at the site's     *|
|* scope. Without a used result nothing crosses lanes after the atomic, and *|
|* the leader's atomicrmw is branched to and lowered like any other.        *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

#include <stdio.h>
#include <string.h>

/* One predicated PTX atomic, `@p atom.relaxed.SCOPE[.SPACE].OP $0, [$2],
 * $3[, $4]`, as inline asm: a lane whose i1 `pred` is false skips it and
 * gets `a` back. It is one instruction, not a branch, so the warp stays
 * converged (the file comment says why that matters). `op` is the PTX
 * operation and type ("min.s32", "add.f64", "cas.b32"); `c` is cas's new
 * value, else NULL. */
static LLVMValueRef pred_ptx(fpa_warp *w, const fpa_warp_plan *p,
                             const char *ins, const char *op, LLVMValueRef pred,
                             LLVMValueRef ptr, LLVMValueRef a, LLVMValueRef c) {
  LLVMBuilderRef b = w->b;
  LLVMTypeRef ty = LLVMTypeOf(a);
  unsigned bits = LLVMGetIntTypeWidth(ty);
  /* generic pointers are global here (fpa_decide_warp's global_check) */
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) == 0)
    ptr = LLVMBuildAddrSpaceCast(
        b, ptr,
        LLVMPointerTypeIsOpaque(LLVMTypeOf(ptr))
            ? LLVMPointerTypeInContext(w->ctx, 1)
            : LLVMPointerType(LLVMGetElementType(LLVMTypeOf(ptr)), 1),
        "global");
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(w->m);
  const char *space = as == 1 ? ".global" : as == 3 ? ".shared" : "";
  const char *reg = bits == 64 ? "l" : "r";
  char text[320], cons[64];
  int load = strcmp(ins, "ld") == 0;
  snprintf(text, sizeof text,
           "{\n\t.reg .pred fpa_p;\n\tsetp.ne.b32 fpa_p, $1, 0;\n\t"
           "mov.b%u $0, $3;\n\t@fpa_p %s.relaxed.%s%s.%s $0, [$2]%s%s;\n}",
           bits, ins, p->scope, space, op, load ? "" : ", $3", c ? ", $4" : "");
  snprintf(cons, sizeof cons, "=&%s,r,%s,%s%s%s,~{memory}", reg,
           LLVMPointerSizeForAS(dl, as) == 8 ? "l" : "r", reg, c ? "," : "",
           c ? reg : "");
  LLVMTypeRef params[4] = {w->i32, LLVMTypeOf(ptr), ty, ty};
  unsigned n = c ? 4 : 3;
  LLVMTypeRef fty = LLVMFunctionType(ty, params, n, 0);
  LLVMValueRef asm_ =
      LLVMGetInlineAsm(fty, text, strlen(text), cons, strlen(cons), 1, 0,
                       LLVMInlineAsmDialectATT, 0);
  LLVMValueRef args[4] = {LLVMBuildZExt(b, pred, w->i32, ""), ptr, a, c};
  LLVMValueRef call = LLVMBuildCall2(b, fty, asm_, args, n, "");
  static const char conv[] = "convergent";
  LLVMAddCallSiteAttribute(
      call, LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(
          w->ctx, LLVMGetEnumAttributeKindForName(conv, sizeof conv - 1), 0));
  return call;
}

/* pred_ptx's atomic `atom.relaxed.SCOPE[.SPACE].OP $0, [$2], $3[, $4]`. */
static LLVMValueRef pred_atom(fpa_warp *w, const fpa_warp_plan *p,
                              const char *op, LLVMValueRef pred,
                              LLVMValueRef ptr, LLVMValueRef a,
                              LLVMValueRef c) {
  return pred_ptx(w, p, "atom", op, pred, ptr, a, c);
}

/* pred_ptx's load `ld.relaxed.SCOPE[.SPACE].bW $0, [$2]`: a lane whose
 * `pred` is clear gets `a` back and reads nothing. */
static LLVMValueRef pred_load(fpa_warp *w, const fpa_warp_plan *p,
                              LLVMValueRef pred, LLVMValueRef ptr,
                              LLVMValueRef a) {
  char op[8];
  snprintf(op, sizeof op, "b%u", LLVMGetIntTypeWidth(LLVMTypeOf(a)));
  return pred_ptx(w, p, "ld", op, pred, ptr, a, NULL);
}

/* The integer trick's leaders that load first (precheck=on, or
 * precheck=adaptive while the hint w->lanes_word is hot), with the result
 * used, at the builder (where the exact grouping tests begin, or a uniform
 * address's grouping would): every lane that would load reads its own
 * location (predicated, so the warp stays converged; the lanes of a group
 * read one location, so the reads are the leaders' reads) and tests its
 * own update against it. Where every lane's update is a no-op there (and
 * no NaN repair is due: vote.all.sync, the same in every lane), each update
 * is linearized at its lane's load and returns the loaded bits, and the
 * warp goes to w->lanes_end, with no grouping, combining or atomic.
 * Elsewhere it goes on, and the leaders' precheck uses these loads
 * (w->lane_cur) and reads nothing more. */
void fpa_warp_lanes_precheck(fpa_warp *w, const fpa_warp_plan *p) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  fpa_int_ops io;
  fpa_int_trick_ops(b, s, w->lanes_vbits, &io);
  LLVMValueRef want = p->leader_precheck == FPA_LEADER_PRECHECK_HINTED
                          ? fpa_warp_hint_hot(w, w->lanes_word)
                          : LLVMConstInt(w->i1, 1, 0);
  LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, w->wty);
  LLVMValueRef cur = pred_load(w, p, want, ptr, io.pos_op);
  w->lanes_want = want;
  LLVMValueRef noop = fpa_int_trick_skip(b, s, &io, w->is_min, cur,
                                         p->nan_repair, "lane.noop", "");
  noop = LLVMBuildAnd(b, want, noop, "lane.skip");
  LLVMValueRef args[2] = {w->mask, noop};
  LLVMValueRef all = fpa_warp_intrinsic(w, "llvm.nvvm.vote.all.sync", NULL,
                                        args, 2, "lanes.noop");
  w->lane_cur = cur;
  w->lanes_end = fpa_warp_block(w, "warp.lanes.noop");
  LLVMBasicBlockRef go = fpa_warp_block(w, "warp.lanes.go");
  LLVMBuildCondBr(b, all, w->lanes_end, go);
  LLVMPositionBuilderAtEnd(b, w->lanes_end);
  LLVMBuildBr(b, w->end);
  LLVMPositionBuilderAtEnd(b, go);
}

/* A cmpxchg loop that every lane of the active mask runs, as long as any
 * lane still has an update to make (vote.any.sync): lanes whose i1 `act` is
 * set start from `init` (the location's bits, or its 32-bit word when
 * `lw` has a word pointer) and apply the operation with operand bits `v`,
 * exactly as build_common.c's loop does, through a predicated cas. Returns
 * the old value (full width, or the word) of each active lane's update. */
static LLVMValueRef lockstep_cas(fpa_warp *w, const fpa_warp_plan *p,
                                 LLVMValueRef act0, LLVMValueRef init,
                                 LLVMValueRef v, const fpa_loop_word *lw) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMTypeRef wty = LLVMTypeOf(init);
  unsigned wbits = LLVMGetIntTypeWidth(wty);
  LLVMValueRef ptr =
      lw->word_ptr ? lw->word_ptr : fpa_compat_ptr_to(b, s->ptr, wty);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef loop = fpa_warp_block(w, "warp.lockstep");
  LLVMBasicBlockRef done = fpa_warp_block(w, "warp.lockstep.end");
  LLVMBuildBr(b, loop);
  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef loaded = LLVMBuildPhi(b, wty, "loaded");
  LLVMValueRef act = LLVMBuildPhi(b, w->i1, "act");
  LLVMValueRef next = fpa_loop_next(b, s, lw, loaded, v);
  /* an update that leaves memory unchanged ends with its read, as in
   * fpa_emit_cas_loop (monotonic, non-volatile: decide ensures it) */
  LLVMValueRef want = LLVMBuildAnd(
      b, act, LLVMBuildICmp(b, LLVMIntNE, next, loaded, ""), "want");
  char op[16];
  snprintf(op, sizeof op, "cas.b%u", wbits);
  LLVMValueRef got = pred_atom(w, p, op, want, ptr, loaded, next);
  LLVMValueRef again = LLVMBuildAnd(
      b, want, LLVMBuildICmp(b, LLVMIntNE, got, loaded, ""), "again");
  LLVMValueRef args[2] = {w->mask, again};
  LLVMValueRef any = fpa_warp_intrinsic(w, "llvm.nvvm.vote.any.sync", NULL,
                                        args, 2, "anyagain");
  LLVMValueRef nl = LLVMBuildSelect(b, again, got, loaded, "");
  LLVMBuildCondBr(b, any, loop, done);
  LLVMValueRef vals[2] = {init, nl};
  LLVMBasicBlockRef bbs[2] = {from, loop};
  LLVMAddIncoming(loaded, vals, bbs, 2);
  vals[0] = act0, vals[1] = again;
  LLVMAddIncoming(act, vals, bbs, 2);
  LLVMPositionBuilderAtEnd(b, done);
  return nl;
}

/* The leader's atomic with the group's combination `total`, run
 * by every lane of the active mask with only the leaders' instructions
 * enabled, in the per-lane form p->leader. Returns the leader's old value
 * (element bits; meaningless in other lanes). With p->leader_precheck, the
 * integer trick's leaders skip a no-op at their lanes' reads
 * (fpa_warp_lanes_precheck, which every warp with a leader has passed:
 * w->lane_cur, and w->lanes_want where the hint `hint` chose to read), as
 * the per-lane precheck does. */
LLVMValueRef fpa_warp_lockstep_leader(fpa_warp *w, const fpa_warp_plan *p,
                                      LLVMValueRef leader, LLVMValueRef total,
                                      LLVMValueRef hint) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  char op[16];
  if (p->leader == FPA_S_NATIVE || p->leader == FPA_S_FADD_NEG ||
      p->leader == FPA_S_NATIVE_SYS) {
    /* fadd, and fsub as the native add of the negated operands (their sum
     * is `total`): atom.add, as LLVM selects for atomicrmw fadd */
    snprintf(op, sizeof op, "add.f%u", w->w);
    LLVMValueRef sum = LLVMBuildBitCast(b, total, w->wty, "");
    return pred_atom(w, p, op, leader, fpa_compat_ptr_to(b, s->ptr, w->wty),
                     sum, NULL);
  }
  LLVMValueRef opbits = fpa_warp_leader_operand(w, total);
  if (p->leader == FPA_S_FADD_GUARDED) {
    /* the guarded add of the group's sum `total` (fsub: of the negated
     * operands, build_add.c): atom.add.f32 where |total| >= 2^-101, inf or
     * NaN; the other leaders read their location (a cas of 0 by 0, which
     * changes nothing and returns it) and finish with the lockstep loop of
     * the site's own operation on `opbits` */
    LLVMValueRef sum = LLVMBuildBitCast(b, total, w->wty, "");
    LLVMValueRef big = fpa_fadd_guard(b, sum);
    LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, w->wty);
    snprintf(op, sizeof op, "add.f%u", w->w);
    LLVMValueRef o1 =
        pred_atom(w, p, op, LLVMBuildAnd(b, leader, big, ""), ptr, sum, NULL);
    LLVMValueRef tiny =
        LLVMBuildAnd(b, leader, LLVMBuildNot(b, big, ""), "addtiny");
    LLVMValueRef zero = LLVMConstInt(w->wty, 0, 0);
    snprintf(op, sizeof op, "cas.b%u", w->w);
    LLVMValueRef cur = pred_atom(w, p, op, tiny, ptr, zero, zero);
    fpa_loop_word full = {0};
    LLVMValueRef fixed = lockstep_cas(w, p, tiny, cur, opbits, &full);
    return LLVMBuildSelect(b, big, o1, fixed, "add.old");
  }
  if (p->leader == FPA_S_INT_TRICK) {
    fpa_int_ops io;
    fpa_int_trick_ops(b, s, opbits, &io);
    LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, w->wty);
    /* precheck: a leader whose load shows that the group's update leaves
     * memory as it is (and no NaN repair is due) skips its atomic; the
     * load is then the linearization point of every update of the group
     * (monotonic, non-volatile: aggregation is only for those), and the
     * scan rebuilds each lane's old value from the loaded one */
    LLVMValueRef skip = NULL, cur = NULL, hot = NULL;
    if (p->leader_precheck) {
      LLVMValueRef want = leader;
      /* the lanes' own test of the hint: a leader skips only where its
       * lane read (two freezes of the word may differ) */
      if (p->leader_precheck == FPA_LEADER_PRECHECK_HINTED)
        want = LLVMBuildAnd(b, want, hot = w->lanes_want, "");
      cur = w->lane_cur;
      skip =
          fpa_int_trick_skip(b, s, &io, w->is_min, cur, p->nan_repair, "", "");
      skip = LLVMBuildAnd(b, want, skip, "leader.skip");
      leader = LLVMBuildAnd(b, leader, LLVMBuildNot(b, skip, ""), "");
    }
    const char *pos = io.pos_bin == LLVMAtomicRMWBinOpMin ? "min.s" : "max.s";
    const char *neg = io.neg_bin == LLVMAtomicRMWBinOpUMax ? "max.u" : "min.u";
    snprintf(op, sizeof op, "%s%u", pos, w->w);
    LLVMValueRef o1 = pred_atom(
        w, p, op, LLVMBuildAnd(b, leader, LLVMBuildNot(b, io.neg, ""), ""), ptr,
        io.pos_op, NULL);
    snprintf(op, sizeof op, "%s%u", neg, w->w);
    LLVMValueRef o2 = pred_atom(w, p, op, LLVMBuildAnd(b, leader, io.neg, ""),
                                ptr, io.neg_op, NULL);
    LLVMValueRef old = LLVMBuildSelect(b, io.neg, o2, o1, "int.old");
    if (skip)
      old = LLVMBuildSelect(b, skip, cur, old, "");
    if (hot) {
      /* learning, with no branch (the lanes are in lockstep here): 0 (hot)
       * where the group's update left memory as it was (seen by the load,
       * or by the atomic's old value), else the cold word; the lowest
       * active lane (a leader) in the hint, the other lanes in the word
       * beside it. As on the per-lane path, a no-op teaches the hint only
       * in a learning warp, and a change in every warp: at one address
       * where many updates change memory, loads between the atomics cost
       * more than the atomics they skip, so the hint leans cold. */
      LLVMValueRef noop = fpa_int_trick_noop(b, &io, w->is_min, old, "");
      LLVMValueRef teach = LLVMBuildOr(b, LLVMBuildNot(b, noop, ""),
                                       fpa_warp_learner(w), "teach");
      fpa_store_hint(b, fpa_warp_hint_dst_if(w, hint, teach),
                     fpa_warp_hint_learned(w, noop));
    }
    if (!p->nan_repair)
      return old;
    /* the NaN repair: memory held the NaN the integer op keeps */
    LLVMValueRef repair = LLVMBuildAnd(
        b, LLVMBuildAnd(b, leader, fpa_int_trick_sticky(b, s, old), ""),
        LLVMBuildNot(b, io.nan, ""), "nanrepair");
    fpa_loop_word full = {0};
    LLVMValueRef fixed = lockstep_cas(w, p, repair, old, opbits, &full);
    return LLVMBuildSelect(b, repair, fixed, old, "");
  }
  /* cmpxchg loops: the leaders update their location, starting from the
   * early load (every lane read its own location; the reads of a group are
   * one access) */
  fpa_loop_word lw = w->early;
  LLVMValueRef old = lockstep_cas(w, p, leader, lw.init, opbits, &lw);
  if (lw.word_ptr)
    old = LLVMBuildTrunc(b, LLVMBuildLShr(b, old, lw.shift, ""), w->wty, "");
  return old;
}
