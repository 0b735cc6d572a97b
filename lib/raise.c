/*===-- raise.c - hand-written compare-and-swap loops, as atomicrmw -------===*\
|*                                                                          *|
|* Most float atomics in existing code are loops that users wrote around a  *|
|* compare-and-swap: CUDA atomicCAS (cmpxchg in IR), OpenCL C's             *|
|* atomic_cmpxchg / atom_cmpxchg and C11 atomic_compare_exchange_*. This    *|
|* stage finds each such loop that is exactly one atomic read-modify-write  *|
|* of a float and replaces it by that atomicrmw, before lower.c collects    *|
|* atomicrmw instructions; the decision, the report and the builders then   *|
|* treat it as if the user had written it.                                  *|
|*                                                                          *|
|* The matcher does not look for fixed block shapes. It finds the innermost *|
|* natural loop around the compare-and-swap, checks that its body has no    *|
|* other side effect, and runs one iteration symbolically for each outcome  *|
|* of two questions: does f(old, v) equal old bit for bit (nop), and does   *|
|* the compare-and-swap succeed (succ). Values are OLD (this iteration's    *|
|* expected bits), NEW (f(old, v)), CUR (what a failed compare-and-swap     *|
|* returned), constants and values from outside the loop; a branch must be  *|
|* decided by them, or the loop is left. The loop is raised when:           *|
|*  - each iteration compare-and-swaps OLD for NEW, where NEW is exactly    *|
|*    fadd/fsub/minnum/maxnum/minimum/maximum of OLD and a loop-invariant v *|
|*    (through bitcasts only), at a loop-invariant address;                 *|
|*  - OLD is the value the last compare-and-swap returned (a header phi, or *|
|*    C11's expected variable), or a fresh load of the location;            *|
|*  - it leaves the loop exactly when the compare-and-swap succeeded, or,   *|
|*    without one, when nop holds (an early exit, allowed only where OLD    *|
|*    is a read of the location with no write since);                      *|
|*  - after the loop, only OLD is used (it becomes the atomicrmw's result). *|
|* The atomicrmw takes the compare-and-swap's success ordering, syncscope,  *|
|* address space and alignment; it is volatile when the compare-and-swap   *|
|* or the loop's load of the location is. docs/raise.md has the argument.   *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- small helpers over values -------------------------------------------===*/

static int is_fp_type(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
    return 1;
  case LLVMVectorTypeKind:
    return is_fp_type(LLVMGetElementType(t));
  default:
    return 0;
  }
}

static unsigned scalar_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
    return 16;
  case LLVMFloatTypeKind:
    return 32;
  case LLVMDoubleTypeKind:
    return 64;
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(t);
  default:
    return 0;
  }
}

/* The value behind bitcasts between same-width scalars (the bits). */
static LLVMValueRef bits_root(LLVMValueRef v) {
  while (v && LLVMIsABitCastInst(v) &&
         LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
    v = LLVMGetOperand(v, 0);
  return v;
}

static int is_zero_gep(LLVMValueRef v) {
  unsigned n = (unsigned)LLVMGetNumOperands(v);
  for (unsigned i = 1; i < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(v, i);
    if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0)
      return 0;
  }
  return 1;
}

/* The object behind pointer casts and all-zero GEPs. */
static LLVMValueRef ptr_root(LLVMValueRef v) {
  for (int guard = 0; v && guard < 16; ++guard) {
    if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
      v = LLVMGetOperand(v, 0);
    else if (LLVMIsAConstantExpr(v) &&
             (LLVMGetConstOpcode(v) == LLVMBitCast ||
              LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
      v = LLVMGetOperand(v, 0);
    else if ((LLVMIsAGetElementPtrInst(v) ||
              (LLVMIsAConstantExpr(v) &&
               LLVMGetConstOpcode(v) == LLVMGetElementPtr)) &&
             is_zero_gep(v))
      v = LLVMGetOperand(v, 0);
    else
      break;
  }
  return v;
}

static const char *callee_name(LLVMValueRef call, size_t *len) {
  *len = 0;
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f))
    return NULL;
  return LLVMGetValueName2(f, len);
}

static int name_is(const char *s, size_t n, const char *want) {
  return s && strlen(want) == n && memcmp(s, want, n) == 0;
}

static int name_starts(const char *s, size_t n, const char *prefix) {
  size_t p = strlen(prefix);
  return s && n >= p && memcmp(s, prefix, p) == 0;
}

static int is_debug_call(LLVMValueRef call) {
  size_t n;
  const char *s = callee_name(call, &n);
  return name_starts(s, n, "llvm.dbg.");
}

static int has_fn_attr(LLVMValueRef fn, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return kind &&
         LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
}

/* Among `loc` and the call sites it is inlined at, the first in the file
 * of `fn` itself: the line of the user's atomicCAS call rather than the
 * CUDA header's cmpxchg. `loc` when there is none. */
static LLVMMetadataRef user_loc(LLVMValueRef fn, LLVMMetadataRef loc) {
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  LLVMMetadataRef spf = sp ? LLVMDIScopeGetFile(sp) : NULL;
  unsigned flen = 0;
  const char *fname = spf ? LLVMDIFileGetFilename(spf, &flen) : NULL;
  for (LLVMMetadataRef m = loc; m && fname; m = LLVMDILocationGetInlinedAt(m)) {
    LLVMMetadataRef f = LLVMDIScopeGetFile(LLVMDILocationGetScope(m));
    unsigned len = 0;
    const char *name = f ? LLVMDIFileGetFilename(f, &len) : NULL;
    if (name && len == flen && memcmp(name, fname, len) == 0)
      return m;
  }
  return loc;
}

/* The debug location a loop reports: its compare-and-swap's, else that of
 * `branch` (a branch that leaves the loop); NULL without debug info. */
static LLVMMetadataRef loop_loc(LLVMValueRef fn, LLVMValueRef cas,
                                LLVMValueRef branch) {
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(cas);
  if (!loc && branch)
    loc = LLVMInstructionGetDebugLoc(branch);
  return loc ? user_loc(fn, loc) : NULL;
}

/* The weakest ordering at least as strong as both. */
static LLVMAtomicOrdering join_ordering(LLVMAtomicOrdering a,
                                        LLVMAtomicOrdering b) {
  if (b == LLVMAtomicOrderingNotAtomic || b == LLVMAtomicOrderingUnordered ||
      b == LLVMAtomicOrderingMonotonic || a == b)
    return a;
  if (a == LLVMAtomicOrderingNotAtomic || a == LLVMAtomicOrderingUnordered ||
      a == LLVMAtomicOrderingMonotonic)
    return b;
  if (a == LLVMAtomicOrderingSequentiallyConsistent ||
      b == LLVMAtomicOrderingSequentiallyConsistent)
    return LLVMAtomicOrderingSequentiallyConsistent;
  return LLVMAtomicOrderingAcquireRelease; /* acquire/release/acq_rel mix */
}

/*--- the compare-and-swap of a loop
 * ---------------------------------------===*/

typedef enum cas_kind {
  CAS_IR,      /* cmpxchg: {old, success} */
  CAS_VALUE,   /* atomic_cmpxchg, atom_cmpxchg: returns the old value */
  CAS_C11,     /* atomic_compare_exchange_*: expected by pointer, bool */
  CAS_WRAPPER, /* a call to a function that holds a cmpxchg (-O0 atomicCAS) */
} cas_kind;

typedef struct cas_access {
  LLVMValueRef inst;
  cas_kind kind;
  LLVMValueRef ptr;      /* the location operand */
  LLVMValueRef rmw_ptr;  /* the pointer the atomicrmw takes */
  LLVMValueRef expected; /* the expected value (C11: pointer to it) */
  LLVMValueRef desired;
  LLVMTypeRef vty; /* the value type compared and stored */
  unsigned bits;
  int weak, is_volatile;
  LLVMAtomicOrdering ordering;
  unsigned ssid, align;
  LLVMValueRef callee; /* calls: the function called */
  char spelling[64];
  char note[160];
  char error[160];
} cas_access;

/* For a call of NVVM's llvm.nvvm.atomic.cas.gen.i.{cta,sys}.* (clang's
 * atomicCAS_block and atomicCAS_system: PTX atom.cas with no .sem, which
 * is .relaxed, at .cta or .sys scope): the syncscope name, else NULL. */
static const char *nvvm_cas_scope(LLVMValueRef call) {
  if (LLVMGetInstructionOpcode(call) != LLVMCall ||
      LLVMGetNumArgOperands(call) != 3)
    return NULL;
  size_t n;
  const char *s = callee_name(call, &n);
  if (name_starts(s, n, "llvm.nvvm.atomic.cas.gen.i.cta."))
    return "block";
  if (name_starts(s, n, "llvm.nvvm.atomic.cas.gen.i.sys."))
    return "";
  return NULL;
}

/* Whether `fn` is a one-block definition that holds a compare-and-swap
 * (CUDA's atomicCAS before inlining, at -O0). */
static int is_cas_wrapper(LLVMValueRef fn, LLVMValueRef self) {
  if (!fn || !LLVMIsAFunction(fn) || fn == self || LLVMIsDeclaration(fn) ||
      LLVMCountBasicBlocks(fn) != 1)
    return 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)); i;
       i = LLVMGetNextInstruction(i))
    if (LLVMGetInstructionOpcode(i) == LLVMAtomicCmpXchg || nvvm_cas_scope(i))
      return 1;
  return 0;
}

struct fpa_raise {
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  fpa_target target;
  const fpa_options *opts;
  const fpa_calls *calls;
  fpa_raised *raised; /* of the function last processed, sorted by rmw */
  size_t nraised, craised;
  LLVMValueRef *decls; /* declarations whose calls a raise removed */
  size_t ndecls, cdecls;
  unsigned id_minnum, id_maxnum, id_minimum, id_maximum;
};

/* Fills `a` when `inst` is a compare-and-swap this stage knows. */
static int cas_of(const fpa_raise *r, LLVMValueRef inst, LLVMValueRef fn,
                  cas_access *a) {
  memset(a, 0, sizeof *a);
  a->inst = inst;
  LLVMOpcode opc = LLVMGetInstructionOpcode(inst);
  if (opc == LLVMAtomicCmpXchg) {
    /* a loop the lowering built (a later run over its output) */
    if (fpa_has_mark(r->ctx, inst, FPA_MD_LOOP))
      return 0;
    a->kind = CAS_IR;
    a->ptr = a->rmw_ptr = LLVMGetOperand(inst, 0);
    a->expected = LLVMGetOperand(inst, 1);
    a->desired = LLVMGetOperand(inst, 2);
    a->vty = LLVMTypeOf(a->expected);
    if (LLVMGetTypeKind(a->vty) != LLVMIntegerTypeKind)
      return 0;
    a->bits = LLVMGetIntTypeWidth(a->vty);
    a->weak = LLVMGetWeak(inst) != 0;
    a->is_volatile = LLVMGetVolatile(inst) != 0;
    a->ordering = LLVMGetCmpXchgSuccessOrdering(inst);
    a->ssid = fpa_compat_get_syncscope(inst);
    a->align = LLVMGetAlignment(inst);
    snprintf(a->spelling, sizeof a->spelling, "cmpxchg");
    return 1;
  }
  if (opc != LLVMCall)
    return 0;
  fpa_cas_call cc;
  a->callee = LLVMGetCalledValue(inst);
  if (fpa_calls_cas(r->calls, inst, &cc)) {
    a->kind = cc.by_pointer ? CAS_C11 : CAS_VALUE;
    a->ptr = LLVMGetOperand(inst, 0);
    a->rmw_ptr = cc.ptr;
    a->expected = LLVMGetOperand(inst, 1);
    a->desired = LLVMGetOperand(inst, 2);
    a->vty = LLVMTypeOf(a->desired);
    a->bits = cc.bits;
    a->weak = cc.weak;
    a->ordering = cc.ordering;
    a->ssid = fpa_compat_syncscope_id(r->ctx, cc.scope);
    a->align = cc.bits / 8;
    snprintf(a->spelling, sizeof a->spelling, "%s", cc.spelling);
    snprintf(a->note, sizeof a->note, "%s", cc.note);
    snprintf(a->error, sizeof a->error, "%s", cc.error);
    if (scalar_bits(a->vty) != a->bits ||
        (a->kind == CAS_VALUE && LLVMTypeOf(inst) != a->vty))
      snprintf(a->error, sizeof a->error,
               "its operands or result are not of the mangled type");
    return 1;
  }
  const char *nvvm =
      r->target == FPA_TARGET_NVPTX ? nvvm_cas_scope(inst) : NULL;
  if (nvvm) {
    a->kind = CAS_VALUE;
    a->ptr = a->rmw_ptr = LLVMGetOperand(inst, 0);
    a->expected = LLVMGetOperand(inst, 1);
    a->desired = LLVMGetOperand(inst, 2);
    a->vty = LLVMTypeOf(a->desired);
    a->bits = scalar_bits(a->vty);
    a->ordering = LLVMAtomicOrderingMonotonic;
    a->ssid = fpa_compat_syncscope_id(r->ctx, nvvm);
    a->align = a->bits / 8;
    snprintf(a->spelling, sizeof a->spelling, "%s",
             *nvvm ? "atomicCAS_block" : "atomicCAS_system");
    snprintf(a->note, sizeof a->note, "%s",
             *nvvm ? "llvm.nvvm.atomic.cas.gen.i.cta: relaxed, block scope"
                   : "llvm.nvvm.atomic.cas.gen.i.sys: relaxed, system scope");
    if (LLVMGetTypeKind(a->vty) != LLVMIntegerTypeKind ||
        LLVMTypeOf(inst) != a->vty)
      return 0;
    return 1;
  }
  if (is_cas_wrapper(a->callee, fn)) {
    size_t n = 0;
    const char *s = LLVMGetValueName2(a->callee, &n);
    a->kind = CAS_WRAPPER;
    a->ptr = LLVMGetNumArgOperands(inst) ? LLVMGetOperand(inst, 0) : NULL;
    a->vty = LLVMTypeOf(inst);
    snprintf(a->spelling, sizeof a->spelling, "%.*s", (int)(n < 60 ? n : 60),
             s);
    return 1;
  }
  return 0;
}

/*--- the operation that computes the new value
 * ----------------------------===*/

/* The fpa_op of a call that computes minnum/maxnum/minimum/maximum of two
 * operands, or -1; `what` names it. OpenCL C's fmin/fmax (declarations,
 * on SPIR/SPIR-V) return the other operand for one NaN, and leave the sign
 * of a zero result unspecified, so minnum's -0 < +0 refines them. */
static int call_op(const fpa_raise *r, LLVMValueRef call, const char **what) {
  if (LLVMGetNumArgOperands(call) != 2)
    return -1;
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f))
    return -1;
  unsigned id = LLVMGetIntrinsicID(f);
  if (id) {
    if (id == r->id_minnum)
      return *what = "llvm.minnum", FPA_OP_FMIN;
    if (id == r->id_maxnum)
      return *what = "llvm.maxnum", FPA_OP_FMAX;
    if (id == r->id_minimum)
      return *what = "llvm.minimum", FPA_OP_FMINIMUM;
    if (id == r->id_maximum)
      return *what = "llvm.maximum", FPA_OP_FMAXIMUM;
    return -1;
  }
  if (r->target != FPA_TARGET_SPIRV || !LLVMIsDeclaration(f))
    return -1;
  size_t n;
  const char *s = LLVMGetValueName2(f, &n);
  static const char *const mins[] = {"_Z4fminff", "_Z4fmindd", "_Z4fminDhDh"};
  static const char *const maxs[] = {"_Z4fmaxff", "_Z4fmaxdd", "_Z4fmaxDhDh"};
  for (int i = 0; i < 3; ++i) {
    if (name_is(s, n, mins[i]))
      return *what = "OpenCL fmin", FPA_OP_FMIN;
    if (name_is(s, n, maxs[i]))
      return *what = "OpenCL fmax", FPA_OP_FMAX;
  }
  return -1;
}

static LLVMAtomicRMWBinOp binop_of(fpa_op op) {
  switch (op) {
  case FPA_OP_FADD:
    return LLVMAtomicRMWBinOpFAdd;
  case FPA_OP_FSUB:
    return LLVMAtomicRMWBinOpFSub;
  case FPA_OP_FMIN:
    return LLVMAtomicRMWBinOpFMin;
  case FPA_OP_FMAX:
    return LLVMAtomicRMWBinOpFMax;
#if FPA_HAS_FMINIMUM
  case FPA_OP_FMINIMUM:
    return LLVMAtomicRMWBinOpFMinimum;
  case FPA_OP_FMAXIMUM:
    return LLVMAtomicRMWBinOpFMaximum;
#endif
  default:
    return LLVMAtomicRMWBinOpFMax;
  }
}

/*--- one loop, analysed
 * ---------------------------------------------------===*/

enum { SHAPE_RETURNED, SHAPE_REREAD, SHAPE_C11 };

/* A symbolic value of one iteration. */
enum {
  SY_NOTEXEC, /* not executed on this path */
  SY_UNKNOWN,
  SY_OLD, /* the iteration's expected bits */
  SY_NEW, /* f(OLD, v) */
  SY_CUR, /* what a failed compare-and-swap returned (!= OLD if strong) */
  SY_TRUE,
  SY_FALSE,
  SY_OUTSIDE, /* a value defined outside the loop, or a constant */
  /* a masked loop (a 16-bit float in a 32-bit word): */
  SY_LANES, /* bits by 16-bit lane, ln[] and lc[] */
  SY_OLDE,  /* the old element (16 bits) */
  SY_NEWE   /* f(OLDE, v) */
};
/* A lane of SY_LANES: a constant, a half of the old word, the new element */
enum { LN_UNK, LN_C, LN_OLD0, LN_OLD1, LN_NEW };
typedef struct sym {
  int kind;
  LLVMValueRef v;       /* SY_OUTSIDE */
  unsigned char ln[2];  /* SY_LANES: low and high 16 bits */
  unsigned short lc[2]; /* LN_C: the lane's bits */
} sym;

enum { MAX_LOOP_INSTS = 512, MAX_EXIT_PHIS = 16 };

typedef struct exit_phi {
  LLVMValueRef phi;
  int decided; /* 0: no exit path seen yet */
  sym value;   /* SY_OLD, or SY_OUTSIDE */
} exit_phi;

typedef struct plan {
  const fpa_raise *r;
  const fpa_cfg *c;
  unsigned char *in; /* the loop's blocks */
  size_t header, pre, exit;
  cas_access cas;
  int shape;
  LLVMValueRef old_root; /* the phi, the re-read load or C11's load */
  LLVMValueRef slot;     /* C11: the expected variable's alloca */
  LLVMValueRef op_inst, operand;
  fpa_op op;
  const char *op_what;
  LLVMTypeRef fty;
  LLVMValueRef init; /* RETURNED/C11: the value of OLD on entry */
  int early_exit;
  /* masked: f works on a 16-bit element of the 32-bit word, at bit 0 or
   * 16 as the value `base` (outside the loop) says: case_val[k] gives the
   * element at pos_case[k] (0: low half, 1: high half) */
  int masked;
  LLVMValueRef elem_x; /* f's operand that holds the old element */
  LLVMValueRef base;   /* NULL: one position */
  unsigned long long case_val[2];
  int ncases, pos_case[2];
  LLVMAtomicOrdering ordering;
  int is_volatile;
  LLVMValueRef loc; /* the instruction whose location the loop takes */
  /* the loop's instructions, sorted, with their symbolic values */
  LLVMValueRef insts[MAX_LOOP_INSTS];
  size_t ninsts;
  LLVMValueRef outside[MAX_LOOP_INSTS]; /* loop values used after it */
  size_t noutside;
  /* extractvalue 0 of the cmpxchg after the loop (clang-15 leaves some) */
  LLVMValueRef extracts[MAX_EXIT_PHIS];
  size_t nextracts;
  exit_phi phis[MAX_EXIT_PHIS];
  size_t nphis;
  char why[256];
} plan;

static int by_ptr(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (const LLVMValueRef *)a;
  uintptr_t y = (uintptr_t) * (const LLVMValueRef *)b;
  return x < y ? -1 : x > y;
}

static size_t inst_index(const plan *p, LLVMValueRef v) {
  const LLVMValueRef *k = bsearch(&v, p->insts, p->ninsts, sizeof v, by_ptr);
  return k ? (size_t)(k - p->insts) : FPA_CFG_NONE;
}

static int in_loop(const plan *p, LLVMValueRef v) {
  if (!v || !LLVMIsAInstruction(v))
    return 0;
  size_t b = fpa_cfg_index(p->c, LLVMGetInstructionParent(v));
  return b != FPA_CFG_NONE && p->in[b];
}

static int fail(plan *p, const char *fmt, const char *arg) {
  snprintf(p->why, sizeof p->why, fmt, arg ? arg : "");
  return 0;
}

/* One path through one iteration. */
typedef struct walk {
  plan *p;
  int nop, succ;
  int cas_case, pos; /* masked: the case of `base`, the element's lane */
  sym *vals;         /* per p->insts */
  size_t prev;
  int cas_done, exited;
  size_t from; /* the block that left the loop or took the back edge */
} walk;

static sym mk(int kind) {
  sym s = {kind, NULL, {0, 0}, {0, 0}};
  return s;
}

/* The value of `v`, an integer defined outside the loop, when p->base has
 * the value `cv`: constants, base, and integer operations over them. */
static int fold(const plan *p, LLVMValueRef v, unsigned long long cv, int depth,
                unsigned long long *out) {
  if (LLVMIsAConstantInt(v)) {
    *out = LLVMConstIntGetZExtValue(v);
    return 1;
  }
  if (p->base && v == p->base) {
    *out = cv;
    return 1;
  }
  if (depth > 8 || !LLVMIsAInstruction(v) || in_loop(p, v) ||
      LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
    return 0;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (width > 64)
    return 0;
  unsigned long long mask = width == 64 ? ~0ull : (1ull << width) - 1, a, b;
  LLVMOpcode opc = LLVMGetInstructionOpcode(v);
  if (opc == LLVMSelect) {
    if (!fold(p, LLVMGetOperand(v, 0), cv, depth + 1, &a))
      return 0;
    return fold(p, LLVMGetOperand(v, a ? 1 : 2), cv, depth + 1, out);
  }
  if (!fold(p, LLVMGetOperand(v, 0), cv, depth + 1, &a))
    return 0;
  if (opc == LLVMZExt || opc == LLVMTrunc) {
    *out = a & mask;
    return 1;
  }
  if (LLVMGetNumOperands(v) != 2 ||
      !fold(p, LLVMGetOperand(v, 1), cv, depth + 1, &b))
    return 0;
  unsigned long long r;
  switch (opc) {
  case LLVMAnd:
    r = a & b;
    break;
  case LLVMOr:
    r = a | b;
    break;
  case LLVMXor:
    r = a ^ b;
    break;
  case LLVMAdd:
    r = a + b;
    break;
  case LLVMSub:
    r = a - b;
    break;
  case LLVMMul:
    r = a * b;
    break;
  case LLVMShl:
  case LLVMLShr:
    if (b >= width)
      return 0;
    r = opc == LLVMShl ? a << b : a >> b;
    break;
  case LLVMICmp: {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(v);
    if (pr != LLVMIntEQ && pr != LLVMIntNE)
      return 0;
    r = (a == b) == (pr == LLVMIntEQ);
    break;
  }
  default:
    return 0;
  }
  *out = r & mask;
  return 1;
}

/* Whether `v` is the kind of value that picks the element of a word: an
 * i1 (a condition), `x & 16`, `(x & 2) << 3` or `(x & 2) * 8` (a bit
 * offset of 0 or 16); its two values in vals[]. */
static int position_value(LLVMValueRef v, unsigned long long vals[2]) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMIsAConstant(v))
    return 0;
  vals[0] = 0;
  vals[1] = 1;
  if (LLVMGetIntTypeWidth(t) == 1)
    return 1;
  if (!LLVMIsAInstruction(v))
    return 0;
  LLVMOpcode opc = LLVMGetInstructionOpcode(v);
  LLVMValueRef x = LLVMGetNumOperands(v) == 2 ? LLVMGetOperand(v, 0) : NULL;
  LLVMValueRef k = x ? LLVMGetOperand(v, 1) : NULL;
  unsigned long long kv =
      k && LLVMIsAConstantInt(k) ? LLVMConstIntGetZExtValue(k) : 0;
  vals[1] = 16;
  if (opc == LLVMAnd && kv == 16)
    return 1;
  if ((opc == LLVMShl && kv == 3) || (opc == LLVMMul && kv == 8)) {
    LLVMValueRef y =
        x && LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMAnd
            ? LLVMGetOperand(x, 1)
            : NULL;
    return y && LLVMIsAConstantInt(y) && LLVMConstIntGetZExtValue(y) == 2;
  }
  return 0;
}

/* The position value behind an integer `v` from outside the loop (through
 * integer operations), into p->base; 0 when two differ. */
static int find_base(plan *p, LLVMValueRef v, int depth) {
  unsigned long long vals[2];
  if (LLVMIsAConstant(v) || in_loop(p, v))
    return 1;
  if (position_value(v, vals)) {
    if (p->base && p->base != v)
      return 0;
    p->base = v;
    p->case_val[0] = vals[0];
    p->case_val[1] = vals[1];
    return 1;
  }
  if (depth > 8 || !LLVMIsAInstruction(v))
    return 1;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMLShr:
  case LLVMZExt:
  case LLVMTrunc:
  case LLVMICmp:
  case LLVMSelect:
    for (int k = 0; k < LLVMGetNumOperands(v); ++k)
      if (!find_base(p, LLVMGetOperand(v, k), depth + 1))
        return 0;
    return 1;
  default:
    return 1;
  }
}

static sym eval(walk *w, LLVMValueRef v) {
  plan *p = w->p;
  unsigned long long x;
  if (p->masked && !in_loop(p, v) && !LLVMIsAConstant(v) &&
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind &&
      fold(p, v, p->case_val[w->cas_case], 0, &x))
    v = LLVMConstInt(LLVMTypeOf(v), x, 0);
  if (!in_loop(p, v)) {
    if (LLVMIsAConstantInt(v) && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1)
      return mk(LLVMConstIntGetZExtValue(v) ? SY_TRUE : SY_FALSE);
    sym s = mk(SY_OUTSIDE);
    s.v = v;
    return s;
  }
  size_t i = inst_index(p, v);
  return i == FPA_CFG_NONE ? mk(SY_UNKNOWN) : w->vals[i];
}

static sym not_sym(sym s) {
  return mk(s.kind == SY_TRUE    ? SY_FALSE
            : s.kind == SY_FALSE ? SY_TRUE
                                 : SY_UNKNOWN);
}

static sym lanes(int l0, unsigned c0, int l1, unsigned c1) {
  sym s = {SY_LANES,
           NULL,
           {(unsigned char)l0, (unsigned char)l1},
           {(unsigned short)c0, (unsigned short)c1}};
  return s;
}

/* `s` by lanes (masked loops); 0 where it has none. */
static int lanes_of(const walk *w, sym s, sym *out) {
  int pos = w->pos, old = pos == 1 ? LN_OLD1 : LN_OLD0;
  switch (s.kind) {
  case SY_LANES:
    *out = s;
    return 1;
  case SY_OLD:
    *out = lanes(LN_OLD0, 0, LN_OLD1, 0);
    return 1;
  case SY_NEW:
    if (pos < 0)
      return 0;
    *out = pos ? lanes(LN_OLD0, 0, LN_NEW, 0) : lanes(LN_NEW, 0, LN_OLD1, 0);
    return 1;
  case SY_OLDE:
    *out = lanes(old, 0, LN_C, 0);
    return pos >= 0;
  case SY_NEWE:
    *out = lanes(LN_NEW, 0, LN_C, 0);
    return 1;
  case SY_OUTSIDE:
    if (!LLVMIsAConstantInt(s.v))
      return 0;
    {
      unsigned long long c = LLVMConstIntGetZExtValue(s.v);
      *out = lanes(LN_C, (unsigned)(c & 0xffff), LN_C,
                   (unsigned)(c >> 16 & 0xffff));
    }
    return 1;
  default:
    return 0;
  }
}

/* SY_LANES of a `width`-bit value as OLD/NEW (word) or OLDE/NEWE (element)
 * where it is one of them. */
static sym norm(const walk *w, sym s, unsigned width) {
  if (s.kind != SY_LANES)
    return s;
  int pos = w->pos;
  if (width == 32) {
    if (s.ln[0] == LN_OLD0 && s.ln[1] == LN_OLD1)
      return mk(SY_OLD);
    if (pos >= 0 && s.ln[pos] == LN_NEW &&
        s.ln[1 - pos] == (pos ? LN_OLD0 : LN_OLD1))
      return mk(SY_NEW);
  } else if (width == 16) {
    if (pos >= 0 && s.ln[0] == (pos ? LN_OLD1 : LN_OLD0))
      return mk(SY_OLDE);
    if (s.ln[0] == LN_NEW)
      return mk(SY_NEWE);
    s.ln[1] = LN_C;
    s.lc[1] = 0;
  }
  return s;
}

/* a == b lane by lane, for `width`-bit values of a masked loop. */
static sym equal_lanes(const walk *w, sym a, sym b, unsigned width) {
  sym x, y;
  if ((width != 16 && width != 32) || !lanes_of(w, a, &x) ||
      !lanes_of(w, b, &y))
    return mk(SY_UNKNOWN);
  int all = 1;
  for (unsigned k = 0; k < width / 16; ++k) {
    int p = x.ln[k], q = y.ln[k], old = w->pos == 1 ? LN_OLD1 : LN_OLD0;
    if (p == LN_C && q == LN_C) {
      if (x.lc[k] != y.lc[k])
        return mk(SY_FALSE);
    } else if (p == q && p != LN_UNK) {
      continue;
    } else if (w->pos >= 0 &&
               ((p == LN_NEW && q == old) || (q == LN_NEW && p == old))) {
      if (!w->nop)
        return mk(SY_FALSE);
    } else {
      all = 0;
    }
  }
  return mk(all ? SY_TRUE : SY_UNKNOWN);
}

/* a == b bit for bit, where it is decided (`width`: of the values). */
static sym equal(const walk *w, sym a, sym b, unsigned width) {
  if (a.kind == SY_NOTEXEC || b.kind == SY_NOTEXEC || a.kind == SY_UNKNOWN ||
      b.kind == SY_UNKNOWN)
    return mk(SY_UNKNOWN);
  if (a.kind >= SY_LANES || b.kind >= SY_LANES)
    return equal_lanes(w, a, b, width);
  if (w->nop) { /* NEW is OLD */
    if (a.kind == SY_NEW)
      a.kind = SY_OLD;
    if (b.kind == SY_NEW)
      b.kind = SY_OLD;
  }
  if (a.kind == SY_OUTSIDE && b.kind == SY_OUTSIDE) {
    if (a.v == b.v)
      return mk(SY_TRUE);
    /* integer constants are unique per type and value (clang-15 keeps
     * a loop's exit as `select success, 2, 0` compared with 0) */
    if (LLVMIsAConstantInt(a.v) && LLVMIsAConstantInt(b.v) &&
        LLVMTypeOf(a.v) == LLVMTypeOf(b.v))
      return mk(SY_FALSE);
  }
  if (a.kind == SY_OUTSIDE || b.kind == SY_OUTSIDE)
    return mk(SY_UNKNOWN);
  if (a.kind == b.kind)
    return mk(SY_TRUE);
  int ka = a.kind < b.kind ? a.kind : b.kind;
  int kb = a.kind < b.kind ? b.kind : a.kind;
  if (ka == SY_TRUE || kb == SY_TRUE)
    return mk(ka == kb ? SY_TRUE : SY_FALSE); /* TRUE vs FALSE */
  if (ka == SY_OLD && kb == SY_NEW)
    return mk(SY_FALSE); /* !nop */
  if (ka == SY_OLD && kb == SY_CUR)
    return mk(w->p->cas.weak ? SY_UNKNOWN : SY_FALSE);
  return mk(SY_UNKNOWN); /* NEW vs CUR, booleans vs bits */
}

/* The masked loop's word and element operations, by lanes. */
static sym eval_lanes(walk *w, LLVMValueRef i, LLVMOpcode opc, unsigned width) {
  sym a, b;
  if (!lanes_of(w, eval(w, LLVMGetOperand(i, 0)), &a))
    return mk(SY_UNKNOWN);
  switch (opc) {
  case LLVMTrunc:
  case LLVMZExt:
    return norm(w, lanes(a.ln[0], a.lc[0], LN_C, 0), width);
  case LLVMShl:
  case LLVMLShr: {
    if (!lanes_of(w, eval(w, LLVMGetOperand(i, 1)), &b) || b.ln[0] != LN_C ||
        b.ln[1] != LN_C || b.lc[1] != 0)
      return mk(SY_UNKNOWN);
    if (b.lc[0] == 0)
      return norm(w, a, width);
    if (b.lc[0] != 16 || width != 32)
      return mk(SY_UNKNOWN);
    return norm(w,
                opc == LLVMShl ? lanes(LN_C, 0, a.ln[0], a.lc[0])
                               : lanes(a.ln[1], a.lc[1], LN_C, 0),
                width);
  }
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor: {
    if (!lanes_of(w, eval(w, LLVMGetOperand(i, 1)), &b))
      return mk(SY_UNKNOWN);
    sym r = lanes(LN_UNK, 0, LN_UNK, 0);
    for (int k = 0; k < 2; ++k) {
      int x = a.ln[k], y = b.ln[k];
      unsigned cx = a.lc[k], cy = b.lc[k];
      if (x == LN_C && y == LN_C) {
        r.ln[k] = LN_C;
        r.lc[k] = (unsigned short)(opc == LLVMAnd  ? cx & cy
                                   : opc == LLVMOr ? cx | cy
                                                   : cx ^ cy);
      } else if (x == LN_C || y == LN_C) {
        unsigned c = x == LN_C ? cx : cy;
        int other = x == LN_C ? y : x;
        unsigned oc = x == LN_C ? cy : cx;
        if (opc == LLVMAnd && c == 0)
          r.ln[k] = LN_C, r.lc[k] = 0;
        else if ((opc == LLVMAnd && c == 0xffff) || (opc != LLVMAnd && c == 0))
          r.ln[k] = (unsigned char)other, r.lc[k] = (unsigned short)oc;
      }
    }
    return norm(w, r, width);
  }
  default:
    return mk(SY_UNKNOWN);
  }
}

static sym eval_inst(walk *w, LLVMValueRef i) {
  plan *p = w->p;
  if (i == p->old_root)
    return mk(SY_OLD);
  if (i == p->op_inst && !p->masked)
    return mk(SY_NEW);
  if (i == p->op_inst) {
    /* f of the element: which lane it reads fixes the position */
    sym x = eval(w, p->elem_x), l;
    if (x.kind == SY_OLDE)
      return mk(SY_NEWE);
    if (!lanes_of(w, x, &l) || (l.ln[0] != LN_OLD0 && l.ln[0] != LN_OLD1))
      return mk(SY_UNKNOWN);
    int pos = l.ln[0] == LN_OLD1;
    if (w->pos >= 0 && w->pos != pos)
      return mk(SY_UNKNOWN);
    w->pos = pos;
    return mk(SY_NEWE);
  }
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  if (p->masked && LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMIntegerTypeKind &&
      (LLVMGetIntTypeWidth(LLVMTypeOf(i)) == 16 ||
       LLVMGetIntTypeWidth(LLVMTypeOf(i)) == 32) &&
      (opc == LLVMTrunc || opc == LLVMZExt || opc == LLVMShl ||
       opc == LLVMLShr || opc == LLVMAnd || opc == LLVMOr || opc == LLVMXor))
    return eval_lanes(w, i, opc, LLVMGetIntTypeWidth(LLVMTypeOf(i)));
  if (i == p->cas.inst) {
    w->cas_done++;
    if ((p->shape != SHAPE_C11 && eval(w, p->cas.expected).kind != SY_OLD) ||
        eval(w, p->cas.desired).kind != SY_NEW)
      return mk(SY_UNKNOWN); /* checked by the caller */
    if (p->cas.kind == CAS_VALUE)
      return mk(w->succ ? SY_OLD : SY_CUR);
    if (p->cas.kind == CAS_C11)
      return mk(w->succ ? SY_TRUE : SY_FALSE);
    return mk(SY_UNKNOWN); /* cmpxchg's pair: read by extractvalue */
  }
  switch (opc) {
  case LLVMPHI: {
    unsigned n = LLVMCountIncoming(i);
    for (unsigned k = 0; k < n; ++k)
      if (fpa_cfg_index(p->c, LLVMGetIncomingBlock(i, k)) == w->prev)
        return eval(w, LLVMGetIncomingValue(i, k));
    return mk(SY_UNKNOWN);
  }
  case LLVMBitCast:
    if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind)
      return mk(SY_UNKNOWN);
    return eval(w, LLVMGetOperand(i, 0));
  case LLVMExtractValue: {
    if (LLVMGetOperand(i, 0) != p->cas.inst || LLVMGetNumIndices(i) != 1)
      return mk(SY_UNKNOWN);
    unsigned k = LLVMGetIndices(i)[0];
    if (k == 0)
      return mk(w->succ ? SY_OLD : SY_CUR);
    return mk(w->succ ? SY_TRUE : SY_FALSE);
  }
  case LLVMICmp: {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(i);
    if (pr != LLVMIntEQ && pr != LLVMIntNE)
      return mk(SY_UNKNOWN);
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(i, 0));
    unsigned width = LLVMGetTypeKind(ot) == LLVMIntegerTypeKind
                         ? LLVMGetIntTypeWidth(ot)
                         : 0;
    sym e = equal(w, eval(w, LLVMGetOperand(i, 0)),
                  eval(w, LLVMGetOperand(i, 1)), width);
    return pr == LLVMIntEQ ? e : not_sym(e);
  }
  case LLVMXor:
  case LLVMAnd:
  case LLVMOr: {
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(i)) != 1)
      return mk(SY_UNKNOWN);
    sym a = eval(w, LLVMGetOperand(i, 0)), b = eval(w, LLVMGetOperand(i, 1));
    int ka = a.kind == SY_TRUE ? 1 : a.kind == SY_FALSE ? 0 : -1;
    int kb = b.kind == SY_TRUE ? 1 : b.kind == SY_FALSE ? 0 : -1;
    if (opc == LLVMOr && (ka == 1 || kb == 1))
      return mk(SY_TRUE);
    if (opc == LLVMAnd && (ka == 0 || kb == 0))
      return mk(SY_FALSE);
    if (ka < 0 || kb < 0)
      return mk(SY_UNKNOWN);
    int r = opc == LLVMXor ? ka ^ kb : opc == LLVMAnd ? ka & kb : ka | kb;
    return mk(r ? SY_TRUE : SY_FALSE);
  }
  case LLVMSelect: {
    sym c = eval(w, LLVMGetOperand(i, 0));
    if (c.kind == SY_TRUE)
      return eval(w, LLVMGetOperand(i, 1));
    if (c.kind == SY_FALSE)
      return eval(w, LLVMGetOperand(i, 2));
    return mk(SY_UNKNOWN);
  }
  default:
    return mk(SY_UNKNOWN);
  }
}

/* Whether a branch condition is (or negates, or combines) a float compare. */
static int involves_fcmp(LLVMValueRef v, int depth) {
  if (!v || !LLVMIsAInstruction(v) || depth > 4)
    return 0;
  LLVMOpcode opc = LLVMGetInstructionOpcode(v);
  if (opc == LLVMFCmp)
    return 1;
  if (opc == LLVMXor || opc == LLVMAnd || opc == LLVMOr || opc == LLVMSelect ||
      opc == LLVMZExt || opc == LLVMICmp || opc == LLVMPHI) {
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned k = 0; k < n && k < 4; ++k)
      if (involves_fcmp(LLVMGetOperand(v, k), depth + 1))
        return 1;
  }
  return 0;
}

/* Runs one iteration for one (nop, succ); 0 with p->why on a failure. */
static int run_walk(walk *w) {
  plan *p = w->p;
  const fpa_cfg *c = p->c;
  for (size_t k = 0; k < p->ninsts; ++k)
    w->vals[k] = mk(SY_NOTEXEC);
  unsigned char *seen = calloc(c->n, 1);
  if (!seen)
    return fail(p, "out of memory", NULL);
  size_t b = p->header;
  w->prev = p->pre;
  w->cas_done = w->exited = 0;
  int ok = 1;
  for (;;) {
    if (seen[b]) {
      ok = fail(p, "the loop holds another loop", NULL);
      break;
    }
    seen[b] = 1;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->bb[b]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->bb[b]); i && i != t;
         i = LLVMGetNextInstruction(i)) {
      size_t k = inst_index(p, i);
      /* header phis: OLD, or (carried along) unknown */
      if (b == p->header && LLVMGetInstructionOpcode(i) == LLVMPHI)
        w->vals[k] = mk(i == p->old_root ? SY_OLD : SY_UNKNOWN);
      else
        w->vals[k] = eval_inst(w, i);
      if (i == p->cas.inst &&
          ((p->shape != SHAPE_C11 && eval(w, p->cas.expected).kind != SY_OLD) ||
           eval(w, p->cas.desired).kind != SY_NEW)) {
        ok = fail(p,
                  "the compare-and-swap does not swap the old value for "
                  "f(old, v) on every path",
                  NULL);
        break;
      }
    }
    if (!ok)
      break;
    size_t next;
    if (LLVMIsConditional(t)) {
      LLVMValueRef cond = LLVMGetCondition(t);
      sym s = eval(w, cond);
      if (s.kind != SY_TRUE && s.kind != SY_FALSE) {
        ok = fail(p,
                  involves_fcmp(cond, 0)
                      ? "its exit test compares floats, not bits (a NaN can "
                        "make such a loop spin, and raising would change "
                        "that)"
                  : p->cas.weak
                      ? "a branch in the loop depends on something other "
                        "than the compare-and-swap's success bit (a weak "
                        "one can fail and still return the expected value)"
                      : "a branch in the loop depends on something other "
                        "than the compare-and-swap's outcome and whether "
                        "f(old, v) equals old",
                  NULL);
        break;
      }
      next = fpa_cfg_index(c, LLVMGetSuccessor(t, s.kind == SY_TRUE ? 0 : 1));
    } else {
      next = fpa_cfg_index(c, LLVMGetSuccessor(t, 0));
    }
    w->prev = b;
    if (next == p->header) {
      w->from = b;
      break;
    }
    if (next == FPA_CFG_NONE || !p->in[next]) {
      w->from = b;
      w->exited = 1;
      break;
    }
    b = next;
  }
  free(seen);
  return ok;
}

/* Whether `v` is a read of the location that is still current at the end
 * of block `pre`: a load, cmpxchg result or OpenCL read of the same object
 * in `pre`, with nothing after it there that may write memory (other than
 * C11's expected variable). */
static int fresh_read(const fpa_raise *r, const plan *p, LLVMValueRef v) {
  v = bits_root(v);
  if (!v || !LLVMIsAInstruction(v) ||
      fpa_cfg_index(p->c, LLVMGetInstructionParent(v)) != p->pre)
    return 0;
  LLVMValueRef obj = ptr_root(p->cas.ptr), src = NULL;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMLoad:
    src = LLVMGetOperand(v, 0);
    break;
  case LLVMExtractValue:
    if (LLVMGetInstructionOpcode(LLVMGetOperand(v, 0)) == LLVMAtomicCmpXchg &&
        LLVMGetIndices(v)[0] == 0)
      src = LLVMGetOperand(LLVMGetOperand(v, 0), 0);
    break;
  case LLVMCall: {
    size_t n;
    const char *s = callee_name(v, &n);
    cas_access a;
    if (name_starts(s, n, "_Z11atomic_loadP") ||
        name_starts(s, n, "_Z20atomic_load_explicitP") ||
        (cas_of(r, v, NULL, &a) && a.kind == CAS_VALUE))
      src = LLVMGetOperand(v, 0);
    break;
  }
  default:
    break;
  }
  if (!src || ptr_root(src) != obj)
    return 0;
  for (LLVMValueRef i = LLVMGetNextInstruction(v); i;
       i = LLVMGetNextInstruction(i)) {
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMStore:
      if (!p->slot || ptr_root(LLVMGetOperand(i, 1)) != p->slot)
        return 0;
      break;
    case LLVMCall: {
      size_t n;
      const char *s = callee_name(i, &n);
      if (!name_starts(s, n, "llvm.dbg.") &&
          !name_starts(s, n, "llvm.lifetime."))
        return 0;
      break;
    }
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
    case LLVMFence:
    case LLVMInvoke:
    case LLVMCallBr:
      return 0;
    default:
      break;
    }
  }
  return 1;
}

/* The value C11's expected variable holds on entry: the last store to it
 * in the block before the loop. */
static LLVMValueRef slot_init(const plan *p) {
  LLVMBasicBlockRef pre = p->c->bb[p->pre];
  for (LLVMValueRef i = LLVMGetLastInstruction(pre); i;
       i = LLVMGetPreviousInstruction(i))
    if (LLVMGetInstructionOpcode(i) == LLVMStore &&
        ptr_root(LLVMGetOperand(i, 1)) == p->slot)
      return LLVMGetOperand(i, 0);
  return NULL;
}

/* Checks each instruction of the loop for side effects; fills p->insts. */
static int scan_body(plan *p) {
  const fpa_cfg *c = p->c;
  p->ninsts = 0;
  for (size_t b = 0; b < c->n; ++b) {
    if (!p->in[b])
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->bb[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (p->ninsts == MAX_LOOP_INSTS)
        return fail(p, "the loop is too large to analyse", NULL);
      p->insts[p->ninsts++] = i;
      if (i == p->cas.inst)
        continue;
      LLVMOpcode opc = LLVMGetInstructionOpcode(i);
      switch (opc) {
      case LLVMStore:
        return fail(p, "its body has another side effect: a store", NULL);
      case LLVMLoad:
        /* volatile and atomic loads are checked after the operand (such a
         * load is often v) */
        break;
      case LLVMAtomicCmpXchg:
        return fail(p,
                    "its body has another side effect: a second "
                    "compare-and-swap",
                    NULL);
      case LLVMAtomicRMW:
        return fail(p, "its body has another side effect: an atomicrmw", NULL);
      case LLVMFence:
        return fail(p, "its body has another side effect: a fence", NULL);
      case LLVMCall: {
        const char *what;
        if (is_debug_call(i) || call_op(p->r, i, &what) >= 0)
          break;
        size_t n;
        const char *s = callee_name(i, &n);
        char name[96];
        snprintf(name, sizeof name, "%.*s", (int)(n < 80 ? n : 80),
                 s ? s : "an indirect callee");
        snprintf(p->why, sizeof p->why,
                 "its body has another side effect: a call to %s", name);
        return 0;
      }
      case LLVMBr:
      case LLVMPHI:
        break;
      case LLVMAlloca:
        return fail(p, "its body allocates stack memory", NULL);
      default:
        if (LLVMIsATerminatorInst(i))
          return fail(p,
                      "its body has control flow other than branches "
                      "(a switch, call with unwind, return, ...)",
                      NULL);
        break;
      }
    }
  }
  qsort(p->insts, p->ninsts, sizeof *p->insts, by_ptr);
  return 1;
}

/* Collects the loop's values used after it, and the exit block's phis. */
static int scan_uses(plan *p) {
  p->noutside = p->nphis = p->nextracts = 0;
  LLVMBasicBlockRef exit = p->c->bb[p->exit];
  for (LLVMValueRef i = LLVMGetFirstInstruction(exit);
       i && LLVMGetInstructionOpcode(i) == LLVMPHI;
       i = LLVMGetNextInstruction(i)) {
    if (p->nphis == MAX_EXIT_PHIS)
      return fail(p, "the loop's exit block has too many phis", NULL);
    exit_phi e = {i, 0, mk(SY_UNKNOWN)};
    p->phis[p->nphis++] = e;
  }
  for (size_t k = 0; k < p->ninsts; ++k) {
    LLVMValueRef v = p->insts[k];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user) || in_loop(p, user))
        continue;
      if (LLVMGetInstructionOpcode(user) == LLVMPHI &&
          LLVMGetInstructionParent(user) == exit)
        continue; /* read per exit edge (p->phis) */
      if (v == p->cas.inst && p->cas.kind == CAS_IR &&
          LLVMGetInstructionOpcode(user) == LLVMExtractValue &&
          LLVMGetNumIndices(user) == 1 && LLVMGetIndices(user)[0] == 0) {
        if (p->nextracts == MAX_EXIT_PHIS)
          return fail(p, "the loop's result is read too often", NULL);
        p->extracts[p->nextracts++] = user;
        continue;
      }
      if (p->noutside && p->outside[p->noutside - 1] == v)
        continue;
      p->outside[p->noutside++] = v;
    }
  }
  return 1;
}

/* Checks what the loop hands to its exit on a path that leaves it. */
static int check_exit(walk *w) {
  plan *p = w->p;
  if (p->nextracts && !(w->cas_done && w->succ))
    return fail(p,
                "the code after the loop reads a compare-and-swap result "
                "that is not the last, successful one",
                NULL);
  int want = p->masked ? SY_OLDE : SY_OLD;
  for (size_t k = 0; k < p->noutside; ++k) {
    sym s = eval(w, p->outside[k]);
    if (s.kind != want)
      return fail(p,
                  s.kind == SY_NEW || s.kind == SY_NEWE
                      ? "the new value is used after the loop"
                  : s.kind == SY_OLD
                      ? "the code after the loop uses the old 32-bit word, "
                        "of which only the element is known after raising"
                      : "a value of the loop other than the old value is "
                        "used after it",
                  NULL);
  }
  for (size_t k = 0; k < p->nphis; ++k) {
    exit_phi *e = &p->phis[k];
    unsigned n = LLVMCountIncoming(e->phi);
    for (unsigned j = 0; j < n; ++j) {
      if (fpa_cfg_index(p->c, LLVMGetIncomingBlock(e->phi, j)) != w->from)
        continue;
      sym s = eval(w, LLVMGetIncomingValue(e->phi, j));
      if (s.kind == SY_TRUE || s.kind == SY_FALSE) {
        s.v = LLVMGetIncomingValue(e->phi, j);
        s.kind = in_loop(p, s.v) ? SY_UNKNOWN : SY_OUTSIDE;
      }
      if (s.kind != want && s.kind != SY_OUTSIDE)
        return fail(p,
                    s.kind == SY_NEW || s.kind == SY_NEWE
                        ? "the new value is used after the loop"
                        : "a value of the loop other than the old value is "
                          "used after it",
                    NULL);
      if (e->decided && (e->value.kind != s.kind || e->value.v != s.v))
        return fail(p, "its exits hand different values to the code after it",
                    NULL);
      e->decided = 1;
      e->value = s;
    }
  }
  return 1;
}

/* For a 32-bit compare-and-swap whose new value is no float operation: the
 * one operation of the loop on a 16-bit float with one operand from inside
 * the loop (the element, x) and one from outside (v), as a masked loop
 * computes the element's new value. Returns how many there are; fills x,
 * v and p's operation when there is one. */
static int masked_op(const fpa_raise *r, plan *p, LLVMValueRef *x,
                     LLVMValueRef *v) {
  int found = 0, op = -1;
  LLVMValueRef fi = NULL, fx = NULL, fv = NULL;
  const char *fwhat = NULL;
  for (size_t k = 0; k < p->ninsts; ++k) {
    LLVMValueRef i = p->insts[k];
    LLVMTypeRef t = LLVMTypeOf(i);
    if (LLVMGetTypeKind(t) != LLVMHalfTypeKind &&
        LLVMGetTypeKind(t) != LLVMBFloatTypeKind)
      continue;
    LLVMOpcode opc = LLVMGetInstructionOpcode(i);
    const char *what = opc == LLVMFAdd ? "fadd" : "fsub";
    int o = opc == LLVMFAdd   ? FPA_OP_FADD
            : opc == LLVMFSub ? FPA_OP_FSUB
            : opc == LLVMCall ? call_op(r, i, &what)
                              : -1;
    if (o < 0)
      continue;
    LLVMValueRef a = LLVMGetOperand(i, 0), b = LLVMGetOperand(i, 1);
    if (in_loop(p, a) == in_loop(p, b) || (o == FPA_OP_FSUB && !in_loop(p, a)))
      continue;
    ++found;
    fi = i;
    fx = in_loop(p, a) ? a : b;
    fv = in_loop(p, a) ? b : a;
    fwhat = what;
    op = o;
  }
  if (found != 1)
    return found;
  *x = fx;
  *v = fv;
  p->op_inst = fi;
  p->op_what = fwhat;
  p->op = (fpa_op)op;
  return 1;
}

/* Finds the loop's structure and shape; fills p. 0 with p->why. */
static int analyse(const fpa_raise *r, plan *p) {
  const fpa_cfg *c = p->c;
  cas_access *a = &p->cas;
  if (a->kind == CAS_WRAPPER)
    return fail(p,
                "its compare-and-swap is a call to %s, not an instruction "
                "(the call is not inlined)",
                a->spelling);
  if (a->error[0])
    return fail(p, "%s", a->error);
  /* one way in, one block after */
  p->pre = p->exit = FPA_CFG_NONE;
  for (size_t k = c->pred_start[p->header]; k < c->pred_start[p->header + 1];
       ++k) {
    size_t q = c->pred[k];
    if (p->in[q])
      continue;
    if (p->pre != FPA_CFG_NONE && p->pre != q)
      return fail(p, "the loop is entered from more than one block", NULL);
    p->pre = q;
  }
  if (p->pre == FPA_CFG_NONE)
    return fail(p, "the loop has no entry", NULL);
  for (size_t b = 0; b < c->n; ++b) {
    if (!p->in[b])
      continue;
    for (size_t k = c->succ_start[b]; k < c->succ_start[b + 1]; ++k) {
      size_t s = c->succ[k];
      if (p->in[s])
        continue;
      if (p->exit != FPA_CFG_NONE && p->exit != s)
        return fail(p, "the loop leaves to more than one block", NULL);
      p->exit = s;
    }
  }
  if (p->exit == FPA_CFG_NONE)
    return fail(p, "the loop has no exit", NULL);
  if (!scan_body(p))
    return 0;
  if (in_loop(p, a->ptr) || in_loop(p, a->rmw_ptr))
    return fail(p,
                "the address is computed inside the loop, so it may change "
                "between iterations",
                NULL);
  if (LLVMGetTypeKind(LLVMTypeOf(a->ptr)) != LLVMPointerTypeKind)
    return fail(p, "the compare-and-swap's address is not a pointer", NULL);
  /* where this iteration's expected value comes from */
  LLVMValueRef obj = ptr_root(a->ptr);
  if (a->kind == CAS_C11) {
    p->shape = SHAPE_C11;
    p->slot = ptr_root(a->expected);
    if (!p->slot || !LLVMIsAAllocaInst(p->slot))
      return fail(p,
                  "its expected value is not in a local variable of the "
                  "function",
                  NULL);
    p->old_root = NULL;
    for (size_t k = 0; k < p->ninsts; ++k) {
      LLVMValueRef i = p->insts[k];
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      for (unsigned j = 0; j < n; ++j) {
        LLVMValueRef o = LLVMGetOperand(i, j);
        if (LLVMGetTypeKind(LLVMTypeOf(o)) != LLVMPointerTypeKind ||
            ptr_root(o) != p->slot || (i == a->inst && j == 1))
          continue;
        if (LLVMGetInstructionOpcode(i) != LLVMLoad || p->old_root)
          return fail(p,
                      "the loop reads or writes its expected-value variable "
                      "other than through one load and the "
                      "compare-and-swap",
                      NULL);
        p->old_root = i;
      }
    }
    if (!p->old_root)
      return fail(p, "the loop does not read its expected value", NULL);
  } else {
    LLVMValueRef e = bits_root(a->expected);
    if (LLVMIsAPHINode(e) && LLVMGetInstructionParent(e) == c->bb[p->header])
      p->shape = SHAPE_RETURNED;
    else if (LLVMIsALoadInst(e) && in_loop(p, e) &&
             ptr_root(LLVMGetOperand(e, 0)) == obj)
      p->shape = SHAPE_REREAD;
    else
      return fail(p,
                  "its expected value is neither what the last "
                  "compare-and-swap returned nor a fresh load of the "
                  "location",
                  NULL);
    p->old_root = e;
  }
  /* the new value: f(old, v) */
  LLVMValueRef f = bits_root(a->desired);
  if (!f || !LLVMIsAInstruction(f) || !in_loop(p, f))
    return fail(p,
                "its new value is not computed in the loop from the value "
                "the compare-and-swap expects",
                NULL);
  LLVMValueRef x = NULL, v = NULL;
  int op = -1;
  LLVMOpcode fopc = LLVMGetInstructionOpcode(f);
  if (fopc == LLVMFAdd || fopc == LLVMFSub) {
    op = fopc == LLVMFAdd ? FPA_OP_FADD : FPA_OP_FSUB;
    p->op_what = fopc == LLVMFAdd ? "fadd" : "fsub";
    x = LLVMGetOperand(f, 0);
    v = LLVMGetOperand(f, 1);
    if (fopc == LLVMFAdd && bits_root(x) != p->old_root) {
      x = LLVMGetOperand(f, 1);
      v = LLVMGetOperand(f, 0);
    }
    if (fopc == LLVMFSub && bits_root(v) == p->old_root &&
        bits_root(x) != p->old_root)
      return fail(p, "its new value is v - old (atomicrmw fsub is old - v)",
                  NULL);
  } else if (fopc == LLVMCall) {
    op = call_op(r, f, &p->op_what);
    if (op >= 0) {
      x = LLVMGetOperand(f, 0);
      v = LLVMGetOperand(f, 1);
      if (bits_root(x) != p->old_root) {
        x = LLVMGetOperand(f, 1);
        v = LLVMGetOperand(f, 0);
      }
    }
  }
  int nmasked = op < 0 && a->bits == 32 && p->shape != SHAPE_C11
                    ? masked_op(r, p, &x, &v)
                    : 0;
  if (nmasked > 1)
    return fail(p,
                "its new 16-bit element is computed by more than one "
                "operation (a choice between them is not one atomicrmw)",
                NULL);
  if (nmasked == 1) {
    /* a 16-bit float in a 32-bit word: where it is, the walks tell */
    p->masked = 1;
    op = (int)p->op;
    f = p->op_inst;
    p->elem_x = x;
    p->base = NULL;
    for (size_t k = 0; k < p->ninsts; ++k)
      for (int j = 0; j < LLVMGetNumOperands(p->insts[k]); ++j) {
        LLVMValueRef o = LLVMGetOperand(p->insts[k], j);
        if (!in_loop(p, o) &&
            LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMIntegerTypeKind &&
            !find_base(p, o, 0))
          return fail(p,
                      "its element's position in the word depends on more "
                      "than one value",
                      NULL);
      }
    p->ncases = p->base ? 2 : 1;
    p->pos_case[0] = p->pos_case[1] = -1;
  }
  if (op < 0) {
    char what[128];
    if (fopc == LLVMCall) {
      size_t n;
      const char *s = callee_name(f, &n);
      snprintf(what, sizeof what, "a call to %.*s", (int)(n < 40 ? n : 40),
               s ? s : "an indirect callee");
    } else if (fopc == LLVMSelect) {
      snprintf(what, sizeof what,
               "a select (a compare and select is not minnum/maxnum at "
               "+-0 and NaN)");
    } else {
      static const struct {
        LLVMOpcode opc;
        const char *name;
      } names[] = {{LLVMFMul, "an fmul"}, {LLVMFDiv, "an fdiv"},
                   {LLVMFRem, "an frem"}, {LLVMFNeg, "an fneg"},
                   {LLVMLoad, "a load"},  {LLVMPHI, "a phi"}};
      snprintf(what, sizeof what, "another instruction");
      for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k)
        if (names[k].opc == fopc)
          snprintf(what, sizeof what, "%s", names[k].name);
    }
    snprintf(p->why, sizeof p->why,
             "its new value is not fadd, fsub, minnum, maxnum, minimum or "
             "maximum of the old value and v: it is %s",
             what);
    return 0;
  }
  if (!p->masked && bits_root(x) != p->old_root)
    return fail(p, "its new value is not computed from the old value", NULL);
  if (in_loop(p, v))
    return fail(p,
                LLVMIsALoadInst(v)
                    ? "its operand v is loaded again in each iteration, so it "
                      "may change between iterations"
                    : "its operand v is computed inside the loop, so it may "
                      "change between iterations",
                NULL);
  for (size_t k = 0; k < p->ninsts; ++k) {
    LLVMValueRef i = p->insts[k];
    if (i != p->old_root && LLVMIsALoadInst(i) &&
        (LLVMGetVolatile(i) ||
         LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic))
      return fail(p,
                  ptr_root(LLVMGetOperand(i, 0)) == obj
                      ? "its body has another side effect: a second volatile "
                        "or atomic load of the location"
                      : "its body has another side effect: a volatile or "
                        "atomic load of other memory",
                  NULL);
  }
  p->op = (fpa_op)op;
  p->op_inst = f;
  p->operand = v;
  p->fty = LLVMTypeOf(f);
  if (LLVMGetTypeKind(p->fty) == LLVMVectorTypeKind || !is_fp_type(p->fty))
    return fail(p, "its new value is not a scalar float", NULL);
  if (scalar_bits(p->fty) != (p->masked ? 16 : a->bits))
    return fail(p,
                p->masked ? "its new value is not a 16-bit float in the word"
                          : "its float is not as wide as the compare-and-swap",
                NULL);
  if (scalar_bits(LLVMTypeOf(a->desired)) != a->bits ||
      (p->shape != SHAPE_C11 &&
       scalar_bits(LLVMTypeOf(a->expected)) != a->bits))
    return fail(p, "its operands differ in width", NULL);
#if !FPA_HAS_FMINIMUM
  if (op == FPA_OP_FMINIMUM || op == FPA_OP_FMAXIMUM)
    return fail(p,
                "atomicrmw fminimum/fmaximum need LLVM 20 or later (this "
                "library is built on LLVM " LLVM_VERSION_STRING ")",
                NULL);
#endif
  /* the ordering, volatility and scope of the atomicrmw */
  p->ordering = a->ordering;
  p->is_volatile = a->is_volatile;
  if (p->shape == SHAPE_REREAD) {
    LLVMValueRef ld = p->old_root;
    LLVMAtomicOrdering lo = LLVMGetOrdering(ld);
    p->is_volatile |= LLVMGetVolatile(ld) != 0;
    if (lo != LLVMAtomicOrderingNotAtomic) {
      if (fpa_compat_get_syncscope(ld) != a->ssid)
        return fail(p,
                    "its load and its compare-and-swap have different "
                    "scopes",
                    NULL);
      p->ordering = join_ordering(p->ordering, lo);
    }
  }
  if (p->shape == SHAPE_RETURNED) {
    unsigned n = LLVMCountIncoming(p->old_root);
    for (unsigned k = 0; k < n; ++k)
      if (fpa_cfg_index(c, LLVMGetIncomingBlock(p->old_root, k)) == p->pre)
        p->init = LLVMGetIncomingValue(p->old_root, k);
  } else if (p->shape == SHAPE_C11) {
    p->init = slot_init(p);
  }
  if (!scan_uses(p))
    return 0;
  /* one iteration, for each outcome */
  sym *vals = malloc(p->ninsts * sizeof *vals + 1);
  if (!vals)
    return fail(p, "out of memory", NULL);
  int ok = 1;
  p->early_exit = 0;
  p->loc = NULL;
  for (int cs = 0; cs < (p->masked ? p->ncases : 1) && ok; ++cs)
    for (int nop = 0; nop < 2 && ok; ++nop)
      for (int succ = 0; succ < 2 && ok; ++succ) {
        walk w = {
            p,    nop,          succ, cs, p->masked ? p->pos_case[cs] : -1,
            vals, FPA_CFG_NONE, 0,    0,  FPA_CFG_NONE};
        if (!run_walk(&w)) {
          ok = 0;
          break;
        }
        if (p->masked && w.pos >= 0)
          p->pos_case[cs] = w.pos;
        if (w.cas_done > 1) {
          ok = fail(p, "an iteration runs the compare-and-swap twice", NULL);
        } else if (!w.cas_done) {
          if (!nop)
            ok = fail(p,
                      "an iteration can skip the compare-and-swap although "
                      "f(old, v) differs from old",
                      NULL);
          else if (!w.exited)
            ok = fail(p,
                      "an iteration goes round again without a "
                      "compare-and-swap",
                      NULL);
          else
            p->early_exit = 1;
        } else if (succ && !w.exited) {
          ok = fail(p,
                    "it does not leave the loop when the compare-and-swap "
                    "succeeds",
                    NULL);
        } else if (!succ && w.exited) {
          ok = fail(p,
                    w.p->cas.weak
                        ? "it leaves the loop when a weak compare-and-swap "
                          "fails (test the success bit instead)"
                        : "it leaves the loop when the compare-and-swap fails",
                    NULL);
        } else if (!succ && p->shape == SHAPE_RETURNED) {
          /* the back edge must carry what the compare-and-swap returned */
          sym s = mk(SY_UNKNOWN);
          unsigned n = LLVMCountIncoming(p->old_root);
          for (unsigned k = 0; k < n; ++k)
            if (fpa_cfg_index(c, LLVMGetIncomingBlock(p->old_root, k)) ==
                w.from)
              s = eval(&w, LLVMGetIncomingValue(p->old_root, k));
          if (s.kind != SY_CUR)
            ok = fail(p,
                      "it does not retry with the value the compare-and-swap "
                      "returned",
                      NULL);
        }
        if (ok && w.exited) {
          ok = check_exit(&w);
          if (ok && succ && w.cas_done && !p->loc)
            p->loc = LLVMGetBasicBlockTerminator(c->bb[w.from]);
        }
      }
  free(vals);
  if (!ok)
    return 0;
  for (int cs = 0; p->masked && cs < p->ncases; ++cs)
    if (p->pos_case[cs] < 0)
      return fail(p,
                  "its new element is not computed from the old element of "
                  "the word",
                  NULL);
  if (p->early_exit && p->shape != SHAPE_REREAD &&
      !(p->init && fresh_read(r, p, p->init)))
    return fail(p,
                "its early exit returns a value that need not be current: "
                "the value it starts from is not a read of the location "
                "just before the loop",
                NULL);
  return 1;
}

/*--- raising
 * ----------------------------------------------------------------===*/

typedef struct mapped {
  LLVMValueRef rmw;
  LLVMBasicBlockRef block;
  LLVMValueRef casts[8]; /* the result as other types, by first use */
  size_t ncasts;
} mapped;

/* The atomicrmw's result as type `ty`, made in the new block. */
static LLVMValueRef result_as(LLVMBuilderRef b, mapped *m, LLVMTypeRef ty) {
  if (LLVMTypeOf(m->rmw) == ty)
    return m->rmw;
  for (size_t k = 0; k < m->ncasts; ++k)
    if (LLVMTypeOf(m->casts[k]) == ty)
      return m->casts[k];
  LLVMValueRef t = LLVMGetBasicBlockTerminator(m->block);
  if (t)
    LLVMPositionBuilderBefore(b, t);
  else
    LLVMPositionBuilderAtEnd(b, m->block);
  LLVMValueRef v = LLVMBuildBitCast(b, m->rmw, ty, "");
  if (m->ncasts < 8)
    m->casts[m->ncasts++] = v;
  return v;
}

static void remember_decl(fpa_raise *r, LLVMValueRef fn) {
  if (!fn || !LLVMIsAFunction(fn) || !LLVMIsDeclaration(fn) ||
      LLVMGetIntrinsicID(fn))
    return;
  for (size_t k = 0; k < r->ndecls; ++k)
    if (r->decls[k] == fn)
      return;
  if (r->ndecls == r->cdecls) {
    size_t n = r->cdecls ? 2 * r->cdecls : 8;
    LLVMValueRef *d = realloc(r->decls, n * sizeof *d);
    if (!d)
      return; /* only a missed clean-up */
    r->decls = d;
    r->cdecls = n;
  }
  r->decls[r->ndecls++] = fn;
}

/* Erases `v` and the bitcasts and plain loads that only fed it. */
static void erase_dead(LLVMValueRef v) {
  while (v && LLVMIsAInstruction(v) && !LLVMGetFirstUse(v)) {
    LLVMValueRef next = NULL;
    if (LLVMIsABitCastInst(v))
      next = LLVMGetOperand(v, 0);
    else if (!(LLVMIsALoadInst(v) && !LLVMGetVolatile(v) &&
               LLVMGetOrdering(v) == LLVMAtomicOrderingNotAtomic))
      return;
    LLVMInstructionEraseFromParent(v);
    v = next;
  }
}

/* Replaces the loop of `p` by the atomicrmw; returns it. */
static LLVMValueRef apply(fpa_raise *r, plan *p, LLVMBuilderRef b) {
  const fpa_cfg *c = p->c;
  LLVMBasicBlockRef header = c->bb[p->header], exit = c->bb[p->exit];
  LLVMBasicBlockRef pre = c->bb[p->pre];
  LLVMMetadataRef loc =
      loop_loc(LLVMGetBasicBlockParent(header), p->cas.inst, p->loc);
  LLVMValueRef init = p->init;
  if (p->cas.callee)
    remember_decl(r, p->cas.callee);
  if (LLVMGetInstructionOpcode(p->op_inst) == LLVMCall)
    remember_decl(r, LLVMGetCalledValue(p->op_inst));

  LLVMBasicBlockRef nb =
      LLVMInsertBasicBlockInContext(r->ctx, header, "cas.raised");
  LLVMPositionBuilderAtEnd(b, nb);
  LLVMSetCurrentDebugLocation2(b, loc);
  LLVMValueRef ptr = p->cas.rmw_ptr;
  unsigned align = p->cas.align;
  if (p->masked) {
    /* the element: byte 0 or 2 of the word (little endian), as the
     * position value selects */
    LLVMTypeRef i8 = LLVMInt8TypeInContext(r->ctx);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(r->ctx);
    LLVMValueRef off = LLVMConstInt(i64, 2ull * (unsigned)p->pos_case[0], 0);
    if (p->ncases == 2 && p->pos_case[0] != p->pos_case[1]) {
      LLVMValueRef is0 = LLVMBuildICmp(
          b, LLVMIntEQ, p->base,
          LLVMConstInt(LLVMTypeOf(p->base), p->case_val[0], 0), "");
      off = LLVMBuildSelect(
          b, is0, off, LLVMConstInt(i64, 2ull * (unsigned)p->pos_case[1], 0),
          "");
    }
    ptr = fpa_compat_ptr_to(b, ptr, i8);
    ptr = LLVMBuildGEP2(b, i8, ptr, &off, 1, "");
    align = 2;
  }
  ptr = fpa_compat_ptr_to(b, ptr, p->fty);
  LLVMValueRef rmw =
      LLVMBuildAtomicRMW(b, binop_of(p->op), ptr, p->operand, p->ordering, 0);
  LLVMSetAlignment(rmw, align);
  fpa_compat_set_syncscope(rmw, p->cas.ssid);
  if (p->is_volatile)
    LLVMSetVolatile(rmw, 1);
  if (p->shape == SHAPE_C11) {
    /* on success C11 leaves the old value in *expected */
    LLVMTypeRef ty = LLVMTypeOf(p->old_root);
    LLVMValueRef val = ty == p->fty ? rmw : LLVMBuildBitCast(b, rmw, ty, "");
    LLVMValueRef st = LLVMBuildStore(b, val, fpa_compat_ptr_to(b, p->slot, ty));
    LLVMSetAlignment(st, LLVMGetAlignment(p->old_root));
  }
  LLVMBuildBr(b, exit);
  mapped m = {rmw, nb, {0}, 0};

  /* redirect the entry edge */
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(pre);
  for (unsigned k = 0; k < LLVMGetNumSuccessors(pt); ++k)
    if (LLVMGetSuccessor(pt, k) == header)
      LLVMSetSuccessor(pt, k, nb);

  /* the exit block's phis: one entry from the new block for the loop's */
  LLVMSetCurrentDebugLocation2(b, NULL);
  for (size_t k = 0; k < p->nphis; ++k) {
    exit_phi *e = &p->phis[k];
    LLVMTypeRef ty = LLVMTypeOf(e->phi);
    LLVMValueRef from_loop = e->value.kind == SY_OLD || e->value.kind == SY_OLDE
                                 ? result_as(b, &m, ty)
                                 : e->value.v;
    LLVMPositionBuilderBefore(b, e->phi);
    LLVMValueRef phi = LLVMBuildPhi(b, ty, "");
    unsigned n = LLVMCountIncoming(e->phi);
    for (unsigned j = 0; j < n; ++j) {
      LLVMBasicBlockRef ib = LLVMGetIncomingBlock(e->phi, j);
      size_t bi = fpa_cfg_index(c, ib);
      if (bi != FPA_CFG_NONE && p->in[bi])
        continue;
      LLVMValueRef iv = LLVMGetIncomingValue(e->phi, j);
      LLVMAddIncoming(phi, &iv, &ib, 1);
    }
    LLVMAddIncoming(phi, &from_loop, &nb, 1);
    size_t len = 0;
    const char *name = LLVMGetValueName2(e->phi, &len);
    char *copy = len ? fpa_strprintf("%.*s", (int)len, name) : NULL;
    LLVMReplaceAllUsesWith(e->phi, phi);
    /* the loop's initial value may be this phi (the exit block is also the
     * loop's preheader): it is gone, and `phi` is in use */
    if (init == e->phi)
      init = NULL;
    LLVMInstructionEraseFromParent(e->phi);
    if (copy)
      LLVMSetValueName2(phi, copy, len);
    free(copy);
  }

  /* uses after the loop: the old value, i.e. the atomicrmw's result */
  for (size_t k = 0; k < p->noutside; ++k) {
    LLVMValueRef v = p->outside[k];
    LLVMValueRef to = result_as(b, &m, LLVMTypeOf(v));
    size_t nu = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
      ++nu;
    LLVMValueRef *users = malloc((nu + 1) * sizeof *users);
    if (!users)
      continue; /* unreachable in practice; the loop stays valid below */
    nu = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAInstruction(user) && !in_loop(p, user))
        users[nu++] = user;
    }
    for (size_t j = 0; j < nu; ++j) {
      unsigned n = (unsigned)LLVMGetNumOperands(users[j]);
      for (unsigned o = 0; o < n; ++o)
        if (LLVMGetOperand(users[j], o) == v)
          LLVMSetOperand(users[j], o, to);
    }
    free(users);
  }

  for (size_t k = 0; k < p->nextracts; ++k) {
    LLVMValueRef x = p->extracts[k];
    LLVMReplaceAllUsesWith(x, result_as(b, &m, LLVMTypeOf(x)));
    LLVMInstructionEraseFromParent(x);
  }

  /* The loop itself: its values give way to poison and its branches lead
   * to the new block, so that nothing refers to its blocks; then each block
   * goes with its instructions (and their debug records: erasing a
   * terminator alone would leave them behind on the block). */
  for (size_t bi = 0; bi < c->n; ++bi) {
    if (!p->in[bi])
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->bb[bi]); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetFirstUse(i))
        LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->bb[bi]);
    for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); ++k)
      LLVMSetSuccessor(t, k, nb);
  }
  for (size_t bi = 0; bi < c->n; ++bi)
    if (p->in[bi])
      LLVMDeleteBasicBlock(c->bb[bi]);
  if (init)
    erase_dead(init);
  return rmw;
}

/*--- the stage
 * ------------------------------------------------------------===*/

static unsigned intrinsic_id(const char *name) {
  return LLVMLookupIntrinsicID(name, strlen(name));
}

fpa_raise *fpa_raise_new(LLVMModuleRef m, fpa_target t, const fpa_options *o,
                         const fpa_calls *calls) {
  fpa_raise *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->mod = m;
  r->ctx = LLVMGetModuleContext(m);
  r->target = t;
  r->opts = o;
  r->calls = calls;
  r->id_minnum = intrinsic_id("llvm.minnum");
  r->id_maxnum = intrinsic_id("llvm.maxnum");
  r->id_minimum = intrinsic_id("llvm.minimum");
  r->id_maximum = intrinsic_id("llvm.maximum");
  return r;
}

void fpa_raise_destroy(fpa_raise *r) {
  if (!r)
    return;
  free(r->raised);
  free(r->decls);
  free(r);
}

static int by_rmw(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const fpa_raised *)a)->rmw;
  uintptr_t y = (uintptr_t)((const fpa_raised *)b)->rmw;
  return x < y ? -1 : x > y;
}

const fpa_raised *fpa_raise_origin(const fpa_raise *r, LLVMValueRef rmw) {
  if (!r || !r->nraised)
    return NULL;
  fpa_raised key;
  key.rmw = rmw;
  return bsearch(&key, r->raised, r->nraised, sizeof key, by_rmw);
}

void fpa_raise_erase_unused(fpa_raise *r) {
  for (size_t k = 0; r && k < r->ndecls; ++k)
    if (!LLVMGetFirstUse(r->decls[k]) && LLVMIsDeclaration(r->decls[k]))
      LLVMDeleteFunction(r->decls[k]);
  if (r)
    r->ndecls = 0;
}

/* Whether the loop's body computes with floats, or its compare-and-swap
 * stores a value computed from a float: the loops worth a report line when
 * they are left. */
static int loop_has_float(const fpa_cfg *c, const unsigned char *in,
                          LLVMValueRef desired) {
  LLVMValueRef d = bits_root(desired);
  if (d && LLVMIsAInstruction(d) && is_fp_type(LLVMTypeOf(d)))
    return 1;
  for (size_t b = 0; b < c->n; ++b) {
    if (!in[b])
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->bb[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (is_fp_type(LLVMTypeOf(i)))
        return 1;
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      for (unsigned k = 0; k < n; ++k)
        if (is_fp_type(LLVMTypeOf(LLVMGetOperand(i, k))))
          return 1;
    }
  }
  return 0;
}

/* A branch that leaves the loop and has a debug location, or NULL. */
static LLVMValueRef exit_branch(const fpa_cfg *c, const unsigned char *in) {
  for (size_t b = 0; b < c->n; ++b) {
    if (!in[b])
      continue;
    for (size_t k = c->succ_start[b]; k < c->succ_start[b + 1]; ++k) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(c->bb[b]);
      if (!in[c->succ[k]] && LLVMInstructionGetDebugLoc(t))
        return t;
    }
  }
  return NULL;
}

/* Fills a record's location from a DILocation, else as fpa_locate()
 * does for an instruction without one. */
static void locate_md(LLVMModuleRef m, LLVMValueRef inst, LLVMMetadataRef loc,
                      fpa_record *r) {
  LLVMMetadataRef f =
      loc ? LLVMDIScopeGetFile(LLVMDILocationGetScope(loc)) : NULL;
  unsigned len = 0;
  const char *name = f ? LLVMDIFileGetFilename(f, &len) : NULL;
  if (!name || !len) {
    fpa_locate(m, inst, r);
    return;
  }
  r->file = name; /* NUL-terminated: an MDString's data */
  r->line = LLVMDILocationGetLine(loc);
  r->column = LLVMDILocationGetColumn(loc);
}

static int report_left(fpa_raise *r, LLVMValueRef fn, const plan *p,
                       int optnone, fpa_report *report) {
  char reason[640];
  if (optnone)
    snprintf(reason, sizeof reason,
             "not raised: the function is optnone (clang -O0), where the "
             "loop keeps its values in memory, not in SSA registers; "
             "compile with -O1 or higher to raise it (here: %s)",
             p->why);
  else
    snprintf(reason, sizeof reason, "not raised: %s", p->why);
  char strategy[80];
  snprintf(strategy, sizeof strategy, "%s-loop", p->cas.spelling);
  LLVMTypeRef ty = p->op_inst ? p->fty : p->cas.vty;
  char *type = ty ? LLVMPrintTypeToString(ty) : NULL;
  size_t fnlen = 0;
  fpa_record rec = {0};
  LLVMMetadataRef loc = loop_loc(fn, p->cas.inst, exit_branch(p->c, p->in));
  locate_md(r->mod, p->cas.inst, loc, &rec);
  rec.action = FPA_ACTION_NOT_RAISED;
  rec.function = LLVMGetValueName2(fn, &fnlen);
  rec.operation = p->op_inst ? fpa_op_name(p->op) : "cas-loop";
  rec.type = type ? type : "?";
  rec.address_space = p->cas.ptr && LLVMGetTypeKind(LLVMTypeOf(p->cas.ptr)) ==
                                        LLVMPointerTypeKind
                          ? LLVMGetPointerAddressSpace(LLVMTypeOf(p->cas.ptr))
                          : 0;
  rec.strategy = strategy;
  rec.reason = reason;
  if (r->opts->callback) {
    /* the callback (the plugin's remark) reads the instruction's location:
     * give it the user's line for the call, not the CUDA header's */
    LLVMMetadataRef own = LLVMInstructionGetDebugLoc(p->cas.inst);
    if (loc)
      LLVMInstructionSetDebugLoc(p->cas.inst, loc);
    r->opts->callback(r->opts->callback_user, &rec, p->cas.inst);
    if (loc)
      LLVMInstructionSetDebugLoc(p->cas.inst, own);
  }
  int rc = report ? fpa_report_add(report, &rec) : FPA_OK;
  LLVMDisposeMessage(type);
  return rc;
}

/* The name of a syncscope ID, among those NVPTX and SPIR-V modules use. */
static const char *scope_name(LLVMContextRef ctx, unsigned ssid) {
  static const char *const names[] = {"block",     "cluster",  "device",
                                      "workgroup", "subgroup", "agent",
                                      "wavefront"};
  if (ssid == FPA_SYNCSCOPE_SYSTEM)
    return "system";
  if (ssid == FPA_SYNCSCOPE_SINGLETHREAD)
    return "singlethread";
  for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k)
    if (fpa_compat_syncscope_id(ctx, names[k]) == ssid)
      return names[k];
  return "another";
}

static int add_raised(fpa_raise *r, const plan *p, LLVMValueRef rmw) {
  if (r->nraised == r->craised) {
    size_t n = r->craised ? 2 * r->craised : 8;
    fpa_raised *q = realloc(r->raised, n * sizeof *q);
    if (!q)
      return FPA_ERR_NOMEM;
    r->raised = q;
    r->craised = n;
  }
  fpa_raised *o = &r->raised[r->nraised++];
  o->rmw = rmw;
  snprintf(o->strategy, sizeof o->strategy, "%s-loop", p->cas.spelling);
  char *vty = LLVMPrintTypeToString(p->cas.vty);
  const char *shape =
      p->shape == SHAPE_RETURNED ? "retries with the value it returned"
      : p->shape == SHAPE_REREAD ? "reads the location in each iteration"
                                 : "retries with the value it left in "
                                   "*expected";
  const char *scope = scope_name(r->ctx, p->cas.ssid);
  snprintf(o->reason, sizeof o->reason,
           "loop around %s %s that %s%s%s, new value %s(old, v) with v "
           "loop-invariant: atomicrmw %s%s %s, %s scope%s%s%s",
           p->cas.spelling, vty ? vty : "?", shape,
           p->early_exit ? ", exits early when unchanged" : "",
           !p->masked       ? ""
           : p->ncases == 1 ? ", on the 16-bit element at a fixed half of "
                              "the word"
                            : ", on the 16-bit element in the half of the "
                              "word that a value from before the loop "
                              "selects",
           p->op_what, fpa_op_name(p->op), p->is_volatile ? " volatile" : "",
           fpa_ordering_name(p->ordering), scope, p->cas.note[0] ? " (" : "",
           p->cas.note, p->cas.note[0] ? ")" : "");
  LLVMDisposeMessage(vty);
  return FPA_OK;
}

typedef struct seen_list {
  LLVMValueRef *v;
  size_t n, cap;
} seen_list;

static int seen_has(const seen_list *s, LLVMValueRef v) {
  for (size_t k = 0; k < s->n; ++k)
    if (s->v[k] == v)
      return 1;
  return 0;
}

static int seen_add(seen_list *s, LLVMValueRef v) {
  if (s->n == s->cap) {
    size_t n = s->cap ? 2 * s->cap : 16;
    LLVMValueRef *q = realloc(s->v, n * sizeof *q);
    if (!q)
      return FPA_ERR_NOMEM;
    s->v = q;
    s->cap = n;
  }
  s->v[s->n++] = v;
  return FPA_OK;
}

int fpa_raise_loops(fpa_raise *r, LLVMValueRef fn, LLVMBuilderRef b,
                    fpa_report *report, int *changed) {
  r->nraised = 0;
  if (!r->opts->raise || (r->calls && fpa_calls_recognizes(r->calls, fn)))
    return FPA_OK;
  int optnone = has_fn_attr(fn, "optnone");
  seen_list decided = {0}, headers = {0};
  int rc = FPA_OK;
  plan *p = malloc(sizeof *p);
  if (!p)
    return FPA_ERR_NOMEM;
  for (int again = 1; again && rc == FPA_OK;) {
    again = 0;
    fpa_cfg c;
    if ((rc = fpa_cfg_build(fn, &c)) != FPA_OK)
      break;
    unsigned char *in = malloc(c.n + 1);
    size_t *work = malloc((c.n + 1) * sizeof *work);
    if (!in || !work) {
      free(in);
      free(work);
      fpa_cfg_free(&c);
      rc = FPA_ERR_NOMEM;
      break;
    }
    for (size_t bi = 0; bi < c.n && !again && rc == FPA_OK; ++bi) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(c.bb[bi]);
           i && !again && rc == FPA_OK; i = LLVMGetNextInstruction(i)) {
        memset(p, 0, sizeof *p);
        if (seen_has(&decided, i) || !cas_of(r, i, fn, &p->cas))
          continue;
        rc = seen_add(&decided, i);
        size_t h = fpa_cfg_innermost_loop(&c, bi, in, work);
        if (rc != FPA_OK || h == FPA_CFG_NONE ||
            !loop_has_float(&c, in, p->cas.desired))
          continue;
        p->r = r;
        p->c = &c;
        p->in = in;
        p->header = h;
        if (seen_has(&headers, LLVMBasicBlockAsValue(c.bb[h])))
          continue; /* another compare-and-swap of a loop already seen */
        if (analyse(r, p)) {
          LLVMValueRef rmw = apply(r, p, b);
          rc = add_raised(r, p, rmw);
          *changed = 1;
          /* the blocks changed, `i` with them: look again from the top
           * (no step to the instruction after `i`, which is gone) */
          again = 1;
          break;
        } else {
          rc = seen_add(&headers, LLVMBasicBlockAsValue(c.bb[h]));
          if (rc == FPA_OK)
            rc = report_left(r, fn, p, optnone, report);
        }
      }
    }
    free(in);
    free(work);
    fpa_cfg_free(&c);
  }
  free(p);
  free(decided.v);
  free(headers.v);
  if (r->nraised > 1)
    qsort(r->raised, r->nraised, sizeof *r->raised, by_rmw);
  return rc;
}
