/*===-- warp_group.c - which lanes form a group --------------------------===*\
|*                                                                          *|
|* Grouping: first the cheap test, as it is all that the common case of     *|
|* many addresses pays: one shfl.sync.up of the address's low 32 bits from  *|
|* the lane just below, and vote.any.sync. If no lane has the low bits of   *|
|* the lane just below it, the warp takes the per-lane path (a              *|
|* cmpxchg loop there starts from a load made before the test, so the test  *|
|* runs while the load is on its way). Otherwise the exact tests, on the    *|
|* whole address: the first active lane's address is broadcast and          *|
|* vote.all.sync asks whether every lane has it; if not, match.any.sync     *|
|* gives each lane its group mask. A generic pointer                        *|
|* into thread-local memory names different memory in each lane, so when    *|
|* any lane has one (isspacep.local) the warp takes the per-lane path; a    *|
|* pointer from a kernel argument, a global or another address space        *|
|* cannot be one and needs no test. An address that is a kernel argument or *|
|* a global plus constant offsets is the same in every lane and needs no    *|
|* grouping at all.                                                         *|
\*===----------------------------------------------------------------------===*/
#include "warp.h"

/*--- the early pair test --------------------------------------------------*/

/* The pair test (one shuffle of the address's low bits and a vote) needs
 * only the address, but at the atomic it waits for everything before it,
 * such as the operand's computation. Where that computation ends in a
 * branch (an if-then as inlining leaves it) the backend cannot move the
 * test above it, and at many addresses a warp then waits out the
 * shuffle's and vote's latency before its atomic. So the test is made at
 * the head of the region whose blocks run exactly when the atomic's does:
 * straight-line blocks, and if-then or if-then-else with one block per
 * arm. Lanes that reach the head but not the atomic (a trap, a call that
 * does not return) or that branch apart in an arm only change which lanes
 * the test looks at; the test only picks between the per-lane path,
 * always exact, and the exact tests at the atomic, which use the
 * atomic's own active mask. */

/* The distinct predecessors of `bb` in p[0..max-1]; -1 where one is not
 * reached by a branch instruction, or there are more than `max`. */
static int preds_of(LLVMBasicBlockRef bb, LLVMBasicBlockRef *p, int max) {
  int n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsABranchInst(user))
      return -1;
    LLVMBasicBlockRef from = LLVMGetInstructionParent(user);
    int seen = 0;
    for (int i = 0; i < n; ++i)
      seen |= p[i] == from;
    if (seen)
      continue;
    if (n == max)
      return -1;
    p[n++] = from;
  }
  return n;
}

static int in_region(LLVMBasicBlockRef bb, LLVMBasicBlockRef *in, int n) {
  for (int i = 0; i < n; ++i)
    if (in[i] == bb)
      return 1;
  return 0;
}

static int branches_only_to(LLVMBasicBlockRef x, LLVMBasicBlockRef to) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(x);
  return t && LLVMIsABranchInst(t) && !LLVMIsConditional(t) &&
         LLVMGetSuccessor(t, 0) == to;
}

/* Walks up from `a`; returns the region's head and its blocks in
 * in[0..*n-1] (a first). The head is `a` where nothing is found. A walk
 * that comes back to a block of the region, or ends at a block other than
 * the entry with no predecessors, is in code that the entry does not
 * reach (a cycle through the block split off after the atomic, for
 * instance): the head is then `a`. */
LLVMBasicBlockRef
fpa_warp_region_head(LLVMBasicBlockRef a,
                     LLVMBasicBlockRef in[FPA_WARP_REGION_MAX], int *n) {
  LLVMBasicBlockRef cur = a;
  in[0] = a;
  *n = 1;
  while (*n + 3 <= FPA_WARP_REGION_MAX) {
    LLVMBasicBlockRef p[2], arms[2], head = NULL;
    int np = preds_of(cur, p, 2), na = 0;
    if (np == 1 && branches_only_to(p[0], cur)) {
      if (in_region(p[0], in, *n))
        goto cycle;
      cur = in[(*n)++] = p[0];
      continue;
    }
    if (np != 2)
      break;
    int ok = 1;
    for (int i = 0; i < 2 && ok; ++i) {
      LLVMBasicBlockRef h = p[i], q[1];
      if (branches_only_to(p[i], cur)) {
        ok = preds_of(p[i], q, 1) == 1 && q[0] != p[i];
        h = q[0];
        arms[na++] = p[i];
      }
      ok = ok && (!head || head == h);
      head = h;
    }
    LLVMValueRef t = ok ? LLVMGetBasicBlockTerminator(head) : NULL;
    if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t) || head == cur)
      break;
    /* each of the head's successors is `cur` or an arm, and differ */
    LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
    for (int k = 0; k < 2; ++k) {
      LLVMBasicBlockRef sk = k ? s1 : s0;
      int hit = sk == cur;
      for (int i = 0; i < na; ++i)
        hit |= sk == arms[i];
      ok &= hit;
    }
    if (!ok || s0 == s1)
      break;
    if (in_region(head, in, *n))
      goto cycle;
    for (int i = 0; i < na; ++i)
      in[(*n)++] = arms[i];
    cur = in[(*n)++] = head;
  }
  if (cur == a || preds_of(cur, NULL, 0) ||
      cur == LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(cur)))
    return cur;
cycle:
  *n = 1;
  return a;
}

/* Whether `v` can be computed at the head: an argument, a constant, a
 * value from outside the region or from the head itself (added to
 * leaves[], at most 8), or a pure instruction of the region (no phi, no
 * division) of such values, at most `*budget` of them. */
static int hoistable(LLVMValueRef v, LLVMBasicBlockRef head,
                     LLVMBasicBlockRef *in, int n, int *budget,
                     LLVMValueRef leaves[8], int *nl) {
  if (!LLVMIsAInstruction(v))
    return 1;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (bb == head) {
    if (*nl == 8)
      return 0;
    leaves[(*nl)++] = v;
    return 1;
  }
  if (!in_region(bb, in, n))
    return 1;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (!(LLVMIsAGetElementPtrInst(v) || LLVMIsACastInst(v) ||
        LLVMIsAICmpInst(v) || LLVMIsABinaryOperator(v)) ||
      op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem ||
      --*budget < 0)
    return 0;
  for (int i = 0, k = LLVMGetNumOperands(v); i < k; ++i)
    if (!hoistable(LLVMGetOperand(v, i), head, in, n, budget, leaves, nl))
      return 0;
  return 1;
}

/* `v` rebuilt at the builder's position (see hoistable) */
static LLVMValueRef hoist_clone(LLVMBuilderRef b, LLVMValueRef v,
                                LLVMBasicBlockRef head, LLVMBasicBlockRef *in,
                                int n) {
  if (!LLVMIsAInstruction(v))
    return v;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (bb == head || !in_region(bb, in, n))
    return v;
  LLVMValueRef c = LLVMInstructionClone(v);
  for (int i = 0, k = LLVMGetNumOperands(v); i < k; ++i)
    LLVMSetOperand(c, (unsigned)i,
                   hoist_clone(b, LLVMGetOperand(v, i), head, in, n));
  LLVMInsertIntoBuilder(b, c);
  return c;
}

/* The first instruction of `head` after its phis, its exception-handling
 * pad (a landingpad, catchpad or cleanuppad must come first after the
 * phis) and, in the entry block, its leading allocas (which stay together
 * at the top, as front ends and passes expect of static allocas); NULL if
 * none. */
LLVMValueRef fpa_warp_region_top(LLVMBasicBlockRef head) {
  int entry = head == LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(head));
  LLVMValueRef i = LLVMGetFirstInstruction(head);
  while (i && (LLVMIsAPHINode(i) || LLVMIsALandingPadInst(i) ||
               LLVMIsAFuncletPadInst(i) || (entry && LLVMIsAAllocaInst(i))))
    i = LLVMGetNextInstruction(i);
  return i;
}

/* Where the pair test can run for address `ptr` of the atomic in block
 * `a`: before the returned instruction of the region's head, after the last
 * of its instructions that the address uses (else after its phis). NULL
 * where that is `a` itself. */
static LLVMValueRef early_point(LLVMValueRef ptr, LLVMBasicBlockRef a,
                                LLVMBasicBlockRef in[FPA_WARP_REGION_MAX],
                                int *n, LLVMBasicBlockRef *head) {
  *head = fpa_warp_region_head(a, in, n);
  LLVMValueRef leaves[8];
  int budget = 8, nl = 0;
  if (*head == a || !hoistable(ptr, *head, in, *n, &budget, leaves, &nl))
    return NULL;
  /* after region_top's phis and allocas, and the address's leaves */
  LLVMValueRef at = fpa_warp_region_top(*head);
  for (LLVMValueRef i = at; i; i = LLVMGetNextInstruction(i))
    for (int k = 0; k < nl; ++k)
      if (leaves[k] == i)
        at = LLVMGetNextInstruction(i);
  return at;
}

/* The i1 that tests fpa_lanes_distinct's conditions `d` at the builder
 * (true if none). */
LLVMValueRef fpa_warp_lanes_guard(fpa_warp *w, const fpa_lanes *d) {
  LLVMBuilderRef b = w->b;
  /* Every condition asks five low bits to be all zeros (%ntid.x % 32 ==
   * 0; not also "or %ntid.y = %ntid.z = 1": the two more constant loads
   * and the multiply it takes cost throughput, as each cycle before a
   * warp's atomic counts; a 1-D block of another size takes the grouping
   * tests, which are exact too) or all ones (tested as zeros of the
   * complement), so one OR of them all and one test of its low five bits
   * (the backend makes that a LOP3 or two) tells them all. */
  LLVMValueRef acc = NULL;
  if (d->rows)
    acc = fpa_warp_intrinsic(w, "llvm.nvvm.read.ptx.sreg.ntid.x", NULL, NULL, 0,
                             "");
  for (int i = 0; i < d->nreq; ++i) {
    LLVMValueRef u = d->req[i].value;
    LLVMTypeRef t = LLVMTypeOf(u);
    if (d->req[i].shift)
      u = LLVMBuildLShr(b, u, ku(t, d->req[i].shift), "");
    unsigned width = LLVMGetIntTypeWidth(t);
    if (width > 32)
      u = LLVMBuildTrunc(b, u, w->i32, "");
    else if (width < 32)
      u = LLVMBuildZExt(b, u, w->i32, "");
    if (d->req[i].ones)
      u = LLVMBuildNot(b, u, "");
    acc = acc ? LLVMBuildOr(b, acc, u, "") : u;
  }
  if (!acc)
    return LLVMConstInt(w->i1, 1, 0);
  return LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, acc, ku(w->i32, 31), ""),
                       ku(w->i32, 0), "lanes.distinct");
}

/* Where the plan asks for it (p->local_check, p->global_check), the
 * pointer-space test at the builder: the warp goes to `perlane` when any
 * lane's pointer is thread-local, or (global_check) not every lane's is
 * global. The builder ends in the block where the warp may be grouped. */
void fpa_warp_space_test(fpa_warp *w, const fpa_warp_plan *p,
                         LLVMBasicBlockRef perlane) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMValueRef gp = fpa_compat_ptr_to(b, s->ptr, LLVMInt8TypeInContext(w->ctx));
  LLVMValueRef sp =
      fpa_warp_intrinsic(w,
                         p->global_check ? "llvm.nvvm.isspacep.global"
                                         : "llvm.nvvm.isspacep.local",
                         NULL, &gp, 1, "");
  LLVMValueRef args[2] = {w->mask, sp};
  LLVMValueRef vote = fpa_warp_intrinsic(
      w,
      p->global_check ? "llvm.nvvm.vote.all.sync" : "llvm.nvvm.vote.any.sync",
      NULL, args, 2, p->global_check ? "allglobal" : "anylocal");
  LLVMBasicBlockRef group = fpa_warp_block(w, "warp.group");
  if (p->global_check)
    LLVMBuildCondBr(b, vote, group, perlane);
  else
    LLVMBuildCondBr(b, vote, perlane, group);
  LLVMPositionBuilderAtEnd(b, group);
}

/* The grouping tests at the builder, for a site whose address is not
 * warp-uniform: the pair test (early, at the head of the region that runs
 * exactly when the atomic's block `start` does, unless the warp came by
 * the distinct path: `distinct`), then the exact tests. A warp with no
 * pair goes to `perlane` (warp-precheck=mixed: a warp with operands
 * `vbits` of both signs to `ask`). Returns the lane's group mask, in the
 * block where the builder ends. */
LLVMValueRef fpa_warp_group(fpa_warp *w, const fpa_warp_plan *p,
                            LLVMBasicBlockRef start, int distinct,
                            LLVMValueRef vbits, LLVMBasicBlockRef perlane,
                            LLVMBasicBlockRef ask) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(s->mod);
  LLVMTypeRef aty =
      LLVMIntTypeInContext(w->ctx, 8 * LLVMPointerSizeForAS(dl, s->addrspace));
  LLVMValueRef addr = LLVMBuildPtrToInt(b, s->ptr, aty, "addr");
  /* Grouping pays only where lanes share addresses, and where they do not
   * (many addresses) every instruction spent finding that out is lost.
   * So the first test is the cheapest: one shuffle of the address's low
   * 32 bits from the lane just below, and vote.any.sync. Where no lane
   * has the low bits of the lane below it, no two neighbouring active
   * lanes share an address, and the warp takes the per-lane path. Equal
   * low bits only send the warp on to the exact tests, on the whole
   * address: vote.all.sync on the first active lane's address, else
   * match.any.sync. */
  /* made early where it can be (early_point), with that point's own
   * active mask */
  LLVMBasicBlockRef here = LLVMGetInsertBlock(b), in[FPA_WARP_REGION_MAX], head;
  LLVMValueRef mask = w->mask, lanemask_lt = w->lanemask_lt, test = addr;
  int nin = 0;
  LLVMValueRef at =
      distinct ? NULL : early_point(s->ptr, start, in, &nin, &head);
  int early = at != NULL;
  if (early) {
    LLVMPositionBuilderBefore(b, at);
    w->mask = fpa_compat_nvvm_activemask(b, s->mod);
    w->lanemask_lt =
        fpa_warp_intrinsic(w, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL, NULL,
                           0, "lanemask.lt.early");
    test = LLVMBuildPtrToInt(b, hoist_clone(b, s->ptr, head, in, nin), aty,
                             "addr.early");
  }
  LLVMValueRef lo = LLVMGetIntTypeWidth(aty) > 32
                        ? LLVMBuildTrunc(b, test, w->i32, "addr.lo")
                        : test;
  /* From the lane just below (shfl.sync.up needs no index, so nothing
   * but the address delays it); where that lane is inactive the value is
   * undefined, which can only send the warp on to the exact tests or
   * miss a pair: either is correct. Lane 0 has no lane below. */
  LLVMValueRef not_first = LLVMBuildICmp(b, LLVMIntNE, w->lanemask_lt,
                                         LLVMConstInt(w->i32, 0, 0), "");
  LLVMValueRef dup, args[2] = {w->mask, NULL};
  dup = LLVMBuildAnd(
      b, not_first,
      LLVMBuildICmp(b, LLVMIntEQ, lo, fpa_warp_shfl32(w, lo, NULL, 1), ""), "");
  args[1] = dup;
  LLVMValueRef anydup =
      fpa_warp_intrinsic(w, "llvm.nvvm.vote.any.sync", NULL, args, 2, "shared");
  if (early) {
    w->mask = args[0] = mask;
    w->lanemask_lt = lanemask_lt;
    LLVMPositionBuilderAtEnd(b, here);
  }
  LLVMBasicBlockRef shared = fpa_warp_block(w, "warp.shared");
  LLVMBasicBlockRef match = fpa_warp_block(w, "warp.match");
  LLVMBasicBlockRef grouped = fpa_warp_block(w, "warp.grouped");
  if (p->hint == FPA_WARP_PRECHECK_MIXED) {
    /* A warp whose lanes need both integer atomics (warp-precheck):
     * vote.uni.sync of the operands' signs, which does not wait for the
     * shuffle: one vote and an or on every warp's path to its atomic, the
     * fewest instructions that answer it. */
    LLVMValueRef both =
        LLVMBuildNot(b, fpa_warp_one_sign(w, mask, vbits), "bothsigns");
    LLVMValueRef odd = LLVMBuildOr(b, anydup, both, "odd");
    LLVMBasicBlockRef which = fpa_warp_block(w, "warp.which");
    fpa_warp_weigh(w, LLVMBuildCondBr(b, odd, which, perlane), 0);
    LLVMPositionBuilderAtEnd(b, which);
    LLVMBuildCondBr(b, anydup, shared, ask);
  } else {
    fpa_warp_weigh(w, LLVMBuildCondBr(b, anydup, shared, perlane), 0);
  }
  LLVMPositionBuilderAtEnd(b, shared);
  if (w->lanes_precheck)
    fpa_warp_lanes_precheck(w, p);
  shared = LLVMGetInsertBlock(b);
  LLVMValueRef first = fpa_warp_bit_count(w, "llvm.cttz", w->mask);
  args[1] = LLVMBuildICmp(b, LLVMIntEQ, addr,
                          fpa_warp_shuffle(w, addr, first, 0), "");
  LLVMValueRef uni = fpa_warp_intrinsic(w, "llvm.nvvm.vote.all.sync", NULL,
                                        args, 2, "uniform");
  LLVMBuildCondBr(b, uni, grouped, match);
  LLVMPositionBuilderAtEnd(b, match);
  args[1] = addr;
  LLVMValueRef g = fpa_warp_intrinsic(w,
                                      LLVMGetIntTypeWidth(aty) == 64
                                          ? "llvm.nvvm.match.any.sync.i64"
                                          : "llvm.nvvm.match.any.sync.i32",
                                      NULL, args, 2, "group");
  LLVMBuildBr(b, grouped);
  LLVMPositionBuilderAtEnd(b, grouped);
  LLVMValueRef gmask = LLVMBuildPhi(b, w->i32, "groupmask");
  LLVMValueRef vals[2] = {w->mask, g};
  LLVMBasicBlockRef bbs[2] = {shared, match};
  LLVMAddIncoming(gmask, vals, bbs, 2);
  return gmask;
}
