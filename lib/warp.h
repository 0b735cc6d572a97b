/*===-- warp.h - the parts of aggregate=warp, and what they share --------===*\
|*                                                                          *|
|* aggregate=warp is one decision and one builder, built from parts that    *|
|* each have a file:                                                        *|
|*   warp_plan.c     the decision: whether a site is aggregated, and how    *|
|*                   (fpa_decide_warp, declared in internal.h)              *|
|*   build_warp.c    the builder: the order of the parts, and the joins     *|
|*                   (fpa_build_warp, declared in internal.h)               *|
|*   warp_group.c    which lanes form a group: the distinct-lanes guard,    *|
|*                   the pointer-space test, the early pair test, and the   *|
|*                   exact tests (vote.all.sync, match.any.sync)            *|
|*   warp_combine.c  order keys, scans and reductions: the group's operand  *|
|*                   and each lane's old value                              *|
|*   warp_leader.c   the leader's atomic, predicated, when results are used *|
|*   warp_perlane.c  the per-lane fallback                                  *|
|*   warp_hint.c     warp-precheck: the hint, and the per-lane forms that   *|
|*                   read and learn it                                      *|
|*   warp_ir.c       IR helpers: intrinsics, shuffles, branch weights       *|
|* This header is private to those files.                                   *|
\*===----------------------------------------------------------------------===*/
#ifndef FPA_WARP_H
#define FPA_WARP_H

#include "internal.h"

#include <stdint.h>

/* The builder's state for one site. */
typedef struct fpa_warp {
  LLVMBuilderRef b;
  const fpa_site *s;
  LLVMModuleRef m;
  LLVMContextRef ctx;
  LLVMBasicBlockRef end; /* new blocks go before it */
  LLVMTypeRef i1, i32, kty, wty;
  LLVMValueRef mask; /* activemask: every shuffle's member mask */
  LLVMValueRef lane, lanemask_lt;
  /* precheck=adaptive: no activemask (PTX 6.2), so that the code compiles
   * for every PTX version of sm_70; lane 0 stores into the hint */
  int lane0_learns;
  /* the direct form learns only where this i1 holds (NULL: always) */
  LLVMValueRef learn_if;
  /* the hint's cold word (fpa_warp_hint_global): 0 is hot */
  uint32_t hint_cold;
  /* precheck=adaptive: the hint's word as the warp read it (the precheck
   * form steps the hint down from it: fpa_hint_learn.seen) */
  LLVMValueRef hint_seen;
  /* a cmpxchg loop's start (per lane and leaders): the early load, made
   * before the tests, and the word it read (init NULL: no loop) */
  fpa_loop_word early;
  /* the lanes' precheck at the exact grouping tests
   * (fpa_warp_lanes_precheck): whether there is one, the hint's word and
   * the operand bits it reads; then whether a lane read (i1), its loaded
   * bits, which the leaders' precheck uses, and the block where a warp of
   * no-ops ends */
  int lanes_precheck;
  LLVMValueRef lanes_word, lanes_vbits, lanes_want, lane_cur;
  LLVMBasicBlockRef lanes_end;
  /* the operation */
  int is_add, is_min, is_num;
  unsigned w, kw; /* element bits; key bits (32 or 64) */
  int64_t kmax, kmin, id_or_abs;
  uint64_t sign, expo, pref_nan; /* at the element width */
} fpa_warp;

/* A group's combination, as a scan gives it to each lane. */
typedef struct fpa_warp_scan {
  LLVMValueRef excl;  /* combination of the group's lanes below this one */
  LLVMValueRef first; /* i1: no group lane below this one */
  LLVMValueRef total; /* combination of the whole group, in every lane */
  /* a scan left for later (fpa_warp_old_values): the lane's contribution
   * and group mask, or NULL */
  LLVMValueRef later_x, later_gmask;
} fpa_warp_scan;

static inline LLVMValueRef ki(LLVMTypeRef ty, int64_t v) {
  return LLVMConstInt(ty, (unsigned long long)v, 1);
}

static inline LLVMValueRef ku(LLVMTypeRef ty, uint64_t v) {
  return LLVMConstInt(ty, v, 0);
}

/*--- warp_ir.c ------------------------------------------------------------*/

void fpa_warp_init(fpa_warp *w, LLVMBuilderRef b, const fpa_site *s);
LLVMValueRef fpa_warp_intrinsic(fpa_warp *w, const char *name, LLVMTypeRef over,
                                LLVMValueRef *args, unsigned n,
                                const char *vname);
LLVMValueRef fpa_warp_bit_count(fpa_warp *w, const char *name, LLVMValueRef x);
/* Whether the element bits `bits` (of w->wty) are a NaN. */
LLVMValueRef fpa_warp_is_nan(fpa_warp *w, LLVMValueRef bits, const char *name);
void fpa_warp_weigh(fpa_warp *w, LLVMValueRef br, int likely);
LLVMBasicBlockRef fpa_warp_block(fpa_warp *w, const char *name);
LLVMValueRef fpa_warp_shfl32(fpa_warp *w, LLVMValueRef x, LLVMValueRef src,
                             unsigned up);
LLVMValueRef fpa_warp_shuffle(fpa_warp *w, LLVMValueRef v, LLVMValueRef src,
                              unsigned up);

/*--- warp_group.c ---------------------------------------------------------*/

/* The most blocks of the region that runs exactly when the atomic does. */
enum { FPA_WARP_REGION_MAX = 17 };

LLVMBasicBlockRef
fpa_warp_region_head(LLVMBasicBlockRef a,
                     LLVMBasicBlockRef in[FPA_WARP_REGION_MAX], int *n);
LLVMValueRef fpa_warp_region_top(LLVMBasicBlockRef head);
LLVMValueRef fpa_warp_lanes_guard(fpa_warp *w, const fpa_lanes *d);
void fpa_warp_space_test(fpa_warp *w, const fpa_warp_plan *p,
                         LLVMBasicBlockRef perlane);
LLVMValueRef fpa_warp_group(fpa_warp *w, const fpa_warp_plan *p,
                            LLVMBasicBlockRef start, int distinct,
                            LLVMValueRef vbits, LLVMBasicBlockRef perlane,
                            LLVMBasicBlockRef ask);

/*--- warp_combine.c -------------------------------------------------------*/

LLVMValueRef fpa_warp_combine(fpa_warp *w, const fpa_warp_plan *p,
                              LLVMValueRef vbits, LLVMValueRef gmask,
                              fpa_warp_scan *sc);
LLVMValueRef fpa_warp_leader_operand(fpa_warp *w, LLVMValueRef total);
LLVMValueRef fpa_warp_fold_old(fpa_warp *w, LLVMValueRef mb, LLVMValueRef e);
LLVMValueRef fpa_warp_old_values(fpa_warp *w, LLVMValueRef old,
                                 LLVMValueRef total, fpa_warp_scan *sc);

/*--- warp_leader.c --------------------------------------------------------*/

LLVMValueRef fpa_warp_lockstep_leader(fpa_warp *w, const fpa_warp_plan *p,
                                      LLVMValueRef leader, LLVMValueRef total,
                                      LLVMValueRef hint);
void fpa_warp_lanes_precheck(fpa_warp *w, const fpa_warp_plan *p);

/*--- warp_perlane.c -------------------------------------------------------*/

void fpa_warp_loop_from_early(fpa_warp *w, LLVMValueRef rmw);
void fpa_warp_perlane_rmw(fpa_warp *w, LLVMBasicBlockRef bb, LLVMValueRef vbits,
                          LLVMValueRef *old, LLVMBasicBlockRef *end,
                          LLVMValueRef out[FPA_WARP_MADE_MAX], int *n);

/*--- warp_hint.c ----------------------------------------------------------*/

LLVMValueRef fpa_warp_hint_global(fpa_warp *w);
LLVMValueRef fpa_warp_load_hint(fpa_warp *w, LLVMValueRef g);
LLVMValueRef fpa_warp_hint_word0(fpa_warp *w, LLVMValueRef g);
LLVMValueRef fpa_warp_hint_dst(fpa_warp *w, LLVMValueRef g);
LLVMValueRef fpa_warp_hint_dst_if(fpa_warp *w, LLVMValueRef g,
                                  LLVMValueRef teach);
LLVMValueRef fpa_warp_hint_hot(fpa_warp *w, LLVMValueRef word);
LLVMValueRef fpa_warp_hint_learned(fpa_warp *w, LLVMValueRef noop);
LLVMValueRef fpa_warp_learner(fpa_warp *w);
LLVMValueRef fpa_warp_one_sign(fpa_warp *w, LLVMValueRef mask,
                               LLVMValueRef vbits);
void fpa_warp_hinted_rmw(fpa_warp *w, const fpa_warp_plan *p,
                         LLVMBasicBlockRef bb, LLVMValueRef hint,
                         LLVMValueRef vbits, int precheck, LLVMValueRef *old,
                         LLVMBasicBlockRef *exit);
void fpa_warp_hinted_perlane(fpa_warp *w, const fpa_warp_plan *p,
                             LLVMBasicBlockRef ask, LLVMValueRef hint,
                             LLVMValueRef word, LLVMValueRef vbits,
                             LLVMValueRef old[3], LLVMBasicBlockRef exit[3],
                             LLVMValueRef out[FPA_WARP_MADE_MAX], int *n);

#endif
