/*===-- build_warp.c - one atomic per warp and address (aggregate=warp) -===*\
|*                                                                          *|
|* NVPTX, sm_70+, non-volatile monotonic atomicrmw only. Among the lanes    *|
|* active at the atomic (activemask), the lanes that update one address     *|
|* form a group. The group's lowest lane (its leader) performs one new      *|
|* atomicrmw with the group's combined operand and the original's           *|
|* properties; lower.c then lowers that atomicrmw like any other (int       *|
|* trick, loop or native). When the result is used, every lane gets what    *|
|* the sequence "the leader's old value, then the group's updates in        *|
|* ascending lane order" returns to it: an exclusive scan, as AMDGPU's      *|
|* AtomicOptimizer does.                                                    *|
|*                                                                          *|
|* The parts are in files of their own (warp.h lists them); this file puts  *|
|* them in order and joins their results.                                   *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

#include <stdlib.h>
#include <string.h>

int fpa_build_warp(LLVMBuilderRef b, const fpa_site *s, const fpa_warp_plan *p,
                   LLVMValueRef out[FPA_WARP_MADE_MAX], int *leader,
                   int *likely, LLVMValueRef *top) {
  fpa_warp w;
  fpa_warp_init(&w, b, s);
  LLVMAtomicRMWBinOp binop = LLVMGetAtomicRMWBinOp(s->inst);
  int used = s->result_used, n = 0;
  *leader = -1;
  *likely = -1;
  w.end = fpa_split_here(b, s, "warp.end");
  LLVMBasicBlockRef start = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef head_in[FPA_WARP_REGION_MAX];
  int nhead;
  LLVMBasicBlockRef head = fpa_warp_region_head(start, head_in, &nhead);
  LLVMBasicBlockRef perlane = NULL;
  if (p->local_check || p->global_check || !p->uniform)
    perlane = fpa_warp_block(&w, "warp.perlane");
  /* A cmpxchg loop (the per-lane one, or a leader's) starts from a load,
   * which needs nothing the tests and the combining find out: made first,
   * it is on its way while they run, and it is the warp's only read of the
   * location before the loops' cmpxchg. */
  if (p->leader == FPA_S_CAS_LOOP || p->leader == FPA_S_CAS_LOOP_MASKED)
    fpa_cas_loop_init(b, s, p->leader == FPA_S_CAS_LOOP_MASKED, &w.early);
  LLVMBasicBlockRef ask = NULL;
  LLVMValueRef hint = NULL, word = NULL;
  if (p->hint || p->leader_precheck == FPA_LEADER_PRECHECK_HINTED) {
    if (p->hint)
      ask = fpa_warp_block(&w, "warp.hint");
    hint = fpa_warp_hint_global(&w);
    /* The hint's word, at the top of the region that runs exactly when the
     * atomic does (see fpa_warp_region_head): on its way while the operand is
     * computed, so that a warp that asks only compares it. It is not
     * compared or made warp-uniform there: that costs the warps that do not
     * ask more than it saves. */
    LLVMBasicBlockRef in[FPA_WARP_REGION_MAX];
    int nin;
    LLVMValueRef top =
        fpa_warp_region_top(fpa_warp_region_head(start, in, &nin));
    if (top)
      LLVMPositionBuilderBefore(b, top);
    word = fpa_warp_load_hint(&w, hint);
    LLVMPositionBuilderAtEnd(b, start);
  }

  /* Where the lanes' addresses are known to differ (fpa_lanes_distinct,
   * under a test of values that are the same in every lane), nothing can
   * be combined: the warp goes to the per-lane atomic (fast_pl) before
   * anything else, with one branch. The grouping tests
   * then run at the atomic, never early: at the early test's head, the
   * branch around it would wait for the test's operands (constant loads)
   * before the operand's computation, and at many addresses a warp's life
   * is short. With warp-precheck, that one branch also tests the hint
   * (`cold`: the test holds and the hint is cold) and takes the direct
   * form, with no test of its own. */
  /* Values cross blocks as integer bits: a backend that promotes half or
   * bfloat to float between blocks (x86; NVPTX below sm_80 for bfloat)
   * would quiet signalling NaNs on the way. */
  LLVMValueRef vbits = NULL;
  LLVMBasicBlockRef fast_pl = NULL;    /* the distinct path's per-lane block */
  LLVMBasicBlockRef fast_learn = NULL; /* with a hint: its learning copy */
  int distinct = p->distinct.ok && !p->uniform;
  if (distinct) {
    vbits = LLVMBuildBitCast(b, s->val, w.wty, "vbits");
    LLVMValueRef g = fpa_warp_lanes_guard(&w, &p->distinct);
    LLVMBasicBlockRef fast = fpa_warp_block(&w, "warp.distinct");
    LLVMBasicBlockRef checks = fpa_warp_block(&w, "warp.checks");
    if (p->hint) {
      /* the direct form: fast_learn in a learning warp, else fast_pl */
      fast_pl = fpa_warp_block(&w, "warp.distinct.perlane");
      fast_learn = fpa_warp_block(&w, "warp.distinct.learn");
      LLVMValueRef cold = LLVMBuildAnd(
          b, g, LLVMBuildNot(b, fpa_warp_hint_hot(&w, word), ""), "cold");
      LLVMValueRef plain = LLVMBuildAnd(
          b, cold, LLVMBuildNot(b, fpa_warp_learner(&w), ""), "plain");
      LLVMBasicBlockRef learn = fpa_warp_block(&w, "warp.distinct.learner");
      LLVMBasicBlockRef rest = fpa_warp_block(&w, "warp.distinct.test");
      fpa_warp_weigh(&w, LLVMBuildCondBr(b, plain, fast_pl, learn), 1);
      LLVMPositionBuilderAtEnd(b, learn);
      LLVMBuildCondBr(b, cold, fast_learn, rest);
      LLVMPositionBuilderAtEnd(b, rest);
      LLVMBuildCondBr(b, g, fast, checks);
      /* a hot hint: mixed asks it only for a warp that needs both integer
       * atomics */
      LLVMPositionBuilderAtEnd(b, fast);
      if (p->hint == FPA_WARP_PRECHECK_MIXED)
        LLVMBuildCondBr(
            b,
            fpa_warp_one_sign(&w, fpa_compat_nvvm_activemask(b, s->mod), vbits),
            fast_pl, ask);
      else
        LLVMBuildBr(b, ask);
    } else {
      fpa_warp_weigh(&w, LLVMBuildCondBr(b, g, fast, checks), 1);
      fast_pl = fast;
    }
    LLVMPositionBuilderAtEnd(b, checks);
  }

  w.mask = fpa_compat_nvvm_activemask(b, s->mod);
  w.lane = fpa_warp_intrinsic(&w, "llvm.nvvm.read.ptx.sreg.laneid", NULL, NULL,
                              0, "lane");
  w.lanemask_lt = fpa_warp_intrinsic(&w, "llvm.nvvm.read.ptx.sreg.lanemask.lt",
                                     NULL, NULL, 0, "lanemask.lt");
  if (!vbits)
    vbits = LLVMBuildBitCast(b, s->val, w.wty, "vbits");

  if (p->local_check || p->global_check)
    fpa_warp_space_test(&w, p, perlane);

  /* Used results, leaders that load first: at the exact grouping tests,
   * every lane reads its location first, and a warp whose reads show every
   * update to be a no-op is done (fpa_warp_lanes_precheck). */
  if (p->lockstep && p->leader == FPA_S_INT_TRICK &&
      p->leader_precheck != FPA_LEADER_PRECHECK_NONE) {
    w.lanes_precheck = 1;
    w.lanes_word = word;
    w.lanes_vbits = vbits;
  }
  /* the group of this lane: every active lane, or those with its address */
  LLVMValueRef gmask = w.mask;
  if (!p->uniform)
    gmask = fpa_warp_group(&w, p, start, distinct, vbits, perlane, ask);
  else if (w.lanes_precheck)
    fpa_warp_lanes_precheck(&w, p);

  /* combine: a scan where old values are needed or there is no redux */
  fpa_warp_scan sc = {0};
  LLVMValueRef total = fpa_warp_combine(&w, p, vbits, gmask, &sc);
  /* the leader: no lane of the group below it */
  LLVMValueRef is_leader =
      LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, gmask, w.lanemask_lt, ""),
                    LLVMConstInt(w.i32, 0, 0), "leader");
  LLVMValueRef result = NULL;
  LLVMBasicBlockRef join;
  /* Where the per-lane atomic and the leaders' would get the same lowering
   * (result unused; a loop, or an integer trick of a kind without the
   * mixed-sign form, which the per-lane form alone would have: decide.c's
   * one_lane), the leaders take the per-lane atomic with the group's
   * operand: one copy of its forms in the site's code, not two. */
  int share = !p->lockstep && !p->hint && !used && (perlane || fast_pl) &&
              (!fpa_wants_mixed_form(s) || p->leader == FPA_S_CAS_LOOP ||
               p->leader == FPA_S_CAS_LOOP_MASKED);
  LLVMValueRef lead_bits = NULL;
  LLVMBasicBlockRef lead_end = NULL;
  if (p->lockstep) {
    /* Used results: the warp must still be converged when the leader's old
     * value is shuffled to its group. After a branch around the leader's
     * atomic the GPU may let a leader run that shuffle apart from its group
     * (warp_leader.c), so here every lane runs the leader's instructions,
     * predicated. */
    LLVMValueRef lold = fpa_warp_lockstep_leader(&w, p, is_leader, total, hint);
    LLVMValueRef old = fpa_warp_shuffle(
        &w, lold, fpa_warp_bit_count(&w, "llvm.cttz", gmask), 0);
    result = fpa_warp_old_values(&w, old, total, &sc);
    join = LLVMGetInsertBlock(b);
  } else {
    /* Unused results: a branch to the leaders' atomic, lowered later by the
     * caller like any other (a loop: here, from the early load); nothing
     * crosses lanes after it. */
    LLVMBasicBlockRef lbb = fpa_warp_block(&w, "warp.leader");
    join = fpa_warp_block(&w, "warp.join");
    LLVMBuildCondBr(b, is_leader, lbb, join);
    LLVMPositionBuilderAtEnd(b, lbb);
    LLVMValueRef operand = fpa_warp_leader_operand(&w, total);
    if (p->hint) {
      /* warp-precheck: the group's combined update in the per-lane path's
       * two forms, chosen by the same hint: while it is hot, a load first
       * and no atomic where that shows a no-op (then every lane's update
       * is one, linearized at the load); else the atomic, learning from
       * its old value. Each form learns into the hint. */
      LLVMBasicBlockRef pre = fpa_warp_block(&w, "warp.leader.precheck");
      LLVMBasicBlockRef learn = fpa_warp_block(&w, "warp.leader.learn");
      LLVMBuildCondBr(b, fpa_warp_hint_hot(&w, word), pre, learn);
      LLVMValueRef unused_old;
      LLVMBasicBlockRef exit;
      fpa_warp_hinted_rmw(&w, p, pre, hint, operand, 1, &unused_old, &exit);
      fpa_warp_hinted_rmw(&w, p, learn, hint, operand, 0, &unused_old, &exit);
    } else if (share) {
      lead_bits = operand;
      lead_end = LLVMGetInsertBlock(b); /* its branch: below */
    } else {
      LLVMValueRef rmw = fpa_emit_plain_rmw(
          b, s, binop, s->ptr, LLVMBuildBitCast(b, operand, s->vty, ""));
      LLVMSetValueName2(rmw, "warp.old", 8);
      LLVMBuildBr(b, join);
      if (w.early.init)
        fpa_warp_loop_from_early(&w, rmw);
      else
        *leader = n, out[n++] = rmw;
    }
    LLVMPositionBuilderAtEnd(b, join);
  }
  LLVMBuildBr(b, w.end);

  LLVMValueRef perlane_old = NULL, ask_old[3] = {NULL, NULL, NULL};
  LLVMBasicBlockRef perlane_end = perlane, ask_end[3];
  if (p->hint)
    fpa_warp_hinted_perlane(&w, p, ask, hint, word, vbits, ask_old, ask_end,
                            out, &n);
  if (perlane && p->hint == FPA_WARP_PRECHECK_ALL) {
    LLVMPositionBuilderAtEnd(b, perlane);
    LLVMBuildBr(b, ask);
    perlane = NULL;
  } else if (perlane && fast_pl && !p->hint) {
    /* one per-lane atomic, the distinct path's: its lowering (the per-lane
     * default's forms) is the larger part of the site's code */
    LLVMPositionBuilderAtEnd(b, perlane);
    LLVMBuildBr(b, fast_pl);
    perlane = NULL;
  } else if (perlane && share) {
    fast_pl = perlane;
    perlane = NULL;
  } else if (perlane) {
    *likely = n;
    fpa_warp_perlane_rmw(&w, perlane, vbits, &perlane_old, &perlane_end, out,
                         &n);
  }
  LLVMValueRef pl_bits = vbits; /* the per-lane atomic's operand */
  if (share) {
    /* fast_pl (the per-lane path) and the leaders meet at the atomic */
    LLVMBasicBlockRef rmw_bb = fpa_warp_block(&w, "warp.rmw");
    LLVMPositionBuilderAtEnd(b, fast_pl);
    LLVMBuildBr(b, rmw_bb);
    LLVMPositionBuilderAtEnd(b, lead_end);
    LLVMBuildBr(b, rmw_bb);
    LLVMPositionBuilderAtEnd(b, rmw_bb);
    LLVMValueRef phi = LLVMBuildPhi(b, w.wty, "warp.operand");
    LLVMValueRef vals[2] = {vbits, lead_bits};
    LLVMBasicBlockRef bbs[2] = {fast_pl, lead_end};
    LLVMAddIncoming(phi, vals, bbs, 2);
    pl_bits = phi;
    fast_pl = rmw_bb;
  }
  LLVMValueRef fast_old = NULL, learn_old = NULL;
  LLVMBasicBlockRef fast_end = NULL, learn_end = NULL;
  if (fast_learn)
    fpa_warp_hinted_rmw(&w, p, fast_learn, hint, vbits, 0, &learn_old,
                        &learn_end);
  if (fast_pl) {
    *likely = n;
    fpa_warp_perlane_rmw(&w, fast_pl, pl_bits, &fast_old, &fast_end, out, &n);
  }

  if (used) {
    LLVMPositionBuilderBefore(b, s->inst);
    /* the grouping's, the lanes' precheck's, perlane's, fast_pl's,
     * fast_learn's, ask's three */
    LLVMValueRef vals[8] = {result}, phi;
    LLVMBasicBlockRef bbs[8] = {join};
    unsigned k = 1;
    if (w.lanes_end)
      vals[k] = w.lane_cur, bbs[k++] = w.lanes_end;
    if (perlane)
      vals[k] = perlane_old, bbs[k++] = perlane_end;
    if (fast_pl)
      vals[k] = fast_old, bbs[k++] = fast_end;
    if (fast_learn)
      vals[k] = learn_old, bbs[k++] = learn_end;
    for (int f = 0; f < 3 && ask_old[f]; ++f)
      vals[k] = ask_old[f], bbs[k++] = ask_end[f];
    if (k > 1) {
      phi = LLVMBuildPhi(b, w.wty, "");
      LLVMAddIncoming(phi, vals, bbs, k);
      result = phi;
    }
    result = LLVMBuildBitCast(b, result, s->vty, "");
    size_t len = 0;
    char *name = fpa_strdup(LLVMGetValueName2(s->inst, &len));
    LLVMSetValueName2(s->inst, "", 0);
    if (name && *name)
      LLVMSetValueName2(result, name, strlen(name));
    free(name);
    LLVMReplaceAllUsesWith(s->inst, result);
  }
  LLVMInstructionEraseFromParent(s->inst);
  /* taken now: the head's first instruction may have been the atomic */
  *top = fpa_warp_region_top(head);
  return n;
}
