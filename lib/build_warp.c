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
|* Used results and convergence: the leader's old value reaches its group  *|
|* by a shuffle after the atomic, which needs the group converged there.    *|
|* With a branch around the leader's atomic, an H200 let a leader run that  *|
|* shuffle apart from the rest of its group: when lanes of one warp reach   *|
|* the site at different times (each set with its own activemask), the GPU  *|
|* may join two such sets at the branch's reconvergence point, and the      *|
|* leader went on with the other set; its group then read 0 from it         *|
|* (bench/results/2026-11-21-h200-warp-broadcast.txt). So with the result   *|
|* used there is no branch: every lane runs the leader's instructions as    *|
|* predicated PTX (inline asm `@p atom...`) with the form the per-lane      *|
|* lowering chose (native add, the integer trick's two atomics, or a        *|
|* cmpxchg loop that all lanes run while vote.any.sync says a lane must     *|
|* retry), at the site's scope. Without a used result nothing crosses lanes *|
|* after the atomic, and the leader's atomicrmw is branched to and lowered  *|
|* like any other.                                                          *|
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
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- the decision ---------------------------------------------------------*/

static const char *ordering_name(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingAcquire:
    return "acquire";
  case LLVMAtomicOrderingRelease:
    return "release";
  case LLVMAtomicOrderingAcquireRelease:
    return "acq_rel";
  case LLVMAtomicOrderingSequentiallyConsistent:
    return "seq_cst";
  default:
    return "not monotonic";
  }
}

/* The opcode of `v` in *op when it is an instruction or a constant
 * expression; 0 otherwise. */
static int opcode_of(LLVMValueRef v, LLVMOpcode *op) {
  if (LLVMIsAInstruction(v))
    *op = LLVMGetInstructionOpcode(v);
  else if (LLVMIsAConstantExpr(v))
    *op = LLVMGetConstOpcode(v);
  else
    return 0;
  return 1;
}

/* The walks up a pointer's casts and GEPs stop after this many steps: in
 * a block no path reaches, a GEP may be its own operand. */
enum { PTR_WALK_MAX = 64 };

/* `v` without casts and constant-index GEPs. */
static LLVMValueRef strip_constant_offsets(LLVMValueRef v) {
  LLVMOpcode op;
  for (int steps = 0; steps < PTR_WALK_MAX && opcode_of(v, &op); ++steps) {
    if (op == LLVMGetElementPtr) {
      int n = LLVMGetNumOperands(v);
      for (int i = 1; i < n; ++i)
        if (!LLVMIsAConstantInt(LLVMGetOperand(v, (unsigned)i)))
          return v;
    } else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
      return v;
    }
    v = LLVMGetOperand(v, 0);
  }
  return v;
}

/* Whether `v` is a pointer argument of the site's function, a kernel, that
 * the host fills with an address (global memory) rather than a per-thread
 * copy (byval, byref). */
static int kernel_pointer_arg(const fpa_site *s, LLVMValueRef v) {
  if (!LLVMIsAArgument(v) || LLVMGetParamParent(v) != s->fn ||
      !fpa_is_kernel(s->fn))
    return 0;
  unsigned n = LLVMCountParams(s->fn);
  for (unsigned i = 0; i < n; ++i) {
    if (LLVMGetParam(s->fn, i) != v)
      continue;
    return !fpa_is_copy_arg(s->fn, i);
  }
  return 0;
}

/* Whether the address is the same in every lane, whatever the thread: a
 * global, or a kernel's pointer argument (not byval or byref: a copy per
 * thread), plus constant offsets; never thread-local memory. */
static int address_is_uniform(const fpa_site *s) {
  LLVMValueRef base = strip_constant_offsets(s->ptr);
  if (LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind ||
      LLVMGetPointerAddressSpace(LLVMTypeOf(base)) == 5)
    return 0;
  return LLVMIsAGlobalVariable(base) || kernel_pointer_arg(s, base);
}

/* The address space a generic pointer is known to point into, or -1: up to
 * GEPs and casts, a cast from another address space, a global variable, or
 * a kernel's pointer argument (not byval or byref: those are copies), which
 * the host can only fill with a global address. */
static int generic_origin(const fpa_site *s) {
  LLVMValueRef v = s->ptr;
  LLVMOpcode op;
  for (int steps = 0; opcode_of(v, &op); ++steps) {
    if (steps == PTR_WALK_MAX)
      return -1;
    if (op == LLVMAddrSpaceCast) {
      unsigned from =
          LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(v, 0)));
      if (from != 0)
        return (int)from;
    } else if (op != LLVMGetElementPtr && op != LLVMBitCast) {
      return -1;
    }
    v = LLVMGetOperand(v, 0);
  }
  if (LLVMIsAGlobalVariable(v))
    return (int)LLVMGetPointerAddressSpace(LLVMTypeOf(v));
  return kernel_pointer_arg(s, v) ? 1 : -1;
}

/* The PTX scope of the site's syncscope for the lockstep leader's
 * instructions (.relaxed needs sm_70 and PTX 6.0, which aggregate=warp
 * requires anyway), or NULL. */
static const char *ptx_scope(const fpa_site *s, const fpa_caps *c) {
  if (s->ssid == FPA_SYNCSCOPE_SYSTEM)
    return "sys";
  if (s->ssid == fpa_compat_syncscope_id(s->ctx, "device"))
    return "gpu";
  if (s->ssid == fpa_compat_syncscope_id(s->ctx, "block"))
    return "cta";
  if (s->ssid == fpa_compat_syncscope_id(s->ctx, "cluster") && c->sm >= 90 &&
      c->ptx >= 78)
    return "cluster";
  return NULL;
}

void fpa_decide_warp(const fpa_site *s, const fpa_caps *c, const fpa_options *o,
                     const fpa_decision *d, fpa_warp_plan *p) {
  memset(p, 0, sizeof *p);
  int is_add = s->op == FPA_OP_FADD || s->op == FPA_OP_FSUB;
  int lowered = d->strategy == FPA_S_INT_TRICK ||
                d->strategy == FPA_S_CAS_LOOP ||
                d->strategy == FPA_S_CAS_LOOP_MASKED ||
                d->strategy == FPA_S_NATIVE || d->strategy == FPA_S_FADD_NEG;
  char *w = p->why;
  size_t n = sizeof p->why;
  if (c->target != FPA_TARGET_NVPTX)
    snprintf(w, n, "aggregate=warp is for NVPTX only");
  else if (c->sm < 70)
    snprintf(w, n,
             "needs sm_70 (activemask, shfl.sync, match.any.sync); this "
             "function is for sm_%u",
             c->sm);
  else if (c->ptx < 62)
    snprintf(w, n, "needs PTX 6.2 (activemask); this function has PTX %u.%u",
             c->ptx / 10, c->ptx % 10);
  else if (s->is_volatile)
    snprintf(w, n, "volatile: every lane's access must happen");
  else if (s->ordering != LLVMAtomicOrderingMonotonic)
    snprintf(w, n,
             "%s: one leader's atomic cannot carry the other lanes' "
             "ordering",
             ordering_name(s->ordering));
  else if (s->ssid == FPA_SYNCSCOPE_SINGLETHREAD)
    snprintf(w, n,
             "singlethread scope: the lanes' atomics are not atomic "
             "with respect to each other");
  else if (s->addrspace == 5)
    snprintf(w, n, "thread-local memory: each lane's address is its own");
  else if (s->addrspace != 0 && s->addrspace != 1 && s->addrspace != 3)
    snprintf(w, n, "address space %u is not known to be shared by the lanes",
             s->addrspace);
  else if (s->lanes > 1)
    snprintf(w, n, "vector atomics are not combined");
  else if (!lowered)
    snprintf(w, n, "the per-lane form is '%s'", fpa_strategy_name(d->strategy));
  else if (is_add && s->elem_bits == 16)
    snprintf(w, n, "half and bfloat fadd/fsub are not combined");
  else if (s->result_used && d->strategy == FPA_S_NATIVE && !is_add)
    snprintf(w, n, "the result is used and the per-lane form is native");
  else if (s->result_used && !ptx_scope(s, c))
    snprintf(w, n,
             "the result is used and this syncscope has no PTX scope for "
             "the leader's predicated instructions");
  else if (is_add && !(o->assume & FPA_ASSUME_REASSOCIATE_FADD))
    snprintf(w, n,
             "combining fadd/fsub reassociates the sum, which needs "
             "assume=reassociate-fadd (LLVM 22's atomicrmw has no "
             "fast-math flags)");
  else
    p->apply = 1;
  if (!p->apply)
    return;
  p->redux = !is_add && c->sm >= 80 && c->ptx >= 70;
  p->leader = d->strategy;
  p->nan_repair = d->nan_repair;
  if (s->result_used) {
    p->lockstep = 1;
    snprintf(p->scope, sizeof p->scope, "%s", ptx_scope(s, c));
  }
  p->uniform = address_is_uniform(s);
  if (!p->uniform)
    fpa_lanes_distinct(s, &p->distinct);
  int origin = s->addrspace == 0 ? generic_origin(s) : -1;
  p->local_check =
      !p->uniform && s->addrspace == 0 && (origin < 0 || origin == 5);
  if (p->lockstep && s->addrspace == 0) {
    /* the leader's atomics use .global: ptxas expands some generic atomics
     * (64-bit min/max, cas) with branches of its own, which would part a
     * leader from its group again (see the file comment) */
    p->global_check = origin != 1;
    p->local_check = 0; /* the global test covers it */
  }
  /* (both forms learn: the precheck form from its load, the direct form
   * from its atomic's old value) */
  if (!p->uniform && d->strategy == FPA_S_INT_TRICK && !d->precheck)
    p->hint = o->warp_precheck;
  snprintf(w, n, "%s; %s%s%s",
           p->uniform ? "address is warp-uniform (kernel argument or global)"
                      : "lanes grouped by address (when a lane has the low "
                        "address bits of the lane below: vote.all.sync, "
                        "else match.any.sync; otherwise per lane)",
           is_add     ? "operands summed by shfl.sync in a fixed order "
                        "(assume=reassociate-fadd)"
           : p->redux ? "order keys reduced by redux.sync"
                      : "order keys reduced by shfl.sync",
           s->result_used ? "; the leader's atomic is predicated PTX, and "
                            "old values are rebuilt by a scan in lane order"
                          : "",
           p->global_check  ? "; per lane also when a lane's pointer is "
                              "not global (isspacep.global)"
           : p->local_check ? "; per lane also when a lane's pointer is "
                              "thread-local"
           : p->uniform     ? "; no per-lane path"
                            : "");
  if (p->distinct.ok) {
    size_t len = strlen(w);
    const fpa_lanes *d = &p->distinct;
    snprintf(w + len, n - len,
             "; per lane with no grouping test where the lanes' addresses "
             "differ%s%s%s%s",
             d->rows || d->nreq ? " (a run-time test: " : "",
             d->rows ? "%ntid.x a multiple of 32, so that a warp's %tid.x "
                       "are consecutive"
                     : "",
             d->rows && d->nreq ? "; " : "",
             d->nreq   ? "the address's masks keep the five bits that tell "
                         "the lanes apart)"
             : d->rows ? ")"
                       : "");
  }
  if (p->hint) {
    size_t len = strlen(w);
    snprintf(w + len, n - len,
             "; per lane, %s loads first and skips no-ops while a hint in "
             "shared memory says most updates are no-ops (warp-precheck=%s)",
             p->hint == FPA_WARP_PRECHECK_ALL ? "every warp"
                                              : "a warp with operands of "
                                                "both signs",
             p->hint == FPA_WARP_PRECHECK_ALL ? "all" : "mixed");
  }
}

/*--- IR helpers -----------------------------------------------------------*/

typedef struct warp {
  LLVMBuilderRef b;
  const fpa_site *s;
  LLVMModuleRef m;
  LLVMContextRef ctx;
  LLVMBasicBlockRef end; /* new blocks go before it */
  LLVMTypeRef i1, i32, kty, wty;
  LLVMValueRef mask; /* activemask: every shuffle's member mask */
  LLVMValueRef lane, lanemask_lt;
  /* a cmpxchg loop's start (per lane and leaders): the early load, made
   * before the tests, and the word it read (init NULL: no loop) */
  fpa_loop_word early;
  /* the operation */
  int is_add, is_min, is_num;
  unsigned w, kw; /* element bits; key bits (32 or 64) */
  int64_t kmax, kmin, id_or_abs;
  uint64_t sign, expo, pref_nan; /* at the element width */
} warp;

static LLVMValueRef ki(LLVMTypeRef ty, int64_t v) {
  return LLVMConstInt(ty, (unsigned long long)v, 1);
}

static LLVMValueRef ku(LLVMTypeRef ty, uint64_t v) {
  return LLVMConstInt(ty, v, 0);
}

static LLVMValueRef intrinsic(warp *w, const char *name, LLVMTypeRef over,
                              LLVMValueRef *args, unsigned n,
                              const char *vname) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    abort(); /* every name used here exists in LLVM 15 and 22 */
  LLVMTypeRef tys[1] = {over};
  unsigned nt = over ? 1 : 0;
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(w->m, id, tys, nt);
  LLVMTypeRef fty = LLVMIntrinsicGetType(w->ctx, id, tys, nt);
  return LLVMBuildCall2(w->b, fty, fn, args, n, vname);
}

/* cttz/ctlz of a mask; zero gives poison (every mask used here holds the
 * lane itself, or the result is selected away). */
static LLVMValueRef bit_count(warp *w, const char *name, LLVMValueRef x) {
  LLVMValueRef args[2] = {x, LLVMConstInt(w->i1, 1, 0)};
  return intrinsic(w, name, w->i32, args, 2, "");
}

/* Marks conditional branch `br` as rarely (`likely`: mostly) taking its
 * first successor (!prof branch_weights 1 : 16, or 16 : 1), so that the
 * backend lays the other (the first) out as the fall-through. */
static void weigh(warp *w, LLVMValueRef br, int likely) {
  static const char kind[] = "prof", tag[] = "branch_weights";
  LLVMMetadataRef md[3] = {
      LLVMMDStringInContext2(w->ctx, tag, sizeof tag - 1),
      LLVMValueAsMetadata(LLVMConstInt(w->i32, likely ? 16 : 1, 0)),
      LLVMValueAsMetadata(LLVMConstInt(w->i32, likely ? 1 : 16, 0))};
  LLVMSetMetadata(
      br, LLVMGetMDKindIDInContext(w->ctx, kind, sizeof kind - 1),
      LLVMMetadataAsValue(w->ctx, LLVMMDNodeInContext2(w->ctx, md, 3)));
}

static LLVMBasicBlockRef block(warp *w, const char *name) {
  return LLVMInsertBasicBlockInContext(w->ctx, w->end, name);
}

/* One 32-bit shuffle over the active mask: from lane `src`, or (src NULL)
 * from `up` lanes below, where lanes below `up` keep their own value. */
static LLVMValueRef shfl32(warp *w, LLVMValueRef x, LLVMValueRef src,
                           unsigned up) {
  LLVMValueRef args[4] = {w->mask, x, src ? src : LLVMConstInt(w->i32, up, 0),
                          LLVMConstInt(w->i32, src ? 31 : 0, 0)};
  return intrinsic(
      w, src ? "llvm.nvvm.shfl.sync.idx.i32" : "llvm.nvvm.shfl.sync.up.i32",
      NULL, args, 4, "");
}

/* A shuffle of a value of any width (16, 32 or 64 bits, integer or
 * floating point), as one or two 32-bit shuffles. */
static LLVMValueRef shuffle(warp *w, LLVMValueRef v, LLVMValueRef src,
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
    lo = LLVMBuildZExt(b, shfl32(w, lo, src, up), ity, "");
    hi = LLVMBuildZExt(b, shfl32(w, hi, src, up), ity, "");
    r = LLVMBuildOr(b, lo, LLVMBuildShl(b, hi, LLVMConstInt(ity, 32, 0), ""),
                    "");
  } else if (bits < 32) {
    r = LLVMBuildTrunc(b, shfl32(w, LLVMBuildZExt(b, x, w->i32, ""), src, up),
                       ity, "");
  } else {
    r = shfl32(w, x, src, up);
  }
  return is_int ? r : LLVMBuildBitCast(b, r, ty, "");
}

/*--- keys and the combining operation ------------------------------------*/

/* The signed order key (kty) of element bits (wty). */
static LLVMValueRef to_key(warp *w, LLVMValueRef bits) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef x = w->w == 16 ? LLVMBuildSExt(b, bits, w->kty, "") : bits;
  LLVMValueRef spread =
      LLVMBuildAShr(b, x, LLVMConstInt(w->kty, w->kw - 1, 0), "");
  return LLVMBuildXor(b, x, LLVMBuildAnd(b, spread, ki(w->kty, w->kmax), ""),
                      "key");
}

/* Element bits from a key (the same involution). */
static LLVMValueRef from_key(warp *w, LLVMValueRef k) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef spread =
      LLVMBuildAShr(b, k, LLVMConstInt(w->kty, w->kw - 1, 0), "");
  LLVMValueRef x =
      LLVMBuildXor(b, k, LLVMBuildAnd(b, spread, ki(w->kty, w->kmax), ""), "");
  return w->w == 16 ? LLVMBuildTrunc(b, x, w->wty, "") : x;
}

static LLVMValueRef is_nan(warp *w, LLVMValueRef bits) {
  LLVMValueRef mag = LLVMBuildAnd(w->b, bits, ku(w->wty, w->sign - 1), "");
  return LLVMBuildICmp(w->b, LLVMIntUGT, mag, ku(w->wty, w->expo), "");
}

/* op(lower lanes' part, higher lanes' part) in the scan's domain: signed
 * min/max of keys, or a float sum. */
static LLVMValueRef combine(warp *w, LLVMValueRef lower, LLVMValueRef higher) {
  if (w->is_add)
    return LLVMBuildFAdd(w->b, lower, higher, "");
  LLVMValueRef take = LLVMBuildICmp(w->b, w->is_min ? LLVMIntSLT : LLVMIntSGT,
                                    lower, higher, "");
  return LLVMBuildSelect(w->b, take, lower, higher, "");
}

/*--- scans and reductions -------------------------------------------------*/

typedef struct scan {
  LLVMValueRef excl;  /* combination of the group's lanes below this one */
  LLVMValueRef first; /* i1: no group lane below this one */
  LLVMValueRef total; /* combination of the whole group, in every lane */
} scan;

/* The whole warp is one group: Kogge-Stone with shfl.sync.up. */
static void scan_full(warp *w, LLVMValueRef x, int want_excl, int want_total,
                      scan *out) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef incl = x;
  for (unsigned d = 1; d < 32; d <<= 1) {
    LLVMValueRef other = shuffle(w, incl, NULL, d);
    LLVMValueRef has =
        LLVMBuildICmp(b, LLVMIntUGE, w->lane, LLVMConstInt(w->i32, d, 0), "");
    incl = LLVMBuildSelect(b, has, combine(w, other, incl), incl, "");
  }
  if (want_excl) {
    out->excl = shuffle(w, incl, NULL, 1);
    out->first =
        LLVMBuildICmp(b, LLVMIntEQ, w->lane, LLVMConstInt(w->i32, 0, 0), "");
  }
  if (want_total)
    out->total = shuffle(w, incl, LLVMConstInt(w->i32, 31, 0), 0);
}

/* Any groups: each lane points at its predecessor in its group (32: none);
 * each step combines the predecessor's partial result and then points at
 * the predecessor's predecessor, so the distance doubles. */
static void scan_groups(warp *w, LLVMValueRef x, LLVMValueRef gmask,
                        int want_excl, int want_total, scan *out) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef k31 = LLVMConstInt(w->i32, 31, 0);
  LLVMValueRef k32 = LLVMConstInt(w->i32, 32, 0);
  LLVMValueRef below = LLVMBuildAnd(b, gmask, w->lanemask_lt, "");
  LLVMValueRef none =
      LLVMBuildICmp(b, LLVMIntEQ, below, LLVMConstInt(w->i32, 0, 0), "");
  LLVMValueRef pred = LLVMBuildSelect(
      b, none, k32, LLVMBuildSub(b, k31, bit_count(w, "llvm.ctlz", below), ""),
      "pred");
  LLVMValueRef pred1 = pred, incl = x;
  for (unsigned d = 1; d < 32; d <<= 1) {
    LLVMValueRef has = LLVMBuildICmp(b, LLVMIntULT, pred, k32, "");
    LLVMValueRef src = LLVMBuildSelect(b, has, pred, w->lane, "");
    LLVMValueRef other = shuffle(w, incl, src, 0);
    incl = LLVMBuildSelect(b, has, combine(w, other, incl), incl, "");
    if (d < 16)
      pred = shfl32(w, pred, src, 0); /* own 32 where there is none */
  }
  if (want_excl) {
    LLVMValueRef has = LLVMBuildICmp(b, LLVMIntULT, pred1, k32, "");
    out->excl =
        shuffle(w, incl, LLVMBuildSelect(b, has, pred1, w->lane, ""), 0);
    out->first = LLVMBuildNot(b, has, "");
  }
  if (want_total) {
    LLVMValueRef last =
        LLVMBuildSub(b, k31, bit_count(w, "llvm.ctlz", gmask), "");
    out->total = shuffle(w, incl, last, 0);
  }
}

/* The group's min/max key with redux.sync (sm_80+). 64-bit keys: the
 * signed high words first, then the unsigned low words of the lanes whose
 * high word won (the others offer the identity). */
static LLVMValueRef redux_total(warp *w, LLVMValueRef k, LLVMValueRef gmask) {
  LLVMBuilderRef b = w->b;
  const char *sname =
      w->is_min ? "llvm.nvvm.redux.sync.min" : "llvm.nvvm.redux.sync.max";
  if (w->kw == 32) {
    LLVMValueRef args[2] = {k, gmask};
    return intrinsic(w, sname, NULL, args, 2, "total");
  }
  LLVMValueRef k32 = LLVMConstInt(w->kty, 32, 0);
  LLVMValueRef lo = LLVMBuildTrunc(b, k, w->i32, "");
  LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildAShr(b, k, k32, ""), w->i32, "");
  LLVMValueRef args[2] = {hi, gmask};
  LLVMValueRef top = intrinsic(w, sname, NULL, args, 2, "");
  LLVMValueRef won = LLVMBuildICmp(b, LLVMIntEQ, hi, top, "");
  args[0] = LLVMBuildSelect(b, won, lo, ki(w->i32, w->is_min ? -1 : 0), "");
  LLVMValueRef low = intrinsic(
      w, w->is_min ? "llvm.nvvm.redux.sync.umin" : "llvm.nvvm.redux.sync.umax",
      NULL, args, 2, "");
  return LLVMBuildOr(
      b, LLVMBuildShl(b, LLVMBuildSExt(b, top, w->kty, ""), k32, ""),
      LLVMBuildZExt(b, low, w->kty, ""), "total");
}

/*--- values in and out ----------------------------------------------------*/

/* A lane's contribution, from its operand's bits: the order key with NaNs
 * mapped, or the operand itself. */
static LLVMValueRef contribution(warp *w, LLVMValueRef vbits) {
  if (w->is_add) {
    /* fsub adds -v (a - b and a + (-b) are bit-identical); summing the
     * negated operands keeps the zero signs of the per-lane sequence, which
     * negating a sum of the operands would not (-(+0 + -0) = -0). */
    LLVMValueRef v = LLVMBuildBitCast(w->b, vbits, w->s->vty, "");
    return w->s->op == FPA_OP_FSUB ? LLVMBuildFNeg(w->b, v, "") : v;
  }
  return LLVMBuildSelect(w->b, is_nan(w, vbits), ki(w->kty, w->id_or_abs),
                         to_key(w, vbits), "contrib");
}

/* The bits of the leader's operand, from the group's total. */
static LLVMValueRef leader_operand(warp *w, LLVMValueRef total) {
  if (w->is_add) {
    /* fsub: M - (-s) is M + s, bit for bit */
    if (w->s->op == FPA_OP_FSUB)
      total = LLVMBuildFNeg(w->b, total, "");
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
static LLVMValueRef fold_old(warp *w, LLVMValueRef mb, LLVMValueRef e) {
  LLVMBuilderRef b = w->b;
  if (w->is_add) {
    LLVMValueRef m = LLVMBuildBitCast(b, mb, w->s->vty, "");
    return LLVMBuildBitCast(b, LLVMBuildFAdd(b, m, e, ""), w->wty, "");
  }
  LLVMValueRef x = from_key(w, e);
  LLVMValueRef beyond = LLVMBuildICmp(b, w->is_min ? LLVMIntSLT : LLVMIntSGT, e,
                                      to_key(w, mb), "");
  LLVMValueRef r = LLVMBuildSelect(b, beyond, x, mb, "");
  LLVMValueRef mnan = is_nan(w, mb);
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

static void init_warp(warp *w, LLVMBuilderRef b, const fpa_site *s) {
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

/*--- the leader in lockstep (used results) --------------------------------*/

/* One predicated PTX atomic, `@p atom.relaxed.SCOPE[.SPACE].OP $0, [$2],
 * $3[, $4]`, as inline asm: a lane whose i1 `pred` is false skips it and
 * gets `a` back. It is one instruction, not a branch, so the warp stays
 * converged (the file comment says why that matters). `op` is the PTX
 * operation and type ("min.s32", "add.f64", "cas.b32"); `c` is cas's new
 * value, else NULL. */
static LLVMValueRef pred_atom(warp *w, const fpa_warp_plan *p, const char *op,
                              LLVMValueRef pred, LLVMValueRef ptr,
                              LLVMValueRef a, LLVMValueRef c) {
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
  snprintf(text, sizeof text,
           "{\n\t.reg .pred fpa_p;\n\tsetp.ne.b32 fpa_p, $1, 0;\n\t"
           "mov.b%u $0, $3;\n\t@fpa_p atom.relaxed.%s%s.%s $0, [$2], $3%s;\n}",
           bits, p->scope, space, op, c ? ", $4" : "");
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

/* A cmpxchg loop that every lane of the active mask runs, as long as any
 * lane still has an update to make (vote.any.sync): lanes whose i1 `act` is
 * set start from `init` (the location's bits, or its 32-bit word when
 * `lw` has a word pointer) and apply the operation with operand bits `v`,
 * exactly as build_common.c's loop does, through a predicated cas. Returns
 * the old value (full width, or the word) of each active lane's update. */
static LLVMValueRef lockstep_cas(warp *w, const fpa_warp_plan *p,
                                 LLVMValueRef act0, LLVMValueRef init,
                                 LLVMValueRef v, const fpa_loop_word *lw) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMTypeRef wty = LLVMTypeOf(init);
  unsigned wbits = LLVMGetIntTypeWidth(wty);
  LLVMValueRef ptr =
      lw->word_ptr ? lw->word_ptr : fpa_compat_ptr_to(b, s->ptr, wty);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef loop = block(w, "warp.lockstep");
  LLVMBasicBlockRef done = block(w, "warp.lockstep.end");
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
  LLVMValueRef any =
      intrinsic(w, "llvm.nvvm.vote.any.sync", NULL, args, 2, "anyagain");
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
 * (element bits; meaningless in other lanes). */
static LLVMValueRef lockstep_leader(warp *w, const fpa_warp_plan *p,
                                    LLVMValueRef leader, LLVMValueRef total) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  char op[16];
  if (p->leader == FPA_S_NATIVE || p->leader == FPA_S_FADD_NEG) {
    /* fadd, and fsub as the native add of the negated operands (their sum
     * is `total`): atom.add, as LLVM selects for atomicrmw fadd */
    snprintf(op, sizeof op, "add.f%u", w->w);
    LLVMValueRef sum = LLVMBuildBitCast(b, total, w->wty, "");
    return pred_atom(w, p, op, leader, fpa_compat_ptr_to(b, s->ptr, w->wty),
                     sum, NULL);
  }
  LLVMValueRef opbits = leader_operand(w, total);
  if (p->leader == FPA_S_INT_TRICK) {
    fpa_int_ops io;
    fpa_int_trick_ops(b, s, opbits, &io);
    LLVMValueRef ptr = fpa_compat_ptr_to(b, s->ptr, w->wty);
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

/* Lowers `rmw`, an atomicrmw like the site's with its own operand, as the
 * site's cmpxchg loop starting from the early load (any value read from
 * the location is a valid start). */
static void loop_from_early(warp *w, LLVMValueRef rmw) {
  fpa_site ls = *w->s;
  ls.inst = rmw;
  ls.val = LLVMGetOperand(rmw, 1);
  ls.result_used = LLVMGetFirstUse(rmw) != NULL;
  LLVMPositionBuilderBefore(w->b, rmw);
  fpa_build_cas_loop(w->b, &ls, w->early.word_ptr != NULL, &w->early);
}

/* warp-precheck's hint: two words of shared memory per site, [0] the hint
 * and [1] where the lanes other than the lowest store what they learn (so
 * that one lane's update teaches the warp, with no branch). Before any
 * warp of the block stores it, it holds whatever shared memory held. */
static LLVMValueRef hint_global(warp *w) {
  LLVMTypeRef aty = LLVMArrayType(w->i32, 2);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(w->m, aty, "fpa.warp.hint", 3);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetInitializer(g, LLVMGetUndef(aty));
  LLVMSetAlignment(g, 4);
  return g;
}

/* Word `i` (i32) of the hint `g`, at the builder. */
static LLVMValueRef hint_word(warp *w, LLVMValueRef g, LLVMValueRef i,
                              const char *name) {
  LLVMValueRef idx[2] = {ku(w->i32, 0), i};
  return LLVMBuildInBoundsGEP2(w->b, LLVMGlobalGetValueType(g), g, idx, 2,
                               name);
}

/* Loads the hint [0] of `g` at the builder (monotonic, block scope: warps
 * of the block store it as they learn). */
static LLVMValueRef load_hint(warp *w, LLVMValueRef g) {
  LLVMValueRef h = LLVMBuildLoad2(
      w->b, w->i32, hint_word(w, g, ku(w->i32, 0), ""), "hint.word");
  LLVMSetOrdering(h, LLVMAtomicOrderingMonotonic);
  fpa_compat_set_syncscope(h, fpa_compat_syncscope_id(w->ctx, "block"));
  LLVMSetAlignment(h, 4);
  return h;
}

/* Where a lane stores what it learns: the lowest active lane (of w->mask)
 * to the hint [0], the others to [1]. */
static LLVMValueRef hint_dst(warp *w, LLVMValueRef g) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef above =
      LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, w->mask, w->lanemask_lt, ""),
                    ku(w->i32, 0), "");
  return hint_word(w, g, LLVMBuildZExt(b, above, w->i32, ""), "hint.dst");
}

/* Whether a warp takes the precheck form, at the builder: the hint word
 * `word` is not zero (frozen: before any warp of the block stores it, it
 * holds whatever shared memory held). */
static LLVMValueRef hint_hot(warp *w, LLVMValueRef word) {
  return LLVMBuildICmp(w->b, LLVMIntNE, LLVMBuildFreeze(w->b, word, ""),
                       ku(w->i32, 0), "hot");
}

/* Whether the warp learns in the direct form: %tid.x below 32 (warp 0 of
 * each row of the block; the other warps take the direct form without
 * learning). The direct form learns from its atomic's old value: a
 * learning warp tests it after the atomic's return (and without NaN
 * repair waits for that return). At 2^24 float addresses on an H200,
 * where a warp's life is mostly that round trip, learning in every warp
 * cost 1 to 2% (bench/results/2026-11-21-h200-warp-precheck-raw, runs dg,
 * dh); learning here costs what no learning costs, and the first
 * 32-address cell from a cold start still ran at 4.1 times int-limit
 * (runs dj, dk): the hint is the block's, and a block that sees no-ops
 * turns it hot at its first learning warp's atomic. The value is the same
 * in every lane of a warp where %ntid.x is a multiple of 32 or the block
 * is one-dimensional; elsewhere a warp may split between the two forms,
 * which are both exact. */
static LLVMValueRef learner(warp *w) {
  LLVMValueRef tid =
      intrinsic(w, "llvm.nvvm.read.ptx.sreg.tid.x", NULL, NULL, 0, "tid.x");
  return LLVMBuildICmp(w->b, LLVMIntULT, tid, ku(w->i32, 32), "learner");
}

/* The per-lane atomic at the end of `bb` in one of warp-precheck's forms,
 * lowered here with its learning in `hint`: the precheck form (`precheck`)
 * or the learning direct form; *old gets its old value (element bits; used
 * results) and *exit the block it ends in. */
static void hinted_rmw(warp *w, const fpa_warp_plan *p, LLVMBasicBlockRef bb,
                       LLVMValueRef hint, LLVMValueRef vbits, int precheck,
                       LLVMValueRef *old, LLVMBasicBlockRef *exit) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMPositionBuilderAtEnd(b, bb);
  fpa_site ls = *s;
  ls.val = LLVMBuildBitCast(b, vbits, s->vty, "");
  ls.inst =
      fpa_emit_rmw(b, s, LLVMGetAtomicRMWBinOp(s->inst), s->ptr, ls.val, 0);
  *old = s->result_used ? LLVMBuildBitCast(b, ls.inst, w->wty, "perlane.old")
                        : NULL;
  LLVMValueRef br = LLVMBuildBr(b, w->end);
  LLVMPositionBuilderBefore(b, ls.inst);
  LLVMValueRef dst;
  if (precheck) {
    /* where this lane stores, with this point's masks (a warp may come
     * from warp.distinct, before the grouping's) */
    warp here = *w;
    here.mask = fpa_compat_nvvm_activemask(b, s->mod);
    here.lanemask_lt = intrinsic(w, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL,
                                 NULL, 0, "lanemask.lt.hint");
    dst = hint_dst(&here, hint);
  } else {
    dst = hint_word(w, hint, ku(w->i32, 0), "hint.dst");
  }
  fpa_build_int_trick_learning(b, &ls, p->nan_repair, precheck, dst);
  *exit = LLVMGetInstructionParent(br);
}

/* The per-lane atomic at the end of `bb`, lowered later by the caller
 * (added to out[]) or here as a loop from the early load; *old gets its
 * old value (element bits; used results) and *end the block it is in. */
static void perlane_rmw(warp *w, LLVMBasicBlockRef bb, LLVMValueRef vbits,
                        LLVMValueRef *old, LLVMBasicBlockRef *end,
                        LLVMValueRef out[FPA_WARP_MADE_MAX], int *n) {
  LLVMBuilderRef b = w->b;
  const fpa_site *s = w->s;
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMValueRef rmw = fpa_emit_rmw(b, s, LLVMGetAtomicRMWBinOp(s->inst), s->ptr,
                                  LLVMBuildBitCast(b, vbits, s->vty, ""), 0);
  *old = s->result_used ? LLVMBuildBitCast(b, rmw, w->wty, "") : NULL;
  LLVMValueRef br = LLVMBuildBr(b, w->end);
  *end = bb;
  if (w->early.init) {
    loop_from_early(w, rmw);
    *end = LLVMGetInstructionParent(br);
  } else {
    out[(*n)++] = rmw;
  }
}

/* The per-lane path with warp-precheck (p->hint), for the integer trick,
 * for a warp whose lanes need both integer atomics (warp-precheck=mixed;
 * =all: every warp on the per-lane path), entered at `ask`, where it tests
 * the hint `word` (read at the top of the region that runs exactly when
 * the atomic does): the per-lane form with precheck (load; skip the
 * no-ops) where the hint is hot, else the direct per-lane form. Both
 * learn:
 *   - the precheck form: each lane stores, before its atomic, whether its
 *     load shows a no-op (1: hot), with no test and no branch: the lowest
 *     active lane in the hint, the others in the word beside it, so that
 *     the hint follows one lane (were it any lane's, one update in a warp
 *     of no-ops would turn it cold);
 *   - the direct form, in a learning warp (learner()): a lane whose
 *     atomic was a no-op (its old value already at or past the operand)
 *     stores 1, after the atomic's return (which NaN repair waits for
 *     anyway), and nothing else stores; the other warps' direct form does
 *     not learn.
 * So a hint that is cold where updates are no-ops turns hot at the first
 * learning warp that sees one, whatever shared memory held. The probes of
 * earlier versions (one cold warp in 256, by %clock, took the precheck
 * form, the only one that learned) cost as much as learning in every warp
 * and left the hint cold for most of a launch from a cold start, down to
 * 0.51 of int-limit at 32 addresses (bench/results/
 * 2026-11-21-h200-warp-precheck-raw, runs dd to dh).
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
static void hinted_perlane(warp *w, const fpa_warp_plan *p,
                           LLVMBasicBlockRef ask, LLVMValueRef hint,
                           LLVMValueRef word, LLVMValueRef vbits,
                           LLVMValueRef old[3], LLVMBasicBlockRef exit[3],
                           LLVMValueRef out[FPA_WARP_MADE_MAX], int *n) {
  LLVMBuilderRef b = w->b;
  LLVMBasicBlockRef from[3] = {block(w, "warp.perlane.precheck"),
                               block(w, "warp.perlane.learn"),
                               block(w, "warp.perlane.direct")};
  LLVMBasicBlockRef cold = block(w, "warp.perlane.cold");
  LLVMPositionBuilderAtEnd(b, ask);
  LLVMBuildCondBr(b, hint_hot(w, word), from[0], cold);
  LLVMPositionBuilderAtEnd(b, cold);
  LLVMBuildCondBr(b, learner(w), from[1], from[2]);
  for (int k = 0; k < 2; ++k)
    hinted_rmw(w, p, from[k], hint, vbits, k == 0, &old[k], &exit[k]);
  perlane_rmw(w, from[2], vbits, &old[2], &exit[2], out, n);
}

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

enum { REGION_MAX = 17 };

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

static int branches_only_to(LLVMBasicBlockRef x, LLVMBasicBlockRef to) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(x);
  return t && LLVMIsABranchInst(t) && !LLVMIsConditional(t) &&
         LLVMGetSuccessor(t, 0) == to;
}

/* Walks up from `a`; returns the region's head and its blocks in
 * in[0..*n-1] (a first). The head is `a` where nothing is found. */
static LLVMBasicBlockRef region_head(LLVMBasicBlockRef a,
                                     LLVMBasicBlockRef in[REGION_MAX],
                                     int *n) {
  LLVMBasicBlockRef cur = a;
  in[0] = a;
  *n = 1;
  while (*n + 3 <= REGION_MAX) {
    LLVMBasicBlockRef p[2], arms[2], head = NULL;
    int np = preds_of(cur, p, 2), na = 0;
    if (np == 1 && p[0] != cur && branches_only_to(p[0], cur)) {
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
    for (int i = 0; i < na; ++i)
      in[(*n)++] = arms[i];
    cur = in[(*n)++] = head;
  }
  return cur;
}

static int in_region(LLVMBasicBlockRef bb, LLVMBasicBlockRef *in, int n) {
  for (int i = 0; i < n; ++i)
    if (in[i] == bb)
      return 1;
  return 0;
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

/* The first instruction of `head` after its phis and, in the entry block,
 * its leading allocas (which stay together at the top, as front ends and
 * passes expect of static allocas); NULL if none. */
static LLVMValueRef region_top(LLVMBasicBlockRef head) {
  int entry = head == LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(head));
  LLVMValueRef i = LLVMGetFirstInstruction(head);
  while (i && (LLVMIsAPHINode(i) || (entry && LLVMIsAAllocaInst(i))))
    i = LLVMGetNextInstruction(i);
  return i;
}

/* Where the pair test can run for address `ptr` of the atomic in block
 * `a`: before the returned instruction of the region's head, after the last
 * of its instructions that the address uses (else after its phis). NULL
 * where that is `a` itself. */
static LLVMValueRef early_point(LLVMValueRef ptr, LLVMBasicBlockRef a,
                                LLVMBasicBlockRef in[REGION_MAX], int *n,
                                LLVMBasicBlockRef *head) {
  *head = region_head(a, in, n);
  LLVMValueRef leaves[8];
  int budget = 8, nl = 0;
  if (*head == a || !hoistable(ptr, *head, in, *n, &budget, leaves, &nl))
    return NULL;
  /* after region_top's phis and allocas, and the address's leaves */
  LLVMValueRef at = region_top(*head);
  for (LLVMValueRef i = at; i; i = LLVMGetNextInstruction(i))
    for (int k = 0; k < nl; ++k)
      if (leaves[k] == i)
        at = LLVMGetNextInstruction(i);
  return at;
}

/*--- the builder ----------------------------------------------------------*/

/* The i1 that tests fpa_lanes_distinct's conditions `d` at the builder
 * (true if none). */
static LLVMValueRef lanes_guard(warp *w, const fpa_lanes *d) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef g = NULL;
  if (d->rows) {
    /* %ntid.x % 32 == 0 (not also "or %ntid.y = %ntid.z = 1": the two
     * more constant loads and the multiply it took cost throughput on an
     * H200, where each cycle before a warp's atomic counts: bench/results/
     * 2026-11-21-h200-warp-precheck-raw, runs db and dc; a 1-D block of
     * another size takes the grouping tests, which are exact too) */
    LLVMValueRef x =
        intrinsic(w, "llvm.nvvm.read.ptx.sreg.ntid.x", NULL, NULL, 0, "");
    g = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, x, ku(w->i32, 31), ""),
                      ku(w->i32, 0), "lanes.rows");
  }
  for (int i = 0; i < d->nreq; ++i) {
    LLVMValueRef u = d->req[i].value;
    LLVMTypeRef t = LLVMTypeOf(u);
    if (d->req[i].shift)
      u = LLVMBuildLShr(b, u, ku(t, d->req[i].shift), "");
    LLVMValueRef ok =
        LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, u, ku(t, 31), ""),
                      ku(t, d->req[i].ones ? 31 : 0), "lanes.bits");
    g = g ? LLVMBuildAnd(b, g, ok, "") : ok;
  }
  return g ? g : LLVMConstInt(w->i1, 1, 0);
}

/* vote.uni.sync over `mask` of the operands' sign bits: whether the lanes'
 * integer trick needs one atomic instruction (warp-precheck=mixed asks the
 * hint only where it needs two). */
static LLVMValueRef one_sign(warp *w, LLVMValueRef mask, LLVMValueRef vbits) {
  LLVMValueRef args[2] = {
      mask, LLVMBuildICmp(w->b, LLVMIntSLT, vbits, ku(w->wty, 0), "neg")};
  return intrinsic(w, "llvm.nvvm.vote.uni.sync", NULL, args, 2, "onesign");
}

int fpa_build_warp(LLVMBuilderRef b, const fpa_site *s, const fpa_warp_plan *p,
                   LLVMValueRef out[FPA_WARP_MADE_MAX]) {
  warp w;
  init_warp(&w, b, s);
  LLVMAtomicRMWBinOp binop = LLVMGetAtomicRMWBinOp(s->inst);
  int used = s->result_used, n = 0;
  w.end = fpa_split_here(b, s, "warp.end");
  LLVMBasicBlockRef start = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef perlane = NULL;
  if (p->local_check || p->global_check || !p->uniform)
    perlane = block(&w, "warp.perlane");
  /* A cmpxchg loop (the per-lane one, or a leader's) starts from a load,
   * which needs nothing the tests and the combining find out: made first,
   * it is on its way while they run, and it is the warp's only read of the
   * location before the loops' cmpxchg. */
  if (p->leader == FPA_S_CAS_LOOP || p->leader == FPA_S_CAS_LOOP_MASKED)
    fpa_cas_loop_init(b, s, p->leader == FPA_S_CAS_LOOP_MASKED, &w.early);
  LLVMBasicBlockRef ask = NULL;
  LLVMValueRef hint = NULL, word = NULL;
  if (p->hint) {
    ask = block(&w, "warp.hint");
    hint = hint_global(&w);
    /* The hint's word, at the top of the region that runs exactly when the
     * atomic does (see region_head): on its way while the operand is
     * computed, so that a warp that asks only compares it. (Compared or
     * made warp-uniform there, the hint cost the warps that do not ask
     * more than it saved: bench/results/2026-11-21-h200-warp-precheck-raw,
     * runs t to v.) */
    LLVMBasicBlockRef in[REGION_MAX];
    int nin;
    LLVMValueRef top = region_top(region_head(start, in, &nin));
    if (top)
      LLVMPositionBuilderBefore(b, top);
    word = load_hint(&w, hint);
    LLVMPositionBuilderAtEnd(b, start);
  }

  /* Where the lanes' addresses are known to differ (fpa_lanes_distinct,
   * under a test of values that are the same in every lane), nothing can
   * be combined: the warp goes to its own copy of the per-lane atomic
   * (fast_pl) before anything else, with one branch. The grouping tests
   * then run at the atomic, never early: at the early test's head, the
   * branch around it waited for the test's operands (constant loads)
   * before the operand's computation, and cost 2 to 3% at 2^24 float
   * addresses on an H200 (bench/results/2026-11-21-h200-warp-precheck-raw,
   * run da). With warp-precheck, that one branch also tests the hint
   * (`cold`: the test holds and the hint is cold) and takes the direct
   * form; a test of its own cost about 1% there (run df, -nosplit). */
  /* Values cross blocks as integer bits: a backend that promotes half or
   * bfloat to float between blocks (x86; NVPTX below sm_80 for bfloat)
   * would quiet signalling NaNs on the way. */
  LLVMValueRef vbits = NULL;
  LLVMBasicBlockRef fast_pl = NULL; /* the distinct path's per-lane block */
  LLVMBasicBlockRef fast_learn = NULL; /* with a hint: its learning copy */
  int distinct = p->distinct.ok && !p->uniform;
  if (distinct) {
    vbits = LLVMBuildBitCast(b, s->val, w.wty, "vbits");
    LLVMValueRef g = lanes_guard(&w, &p->distinct);
    LLVMBasicBlockRef fast = block(&w, "warp.distinct");
    LLVMBasicBlockRef checks = block(&w, "warp.checks");
    if (p->hint) {
      /* the direct form: fast_learn in a learning warp, else fast_pl */
      fast_pl = block(&w, "warp.distinct.perlane");
      fast_learn = block(&w, "warp.distinct.learn");
      LLVMValueRef cold =
          LLVMBuildAnd(b, g, LLVMBuildNot(b, hint_hot(&w, word), ""), "cold");
      LLVMValueRef plain =
          LLVMBuildAnd(b, cold, LLVMBuildNot(b, learner(&w), ""), "plain");
      LLVMBasicBlockRef learn = block(&w, "warp.distinct.learner");
      LLVMBasicBlockRef rest = block(&w, "warp.distinct.test");
      weigh(&w, LLVMBuildCondBr(b, plain, fast_pl, learn), 1);
      LLVMPositionBuilderAtEnd(b, learn);
      LLVMBuildCondBr(b, cold, fast_learn, rest);
      LLVMPositionBuilderAtEnd(b, rest);
      LLVMBuildCondBr(b, g, fast, checks);
      /* a hot hint: mixed asks it only for a warp that needs both integer
       * atomics */
      LLVMPositionBuilderAtEnd(b, fast);
      if (p->hint == FPA_WARP_PRECHECK_MIXED)
        LLVMBuildCondBr(
            b, one_sign(&w, fpa_compat_nvvm_activemask(b, s->mod), vbits),
            fast_pl, ask);
      else
        LLVMBuildBr(b, ask);
    } else {
      weigh(&w, LLVMBuildCondBr(b, g, fast, checks), 1);
      fast_pl = fast;
    }
    LLVMPositionBuilderAtEnd(b, checks);
  }

  w.mask = fpa_compat_nvvm_activemask(b, s->mod);
  w.lane =
      intrinsic(&w, "llvm.nvvm.read.ptx.sreg.laneid", NULL, NULL, 0, "lane");
  w.lanemask_lt = intrinsic(&w, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL,
                            NULL, 0, "lanemask.lt");
  if (!vbits)
    vbits = LLVMBuildBitCast(b, s->val, w.wty, "vbits");

  if (p->local_check || p->global_check) {
    LLVMValueRef gp =
        fpa_compat_ptr_to(b, s->ptr, LLVMInt8TypeInContext(w.ctx));
    LLVMValueRef sp = intrinsic(&w,
                                p->global_check ? "llvm.nvvm.isspacep.global"
                                                : "llvm.nvvm.isspacep.local",
                                NULL, &gp, 1, "");
    LLVMValueRef args[2] = {w.mask, sp};
    LLVMValueRef vote = intrinsic(
        &w,
        p->global_check ? "llvm.nvvm.vote.all.sync" : "llvm.nvvm.vote.any.sync",
        NULL, args, 2, p->global_check ? "allglobal" : "anylocal");
    LLVMBasicBlockRef group = block(&w, "warp.group");
    if (p->global_check)
      LLVMBuildCondBr(b, vote, group, perlane);
    else
      LLVMBuildCondBr(b, vote, perlane, group);
    LLVMPositionBuilderAtEnd(b, group);
  }

  /* the group of this lane: every active lane, or those with its address */
  LLVMValueRef gmask = w.mask;
  if (!p->uniform) {
    LLVMTargetDataRef dl = LLVMGetModuleDataLayout(s->mod);
    LLVMTypeRef aty =
        LLVMIntTypeInContext(w.ctx, 8 * LLVMPointerSizeForAS(dl, s->addrspace));
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
    LLVMBasicBlockRef here = LLVMGetInsertBlock(b), in[REGION_MAX], head;
    LLVMValueRef mask = w.mask, lanemask_lt = w.lanemask_lt, test = addr;
    int nin = 0;
    LLVMValueRef at =
        distinct ? NULL : early_point(s->ptr, start, in, &nin, &head);
    int early = at != NULL;
    if (early) {
      LLVMPositionBuilderBefore(b, at);
      w.mask = fpa_compat_nvvm_activemask(b, s->mod);
      w.lanemask_lt = intrinsic(&w, "llvm.nvvm.read.ptx.sreg.lanemask.lt",
                                NULL, NULL, 0, "lanemask.lt.early");
      test = LLVMBuildPtrToInt(b, hoist_clone(b, s->ptr, head, in, nin), aty,
                               "addr.early");
    }
    LLVMValueRef lo = LLVMGetIntTypeWidth(aty) > 32
                          ? LLVMBuildTrunc(b, test, w.i32, "addr.lo")
                          : test;
    /* From the lane just below (shfl.sync.up needs no index, so nothing
     * but the address delays it); where that lane is inactive the value is
     * undefined, which can only send the warp on to the exact tests or
     * miss a pair: either is correct. Lane 0 has no lane below. */
    LLVMValueRef not_first = LLVMBuildICmp(b, LLVMIntNE, w.lanemask_lt,
                                           LLVMConstInt(w.i32, 0, 0), "");
    LLVMValueRef dup, args[2] = {w.mask, NULL};
    dup = LLVMBuildAnd(
        b, not_first,
        LLVMBuildICmp(b, LLVMIntEQ, lo, shfl32(&w, lo, NULL, 1), ""), "");
    args[1] = dup;
    LLVMValueRef anydup =
        intrinsic(&w, "llvm.nvvm.vote.any.sync", NULL, args, 2, "shared");
    if (early) {
      w.mask = args[0] = mask;
      w.lanemask_lt = lanemask_lt;
      LLVMPositionBuilderAtEnd(b, here);
    }
    LLVMBasicBlockRef shared = block(&w, "warp.shared");
    LLVMBasicBlockRef match = block(&w, "warp.match");
    LLVMBasicBlockRef grouped = block(&w, "warp.grouped");
    if (p->hint == FPA_WARP_PRECHECK_MIXED) {
      /* A warp whose lanes need both integer atomics (warp-precheck):
       * vote.uni.sync of the operands' signs, which does not wait for the
       * shuffle: one vote and an or on every warp's path to its atomic. (A
       * ballot and two compares, with the store address computed at the
       * asking point, ran about 1% slower on mixed-sign data at 2^24
       * float addresses on an H200: bench/results/
       * 2026-11-21-h200-warp-precheck-raw, run u, mixed-s against
       * mixed-ul.) */
      LLVMValueRef both =
          LLVMBuildNot(b, one_sign(&w, mask, vbits), "bothsigns");
      LLVMValueRef odd = LLVMBuildOr(b, anydup, both, "odd");
      LLVMBasicBlockRef which = block(&w, "warp.which");
      weigh(&w, LLVMBuildCondBr(b, odd, which, perlane), 0);
      LLVMPositionBuilderAtEnd(b, which);
      LLVMBuildCondBr(b, anydup, shared, ask);
    } else {
      weigh(&w, LLVMBuildCondBr(b, anydup, shared, perlane), 0);
    }
    LLVMPositionBuilderAtEnd(b, shared);
    LLVMValueRef first = bit_count(&w, "llvm.cttz", w.mask);
    args[1] =
        LLVMBuildICmp(b, LLVMIntEQ, addr, shuffle(&w, addr, first, 0), "");
    LLVMValueRef uni =
        intrinsic(&w, "llvm.nvvm.vote.all.sync", NULL, args, 2, "uniform");
    LLVMBuildCondBr(b, uni, grouped, match);
    LLVMPositionBuilderAtEnd(b, match);
    args[1] = addr;
    LLVMValueRef g = intrinsic(&w,
                               LLVMGetIntTypeWidth(aty) == 64
                                   ? "llvm.nvvm.match.any.sync.i64"
                                   : "llvm.nvvm.match.any.sync.i32",
                               NULL, args, 2, "group");
    LLVMBuildBr(b, grouped);
    LLVMPositionBuilderAtEnd(b, grouped);
    gmask = LLVMBuildPhi(b, w.i32, "groupmask");
    LLVMValueRef vals[2] = {w.mask, g};
    LLVMBasicBlockRef bbs[2] = {shared, match};
    LLVMAddIncoming(gmask, vals, bbs, 2);
  }

  /* combine: a scan where old values are needed or there is no redux */
  LLVMValueRef x = contribution(&w, vbits);
  scan sc = {0};
  if (used || !p->redux) {
    LLVMValueRef full = LLVMBuildICmp(b, LLVMIntEQ, gmask, ki(w.i32, -1), "");
    LLVMBasicBlockRef fbb = block(&w, "warp.scan.full");
    LLVMBasicBlockRef gbb = block(&w, "warp.scan.groups");
    LLVMBasicBlockRef done = block(&w, "warp.scanned");
    LLVMBuildCondBr(b, full, fbb, gbb);
    scan part[2] = {{0}};
    LLVMBasicBlockRef ends[2];
    LLVMPositionBuilderAtEnd(b, fbb);
    scan_full(&w, x, used, !p->redux, &part[0]);
    ends[0] = LLVMGetInsertBlock(b);
    LLVMBuildBr(b, done);
    LLVMPositionBuilderAtEnd(b, gbb);
    scan_groups(&w, x, gmask, used, !p->redux, &part[1]);
    ends[1] = LLVMGetInsertBlock(b);
    LLVMBuildBr(b, done);
    LLVMPositionBuilderAtEnd(b, done);
    LLVMValueRef *fields[3] = {&sc.excl, &sc.first, &sc.total};
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
  LLVMValueRef total = p->redux ? redux_total(&w, x, gmask) : sc.total;
  /* the leader: no lane of the group below it */
  LLVMValueRef is_leader =
      LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, gmask, w.lanemask_lt, ""),
                    LLVMConstInt(w.i32, 0, 0), "leader");
  LLVMValueRef result = NULL;
  LLVMBasicBlockRef join;
  if (p->lockstep) {
    /* Used results: the warp must still be converged when the leader's old
     * value is shuffled to its group. After a branch around the leader's
     * atomic, an H200 let a leader run that shuffle apart from its group
     * (bench/results/2026-11-21-h200-warp-broadcast.txt), so here every
     * lane runs the leader's instructions, predicated. */
    LLVMValueRef lold = lockstep_leader(&w, p, is_leader, total);
    join = LLVMGetInsertBlock(b);
    LLVMValueRef old = shuffle(&w, lold, bit_count(&w, "llvm.cttz", gmask), 0);
    result = LLVMBuildSelect(b, sc.first, old, fold_old(&w, old, sc.excl),
                             "lane.old");
  } else {
    /* Unused results: a branch to the leaders' atomic, lowered later by the
     * caller like any other (a loop: here, from the early load); nothing
     * crosses lanes after it. */
    LLVMBasicBlockRef lbb = block(&w, "warp.leader");
    join = block(&w, "warp.join");
    LLVMBuildCondBr(b, is_leader, lbb, join);
    LLVMPositionBuilderAtEnd(b, lbb);
    LLVMValueRef operand = leader_operand(&w, total);
    LLVMValueRef rmw = fpa_emit_rmw(
        b, s, binop, s->ptr, LLVMBuildBitCast(b, operand, s->vty, ""), 0);
    LLVMSetValueName2(rmw, "warp.old", 8);
    LLVMBuildBr(b, join);
    if (w.early.init)
      loop_from_early(&w, rmw);
    else
      out[n++] = rmw;
    LLVMPositionBuilderAtEnd(b, join);
  }
  LLVMBuildBr(b, w.end);

  LLVMValueRef perlane_old = NULL, ask_old[3] = {NULL, NULL, NULL};
  LLVMBasicBlockRef perlane_end = perlane, ask_end[3];
  if (p->hint)
    hinted_perlane(&w, p, ask, hint, word, vbits, ask_old, ask_end, out, &n);
  if (perlane && p->hint == FPA_WARP_PRECHECK_ALL) {
    LLVMPositionBuilderAtEnd(b, perlane);
    LLVMBuildBr(b, ask);
    perlane = NULL;
  } else if (perlane) {
    perlane_rmw(&w, perlane, vbits, &perlane_old, &perlane_end, out, &n);
  }
  LLVMValueRef fast_old = NULL, learn_old = NULL;
  LLVMBasicBlockRef fast_end = NULL, learn_end = NULL;
  if (fast_learn)
    hinted_rmw(&w, p, fast_learn, hint, vbits, 0, &learn_old, &learn_end);
  if (fast_pl)
    perlane_rmw(&w, fast_pl, vbits, &fast_old, &fast_end, out, &n);

  if (used) {
    LLVMPositionBuilderBefore(b, s->inst);
    /* the grouping's, perlane's, fast_pl's, fast_learn's, ask's three */
    LLVMValueRef vals[7] = {result}, phi;
    LLVMBasicBlockRef bbs[7] = {join};
    unsigned k = 1;
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
  return n;
}
