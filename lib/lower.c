/*===-- lower.c - module in, lowered module out ---------------------------===*\
|*                                                                          *|
|* Walks the functions, turns the calls that spell a float atomic into      *|
|* atomicrmw (calls.c) and so the compare-and-swap loops that are one       *|
|* (raise.c), collects the floating-point atomicrmw instructions, and for   *|
|* each asks the target (target.c), decides (decide.c) and reports          *|
|* (report.c), in program order; then builds (build_int.c, build_common.c,  *|
|* build_warp.c) in reverse order. Then verifies every function it changed. *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *fpa_version(void) {
#define FPA_STR2(x) #x
#define FPA_STR(x) FPA_STR2(x)
  return FPA_STR(FPA_VERSION_MAJOR) "." FPA_STR(FPA_VERSION_MINOR) "." FPA_STR(
      FPA_VERSION_PATCH) " (LLVM " LLVM_VERSION_STRING ")";
}

/* The fpa_op of an atomicrmw, or -1 when it is not one we lower. */
static int op_of(LLVMValueRef inst) {
  switch (LLVMGetAtomicRMWBinOp(inst)) {
  case LLVMAtomicRMWBinOpFAdd:
    return FPA_OP_FADD;
  case LLVMAtomicRMWBinOpFSub:
    return FPA_OP_FSUB;
  case LLVMAtomicRMWBinOpFMin:
    return FPA_OP_FMIN;
  case LLVMAtomicRMWBinOpFMax:
    return FPA_OP_FMAX;
#if FPA_HAS_FMINIMUM
  case LLVMAtomicRMWBinOpFMinimum:
    return FPA_OP_FMINIMUM;
  case LLVMAtomicRMWBinOpFMaximum:
    return FPA_OP_FMAXIMUM;
#endif
  default:
    return -1;
  }
}

typedef struct inst_list {
  LLVMValueRef *items;
  size_t size, capacity;
} inst_list;

static int push(inst_list *l, LLVMValueRef v) {
  if (l->size == l->capacity) {
    size_t cap = l->capacity ? l->capacity * 2 : 32;
    LLVMValueRef *n = realloc(l->items, cap * sizeof *n);
    if (!n)
      return FPA_ERR_NOMEM;
    l->items = n;
    l->capacity = cap;
  }
  l->items[l->size++] = v;
  return FPA_OK;
}

static void fill_site(LLVMModuleRef m, LLVMValueRef fn, LLVMValueRef inst,
                      fpa_op op, fpa_site *s) {
  memset(s, 0, sizeof *s);
  s->ctx = LLVMGetModuleContext(m);
  s->mod = m;
  s->inst = inst;
  s->fn = fn;
  s->op = op;
  s->ptr = LLVMGetOperand(inst, 0);
  s->val = LLVMGetOperand(inst, 1);
  s->vty = LLVMTypeOf(s->val);
  s->lanes = 1;
  s->ety = s->vty;
  if (LLVMGetTypeKind(s->vty) == LLVMVectorTypeKind) {
    s->lanes = LLVMGetVectorSize(s->vty);
    s->ety = LLVMGetElementType(s->vty);
  }
  switch (LLVMGetTypeKind(s->ety)) {
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
    s->elem_bits = 16;
    break;
  case LLVMFloatTypeKind:
    s->elem_bits = 32;
    break;
  case LLVMDoubleTypeKind:
    s->elem_bits = 64;
    break;
  default:
    s->elem_bits = 0;
  }
  s->bits = s->elem_bits * s->lanes;
  s->ordering = LLVMGetOrdering(inst);
  s->ssid = fpa_compat_get_syncscope(inst);
  s->is_volatile = LLVMGetVolatile(inst) != 0;
  s->align = LLVMGetAlignment(inst);
  s->addrspace = LLVMGetPointerAddressSpace(LLVMTypeOf(s->ptr));
  s->result_used = LLVMGetFirstUse(inst) != NULL;
}

/* Fills the location part of a record from the debug location. */
void fpa_locate(LLVMModuleRef m, LLVMValueRef inst, fpa_record *r) {
  unsigned len = 0;
  const char *file = NULL;
  if (LLVMInstructionGetDebugLoc(inst)) {
    file = LLVMGetDebugLocFilename(inst, &len);
    r->line = LLVMGetDebugLocLine(inst);
    r->column = LLVMGetDebugLocColumn(inst);
  }
  if (!file || !len) {
    size_t n = 0;
    file = LLVMGetSourceFileName(m, &n);
    r->line = r->column = 0;
  }
  r->file = file && *file ? file : "<unknown>";
}

static fpa_action action_of(fpa_strategy st) {
  switch (st) {
  case FPA_S_NATIVE:
    return FPA_ACTION_NATIVE;
  case FPA_S_KEEP:
    return FPA_ACTION_KEPT;
  case FPA_S_UNSUPPORTED:
    return FPA_ACTION_UNSUPPORTED;
  default:
    return FPA_ACTION_REWRITTEN;
  }
}

static void build(LLVMBuilderRef b, const fpa_site *s, fpa_strategy strategy,
                  int nan_repair, int fences, int precheck) {
  LLVMPositionBuilderBefore(b, s->inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(s->inst));
  switch (strategy) {
  case FPA_S_INT_TRICK:
    if (precheck >= FPA_PRECHECK_ADAPTIVE)
      fpa_build_int_trick_adaptive(b, s, nan_repair,
                                   precheck == FPA_PRECHECK_ADAPTIVE_CAS);
    else
      fpa_build_int_trick(b, s, nan_repair, fences, precheck);
    break;
  case FPA_S_FADD_NEG:
    fpa_build_fadd_neg(b, s, fences);
    break;
  case FPA_S_FADD_GUARDED:
    fpa_build_fadd_guarded(b, s, fences);
    break;
  case FPA_S_NATIVE_FENCED:
    fpa_build_fences_only(b, s);
    break;
  case FPA_S_NATIVE_SYS:
    fpa_build_native_sys(b, s, fences);
    break;
  case FPA_S_CAS_LOOP:
    fpa_build_cas_loop(b, s, 0, NULL, fences);
    break;
  case FPA_S_CAS_LOOP_MASKED:
    fpa_build_cas_loop(b, s, 1, NULL, fences);
    break;
  default:
    break;
  }
  LLVMSetCurrentDebugLocation2(b, NULL);
}

static int build_warp(LLVMBuilderRef b, const fpa_site *s,
                      const fpa_warp_plan *p,
                      LLVMValueRef made[FPA_WARP_MADE_MAX], int *leader,
                      int *likely, LLVMValueRef *top) {
  LLVMPositionBuilderBefore(b, s->inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(s->inst));
  int n = fpa_build_warp(b, s, p, made, leader, likely, top);
  LLVMSetCurrentDebugLocation2(b, NULL);
  return n;
}

/* An atomic to rewrite, with what was decided for it. */
typedef struct planned {
  LLVMValueRef inst;
  fpa_strategy strategy;
  int nan_repair, fences, precheck;
  fpa_warp_plan *warp; /* aggregate=warp applies (owned), else NULL */
} planned;

/* Whether op_of's `op` is fmin, fmax, fminimum or fmaximum. */
static int is_minmax(int op) {
  return op == FPA_OP_FMIN || op == FPA_OP_FMAX || op == FPA_OP_FMINIMUM ||
         op == FPA_OP_FMAXIMUM;
}

/* The most fmin/fmax/fminimum/fmaximum sites of a function that
 * aggregate=auto groups, and that precheck=adaptive serves
 * (lower_function). */
#define FPA_RICH_SITES 32
#define FPA_ADAPTIVE_SITES 128

/* aggregate=auto: whether aggregate=warp's plan is taken for a site where
 * it applies. A warp's updates of fmin/fmax/fminimum/fmaximum to one
 * address become one update by one lane: at a hot address up to 32 times
 * fewer atomics. Where the address is the same in every lane by
 * construction (the plan's `uniform`) no test is needed; elsewhere the
 * plan's run-time tests pick between grouping and the per-lane path
 * (where the lanes' addresses are known to differ under a test of values
 * that are the same in every lane, one branch), and the per-lane path
 * keeps the per-lane lowering, its hint loaded where the original
 * atomic's would be. With the result used, the leaders' integer trick
 * keeps the per-lane form's adaptive precheck (warp_leader.c), so that a
 * group whose update is a no-op costs one load, as a lane's does. */

static int auto_may_aggregate(const fpa_site *s) { return is_minmax(s->op); }

/* What the target gives a site to build with: the scope of the fences its
 * ordering needs, inline atom.sys, PTX min.NaN. */
static void set_site_caps(fpa_site *s, const fpa_caps *caps) {
  s->fence_ssid = fpa_fence_scope(caps, s->ctx, s->ssid);
  s->sys_asm = fpa_rmw_sys_asm(caps);
  s->cas_sys = fpa_cas_needs_sys(caps, s);
  s->ptx_min_nan = fpa_ptx_min_nan(caps);
  s->nvptx_ftz = caps->target == FPA_TARGET_NVPTX && fpa_nvptx_ftz(s->fn);
}

/* Lowers one function; `changed` is set when it was modified.
 *
 * Decisions, callbacks and report records follow program order. The rewrites
 * are then built from the last atomic to the first: a lowering that splits
 * its block moves the rest of the block into a new one, and going backwards
 * that rest ends at the next atomic's lowering, so each instruction is moved
 * about once, not once for every atomic before it in its block (quadratic in
 * the atomics of a block). Each site is read again from its instruction just
 * before it is built, as a later rewrite may have replaced its operands.
 * With aggregate=warp, build_warp.c first combines a warp's updates into new
 * atomics, which then get the per-lane lowering, unreported. */
static int lower_function(LLVMModuleRef m, LLVMValueRef fn, fpa_target t,
                          const fpa_options *o, fpa_report *report,
                          LLVMBuilderRef b, fpa_calls *calls, fpa_raise *raise,
                          fpa_decls *decls, int *changed) {
  inst_list list = {0};
  int rc = fpa_calls_rewrite(calls, fn, b, report, changed);
  if (rc == FPA_OK)
    rc = fpa_raise_loops(raise, fn, b, report, changed);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && rc == FPA_OK;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && rc == FPA_OK;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == LLVMAtomicRMW && op_of(i) >= 0)
        rc = push(&list, i);
  if (rc != FPA_OK || list.size == 0) {
    free(list.items);
    return rc;
  }
  planned *plan = malloc(list.size * sizeof *plan);
  if (!plan) {
    free(list.items);
    return FPA_ERR_NOMEM;
  }
  size_t nplan = 0;
  fpa_caps caps;
  fpa_function_caps(fn, t, o, &caps);
  size_t fnlen = 0;
  const char *fname = LLVMGetValueName2(fn, &fnlen);
  /* The defaults that build the most code per site give way where a
   * function has many fmin/fmax/fminimum/fmaximum sites, as an unrolled
   * loop of atomics makes: ptxas's time grows with the square of a
   * function's size. A grouped site takes about 15 KB of PTX, a per-lane
   * one with precheck=adaptive about 5.5 KB, the integer trick alone
   * about 1.4 KB (docs/design.md names the measurements). Past
   * FPA_RICH_SITES sites a function is not aggregated, past
   * FPA_ADAPTIVE_SITES it has no adaptive precheck either. Options the
   * user gave (aggregate=warp, precheck=on) stay. */
  fpa_options compact = *o;
  size_t nminmax = 0;
  for (size_t k = 0; k < list.size; ++k)
    nminmax += is_minmax(op_of(list.items[k]));
  int past = 0;
  if (o->aggregate == FPA_AGG_AUTO && nminmax > FPA_RICH_SITES) {
    compact.aggregate = FPA_AGG_NONE;
    past = 1;
  }
  if (o->precheck == FPA_PRECHECK_ADAPTIVE && nminmax > FPA_ADAPTIVE_SITES) {
    compact.precheck = 0;
    past = 2;
  }
  const fpa_options *so = past ? &compact : o;
  for (size_t k = 0; k < list.size && rc == FPA_OK; ++k) {
    fpa_site s;
    fill_site(m, fn, list.items[k], (fpa_op)op_of(list.items[k]), &s);
    s.decls = decls;
    fpa_decision d;
    fpa_decide(&s, &caps, so, &d);
    fpa_warp_plan warp = {0};
    char wreason[sizeof warp.why + sizeof d.reason + 160];
    snprintf(wreason, sizeof wreason, "%s", d.reason);
    /* an earlier run's work is not grouped again: the native add of its
     * guarded add stands for one lane's guarded operand (a warp's sum of
     * those may be small again), and its groups' atomics are grouped;
     * nor is thread-local memory, which each lane has its own of */
    int lowered = fpa_guarded_native(&s) ||
                  fpa_has_mark(s.ctx, s.inst, FPA_MD_GROUPED) ||
                  (t == FPA_TARGET_NVPTX && fpa_thread_local_ptr(&s));
    if (!lowered &&
        (so->aggregate == FPA_AGG_WARP ||
         (so->aggregate == FPA_AGG_AUTO && auto_may_aggregate(&s)))) {
      set_site_caps(&s, &caps);
      fpa_decide_warp(&s, &caps, so, &d, &warp);
      /* aggregate=auto leaves per lane a site whose code may get a PTX
       * version below 6.2 (activemask): the module's features name one,
       * but llc -mcpu=sm_70 without -mattr emits PTX 6.0 */
      if (so->aggregate == FPA_AGG_AUTO && caps.ptx_sure < 62)
        warp.apply = 0;
      if (so->aggregate == FPA_AGG_AUTO && !warp.apply) {
        /* the per-lane decision, and its reason, as is */
      } else if (warp.apply) {
        const char *by = "";
        if (so->aggregate == FPA_AGG_AUTO) {
          by = warp.uniform ? "aggregate=auto (the address is the same in "
                              "every lane): "
                            : "aggregate=auto: ";
          /* the reason of the leaders' atomic, decided as it is below */
          s.one_lane = 1;
          fpa_decide(&s, &caps, so, &d);
        }
        snprintf(wreason, sizeof wreason, "%s%s; each group's leader: %s: %s",
                 by, warp.why, fpa_strategy_name(d.strategy), d.reason);
      } else {
        snprintf(wreason, sizeof wreason, "%s; not warp-aggregated: %s",
                 d.reason, warp.why);
      }
    }
    if (past && auto_may_aggregate(&s)) {
      size_t n = strlen(wreason);
      snprintf(wreason + n, sizeof wreason - n,
               "; note: this function has %zu fmin/fmax/fminimum/fmaximum "
               "sites, past the %d that aggregate=auto groups%s, which bounds "
               "the code ptxas compiles",
               nminmax, FPA_RICH_SITES,
               past == 2
                   ? " and the " FPA_STR(
                         FPA_ADAPTIVE_SITES) " that precheck=adaptive serves"
                   : "");
    }
    char *type = LLVMPrintTypeToString(s.vty);
    const char *from = fpa_calls_origin(calls, s.inst);
    const fpa_raised *raised = fpa_raise_origin(raise, s.inst);
    char from_loop[96];
    if (raised) {
      snprintf(from_loop, sizeof from_loop, "raised from %s", raised->strategy);
      from = from_loop;
    }
    char reason[sizeof wreason + 256];
    snprintf(reason, sizeof reason, "%s%s%s", from ? from : "",
             from ? ": " : "", wreason);
    fpa_record rec = {0};
    fpa_locate(m, s.inst, &rec);
    if (raised) {
      /* the loop's own record first: raised, then how it is lowered */
      fpa_record rr = rec;
      rr.action = FPA_ACTION_RAISED;
      rr.function = fname;
      rr.operation = fpa_op_name(s.op);
      rr.type = type;
      rr.address_space = s.addrspace;
      rr.strategy = raised->strategy;
      rr.reason = raised->reason;
      if (o->callback)
        o->callback(o->callback_user, &rr, s.inst);
      if (report && (rc = fpa_report_add(report, &rr)) != FPA_OK) {
        LLVMDisposeMessage(type);
        break;
      }
    }
    rec.action = warp.apply ? FPA_ACTION_REWRITTEN : action_of(d.strategy);
    rec.function = fname;
    rec.operation = fpa_op_name(s.op);
    rec.type = type;
    rec.address_space = s.addrspace;
    rec.strategy =
        warp.apply ? "warp-aggregated" : fpa_strategy_name(d.strategy);
    rec.reason = reason;
    if (o->callback)
      o->callback(o->callback_user, &rec, s.inst);
    if (report)
      rc = fpa_report_add(report, &rec);
    LLVMDisposeMessage(type);
    if (rec.action == FPA_ACTION_REWRITTEN) {
      planned p = {s.inst,   d.strategy, d.nan_repair,
                   d.fences, d.precheck, NULL};
      if (warp.apply) {
        p.warp = malloc(sizeof *p.warp);
        if (!p.warp) {
          rc = FPA_ERR_NOMEM;
          break;
        }
        *p.warp = warp;
      }
      plan[nplan++] = p;
    }
  }
  for (size_t k = nplan; k-- > 0;) {
    fpa_site s;
    fill_site(m, fn, plan[k].inst, (fpa_op)op_of(plan[k].inst), &s);
    s.decls = decls;
    set_site_caps(&s, &caps);
    if (!plan[k].warp) {
      build(b, &s, plan[k].strategy, plan[k].nan_repair, plan[k].fences,
            plan[k].precheck);
      continue;
    }
    LLVMValueRef made[FPA_WARP_MADE_MAX];
    fpa_op op = s.op;
    int leader, likely;
    LLVMValueRef top;
    int nmade = build_warp(b, &s, plan[k].warp, made, &leader, &likely, &top);
    for (int i = 0; i < nmade; ++i) {
      fpa_site ms;
      fpa_mark(s.ctx, made[i], FPA_MD_GROUPED);
      fill_site(m, fn, made[i], op, &ms);
      ms.decls = decls;
      ms.one_lane = o->aggregate == FPA_AGG_AUTO && i == leader;
      ms.hint_at = i == likely ? top : NULL;
      fpa_decision md;
      fpa_decide(&ms, &caps, o, &md);
      set_site_caps(&ms, &caps);
      if (action_of(md.strategy) == FPA_ACTION_REWRITTEN)
        build(b, &ms, md.strategy, md.nan_repair, md.fences, md.precheck);
    }
  }
  if (nplan)
    *changed = 1;
  for (size_t k = 0; k < nplan; ++k)
    free(plan[k].warp);
  free(plan);
  free(list.items);
  return rc;
}

/* Replaces the body of `fn`, which failed verification after lowering, by
 * one block that is `unreachable`: the module verifies again, so that a
 * pipeline that goes on after the error (clang after the plugin's
 * diagnostic) does not crash on broken IR, and calling the function is
 * undefined, as nothing of the broken body may run. The old blocks keep
 * their terminators, now branching to the new block, until each is deleted
 * whole: erasing a terminator first would leave its debug records on the
 * block, where deleting the block does not free them. */
static void stub_body(LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMBasicBlockRef first = LLVMGetFirstBasicBlock(fn);
  LLVMBasicBlockRef stub = LLVMAppendBasicBlockInContext(ctx, fn, "entry");
  if (first)
    LLVMMoveBasicBlockBefore(stub, first);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, stub);
  LLVMBuildUnreachable(b);
  LLVMDisposeBuilder(b);
  for (LLVMBasicBlockRef bb = first; bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
  for (LLVMBasicBlockRef bb = first; bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i && i != term;
         i = next) {
      next = LLVMGetNextInstruction(i);
      LLVMInstructionEraseFromParent(i);
    }
    if (term)
      for (unsigned k = 0, n = LLVMGetNumSuccessors(term); k < n; ++k)
        LLVMSetSuccessor(term, k, stub);
  }
  for (LLVMBasicBlockRef bb = first, next; bb; bb = next) {
    next = LLVMGetNextBasicBlock(bb);
    LLVMDeleteBasicBlock(bb);
  }
}

/* opts->test_break: a terminator at the top of the entry block, so that
 * the function no longer verifies. */
static void test_break(LLVMValueRef fn, LLVMBuilderRef b) {
  LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(fn));
  if (first) {
    LLVMPositionBuilderBefore(b, first);
    LLVMBuildUnreachable(b);
  }
}

/* FPA_OK where `fn` verifies; else FPA_ERR_VERIFY, *error saying so
 * (`what`: what is wrong), and fn's body replaced by `unreachable`, so
 * that the module verifies. */
static int verify_or_stub(LLVMValueRef fn, const char *what, char **error) {
  if (!LLVMVerifyFunction(fn, LLVMReturnStatusAction))
    return FPA_OK;
  size_t n = 0;
  const char *name = LLVMGetValueName2(fn, &n);
  if (error)
    *error = fpa_strprintf("internal error: function '%s' %s; its body is "
                           "replaced by 'unreachable'",
                           name, what);
  stub_body(fn);
  return FPA_ERR_VERIFY;
}

/* Lowers the defined function `fn`, and checks it where it changed. */
static int lower_defined(LLVMModuleRef m, LLVMValueRef fn, fpa_target t,
                         const fpa_options *opts, fpa_report *report,
                         LLVMBuilderRef b, fpa_calls *calls, fpa_raise *raise,
                         fpa_decls *decls, char **error) {
  int changed = 0;
  int rc =
      lower_function(m, fn, t, opts, report, b, calls, raise, decls, &changed);
  if (rc == FPA_OK && changed && opts->test_break == 1)
    test_break(fn, b);
  if (rc == FPA_OK && changed)
    rc = verify_or_stub(fn, "does not verify after lowering", error);
  return rc;
}

/* The functions the lowering added after `last`, checked as the changed
 * ones are. */
static int verify_added(LLVMValueRef last, const fpa_options *opts,
                        LLVMBuilderRef b, char **error) {
  int rc = FPA_OK;
  for (LLVMValueRef fn = last ? LLVMGetNextFunction(last) : NULL;
       fn && rc == FPA_OK; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    if (opts->test_break == 2)
      test_break(fn, b);
    rc = verify_or_stub(fn, "that the lowering added does not verify", error);
  }
  return rc;
}

static int lower_module(LLVMModuleRef m, const fpa_options *opts,
                        fpa_report **report_out, char **error) {
  if (error)
    *error = NULL;
  if (report_out)
    *report_out = NULL;
  if (!m) {
    if (error)
      *error = fpa_strdup("fpa_lower_module: NULL module");
    return FPA_ERR_ARGUMENT;
  }
  fpa_options defaults;
  if (!opts) {
    fpa_options *tmp = NULL;
    if (fpa_options_create(&tmp) != FPA_OK)
      return FPA_ERR_NOMEM;
    defaults = *tmp;
    fpa_options_destroy(tmp);
    opts = &defaults;
  }
  fpa_report *report = NULL;
  if (report_out) {
    report = fpa_report_new();
    if (!report)
      return FPA_ERR_NOMEM;
    *report_out = report;
  }
  fpa_target t = fpa_module_target(m, opts);
  if (t == FPA_TARGET_NONE)
    return FPA_OK;
  fpa_calls *calls = fpa_calls_new(m, t, opts);
  fpa_raise *raise = calls ? fpa_raise_new(m, t, opts, calls) : NULL;
  if (!calls || !raise) {
    fpa_calls_destroy(calls);
    fpa_raise_destroy(raise);
    if (error)
      *error = fpa_strdup("out of memory");
    return FPA_ERR_NOMEM;
  }
  /* on the heap: about 4 KiB; without it the lowering looks each
   * intrinsic up again and keeps each NaN repair's loop at its site */
  fpa_decls *decls = calloc(1, sizeof *decls);
  if (!decls) {
    fpa_calls_destroy(calls);
    fpa_raise_destroy(raise);
    if (error)
      *error = fpa_strdup("out of memory");
    return FPA_ERR_NOMEM;
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  int rc = FPA_OK;
  /* The functions of the module as it came, but for definitions of the
   * recognized spellings (the CUDA header's fallbacks): those are lowered
   * after the calls to them became atomicrmw and the unused ones were
   * erased, so that no record describes code that is then deleted. The
   * lowering appends its own functions (the NaN repair's), which it
   * builds complete. */
  LLVMValueRef last = LLVMGetLastFunction(m);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m), next; fn && rc == FPA_OK;
       fn = next) {
    next = fn == last ? NULL : LLVMGetNextFunction(fn);
    if (!LLVMIsDeclaration(fn) && !fpa_calls_spells(calls, fn))
      rc = lower_defined(m, fn, t, opts, report, b, calls, raise, decls,
                         error);
  }
  if (rc == FPA_OK)
    rc = verify_added(last, opts, b, error);
  if (rc == FPA_OK)
    rc = fpa_calls_report_unreached(calls, report);
  if (rc == FPA_OK) {
    fpa_calls_erase_unused(calls);
    fpa_raise_erase_unused(raise);
    last = LLVMGetLastFunction(m);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m), next; fn && rc == FPA_OK;
         fn = next) {
      next = fn == last ? NULL : LLVMGetNextFunction(fn);
      if (!LLVMIsDeclaration(fn) && fpa_calls_spells(calls, fn))
        rc = lower_defined(m, fn, t, opts, report, b, calls, raise, decls,
                           error);
    }
    if (rc == FPA_OK)
      rc = verify_added(last, opts, b, error);
    if (rc == FPA_OK) {
      /* what those functions' own calls and loops left unused */
      fpa_calls_erase_unused(calls);
      fpa_raise_erase_unused(raise);
    }
  }
  fpa_raise_destroy(raise);
  fpa_calls_destroy(calls);
  fpa_decls_free(decls);
  LLVMDisposeBuilder(b);
  if (rc == FPA_ERR_NOMEM && error && !*error)
    *error = fpa_strdup("out of memory");
  return rc;
}

typedef struct lower_job {
  LLVMModuleRef m;
  const fpa_options *opts;
  fpa_report **report_out;
  char **error;
} lower_job;

static int run_lower_job(void *arg) {
  lower_job *j = arg;
  return lower_module(j->m, j->opts, j->report_out, j->error);
}

int fpa_lower_module(LLVMModuleRef m, const fpa_options *opts,
                     fpa_report **report_out, char **error) {
  if (error)
    *error = NULL;
  lower_job j = {m, opts, report_out, error};
  char reason[512];
  int rc = fpa_guard_call(opts, run_lower_job, &j, reason, sizeof reason);
  if (rc == FPA_ERR_FATAL && error) {
    /* a message the lowering stored before LLVM's fatal error gives way */
    free(*error);
    *error =
        fpa_strprintf("LLVM reported a fatal error while lowering: %s", reason);
  }
  return rc;
}
