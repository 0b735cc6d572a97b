/*===-- warp_perlane.c - the per-lane fallback ---------------------------===*\
|*                                                                          *|
|* Where a warp cannot or need not be grouped (its lanes' addresses differ, *|
|* a pointer is not global, or the pair test finds no two neighbours        *|
|* sharing an address) each lane makes its own atomic, in the per-lane      *|
|* lowering the decision chose. Such an atomic is either left for the       *|
|* caller to lower (lower.c), or lowered here as a cmpxchg loop from the    *|
|* early load that build_warp.c made before the tests.                      *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

/* Lowers `rmw`, an atomicrmw like the site's with its own operand, as the
 * site's cmpxchg loop starting from the early load (any value read from
 * the location is a valid start). */
void fpa_warp_loop_from_early(fpa_warp *w, LLVMValueRef rmw) {
  fpa_site ls = *w->s;
  ls.inst = rmw;
  ls.val = LLVMGetOperand(rmw, 1);
  ls.result_used = LLVMGetFirstUse(rmw) != NULL;
  LLVMPositionBuilderBefore(w->b, rmw);
  fpa_build_cas_loop(w->b, &ls, w->early.word_ptr != NULL, &w->early, 0);
}

/* The per-lane atomic at the end of `bb`, lowered later by the caller
 * (added to out[]) or here as a loop from the early load; *old gets its
 * old value (element bits; used results) and *end the block it is in. */
void fpa_warp_perlane_rmw(fpa_warp *w, LLVMBasicBlockRef bb, LLVMValueRef vbits,
                          LLVMValueRef *old, LLVMBasicBlockRef *end,
                          LLVMValueRef out[FPA_WARP_MADE_MAX], int *n) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMValueRef rmw =
      fpa_emit_plain_rmw(b, s, LLVMGetAtomicRMWBinOp(s->inst), s->ptr,
                         LLVMBuildBitCast(b, vbits, s->vty, ""));
  *old = s->result_used ? LLVMBuildBitCast(b, rmw, w->wty, "") : NULL;
  LLVMValueRef br = LLVMBuildBr(b, w->end);
  *end = bb;
  if (w->early.init) {
    fpa_warp_loop_from_early(w, rmw);
    *end = LLVMGetInstructionParent(br);
  } else {
    out[(*n)++] = rmw;
  }
}
