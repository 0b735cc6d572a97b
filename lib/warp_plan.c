/*===-- warp_plan.c - whether and how to aggregate -----------------------===*\
|*                                                                          *|
|* fpa_decide_warp: whether aggregate=warp applies to a site whose per-lane *|
|* lowering is already decided, and the plan the builder (build_warp.c)     *|
|* follows: the leader's form, redux.sync or shuffles, lockstep for used    *|
|* results, which pointer-space test the warp needs, whether the lanes'     *|
|* addresses are uniform or provably distinct, and warp-precheck's hint.    *|
|* The reason it gives goes into the site's report record.                  *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdio.h>
#include <string.h>

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
  int lowered =
      d->strategy == FPA_S_INT_TRICK || d->strategy == FPA_S_CAS_LOOP ||
      d->strategy == FPA_S_CAS_LOOP_MASKED || d->strategy == FPA_S_NATIVE ||
      d->strategy == FPA_S_FADD_NEG || d->strategy == FPA_S_FADD_GUARDED ||
      d->strategy == FPA_S_NATIVE_SYS;
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
             fpa_ordering_name(s->ordering));
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
    /* the per-lane form's precheck, for the leaders' integer trick: with
     * precheck=adaptive, hinted as the per-lane form is */
    if (d->strategy == FPA_S_INT_TRICK && d->precheck)
      p->leader_precheck = d->precheck == 1 ? FPA_LEADER_PRECHECK_ON
                                            : FPA_LEADER_PRECHECK_HINTED;
  }
  p->uniform = address_is_uniform(s);
  if (!p->uniform)
    fpa_lanes_distinct(s, &p->distinct);
  int origin = s->addrspace == 0 ? generic_origin(s) : -1;
  /* (a pointer known to be thread-local never gets here: fpa_decide
   * leaves such a site to the backend) */
  p->local_check = !p->uniform && s->addrspace == 0 && origin < 0;
  if (p->lockstep && s->addrspace == 0) {
    /* the leader's atomics use .global: ptxas expands some generic atomics
     * (64-bit min/max, cas) with branches of its own, which would part a
     * leader from its group again (see warp_leader.c) */
    p->global_check = origin != 1;
    p->local_check = 0; /* the global test covers it */
  }
  /* (both forms learn into the hint: fpa_build_int_trick_learning) */
  if (!p->uniform && d->strategy == FPA_S_INT_TRICK && !d->precheck)
    p->hint = o->warp_precheck;
  snprintf(w, n, "%s; %s%s%s%s",
           p->uniform ? "address is warp-uniform (kernel argument or global)"
                      : "lanes grouped by address (when a lane has the low "
                        "address bits of the lane below: vote.all.sync, "
                        "else match.any.sync; otherwise per lane)",
           is_add     ? "operands summed by shfl.sync in a fixed order "
                        "(assume=reassociate-fadd)"
           : p->redux ? "order keys reduced by redux.sync"
                      : "order keys reduced by shfl.sync",
           !s->result_used ? ""
           : p->redux && !is_add
               ? "; the leader's atomic is predicated PTX, and old values "
                 "are rebuilt by a scan in lane order where a group's "
                 "update changed memory"
               : "; the leader's atomic is predicated PTX, and old values "
                 "are rebuilt by a scan in lane order",
           p->leader_precheck == FPA_LEADER_PRECHECK_ON
               ? "; every lane loads first (predicated): a warp whose "
                 "updates are all no-ops is done, else the leader skips a "
                 "no-op"
           : p->leader_precheck == FPA_LEADER_PRECHECK_HINTED
               ? "; every lane loads first (predicated) while a hint in "
                 "shared memory says recent updates were no-ops: a warp "
                 "whose updates are all no-ops is done, else the leader "
                 "skips a no-op"
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
