/*===-- warp_hint.c - warp-precheck's hint and learning ------------------===*\
|*                                                                          *|
|* warp-precheck=mixed|all: on the per-lane path, the integer trick's warps *|
|* read first and skip no-ops while a hint in shared memory says most       *|
|* updates are no-ops. This file holds the hint (two words of shared memory *|
|* per site), the test of it, which warps learn, and the per-lane forms     *|
|* that read and learn it.                                                  *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

/* warp-precheck's hint: two words of shared memory per site, [0] the hint
 * and [1] where the leader form's lanes other than the lowest store what
 * they learn (so that one lane's update teaches the warp, with no branch).
 * Before any warp of the block stores it, it holds whatever shared memory held:
 * what an earlier block or an earlier kernel left there (blocks get shared
 * memory that other blocks, of this launch or of earlier ones, wrote).
 * The hint is cold only where it holds the function's cold word
 * (w->hint_cold, a hash of the function's name), and hot (0 where a warp
 * learned it) for any other value: what another kernel left reads as
 * hot. precheck=adaptive also stores the warm word, the cold word ^ 1
 * (never 0, as the cold word is never 1): hot, one step from cold
 * (fpa_hint_step_down). A stale hot hint costs a load per warp where updates
 * change memory; a stale cold one costs an atomic per lane where they are
 * no-ops, which at a few hot addresses is several times more. */
LLVMValueRef fpa_warp_hint_global(fpa_warp *w) {
  LLVMTypeRef aty = LLVMArrayType(w->i32, 2);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(w->m, aty, "fpa.warp.hint", 3);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetInitializer(g, LLVMGetUndef(aty));
  LLVMSetAlignment(g, 4);
  /* FNV-1a over the function's name */
  size_t len = 0;
  const char *name = LLVMGetValueName2(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(w->s->inst)), &len);
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; ++i)
    h = (h ^ (unsigned char)name[i]) * 16777619u;
  /* never 0 (hot), nor words that memory often holds */
  if (h <= 1u || h == 0xffffffffu)
    h ^= 0x5bd1e995u;
  w->hint_cold = h;
  return g;
}

/* Word `i` (i32) of the hint `g`, at the builder. */
static LLVMValueRef hint_word(fpa_warp *w, LLVMValueRef g, LLVMValueRef i,
                              const char *name) {
  LLVMValueRef idx[2] = {ku(w->i32, 0), i};
  return LLVMBuildInBoundsGEP2(w->b, LLVMGlobalGetValueType(g), g, idx, 2,
                               name);
}

/* The hint's word [0] of `g`, at the builder. */
LLVMValueRef fpa_warp_hint_word0(fpa_warp *w, LLVMValueRef g) {
  return hint_word(w, g, ku(w->i32, 0), "hint.dst");
}

/* Loads the hint [0] of `g` at the builder (monotonic, block scope: warps
 * of the block store it as they learn). */
LLVMValueRef fpa_warp_load_hint(fpa_warp *w, LLVMValueRef g) {
  LLVMValueRef h = LLVMBuildLoad2(
      w->b, w->i32, hint_word(w, g, ku(w->i32, 0), ""), "hint.word");
  LLVMSetOrdering(h, LLVMAtomicOrderingMonotonic);
  fpa_compat_set_syncscope(h, fpa_compat_syncscope_id(w->ctx, "block"));
  LLVMSetAlignment(h, 4);
  return h;
}

/* Where a lane stores what it learns: the lowest active lane (of w->mask)
 * to the hint [0], the others to [1]. */
LLVMValueRef fpa_warp_hint_dst(fpa_warp *w, LLVMValueRef g) {
  return fpa_warp_hint_dst_if(w, g, NULL);
}

/* fpa_warp_hint_dst, where the lowest active lane stores to [0] only where
 * `teach` (i1, or NULL: always) holds, else to [1] as the others do. */
LLVMValueRef fpa_warp_hint_dst_if(fpa_warp *w, LLVMValueRef g,
                                  LLVMValueRef teach) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef above =
      LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, w->mask, w->lanemask_lt, ""),
                    ku(w->i32, 0), "");
  if (teach)
    above = LLVMBuildOr(b, above, LLVMBuildNot(b, teach, ""), "");
  return hint_word(w, g, LLVMBuildZExt(b, above, w->i32, ""), "hint.dst");
}

/* Whether a warp takes the precheck form, at the builder: the hint word
 * `word` is not the function's cold word (frozen: before any warp of the
 * block stores it, it holds whatever shared memory held). */
LLVMValueRef fpa_warp_hint_hot(fpa_warp *w, LLVMValueRef word) {
  return LLVMBuildICmp(w->b, LLVMIntNE, LLVMBuildFreeze(w->b, word, ""),
                       ku(w->i32, w->hint_cold), "hot");
}

/* What a lane stores into the hint, at the builder: 0 (hot) where `noop`
 * (i1) holds, else the function's cold word. */
LLVMValueRef fpa_warp_hint_learned(fpa_warp *w, LLVMValueRef noop) {
  return LLVMBuildSelect(w->b, noop, ku(w->i32, 0), ku(w->i32, w->hint_cold),
                         "hint.new");
}

/* Whether the warp learns in the direct form: %tid.x below 32 (warp 0 of
 * each row of the block; the other warps take the direct form without
 * learning). The direct form learns from its atomic's old value: a
 * learning warp tests it after the atomic's return (and without NaN
 * repair waits for that return). At many addresses a warp's life is
 * mostly that round trip, so only one warp per row pays for it; a block
 * that sees no-ops still turns its hint hot at its first learning warp's
 * atomic. The value is the same
 * in every lane of a warp where %ntid.x is a multiple of 32 or the block
 * is one-dimensional; elsewhere a warp may split between the two forms,
 * which are both exact. */
LLVMValueRef fpa_warp_learner(fpa_warp *w) {
  LLVMValueRef tid = fpa_warp_intrinsic(w, "llvm.nvvm.read.ptx.sreg.tid.x",
                                        NULL, NULL, 0, "tid.x");
  return LLVMBuildICmp(w->b, LLVMIntULT, tid, ku(w->i32, 32), "learner");
}

/* The per-lane atomic at the end of `bb` in one of warp-precheck's forms,
 * lowered here with its learning in `hint`: the precheck form (`precheck`)
 * or the learning direct form; *old gets its old value (element bits; used
 * results) and *exit the block it ends in. */
void fpa_warp_hinted_rmw(fpa_warp *w, const fpa_warp_plan *p,
                         LLVMBasicBlockRef bb, LLVMValueRef hint,
                         LLVMValueRef vbits, int precheck, LLVMValueRef *old,
                         LLVMBasicBlockRef *exit) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMPositionBuilderAtEnd(b, bb);
  fpa_site ls = *s;
  ls.val = LLVMBuildBitCast(b, vbits, s->vty, "");
  ls.inst =
      fpa_emit_plain_rmw(b, s, LLVMGetAtomicRMWBinOp(s->inst), s->ptr, ls.val);
  *old = s->result_used ? LLVMBuildBitCast(b, ls.inst, w->wty, "perlane.old")
                        : NULL;
  LLVMValueRef br = LLVMBuildBr(b, w->end);
  LLVMPositionBuilderBefore(b, ls.inst);
  fpa_hint_learn h;
  h.dst = fpa_warp_hint_word0(w, hint);
  h.cold = w->hint_cold;
  h.seen = precheck ? w->hint_seen : NULL;
  if (precheck && w->lane0_learns) {
    /* the precheck form: one lane stores, so that the hint follows one
     * lane (were it any lane's, one update in a warp of no-ops would turn
     * it cold) */
    LLVMValueRef lane = fpa_warp_intrinsic(
        w, "llvm.nvvm.read.ptx.sreg.laneid", NULL, NULL, 0, "laneid");
    h.learn_if = LLVMBuildICmp(b, LLVMIntEQ, lane, ku(w->i32, 0), "lane0");
  } else if (precheck) {
    /* the lowest active lane, with this point's mask (a warp may come
     * from warp.distinct, before the grouping's) */
    LLVMValueRef lt =
        fpa_warp_intrinsic(w, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL, NULL,
                           0, "lanemask.lt.hint");
    LLVMValueRef below =
        LLVMBuildAnd(b, fpa_compat_nvvm_activemask(b, s->mod), lt, "");
    h.learn_if = LLVMBuildICmp(b, LLVMIntEQ, below, ku(w->i32, 0), "lowest");
  } else {
    h.learn_if = w->learn_if;
  }
  fpa_build_int_trick_learning(b, &ls, p->nan_repair, precheck, &h);
  *exit = LLVMGetInstructionParent(br);
}

/* The per-lane path with warp-precheck (p->hint), for the integer trick,
 * for a warp whose lanes need both integer atomics (warp-precheck=mixed;
 * =all: every warp on the per-lane path), entered at `ask`, where it tests
 * the hint `word` (read at the top of the region that runs exactly when
 * the atomic does): the per-lane form with precheck (load; skip the
 * no-ops) where the hint is hot, else the direct per-lane form. Both
 * learn:
 *   - the precheck form: the lowest active lane, where its update changed
 *     memory, stores the function's cold word (fpa_build_int_trick_learning
 *     says when), so that the hint follows one lane (were it any lane's,
 *     one update in a warp of no-ops would turn it cold);
 *   - the direct form, in a learning warp (fpa_warp_learner()): a lane whose
 *     atomic was a no-op (its old value already at or past the operand)
 *     stores 0 (hot), after the atomic's return (which NaN repair waits for
 *     anyway), and nothing else stores; the other warps' direct form does
 *     not learn.
 * So a hint that is cold where updates are no-ops turns hot at the first
 * learning warp that sees one, whatever shared memory held.
 *
 * Other warps (mixed) take the plain per-lane path, as with
 * warp-precheck=off.
 *
 * Both forms are exact (the precheck's load is a no-op's linearization
 * point, as for precheck=on; aggregation is only for monotonic,
 * non-volatile atomics), so the hint only picks the faster one: it may be
 * stale, raced by other warps of the block, or garbage. A warp whose lanes
 * need both integer atomics issues two where one atomic per lane issues
 * one, which at a few hot addresses halves the rate; reading first there
 * skips them, but costs a round trip wherever updates change memory, as at
 * many cold addresses; the hint tells the two apart at run time.
 * `old` gets each form's old value (element bits; when the result is used)
 * and `exit` the block it is in: the precheck form's, the learning direct
 * form's, the other direct form's. */
void fpa_warp_hinted_perlane(fpa_warp *w, const fpa_warp_plan *p,
                             LLVMBasicBlockRef ask, LLVMValueRef hint,
                             LLVMValueRef word, LLVMValueRef vbits,
                             LLVMValueRef old[3], LLVMBasicBlockRef exit[3],
                             LLVMValueRef out[FPA_WARP_MADE_MAX], int *n) {
  LLVMBuilderRef b = w->b;
  LLVMBasicBlockRef from[3] = {fpa_warp_block(w, "warp.perlane.precheck"),
                               fpa_warp_block(w, "warp.perlane.learn"),
                               fpa_warp_block(w, "warp.perlane.direct")};
  LLVMBasicBlockRef cold = fpa_warp_block(w, "warp.perlane.cold");
  LLVMPositionBuilderAtEnd(b, ask);
  LLVMBuildCondBr(b, fpa_warp_hint_hot(w, word), from[0], cold);
  LLVMPositionBuilderAtEnd(b, cold);
  LLVMBuildCondBr(b, fpa_warp_learner(w), from[1], from[2]);
  for (int k = 0; k < 2; ++k)
    fpa_warp_hinted_rmw(w, p, from[k], hint, vbits, k == 0, &old[k], &exit[k]);
  fpa_warp_perlane_rmw(w, from[2], vbits, &old[2], &exit[2], out, n);
}

/* vote.uni.sync over `mask` of the operands' sign bits: whether the lanes'
 * integer trick needs one atomic instruction (warp-precheck=mixed asks the
 * hint only where it needs two). */
LLVMValueRef fpa_warp_one_sign(fpa_warp *w, LLVMValueRef mask,
                               LLVMValueRef vbits) {
  LLVMValueRef args[2] = {
      mask, LLVMBuildICmp(w->b, LLVMIntSLT, vbits, ku(w->wty, 0), "neg")};
  return fpa_warp_intrinsic(w, "llvm.nvvm.vote.uni.sync", NULL, args, 2,
                            "onesign");
}
