/*===-- build_int.c - float min/max as integer min/max by sign bit -------===*\
|*                                                                          *|
|* For non-negative floats (sign bit clear) signed-integer order is float   *|
|* order; for negative ones unsigned-integer order is its reverse. So with  *|
|* v the operand's bits:                                                    *|
|*                                                                          *|
|*   op        sign bit of v clear     sign bit of v set                    *|
|*   fmin      atomicrmw min  (s)      atomicrmw umax                       *|
|*   fmax      atomicrmw max  (s)      atomicrmw umin                       *|
|*                                                                          *|
|* The sign BIT is tested, never v >= 0.0 (that would send -0.0 the wrong   *|
|* way). NaNs, following ../shared/SEMANTICS.md:                            *|
|*  - fmin/fmax with v NaN: a no-op; the operand becomes the identity of    *|
|*    the chosen integer op (INT_MAX for min, 0 for umax, INT_MIN for max,  *|
|*    all-ones for umin), so memory is rewritten with its own value.        *|
|*  - fmin with a negative NaN in memory (fmax: positive NaN): the integer  *|
|*    op leaves memory unchanged, but minnum must store v. The returned old *|
|*    value shows it; a cmpxchg loop started from that value finishes the   *|
|*    update (the "NaN repair"). A NaN of the other sign is replaced by v,  *|
|*    which is right.                                                       *|
|*  - fminimum/fmaximum (only under assume=nan-free-memory): a NaN operand  *|
|*    is stored with the sign the integer ops keep (negative for fminimum,  *|
|*    positive for fmaximum), through the same two instructions.            *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Without repair:
 *   %vb  = bitcast float %v to i32
 *   %nan = icmp ugt (and %vb, 0x7fffffff), 0x7f800000
 *   %neg = icmp slt %vb, 0                 ; fminimum/fmaximum: of %x below
 *   br i1 %neg, label %atomicrmw.neg, label %atomicrmw.pos
 * atomicrmw.pos:
 *   %op.pos = select %nan, INT_MAX, %vb
 *   %old.pos = atomicrmw min ptr %p, i32 %op.pos ORDER (scope, volatile)
 *   br label %atomicrmw.end
 * atomicrmw.neg:
 *   %op.neg = select %nan, 0, %vb
 *   %old.neg = atomicrmw umax ptr %p, i32 %op.neg ORDER
 *   br label %atomicrmw.end
 * atomicrmw.end:
 *   %old = phi i32 [ %old.pos, %atomicrmw.pos ], [ %old.neg, %atomicrmw.neg ]
 *
 * With repair, a join block tests the old value first:
 * atomicrmw.join:
 *   %old.int = phi ...
 *   %sticky = icmp ugt %old.int, 0xff800000   ; fmax: icmp sgt, 0x7f800000
 *   %repair = and %sticky, (not %nan)
 *   br i1 %repair, label %atomicrmw.start, label %atomicrmw.end
 * followed by the cmpxchg loop of build_common.c, entered with %old.int.
 */
/* The two integer operands and the sign test for operand bits `vb` (the
 * value-int type): see the table above. */
void fpa_int_trick_ops(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef vb,
                       fpa_int_ops *r) {
  LLVMTypeRef ity = LLVMTypeOf(vb);
  unsigned w = s->bits;
  uint64_t sign = (uint64_t)1 << (w - 1);
  uint64_t ones = w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
  uint64_t expo = w == 64 ? 0x7ff0000000000000ull : 0x7f800000u;
#define K(x) LLVMConstInt(ity, (x), 0)
  int is_min = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMINIMUM;
  int is_num = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMAX;
  r->nan = LLVMBuildICmp(b, LLVMIntUGT, LLVMBuildAnd(b, vb, K(sign - 1), ""),
                         K(expo), "isnan");
  LLVMValueRef x = vb;
  if (is_num) {
    /* identities: min(x, INT_MAX) = umax(x, 0) = max(x, INT_MIN) =
     * umin(x, UINT_MAX) = x */
    r->pos_op = LLVMBuildSelect(b, r->nan, K(is_min ? sign - 1 : sign), vb, "");
    r->neg_op = LLVMBuildSelect(b, r->nan, K(is_min ? 0 : ones), vb, "");
  } else {
    /* a NaN operand is stored with the sign the integer ops keep */
    LLVMValueRef kept = is_min ? LLVMBuildOr(b, vb, K(sign), "")
                               : LLVMBuildAnd(b, vb, K(sign - 1), "");
    x = LLVMBuildSelect(b, r->nan, kept, vb, "");
    r->pos_op = r->neg_op = x;
  }
  r->neg = LLVMBuildICmp(b, LLVMIntSLT, x, K(0), "signbit");
  r->pos_bin = is_min ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpMax;
  r->neg_bin = is_min ? LLVMAtomicRMWBinOpUMax : LLVMAtomicRMWBinOpUMin;
#undef K
}

/* Whether old value bits `old` hold the NaN the integer ops keep (fmin: a
 * negative NaN, bits above -inf as unsigned; fmax: a positive NaN, bits
 * above +inf as signed), so that a non-NaN operand needs the NaN repair. */
LLVMValueRef fpa_int_trick_sticky(LLVMBuilderRef b, const fpa_site *s,
                                  LLVMValueRef old) {
  LLVMTypeRef ity = LLVMTypeOf(old);
  unsigned w = s->bits;
  uint64_t sign = (uint64_t)1 << (w - 1);
  uint64_t expo = w == 64 ? 0x7ff0000000000000ull : 0x7f800000u;
  int is_min = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMINIMUM;
  return is_min ? LLVMBuildICmp(b, LLVMIntUGT, old,
                                LLVMConstInt(ity, sign | expo, 0), "sticky")
                : LLVMBuildICmp(b, LLVMIntSGT, old, LLVMConstInt(ity, expo, 0),
                                "sticky");
}

LLVMValueRef fpa_int_trick_noop(LLVMBuilderRef b, const fpa_int_ops *io,
                                int is_min, LLVMValueRef cur,
                                const char *name) {
  LLVMIntPredicate pp = is_min ? LLVMIntSLT : LLVMIntSGT;
  LLVMIntPredicate np = is_min ? LLVMIntUGT : LLVMIntULT;
  LLVMValueRef pnew = LLVMBuildSelect(
      b, LLVMBuildICmp(b, pp, io->pos_op, cur, ""), io->pos_op, cur, "");
  LLVMValueRef nnew = LLVMBuildSelect(
      b, LLVMBuildICmp(b, np, io->neg_op, cur, ""), io->neg_op, cur, "");
  LLVMValueRef nv = LLVMBuildSelect(b, io->neg, nnew, pnew, "");
  return LLVMBuildICmp(b, LLVMIntEQ, nv, cur, name);
}

LLVMValueRef fpa_int_trick_skip(LLVMBuilderRef b, const fpa_site *s,
                                const fpa_int_ops *io, int is_min,
                                LLVMValueRef cur, int nan_repair,
                                const char *noop_name, const char *name) {
  LLVMValueRef skip = fpa_int_trick_noop(b, io, is_min, cur, noop_name);
  if (!nan_repair)
    return skip;
  LLVMValueRef sticky = fpa_int_trick_sticky(b, s, cur);
  LLVMValueRef due = LLVMBuildAnd(b, sticky, LLVMBuildNot(b, io->nan, ""), "");
  return LLVMBuildAnd(b, skip, LLVMBuildNot(b, due, ""), name);
}

void fpa_store_hint(LLVMBuilderRef b, LLVMValueRef hint, LLVMValueRef v) {
  LLVMValueRef st = LLVMBuildStore(b, v, hint);
  LLVMSetOrdering(st, LLVMAtomicOrderingMonotonic);
  /* the block's own word: only its warps read it */
  fpa_compat_set_syncscope(
      st, fpa_compat_syncscope_id(LLVMGetTypeContext(LLVMTypeOf(v)), "block"));
  LLVMSetAlignment(st, 4);
}

LLVMValueRef fpa_hint_step_down(LLVMBuilderRef b, const fpa_hint_learn *h) {
  LLVMTypeRef i32 =
      LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(h->dst)));
  LLVMValueRef cold = LLVMConstInt(i32, h->cold, 0);
  if (!h->seen)
    return cold;
  LLVMValueRef was0 =
      LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildFreeze(b, h->seen, ""),
                    LLVMConstInt(i32, 0, 0), "hint.was0");
  return LLVMBuildSelect(b, was0, LLVMConstInt(i32, h->cold ^ 1u, 0), cold,
                         "hint.down");
}

/* Stores `v` into the hint h->dst where `cond` (i1, or NULL: always) and
 * h->learn_if hold, in new blocks before `before`; the builder ends in the
 * block after the store. */
static void store_hint_where(LLVMBuilderRef b, const fpa_site *s,
                             const fpa_hint_learn *h, LLVMValueRef cond,
                             LLVMValueRef v, LLVMBasicBlockRef before) {
  LLVMValueRef c = cond;
  if (h->learn_if)
    c = c ? LLVMBuildAnd(b, c, h->learn_if, "learn.if") : h->learn_if;
  if (!c) {
    fpa_store_hint(b, h->dst, v);
    return;
  }
  LLVMBasicBlockRef st =
      LLVMInsertBasicBlockInContext(s->ctx, before, "atomicrmw.learn");
  LLVMBasicBlockRef cont =
      LLVMInsertBasicBlockInContext(s->ctx, before, "atomicrmw.learned");
  LLVMBuildCondBr(b, c, st, cont);
  LLVMPositionBuilderAtEnd(b, st);
  fpa_store_hint(b, h->dst, v);
  LLVMBuildBr(b, cont);
  LLVMPositionBuilderAtEnd(b, cont);
}

/* The NaN repair's cmpxchg loop as a function of the module:
 *
 *   define internal iW @fpa.nanrepair.OP.fW(ptr %p, T %v, iW %old)
 *       noinline nounwind cold
 *
 * which runs fpa_emit_cas_loop from %old and returns the value the update
 * replaced. The repair runs only where memory holds the NaN the integer op
 * keeps, so a site calls one shared function where it would otherwise
 * carry a loop of about twenty instructions in each of its forms. Sites
 * share a function where their loops are the same: operation, types,
 * ordering, scope, volatile, alignment, calling convention, and the
 * caller's target-cpu and target-features (copied onto the function, so
 * that the backend builds it for the same processor). NULL where the loop
 * stays in place: an atomic with metadata (copied onto the loop's
 * accesses), a vector, no cache, or no memory to grow it. */
void fpa_decls_free(fpa_decls *d) {
  if (d)
    free(d->repair);
  free(d);
}

static LLVMValueRef repair_fn(const fpa_site *s, LLVMTypeRef *fty) {
  fpa_decls *c = s->decls;
  if (!c || s->lanes != 1)
    return NULL;
  if (fpa_has_user_metadata(s->ctx, s->inst))
    return NULL;
  unsigned cc = LLVMGetFunctionCallConv(s->fn);
  cc = cc == LLVMSPIRKERNELCallConv || cc == LLVMSPIRFUNCCallConv
           ? LLVMSPIRFUNCCallConv
           : LLVMCCallConv;
  LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(
      s->fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
  LLVMAttributeRef features = LLVMGetStringAttributeAtIndex(
      s->fn, LLVMAttributeFunctionIndex, "target-features", 15);
  LLVMTypeRef pty = LLVMTypeOf(s->ptr);
  for (size_t i = 0; i < c->nrepair; ++i)
    if (c->repair[i].op == s->op && c->repair[i].vty == s->vty &&
        c->repair[i].pty == pty && c->repair[i].ordering == s->ordering &&
        c->repair[i].ssid == s->ssid && c->repair[i].align == s->align &&
        c->repair[i].cc == cc && c->repair[i].is_volatile == s->is_volatile &&
        c->repair[i].cpu == cpu && c->repair[i].features == features) {
      *fty = c->repair[i].fty;
      return c->repair[i].fn;
    }
  if (c->nrepair == c->repair_cap) {
    size_t cap = c->repair_cap ? 2 * c->repair_cap : 16;
    struct fpa_repair_fn *grown = realloc(c->repair, cap * sizeof *grown);
    if (!grown)
      return NULL;
    c->repair = grown;
    c->repair_cap = cap;
  }

  LLVMTypeRef ity = fpa_value_int_type(s);
  LLVMTypeRef params[3] = {pty, s->vty, ity};
  LLVMTypeRef ft = LLVMFunctionType(ity, params, 3, 0);
  /* named for what tells most sites apart; sites that differ only in
   * alignment, processor or an unnamed scope get LLVM's numbered names.
   * The scopes that clang and the targets' tests spell (system has no
   * name): */
  static const char *const scopes[] = {"block",     "cluster",        "device",
                                       "workgroup", "subgroup",       "agent",
                                       "wavefront", "all_svm_devices"};
  const char *scope =
      s->ssid == FPA_SYNCSCOPE_SINGLETHREAD ? "singlethread" : NULL;
  for (size_t i = 0; !scope && s->ssid != FPA_SYNCSCOPE_SYSTEM &&
                     i < sizeof scopes / sizeof scopes[0];
       ++i)
    if (fpa_compat_syncscope_id(s->ctx, scopes[i]) == s->ssid)
      scope = scopes[i];
  char name[96];
  snprintf(name, sizeof name, "fpa.nanrepair.%s.f%u.p%u%s%s.%s%s",
           fpa_op_name(s->op), s->bits, s->addrspace, scope ? "." : "",
           scope ? scope : "", fpa_ordering_name(s->ordering),
           s->is_volatile ? ".volatile" : "");
  LLVMValueRef fn = LLVMAddFunction(s->mod, name, ft);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(fn, cc);
  static const char *const kinds[] = {"noinline", "nounwind", "cold"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    LLVMAddAttributeAtIndex(
        fn, LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(
            s->ctx, LLVMGetEnumAttributeKindForName(kinds[i], strlen(kinds[i])),
            0));
  if (cpu)
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, cpu);
  if (features)
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, features);
  static const char *const pnames[3] = {"p", "v", "old"};
  for (unsigned i = 0; i < 3; ++i)
    LLVMSetValueName2(LLVMGetParam(fn, i), pnames[i], strlen(pnames[i]));

  /* a builder of its own: the function has no debug scope, so its
   * instructions carry no location */
  LLVMBuilderRef hb = LLVMCreateBuilderInContext(s->ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(s->ctx, fn, "entry");
  LLVMBasicBlockRef end =
      LLVMAppendBasicBlockInContext(s->ctx, fn, "atomicrmw.end");
  LLVMPositionBuilderAtEnd(hb, end);
  fpa_site hs = *s;
  hs.fn = fn;
  hs.ptr = LLVMGetParam(fn, 0);
  hs.val = LLVMGetParam(fn, 1);
  hs.inst = LLVMBuildUnreachable(hb); /* marks the end block */
  LLVMPositionBuilderAtEnd(hb, entry);
  fpa_loop_word full = {0};
  LLVMValueRef loaded = fpa_emit_cas_loop(hb, &hs, LLVMGetParam(fn, 2), &full);
  LLVMPositionBuilderBefore(hb, hs.inst);
  LLVMValueRef old = LLVMBuildPhi(hb, ity, "old");
  for (unsigned i = 0; i < full.n_exits; ++i)
    LLVMAddIncoming(old, &loaded, &full.exits[i], 1);
  LLVMBuildRet(hb, old);
  LLVMInstructionEraseFromParent(hs.inst);
  LLVMDisposeBuilder(hb);

  size_t i = c->nrepair++;
  c->repair[i].op = s->op;
  c->repair[i].vty = s->vty;
  c->repair[i].pty = pty;
  c->repair[i].ordering = s->ordering;
  c->repair[i].ssid = s->ssid;
  c->repair[i].align = s->align;
  c->repair[i].cc = cc;
  c->repair[i].is_volatile = s->is_volatile;
  c->repair[i].cpu = cpu;
  c->repair[i].features = features;
  c->repair[i].fn = fn;
  c->repair[i].fty = ft;
  *fty = ft;
  return fn;
}

static void int_trick(LLVMBuilderRef b, const fpa_site *s, int nan_repair,
                      int fences, int precheck, const fpa_hint_learn *h);

void fpa_build_int_trick(LLVMBuilderRef b, const fpa_site *s, int nan_repair,
                         int fences, int precheck) {
  int_trick(b, s, nan_repair, fences, precheck, NULL);
}

void fpa_build_int_trick_learning(LLVMBuilderRef b, const fpa_site *s,
                                  int nan_repair, int precheck,
                                  const fpa_hint_learn *h) {
  int_trick(b, s, nan_repair, 0, precheck, h);
}

static void int_trick(LLVMBuilderRef b, const fpa_site *s, int nan_repair,
                      int fences, int precheck, const fpa_hint_learn *h) {
  LLVMTypeRef ity = fpa_value_int_type(s);
  int is_min = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMINIMUM;

  LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, ity);
  LLVMValueRef vb = fpa_bits_of(b, s->val, ity, "vbits");
  fpa_int_ops io;
  fpa_int_trick_ops(b, s, vb, &io);
  LLVMValueRef nan = io.nan, pos_op = io.pos_op, neg_op = io.neg_op,
               neg = io.neg;

  /* precheck: what the integer op would leave in memory if it ran on the
   * loaded value; when that is the loaded value itself (and no NaN repair
   * is due), the update is a no-op and the load is its linearization point
   * (monotonic only, which decide.c ensures). */
  LLVMValueRef cur = NULL, skip = NULL;
  if (precheck) {
    cur = fpa_emit_atomic_load(b, s, ptr, ity, s->align, 1, "cur");
    skip = fpa_int_trick_skip(b, s, &io, is_min, cur, nan_repair, "nochange",
                              "skip");
  }
  LLVMBasicBlockRef entry = NULL;

  LLVMBasicBlockRef end = fpa_split_here(b, s, "atomicrmw.end");
  LLVMBasicBlockRef pos_bb =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.pos");
  LLVMBasicBlockRef neg_bb =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.neg");
  /* warp-precheck's learning from the atomic's old value: the direct form's,
   * and the precheck form's with NaN repair */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(s->ctx);
  int learn = h && (!precheck || (nan_repair && !h->seen));
  LLVMBasicBlockRef join =
      nan_repair || learn || fences
          ? LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.join")
          : end;
  if (precheck) {
    entry = LLVMGetInsertBlock(b);
    LLVMBasicBlockRef go =
        LLVMInsertBasicBlockInContext(s->ctx, pos_bb, "atomicrmw.update");
    LLVMBuildCondBr(b, skip, end, go);
    LLVMPositionBuilderAtEnd(b, go);
    /* the learning where the load shows a change, before the atomic, which
     * then need not return: without NaN repair, the cold word; with
     * h->seen (precheck=adaptive), one step down */
    if (h && (!nan_repair || h->seen))
      store_hint_where(b, s, h, NULL, fpa_hint_step_down(b, h), pos_bb);
  }
  /* one leading fence before both integer atomics and one trailing fence
   * after them (at the join): a warp whose lanes take both paths issues
   * both atomics back to back and runs each fence once */
  if (fences)
    fpa_emit_leading_fence(b, s);
  LLVMBuildCondBr(b, neg, neg_bb, pos_bb);

  LLVMValueRef olds[2];
  LLVMBasicBlockRef blocks[2] = {pos_bb, neg_bb};
  for (int i = 0; i < 2; ++i) {
    LLVMPositionBuilderAtEnd(b, blocks[i]);
    LLVMAtomicRMWBinOp op = i == 0 ? io.pos_bin : io.neg_bin;
    olds[i] = fpa_emit_rmw(b, s, op, ptr, i == 0 ? pos_op : neg_op, 0);
    LLVMBuildBr(b, join);
  }

  LLVMValueRef old = NULL;
  if (join != end) {
    LLVMPositionBuilderAtEnd(b, join);
    old = LLVMBuildPhi(b, ity, "old");
    LLVMAddIncoming(old, olds, blocks, 2);
    if (fences)
      fpa_emit_trailing_fence(b, s);
  }
  if (learn) {
    /* from the atomic's old value (fpa_int_trick_noop), after its return,
     * which NaN repair waits for anyway; without NaN repair, this is what
     * makes the direct form's atomics return their old values. The direct
     * form stores 0 (hot) where the atomic was a no-op; the precheck form,
     * whose load showed a change, the cold word where the atomic made
     * one. */
    LLVMValueRef noop = fpa_int_trick_noop(b, &io, is_min, old, "wasnoop");
    if (precheck)
      store_hint_where(b, s, h, LLVMBuildNot(b, noop, "changed"),
                       LLVMConstInt(i32, h->cold, 0), end);
    else
      store_hint_where(b, s, h, noop, LLVMConstInt(i32, 0, 0), end);
    join = LLVMGetInsertBlock(b);
  }

  if (!nan_repair) {
    LLVMValueRef res = NULL;
    if (join != end)
      LLVMBuildBr(b, end);
    if (s->result_used) {
      LLVMPositionBuilderBefore(b, s->inst);
      res = LLVMBuildPhi(b, ity, "");
      if (join != end)
        LLVMAddIncoming(res, &old, &join, 1);
      else
        LLVMAddIncoming(res, olds, blocks, 2);
      if (cur)
        LLVMAddIncoming(res, &cur, &entry, 1);
    }
    fpa_finish(b, s, res);
    return;
  }

  LLVMValueRef sticky = fpa_int_trick_sticky(b, s, old);
  LLVMValueRef repair =
      LLVMBuildAnd(b, sticky, LLVMBuildNot(b, nan, ""), "nanrepair");
  LLVMBasicBlockRef repair_bb =
      LLVMInsertBasicBlockInContext(s->ctx, end, "atomicrmw.nanrepair");
  LLVMBuildCondBr(b, repair, repair_bb, end);
  LLVMPositionBuilderAtEnd(b, repair_bb);
  fpa_loop_word full = {0};
  LLVMTypeRef rty = NULL;
  LLVMValueRef rfn = repair_fn(s, &rty);
  LLVMValueRef loaded;
  if (rfn) {
    LLVMValueRef args[3] = {s->ptr, s->val, old};
    loaded = LLVMBuildCall2(b, rty, rfn, args, 3, "repaired");
    LLVMSetInstructionCallConv(loaded, LLVMGetFunctionCallConv(rfn));
    LLVMBuildBr(b, end);
    full.exits[full.n_exits++] = repair_bb;
  } else {
    loaded = fpa_emit_cas_loop(b, s, old, &full);
  }
  /* fences == 2: the cmpxchg carries no ordering of its own (below
   * sm_70), so the repair's read is ordered by one more trailing fence */
  for (unsigned i = 0; fences == 2 && i < full.n_exits; ++i) {
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(full.exits[i]));
    fpa_emit_trailing_fence(b, s);
  }
  LLVMValueRef result = NULL;
  if (s->result_used) {
    LLVMPositionBuilderBefore(b, s->inst);
    result = LLVMBuildPhi(b, ity, "");
    LLVMAddIncoming(result, &old, &join, 1);
    for (unsigned i = 0; i < full.n_exits; ++i)
      LLVMAddIncoming(result, &loaded, &full.exits[i], 1);
    if (cur)
      LLVMAddIncoming(result, &cur, &entry, 1);
  }
  fpa_finish(b, s, result);
}
