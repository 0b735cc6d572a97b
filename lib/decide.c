/*===-- decide.c - one strategy per instruction, and why ------------------===*\
|*                                                                          *|
|* Exact by default. The only inexact forms are the ones an `assume=`       *|
|* option names. Order of questions: can it be touched at all (type,        *|
|* alignment)? did the user say keep? does the target do it natively? is    *|
|* the integer trick exact here? otherwise, which cmpxchg loop fits?        *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *fpa_ordering_name(LLVMAtomicOrdering o) {
  switch (o) {
  case LLVMAtomicOrderingMonotonic:
    return "monotonic";
  case LLVMAtomicOrderingAcquire:
    return "acquire";
  case LLVMAtomicOrderingRelease:
    return "release";
  case LLVMAtomicOrderingAcquireRelease:
    return "acq_rel";
  case LLVMAtomicOrderingSequentiallyConsistent:
    return "seq_cst";
  default:
    return "unordered";
  }
}

const char *fpa_op_name(fpa_op op) {
  static const char *names[] = {"fadd", "fsub",     "fmin",
                                "fmax", "fminimum", "fmaximum"};
  return names[op];
}

const char *fpa_strategy_name(fpa_strategy s) {
  switch (s) {
  case FPA_S_NATIVE:
    return "native";
  case FPA_S_NATIVE_FENCED:
    return "native-fenced";
  case FPA_S_KEEP:
    return "keep";
  case FPA_S_UNSUPPORTED:
    return "none";
  case FPA_S_INT_TRICK:
    return "int-trick";
  case FPA_S_FADD_NEG:
    return "fadd-neg";
  case FPA_S_CAS_LOOP:
    return "cas-loop";
  case FPA_S_CAS_LOOP_MASKED:
    return "cas-loop-masked";
  case FPA_S_FADD_GUARDED:
    return "fadd-guarded";
  case FPA_S_NATIVE_SYS:
    return "native-sys";
  }
  return "?";
}

static void set(fpa_decision *d, fpa_strategy st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void set(fpa_decision *d, fpa_strategy st, const char *fmt, ...) {
  d->strategy = st;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->reason, sizeof d->reason, fmt, ap);
  va_end(ap);
}

/* Whether the function lets f32 results flush to zero. */
/* The f32 denormal mode of `fn` ("OUTPUT,INPUT", or "MODE" for both;
 * "denormal-fp-math-f32", else "denormal-fp-math"): whether its output
 * and its input mode are `out` and `in` (NULL: any). */
static int f32_denormal_mode_is(LLVMValueRef fn, const char *out,
                                const char *const *in, int nin) {
  static const char *names[] = {"denormal-fp-math-f32", "denormal-fp-math"};
  for (int i = 0; i < 2; ++i) {
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
        fn, LLVMAttributeFunctionIndex, names[i], (unsigned)strlen(names[i]));
    if (!a)
      continue;
    unsigned len = 0;
    const char *v = LLVMGetStringAttributeValue(a, &len);
    const char *comma = memchr(v, ',', len);
    size_t olen = comma ? (size_t)(comma - v) : len;
    const char *iv = comma ? comma + 1 : v;
    size_t ilen = comma ? len - olen - 1 : len;
    if (olen != strlen(out) || strncmp(v, out, olen) != 0)
      return 0;
    if (!in)
      return 1;
    for (int k = 0; k < nin; ++k)
      if (ilen == strlen(in[k]) && strncmp(iv, in[k], ilen) == 0)
        return 1;
    return 0;
  }
  return 0;
}

/* Whether `fn`'s f32 arithmetic may flush as PTX's .ftz does: subnormal
 * results to zero of the same sign (output preserve-sign; positive-zero
 * would need +0) and subnormal inputs to zero (input preserve-sign, or
 * dynamic, which may be either). Then the native atom.add.f32 (.ftz) is
 * exact for it. */
static int function_flushes_f32(LLVMValueRef fn) {
  static const char *const in[] = {"preserve-sign", "dynamic"};
  return f32_denormal_mode_is(fn, "preserve-sign", in, 2);
}

int fpa_nvptx_ftz(LLVMValueRef fn) {
  return f32_denormal_mode_is(fn, "preserve-sign", NULL, 0);
}

/* A cmpxchg loop of the right width, or unsupported. */
static void choose_loop(const fpa_site *s, const fpa_caps *c, fpa_decision *d,
                        const char *why) {
  if (s->bits > c->cas_max_bits) {
    set(d, FPA_S_UNSUPPORTED,
        "%s, but a %u-bit cmpxchg is not available (largest is %u bits)", why,
        s->bits, c->cas_max_bits);
    return;
  }
  if (s->bits >= c->cas_min_bits) {
    set(d, FPA_S_CAS_LOOP, "%s", why);
    return;
  }
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(s->mod);
  if (LLVMByteOrder(dl) != LLVMLittleEndian) {
    set(d, FPA_S_UNSUPPORTED,
        "%s, and a masked %u-bit cmpxchg needs a little-endian target", why,
        s->bits);
    return;
  }
  set(d, FPA_S_CAS_LOOP_MASKED, "%s; no %u-bit cmpxchg, so on the 32-bit word",
      why, s->bits);
}

/* Whether inline PTX atom.sys can reach the site's memory (generic, global
 * or shared; fpa_emit_rmw's condition, whatever the type). */
static int sys_asm_reaches(const fpa_site *s, const fpa_caps *c) {
  return fpa_rmw_sys_asm(c) &&
         (s->addrspace == 0 || s->addrspace == 1 || s->addrspace == 3);
}

static void decide_add(const fpa_site *s, const fpa_caps *c,
                       const fpa_options *o, fpa_decision *d) {
  const char *why = "";
  int native = fpa_native_fadd(c, s->vty, &why);
  char buf[200];
  if (o->add == FPA_FS_LOOP) {
    choose_loop(s, c, d, "add=loop");
    return;
  }
  if (!native) {
    snprintf(buf, sizeof buf, "no native fadd: %s", why);
    choose_loop(s, c, d, buf);
    return;
  }
  /* system scope, where the backend prints a native 16-bit add at .gpu
   * and the pass has no inline atom.sys form for it: the cmpxchg loop,
   * whose cas is at .sys (the backend's, or inline PTX where the backend
   * drops a cmpxchg's scope), keeps the scope */
  if (s->ssid == FPA_SYNCSCOPE_SYSTEM && s->lanes == 1 && s->elem_bits < 32 &&
      sys_asm_reaches(s, c)) {
    choose_loop(s, c, d,
                "system scope: the native 16-bit add would act at .gpu "
                "scope, and the loop's cmpxchg keeps .sys");
    return;
  }
  if (fpa_native_fadd_flushes(c, s->vty, s->addrspace) &&
      fpa_guarded_native(s)) {
    set(d, FPA_S_NATIVE,
        "%s; the native add of a guarded add (!" FPA_MD_GUARDED
        "): its operand is at least 2^-101 in magnitude, or inf or NaN",
        why);
    return;
  }
  int flushes = fpa_native_fadd_flushes(c, s->vty, s->addrspace) &&
                !(o->assume & FPA_ASSUME_SUBNORMAL_FLUSH) &&
                !function_flushes_f32(s->fn);
  if (flushes && LLVMIsAConstantFP(s->val)) {
    /* the guard, decided here: |v| >= 2^-101 (inf and NaN too) is exact */
    LLVMBool lost = 0;
    double v = LLVMConstRealGetDouble(s->val, &lost);
    if (!(v >= 0x1p-101 || v <= -0x1p-101) && v == v) {
      choose_loop(s, c, d,
                  "atom.add.f32 flushes subnormals, and the constant "
                  "operand is below 2^-101 in magnitude");
      return;
    }
    if (s->op == FPA_OP_FADD)
      set(d, FPA_S_NATIVE,
          "%s; the constant operand is at least 2^-101 in magnitude, or inf "
          "or NaN, where the flush of atom.add.f32 changes nothing",
          why);
    else
      set(d, FPA_S_FADD_NEG,
          "fsub is fadd of the negated value; %s; the constant operand is "
          "at least 2^-101 in magnitude, or inf or NaN, where the flush of "
          "atom.add.f32 changes nothing",
          why);
    return;
  }
  if (flushes) {
    set(d, FPA_S_FADD_GUARDED,
        "atom.add.f32 flushes subnormals: native %s where |%s| >= 2^-101 "
        "(exact there), an exact cmpxchg loop for smaller operands and "
        "zeros",
        s->op == FPA_OP_FADD ? "add" : "add of -v",
        s->op == FPA_OP_FADD ? "v" : "-v");
    return;
  }
  if (s->op == FPA_OP_FADD) {
    set(d, FPA_S_NATIVE, "%s", why);
    return;
  }
  if (c->target == FPA_TARGET_NVPTX && s->elem_bits == 16 &&
      fpa_nvptx_ftz(s->fn)) {
    /* the backend negates a 16-bit value with neg.ftz here, flushing a
     * subnormal operand that only f32 may flush */
    choose_loop(s, c, d,
                "the backend would negate the 16-bit operand with .ftz "
                "(denormal-fp-math-f32 output preserve-sign), flushing a "
                "subnormal");
    return;
  }
  set(d, FPA_S_FADD_NEG, "fsub is fadd of the negated value; %s", why);
}

static void decide_minmax(const fpa_site *s, const fpa_caps *c,
                          const fpa_options *o, fpa_decision *d) {
  int scalar32or64 = s->lanes == 1 && (s->bits == 32 || s->bits == 64);
  int is_num = s->op == FPA_OP_FMIN || s->op == FPA_OP_FMAX;
  int nan_free = (o->assume & FPA_ASSUME_NAN_FREE_MEMORY) != 0;
  if (o->minmax == FPA_FS_LOOP) {
    choose_loop(s, c, d, "minmax=loop");
    return;
  }
  if (!scalar32or64) {
    choose_loop(s, c, d,
                s->lanes > 1 ? "no integer min/max atomic covers a vector; one "
                               "cmpxchg over its whole width"
                             : "no 16-bit integer min/max atomic");
    return;
  }
  if (is_num) {
    set(d, FPA_S_INT_TRICK,
        nan_free ? "integer min/max by sign bit (assume=nan-free-memory: no "
                   "NaN repair)"
                 : "integer min/max by sign bit, with NaN repair");
    d->nan_repair = !nan_free;
    return;
  }
  if (nan_free) {
    set(d, FPA_S_INT_TRICK,
        "integer min/max by sign bit (assume=nan-free-memory)");
    return;
  }
  choose_loop(s, c, d,
              o->minmax == FPA_FS_INT
                  ? "the integer trick is exact for fminimum/fmaximum only "
                    "under assume=nan-free-memory"
                  : "a NaN of the other sign in memory defeats the integer "
                    "trick for fminimum/fmaximum");
}

/* Why a system-scope read-modify-write of this site cannot be inline PTX
 * atom.sys (fpa_emit_rmw's condition), or NULL where it can. */
static const char *sys_asm_gap(const fpa_site *s, const fpa_caps *c) {
  if (sys_asm_reaches(s, c) && s->lanes == 1 && s->elem_bits >= 32)
    return NULL;
  return c->sm < 60        ? "PTX has no .sys scope before sm_60"
         : !c->ptx_module ? "the module's triple is not nvptx"
         : s->lanes == 1 && s->elem_bits >= 32
             ? "no inline PTX form for this address space"
             : "no inline PTX form for this type";
}

int fpa_wants_mixed_form(const fpa_site *s) {
  return s->result_used || s->bits == 64;
}

/* Whether every value pointer `v` may hold is in thread-local memory: an
 * alloca, or a cast from addrspace(5), through GEPs, casts, selects, phis
 * and inttoptr of a ptrtoint. `seen` holds the phis on the way (a cycle
 * adds no origin); `budget` bounds the walk. */
static int tl_origin(LLVMValueRef v, LLVMValueRef *seen, int *nseen,
                     int *budget) {
  if (--*budget < 0)
    return 0;
  if (LLVMIsAAllocaInst(v))
    return 1;
  LLVMOpcode op;
  if (LLVMIsAInstruction(v))
    op = LLVMGetInstructionOpcode(v);
  else if (LLVMIsAConstantExpr(v))
    op = LLVMGetConstOpcode(v);
  else
    return 0;
  switch (op) {
  case LLVMAddrSpaceCast: {
    unsigned from =
        LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (from != 0)
      return from == 5;
    return tl_origin(LLVMGetOperand(v, 0), seen, nseen, budget);
  }
  case LLVMGetElementPtr:
  case LLVMBitCast:
    return tl_origin(LLVMGetOperand(v, 0), seen, nseen, budget);
  case LLVMIntToPtr: {
    LLVMValueRef i = LLVMGetOperand(v, 0);
    return LLVMIsAPtrToIntInst(i) &&
           tl_origin(LLVMGetOperand(i, 0), seen, nseen, budget);
  }
  case LLVMSelect:
    return tl_origin(LLVMGetOperand(v, 1), seen, nseen, budget) &&
           tl_origin(LLVMGetOperand(v, 2), seen, nseen, budget);
  case LLVMPHI: {
    for (int i = 0; i < *nseen; ++i)
      if (seen[i] == v)
        return 1;
    if (*nseen == 16)
      return 0;
    seen[(*nseen)++] = v;
    unsigned n = LLVMCountIncoming(v);
    for (unsigned k = 0; k < n; ++k)
      if (!tl_origin(LLVMGetIncomingValue(v, k), seen, nseen, budget))
        return 0;
    return n > 0;
  }
  default:
    return 0;
  }
}

int fpa_thread_local_ptr(const fpa_site *s) {
  if (s->addrspace == 5)
    return 1;
  if (s->addrspace != 0)
    return 0;
  LLVMValueRef seen[16];
  int nseen = 0, budget = 256;
  return tl_origin(s->ptr, seen, &nseen, &budget);
}

void fpa_decide(const fpa_site *s, const fpa_caps *c, const fpa_options *o,
                fpa_decision *d) {
  memset(d, 0, sizeof *d);
  LLVMTypeKind ek = LLVMGetTypeKind(s->ety);
  if (ek != LLVMHalfTypeKind && ek != LLVMBFloatTypeKind &&
      ek != LLVMFloatTypeKind && ek != LLVMDoubleTypeKind) {
    set(d, FPA_S_UNSUPPORTED,
        "element type is not half, bfloat, float or double");
    return;
  }
  if (s->align < s->bits / 8) {
    set(d, FPA_S_UNSUPPORTED,
        "under-aligned atomic (align %u < size %u) has no lock-free form",
        s->align, s->bits / 8);
    return;
  }
  /* constant memory (SPIR addrspace(2), NVPTX addrspace(4)) takes no
   * atomic: what the pass would build there is no more valid than the
   * original, so the original stays, with this reason in the report */
  if ((c->target == FPA_TARGET_SPIRV && s->addrspace == 2) ||
      (c->target == FPA_TARGET_NVPTX && s->addrspace == 4)) {
    set(d, FPA_S_UNSUPPORTED,
        "an atomic on the constant address space (addrspace(%u)) cannot "
        "write memory",
        s->addrspace);
    return;
  }
  /* thread-local memory: only this thread reaches it, and the backend
   * makes its atomic a plain load and store; PTX has no atom on .local,
   * and inline PTX on a generic pointer hides the space from the backend,
   * which then leaves a generic atom, undefined on a local address */
  if (c->target == FPA_TARGET_NVPTX && fpa_thread_local_ptr(s)) {
    set(d, FPA_S_NATIVE,
        "thread-local memory (%s): left to the backend, which makes it a "
        "plain load and store, as no other thread reaches it",
        s->addrspace == 5 ? "addrspace(5)"
                          : "a generic pointer to an alloca "
                            "or to addrspace(5)");
    return;
  }
  /* NVPTX's atomics reach generic, global, shared and (sm_90) the
   * cluster's shared memory; an atomic elsewhere is the user's to fix, and
   * what the pass would build there llc cannot select */
  if (c->target == FPA_TARGET_NVPTX && s->addrspace != 0 && s->addrspace != 1 &&
      s->addrspace != 3 && s->addrspace != 7) {
    set(d, FPA_S_UNSUPPORTED,
        "addrspace(%u) is not generic, global or shared memory, where "
        "NVPTX's atomics act",
        s->addrspace);
    return;
  }
  /* PTX has cluster scope from sm_90 with PTX 7.8; below, llc stops on any
   * atomic of that scope, the original included. Where the SM is only the
   * default (no "target-cpu", no sm option), llc's -mcpu decides later. */
  if (c->target == FPA_TARGET_NVPTX && !c->sm_from_default &&
      s->ssid == fpa_compat_syncscope_id(s->ctx, "cluster") &&
      (c->sm < 90 || c->ptx < 78)) {
    set(d, FPA_S_UNSUPPORTED,
        "syncscope(\"cluster\") needs sm_90 and PTX 7.8 (here sm_%u, PTX "
        "%u.%u)",
        c->sm, c->ptx / 10, c->ptx % 10);
    return;
  }
  int is_add = s->op == FPA_OP_FADD || s->op == FPA_OP_FSUB;
  fpa_family_strategy fs = is_add ? o->add : o->minmax;
  if (fs == FPA_FS_KEEP) {
    set(d, FPA_S_KEEP, "%s=keep", is_add ? "add" : "minmax");
    return;
  }
  if (is_add)
    decide_add(s, c, o, d);
  else
    decide_minmax(s, c, o, d);
  /* LLVM 22 NVPTX lowers atomicrmw as relaxed whatever its ordering, so a
   * stronger ordering is kept with explicit fences (cmpxchg loops and fences
   * keep theirs and need none). */
  /* A singlethread ordering only orders against the same thread, which the
   * compiler alone guarantees; NVPTX has no thread-scope fence. */
  int strong = s->ordering != LLVMAtomicOrderingMonotonic &&
               s->ssid != FPA_SYNCSCOPE_SINGLETHREAD;
  if (strong && fpa_rmw_drops_ordering(c) && fpa_already_fenced(s, c)) {
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; between the fences of its ordering already (!" FPA_MD_FENCED
             ")");
  } else if (strong && fpa_rmw_drops_ordering(c)) {
    if (d->strategy == FPA_S_INT_TRICK || d->strategy == FPA_S_FADD_NEG ||
        d->strategy == FPA_S_FADD_GUARDED) {
      d->fences = 1;
      size_t n = strlen(d->reason);
      snprintf(d->reason + n, sizeof d->reason - n,
               "; fenced, as LLVM 22 NVPTX drops an atomicrmw's ordering");
    } else if (d->strategy == FPA_S_NATIVE) {
      d->strategy = FPA_S_NATIVE_FENCED;
      size_t n = strlen(d->reason);
      snprintf(d->reason + n, sizeof d->reason - n,
               "; fences added, as LLVM 22 NVPTX drops an atomicrmw's "
               "ordering");
    }
  }
  /* below sm_70 LLVM 22 prints a cmpxchg with no .sem: acquire, release
   * and acq_rel bare, seq_cst after a membar alone (where a target-cpu
   * names the processor; without one, see README Known gaps) */
  if (strong && fpa_rmw_drops_ordering(c) && c->sm < 70 &&
      !c->sm_from_default &&
      (d->strategy == FPA_S_CAS_LOOP || d->strategy == FPA_S_CAS_LOOP_MASKED ||
       (d->strategy == FPA_S_INT_TRICK && d->nan_repair && d->fences))) {
    /* the integer trick's NaN repair: a second trailing fence after it
     * (fences == 2, build_int.c) */
    int trick = d->strategy == FPA_S_INT_TRICK;
    d->fences = trick ? 2 : 1;
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; %s, as LLVM 22 NVPTX prints a cmpxchg without its ordering "
             "below sm_70",
             trick ? "a trailing fence after the NaN repair too" : "fenced");
  }
  if (strong && c->target == FPA_TARGET_NVPTX && !FPA_NVPTX_HAS_FENCES &&
      (d->strategy == FPA_S_INT_TRICK || d->strategy == FPA_S_FADD_NEG ||
       d->strategy == FPA_S_FADD_GUARDED)) {
    size_t n = strlen(d->reason);
    if (s->ssid == FPA_SYNCSCOPE_SYSTEM && fpa_rmw_sys_asm(c) >= 2 &&
        !sys_asm_gap(s, c))
      /* fpa_emit_rmw and fpa_emit_cmpxchg: the inline atoms' .sem */
      snprintf(d->reason + n, sizeof d->reason - n,
               "; note: this LLVM's NVPTX backend has no fences, so the "
               "ordering is the inline atoms' .sem%s",
               s->ordering == LLVMAtomicOrderingSequentiallyConsistent
                   ? " (acq_rel: no fence.sc)"
                   : "");
    else
      snprintf(d->reason + n, sizeof d->reason - n,
               "; note: this LLVM's NVPTX backend has no fences, so the "
               "ordering rests on its atomicrmw lowering");
  }
  if (o->precheck && d->strategy == FPA_S_INT_TRICK) {
    size_t n = strlen(d->reason);
    if (!fpa_noop_may_be_load(s)) {
      if (o->precheck != FPA_PRECHECK_ADAPTIVE)
        snprintf(d->reason + n, sizeof d->reason - n,
               "; no precheck: only a non-volatile monotonic no-op may be a "
               "load");
    } else if (o->precheck == FPA_PRECHECK_ADAPTIVE &&
               (c->target != FPA_TARGET_NVPTX || c->sm < 70 || c->ptx < 60 ||
                s->lanes > 1 || o->aggregate == FPA_AGG_WARP)) {
      /* the default: where it does not apply, the int trick as it is */
    } else if (o->precheck == FPA_PRECHECK_ADAPTIVE) {
      /* the mixed-sign form waits for its load, as NaN repair waits for
       * the atomic's old value. It pays where the result is used, and for
       * 64-bit values, whose two integer atomics are slower than a load
       * and a cmpxchg; a 32-bit site whose result is unused takes both
       * integer atomics, which at many cold addresses beat the load's
       * round trip before the cmpxchg, and tests no signs. It needs
       * activemask (PTX 6.2), which the PTX the code is sure to get must
       * have. */
      int cas = d->nan_repair && c->ptx_sure >= 62 && !s->one_lane &&
                fpa_wants_mixed_form(s);
      d->precheck = cas ? FPA_PRECHECK_ADAPTIVE_CAS : FPA_PRECHECK_ADAPTIVE;
      snprintf(d->reason + n, sizeof d->reason - n,
               "; adaptive precheck: skipped when a load shows no change, "
               "while a hint in shared memory says recent updates were "
               "no-ops%s",
               cas ? "; else a warp whose operands have both signs first "
                     "tries one cmpxchg from a loaded value"
                   : "");
    } else {
      d->precheck = 1;
      snprintf(d->reason + n, sizeof d->reason - n,
               "; precheck: skipped when a load shows no change");
    }
  }
  if ((d->strategy == FPA_S_CAS_LOOP || d->strategy == FPA_S_CAS_LOOP_MASKED ||
       d->nan_repair) &&
      fpa_noop_may_be_load(s)) {
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; the %sloop ends without cmpxchg when the update leaves "
             "memory unchanged",
             d->nan_repair ? "NaN-repair " : "");
  }
  if (fpa_cas_needs_sys(c, s) &&
      (d->strategy == FPA_S_CAS_LOOP || d->strategy == FPA_S_CAS_LOOP_MASKED ||
       d->strategy == FPA_S_FADD_GUARDED || d->nan_repair)) {
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; note: NVPTX has no singlethread cmpxchg with this ordering, "
             "so its cmpxchg is at system scope (wider)");
  }
  if (c->target == FPA_TARGET_SPIRV && FPA_SPIRV_TRANSLATOR_DROPS_SCOPE &&
      s->ssid != fpa_compat_syncscope_id(s->ctx, "device") &&
      d->strategy != FPA_S_UNSUPPORTED) {
    /* the pass's output keeps the scope; the translator after it does not */
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; note: llvm-spirv 15 writes atomic instructions at Device "
             "scope whatever their syncscope, %s than %s",
             s->ssid == FPA_SYNCSCOPE_SYSTEM ? "narrower" : "wider",
             s->ssid == FPA_SYNCSCOPE_SYSTEM ? "all devices" : "this one");
  }
  int block = s->ssid == fpa_compat_syncscope_id(s->ctx, "block");
  if (c->target == FPA_TARGET_NVPTX && FPA_NVPTX_RMW_DROPS_SCOPE &&
      (block || s->ssid == fpa_compat_syncscope_id(s->ctx, "cluster")) &&
      (((d->strategy == FPA_S_NATIVE || d->strategy == FPA_S_NATIVE_FENCED) &&
        s->op == FPA_OP_FADD) ||
       d->strategy == FPA_S_INT_TRICK || d->strategy == FPA_S_FADD_NEG ||
       d->strategy == FPA_S_FADD_GUARDED)) {
    /* the backend prints an atomicrmw with no scope, which PTX reads as
     * .gpu: wider than asked, so exact, and said */
    size_t n = strlen(d->reason);
    snprintf(d->reason + n, sizeof d->reason - n,
             "; note: the backend emits %s at .gpu scope, wider than %s",
             d->strategy == FPA_S_INT_TRICK ? "its integer atomics" : "the add",
             block ? "block" : "cluster");
  }
  if (c->target == FPA_TARGET_NVPTX && s->ssid == FPA_SYNCSCOPE_SYSTEM &&
      FPA_NVPTX_RMW_DROPS_SCOPE) {
    /* the backend emits a system-scope atomicrmw at .gpu scope */
    int native = (d->strategy == FPA_S_NATIVE ||
                  d->strategy == FPA_S_NATIVE_FENCED) &&
                 s->op == FPA_OP_FADD;
    int lowered = d->strategy == FPA_S_INT_TRICK ||
                  d->strategy == FPA_S_FADD_NEG ||
                  d->strategy == FPA_S_FADD_GUARDED;
    const char *gap = sys_asm_gap(s, c);
    size_t n = strlen(d->reason);
    if (native && !gap) {
      /* fenced where the kept atomicrmw would have been */
      d->fences = d->strategy == FPA_S_NATIVE_FENCED;
      d->strategy = FPA_S_NATIVE_SYS;
    }
    if ((native || lowered) && gap)
      snprintf(d->reason + n, sizeof d->reason - n,
               "; note: %s, so %s at .gpu scope, not .sys", gap,
               native ? "the add acts" : "its atomics act");
    else if (native || lowered)
      snprintf(d->reason + n, sizeof d->reason - n,
               "; system scope: %s inline PTX atom.sys (the backend would "
               "emit %s at .gpu scope)",
               native ? "the add is" : "its atomics are",
               native ? "it" : "them");
  }
}
