/*===-- build_hint.c - the integer trick's precheck chosen at run time ---===*\
|*                                                                          *|
|* precheck=adaptive (NVPTX, sm_70+): each warp picks between the integer   *|
|* trick's two exact forms by a per-site hint in shared memory: with        *|
|* precheck (load first; no atomic where the load shows a no-op) while the  *|
|* hint says recent updates of the site in the block were no-ops, else the  *|
|* direct form. Both forms learn into the hint, in lane 0 (no activemask,   *|
|* which needs PTX 6.2, while llc's default for sm_70 is PTX 6.0): the      *|
|* precheck form steps it down where its load shows a change (0 to the warm *|
|* word, else cold), after a learning warp set it hot (0) on its way in;    *|
|* the direct form, from its atomic's old value in one warp per row of the  *|
|* block, sets it hot where its update was a no-op. With                    *|
|* NaN repair, activemask and a used result, a direct-form warp whose       *|
|* operands have both signs first tries one cmpxchg from a loaded value     *|
|* (mixed_cas_form).                                                        *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

#include <stdlib.h>
#include <string.h>

/* Layout, where the direct form is the likely branch, so that many cold
 * addresses pay one test. A hot learning warp stores 0 (hot) into the
 * hint on its way to the precheck form (hint.refresh), so that the hint
 * turns cold only after two changes seen at loads with no learning warp
 * between, and the other warps pay no test for it. With
 * the mixed-sign form (NaN repair and a used result: every warp waits for
 * the old value, and the form's one cmpxchg saves a warp of both signs an
 * atomic instruction's round trip), two forms:
 *
 *   start:       hot = hint != cold; (32-bit) mixed = ballot of the signs
 *                br hot & !learner, hint.precheck, hint.cold
 *   hint.cold:   br hot, hint.refresh, hint.direct
 *   hint.refresh: store 0; br hint.precheck
 *   hint.direct: (64-bit) mixed = ballot of the signs
 *                br mixed, hint.cas.load, hint.int
 *                the direct form, learning in a learning warp only
 *
 * Otherwise the direct form of a warp that does not learn is the integer
 * trick alone (with its NaN repair), apart from the learning one, so that
 * it pays no test beyond the hint's and the learner's:
 *
 *   start:        plain = !hot & !learner; br plain, hint.direct, hint.ask
 *   hint.ask:     br learner, hint.learner, hint.precheck
 *   hint.learner: br hot, hint.refresh, hint.learn
 *   hint.refresh: store 0; br hint.precheck
 *
 * Each form ends in hint.end. The forms are built by fpa_warp_hinted_rmw
 * (the plain direct form is the integer trick as the decision made it).
 * Monotonic, non-volatile atomics only (decide.c): the precheck's load is
 * a no-op's linearization point, and the learning forms have no fences. */

/* Whether the lanes' operands `vbits` have both signs (a ballot of the
 * sign bits over activemask), at the builder: over the lanes that are
 * there together (after the hint's branch, those that took it). */
static LLVMValueRef mixed_signs(fpa_warp *w, LLVMValueRef vbits) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, vbits, ku(w->wty, 0), "neg");
  LLVMValueRef mask = fpa_compat_nvvm_activemask(b, w->s->mod);
  LLVMValueRef args[2] = {mask, neg};
  LLVMValueRef ballot = fpa_warp_intrinsic(w, "llvm.nvvm.vote.ballot.sync",
                                           NULL, args, 2, "signs");
  return LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntNE, ballot, ku(w->i32, 0), ""),
                      LLVMBuildICmp(b, LLVMIntNE, ballot, mask, ""), "mixed");
}

/* The new value of the mixed-sign form's cmpxchg from the loaded bits
 * `cur` and the operand's bits `vbits`. For fmin and fmax of float and
 * double it is PTX min/max (llvm.nvvm.fmin.f and the like, never .ftz
 * whatever the function's denormal mode), one instruction on the warp's
 * critical path where the order-key form of the cmpxchg loop
 * (fpa_loop_next) takes about a dozen. PTX min/max ignore a NaN operand,
 * order -0.0 below +0.0 and keep subnormals (docs/design.md), but give
 * 0x7fff... for two NaNs, where a NaN operand must leave memory as it is:
 * so a NaN operand selects the loaded value (its test waits for the
 * operand only, not for the load). */
static LLVMValueRef mixed_next(fpa_warp *w, LLVMValueRef cur,
                               LLVMValueRef vbits) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMTypeKind k = LLVMGetTypeKind(s->vty);
  if ((s->op != FPA_OP_FMIN && s->op != FPA_OP_FMAX) ||
      (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)) {
    fpa_loop_word lw;
    memset(&lw, 0, sizeof lw);
    return fpa_loop_next(b, s, &lw, cur, vbits);
  }
  static const char *const names[2][2] = {
      {"llvm.nvvm.fmin.f", "llvm.nvvm.fmax.f"},
      {"llvm.nvvm.fmin.d", "llvm.nvvm.fmax.d"}};
  const char *name = names[k == LLVMDoubleTypeKind][s->op == FPA_OP_FMAX];
  LLVMTypeRef ity = LLVMTypeOf(cur);
  LLVMValueRef vnan = fpa_warp_is_nan(w, vbits, "cas.vnan");
  LLVMValueRef args[2] = {LLVMBuildBitCast(b, cur, s->vty, ""),
                          LLVMBuildBitCast(b, vbits, s->vty, "")};
  LLVMValueRef r = fpa_warp_intrinsic(w, name, NULL, args, 2, "cas.minmax");
  return LLVMBuildSelect(b, vnan, cur, LLVMBuildBitCast(b, r, ity, ""),
                         "cas.next");
}

/* The direct form's mixed-sign form, at the end of `bb` (`mixed` from
 * mixed_signs). A warp whose lanes' operands have both signs needs both
 * integer atomics, two instructions where one atomic per lane is one. It
 * first tries one cmpxchg per lane from a loaded value, as LLVM's loop
 * does (a load and a cmpxchg, or only the load):
 *   - a no-op (the loaded value is the result) ends at the load, which is
 *     its linearization point, as for precheck (monotonic, non-volatile);
 *     a learning warp's lane then stores 0 (hot) into the hint;
 *   - a successful cmpxchg is the update, and the loaded value its old
 *     value;
 *   - a failed one (another update came between) goes on to the direct
 *     form at `rest`, so that a hot address costs one failed cmpxchg per
 *     lane, never a loop.
 * The new value (mixed_next) is the operation's exact result, so NaNs in
 * memory and in the operand follow the contract with no repair. Warps of
 * one sign go straight to `rest`. *old gets the form's old value and *exit its
 * last block. */
static void mixed_cas_form(fpa_warp *w, LLVMBasicBlockRef bb,
                           LLVMBasicBlockRef rest, LLVMValueRef mixed,
                           LLVMValueRef vbits, LLVMValueRef learner,
                           LLVMValueRef hint, LLVMValueRef *old,
                           LLVMBasicBlockRef *exit) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMBasicBlockRef cas = fpa_warp_block(w, "hint.cas.load");
  LLVMBasicBlockRef try_ = fpa_warp_block(w, "hint.cas.try");
  LLVMBasicBlockRef learn = fpa_warp_block(w, "hint.cas.learn");
  LLVMBasicBlockRef done = fpa_warp_block(w, "hint.cas.done");
  LLVMBuildCondBr(b, mixed, cas, rest);
  LLVMPositionBuilderAtEnd(b, cas);
  LLVMTypeRef ity = LLVMTypeOf(vbits);
  LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, ity);
  LLVMValueRef cur =
      fpa_emit_atomic_load(b, s, ptr, ity, s->align, 1, "cas.cur");
  LLVMValueRef next = mixed_next(w, cur, vbits);
  LLVMValueRef same = LLVMBuildICmp(b, LLVMIntEQ, next, cur, "cas.same");
  LLVMBasicBlockRef ask = fpa_warp_block(w, "hint.cas.ask");
  LLVMBuildCondBr(b, same, ask, try_);
  LLVMPositionBuilderAtEnd(b, ask);
  LLVMBuildCondBr(b, learner, learn, done);
  LLVMPositionBuilderAtEnd(b, learn);
  fpa_store_hint(b, fpa_warp_hint_word0(w, hint), ku(w->i32, 0));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, try_);
  LLVMValueRef ok = fpa_emit_cmpxchg(b, s, ptr, cur, next, s->ordering,
                                     s->align, 1, NULL, "cas.ok");
  LLVMBuildCondBr(b, ok, done, rest);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildBr(b, w->end);
  *old = cur;
  *exit = done;
}

void fpa_build_int_trick_adaptive(LLVMBuilderRef b, const fpa_site *s,
                                  int nan_repair, int mixed_cas) {
  fpa_warp w;
  fpa_warp_init(&w, b, s);
  w.lane0_learns = 1;
  fpa_warp_plan plan;
  memset(&plan, 0, sizeof plan);
  plan.nan_repair = nan_repair;
  w.end = fpa_split_here(b, s, "hint.end");
  LLVMBasicBlockRef start = LLVMGetInsertBlock(b);
  LLVMValueRef hint = fpa_warp_hint_global(&w);
  /* The hint's word, at the top of the region that runs exactly when the
   * atomic does, so that it is on its way while the operand is computed. */
  LLVMBasicBlockRef in[FPA_WARP_REGION_MAX];
  int nin;
  LLVMValueRef top =
      s->hint_at ? s->hint_at
                 : fpa_warp_region_top(fpa_warp_region_head(start, in, &nin));
  if (top)
    LLVMPositionBuilderBefore(b, top);
  LLVMValueRef word = fpa_warp_load_hint(&w, hint);
  LLVMPositionBuilderAtEnd(b, start);

  /* values cross blocks as integer bits (see build_warp.c) */
  LLVMValueRef vbits = fpa_bits_of(b, s->val, w.wty, "vbits");
  LLVMValueRef hot = fpa_warp_hint_hot(&w, word);
  LLVMValueRef learner = fpa_warp_learner(&w);
  /* The sign ballot: for 32-bit values at the top, where its latency hides
   * behind the hint's test on the direct form's way; for 64-bit values in
   * the direct form, so that a warp taking the precheck form does not pay
   * for it (docs/design.md, "The default's choice at run time"). The
   * direct form's activemask is then the set of lanes that took it: the
   * hint is each lane's load, so a warp may split at its branch. */
  int mixed = mixed_cas && nan_repair;
  LLVMValueRef signs = mixed && s->bits != 64 ? mixed_signs(&w, vbits) : NULL;
  LLVMBasicBlockRef pre = fpa_warp_block(&w, "hint.precheck");
  LLVMBasicBlockRef refresh = fpa_warp_block(&w, "hint.refresh");
  LLVMBasicBlockRef direct = fpa_warp_block(&w, "hint.direct");
  LLVMValueRef old[3];
  LLVMBasicBlockRef exit[3];
  LLVMBasicBlockRef learn = NULL;
  if (mixed) {
    LLVMBasicBlockRef cold = fpa_warp_block(&w, "hint.cold");
    LLVMValueRef plain =
        LLVMBuildAnd(b, hot, LLVMBuildNot(b, learner, ""), "hot.plain");
    fpa_warp_weigh(&w, LLVMBuildCondBr(b, plain, pre, cold), 0);
    LLVMPositionBuilderAtEnd(b, cold);
    LLVMBuildCondBr(b, hot, refresh, direct);
  } else {
    learn = fpa_warp_block(&w, "hint.learn");
    LLVMBasicBlockRef ask = fpa_warp_block(&w, "hint.ask");
    LLVMBasicBlockRef ask_learner = fpa_warp_block(&w, "hint.learner");
    LLVMValueRef plain = LLVMBuildAnd(b, LLVMBuildNot(b, hot, ""),
                                      LLVMBuildNot(b, learner, ""), "plain");
    fpa_warp_weigh(&w, LLVMBuildCondBr(b, plain, direct, ask), 1);
    LLVMPositionBuilderAtEnd(b, ask);
    LLVMBuildCondBr(b, learner, ask_learner, pre);
    LLVMPositionBuilderAtEnd(b, ask_learner);
    LLVMBuildCondBr(b, hot, refresh, learn);
  }
  /* every lane stores the same word: no lane test */
  LLVMPositionBuilderAtEnd(b, refresh);
  fpa_store_hint(b, fpa_warp_hint_word0(&w, hint), ku(w.i32, 0));
  LLVMBuildBr(b, pre);
  int nforms = 3;
  w.hint_seen = word;
  fpa_warp_hinted_rmw(&w, &plan, pre, hint, vbits, 1, &old[0], &exit[0]);
  if (mixed) {
    w.learn_if = learner;
    LLVMBasicBlockRef rest = fpa_warp_block(&w, "hint.int");
    LLVMPositionBuilderAtEnd(b, direct);
    if (!signs)
      signs = mixed_signs(&w, vbits);
    mixed_cas_form(&w, direct, rest, signs, vbits, learner, hint, &old[2],
                   &exit[2]);
    direct = rest;
    fpa_warp_hinted_rmw(&w, &plan, direct, hint, vbits, 0, &old[1], &exit[1]);
  } else {
    fpa_warp_hinted_rmw(&w, &plan, learn, hint, vbits, 0, &old[1], &exit[1]);

    LLVMPositionBuilderAtEnd(b, direct);
    fpa_site ds = *s;
    ds.val = LLVMBuildBitCast(b, vbits, s->vty, "");
    ds.inst = fpa_emit_plain_rmw(b, s, LLVMGetAtomicRMWBinOp(s->inst), s->ptr,
                                 ds.val);
    old[2] = s->result_used ? LLVMBuildBitCast(b, ds.inst, w.wty, "") : NULL;
    LLVMValueRef br = LLVMBuildBr(b, w.end);
    LLVMPositionBuilderBefore(b, ds.inst);
    fpa_build_int_trick(b, &ds, nan_repair, 0, 0);
    exit[2] = LLVMGetInstructionParent(br);
  }

  if (s->result_used) {
    LLVMPositionBuilderBefore(b, s->inst);
    LLVMValueRef phi = LLVMBuildPhi(b, w.wty, "");
    LLVMAddIncoming(phi, old, exit, (unsigned)nforms);
    LLVMValueRef result = LLVMBuildBitCast(b, phi, s->vty, "");
    size_t len = 0;
    char *name = fpa_strdup(LLVMGetValueName2(s->inst, &len));
    LLVMSetValueName2(s->inst, "", 0);
    if (name && *name)
      LLVMSetValueName2(result, name, strlen(name));
    free(name);
    LLVMReplaceAllUsesWith(s->inst, result);
  }
  LLVMInstructionEraseFromParent(s->inst);
}
