/*===-- lanes.c - addresses that differ in every lane of a warp ----------===*\
|*                                                                          *|
|* aggregate=warp pays for its grouping test wherever lanes share no        *|
|* address, and there nothing can be combined. Often the address says so:   *|
|* `&out[blockIdx.x * blockDim.x + threadIdx.x]`, `&buf[i & mask]`. This    *|
|* proves, where it can, that the 32 lanes of a warp have 32 different      *|
|* addresses, under a condition on values that are the same in every lane   *|
|* (kernel arguments, %ntid, constants), which warp_group.c tests at run    *|
|* time before any grouping test; where it holds, the warp goes straight to *|
|* the per-lane path. That path is exact for any addresses, so a proof      *|
|* here decides speed only, never a result.                                 *|
|*                                                                          *|
|* The property, for an integer or pointer value v of w bits and a shift s: *|
|*   P_s(v): v mod 2^s is the same in every lane, and (v >> s) mod 32 is    *|
|*           different in every lane (so v is, when s + 5 <= w).            *|
|* %laneid has P_0. %tid.x has P_0 when %ntid.x is a multiple of 32: a      *|
|* warp holds 32 consecutive linear thread ids (CUDA Programming Guide,     *|
|* "SIMT Architecture"), which then share %tid.y and %tid.z and have 32     *|
|* consecutive %tid.x, and 32 consecutive integers differ mod 32. (With     *|
|* %ntid.y = %ntid.z = 1 that holds for any %ntid.x too, but the test is    *|
|* not made: see fpa_warp_lanes_guard in warp_group.c.) With u the same in  *|
|* every lane:                                                              *|
|*   v + u, u + v, v - u, u - v, v ^ u      P_s (a bijection of each lane's *|
|*                                          bits s..s+4, plus a carry that  *|
|*                                          is the same in every lane)      *|
|*   v * c, c = 2^k * odd (constant)        P_(s+k) (odd: a bijection mod   *|
|*                                          32); v << k likewise            *|
|*   v >> k (lshr, ashr), k <= s            P_(s-k)                         *|
|*   v & u                                  P_s if bits s..s+4 of u are all *|
|*                                          ones (a run-time condition      *|
|*                                          unless u is a constant)         *|
|*   v | u                                  P_s if those bits are all zero  *|
|*   zext, sext; trunc to >= s + 5 bits     P_s                             *|
|*   getelementptr u, ..., v, ... (one      P_(s+k), 2^k the largest power  *|
|*   index v, element size 2^k * odd)       of two dividing the size        *|
|*   getelementptr v, u...; bitcast         P_s                             *|
|* An address space cast keeps only "different in every lane" (different    *|
|* memory stays different), which a getelementptr with indices the same in  *|
|* every lane keeps too; nothing else is followed. Same in every lane:      *|
|* constants, a kernel's arguments (not byval or byref pointers: copies per *|
|* thread), %ctaid, %ntid, %nctaid, and pure instructions of such values    *|
|* (no load, phi or call).                                                  *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { L_FAIL = -1, L_DISTINCT = 1000, L_DEPTH = 24 };

typedef struct lanes {
  const fpa_site *s;
  LLVMTargetDataRef dl;
  fpa_lanes *out;
} lanes;

int fpa_is_kernel(LLVMValueRef fn) {
  if (LLVMGetFunctionCallConv(fn) == 71 /* CallingConv::PTX_Kernel */)
    return 1;
  static const char name[] = "nvvm.annotations";
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  unsigned n = LLVMGetNamedMetadataNumOperands(m, name);
  LLVMValueRef *nodes = n ? malloc(n * sizeof *nodes) : NULL;
  if (!nodes)
    return 0;
  LLVMGetNamedMetadataOperands(m, name, nodes);
  int found = 0;
  for (unsigned i = 0; i < n && !found; ++i) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    LLVMValueRef *ops = k >= 3 ? malloc(k * sizeof *ops) : NULL;
    if (!ops)
      continue;
    LLVMGetMDNodeOperands(nodes[i], ops);
    unsigned len = 0;
    const char *what = ops[1] ? LLVMGetMDString(ops[1], &len) : NULL;
    found = ops[0] == fn && what && len == 6 && strncmp(what, "kernel", 6) == 0;
    free(ops);
  }
  free(nodes);
  return found;
}

int fpa_is_copy_arg(LLVMValueRef fn, unsigned i) {
  static const char *const copies[] = {"byval", "byref"};
  for (int k = 0; k < 2; ++k) {
    unsigned kind =
        LLVMGetEnumAttributeKindForName(copies[k], strlen(copies[k]));
    if (LLVMGetEnumAttributeAtIndex(fn, i + 1, kind))
      return 1;
  }
  return 0;
}

/* The name of the function a call calls directly, or NULL. */
static const char *callee_name(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f))
    return NULL;
  size_t len = 0;
  return LLVMGetValueName2(f, &len);
}

static int sreg_is(LLVMValueRef v, const char *reg) {
  static const char pre[] = "llvm.nvvm.read.ptx.sreg.";
  if (!LLVMIsACallInst(v))
    return 0;
  const char *n = callee_name(v);
  return n && strncmp(n, pre, sizeof pre - 1) == 0 &&
         strcmp(n + sizeof pre - 1, reg) == 0;
}

/* Whether `v` is the same in every lane of the warp (see the file comment). */
static int uniform(const lanes *l, LLVMValueRef v, int depth) {
  if (LLVMIsAConstant(v))
    return !LLVMIsUndef(v); /* each use of undef may differ */
  if (LLVMIsAArgument(v)) {
    LLVMValueRef fn = LLVMGetParamParent(v);
    if (fn != l->s->fn || !fpa_is_kernel(fn))
      return 0;
    for (unsigned i = 0, n = LLVMCountParams(fn); i < n; ++i)
      if (LLVMGetParam(fn, i) == v)
        return LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind ||
               !fpa_is_copy_arg(fn, i);
    return 0;
  }
  if (!LLVMIsAInstruction(v) || depth > L_DEPTH)
    return 0;
  if (LLVMIsACallInst(v)) {
    static const char *const regs[] = {"ctaid.x",  "ctaid.y",  "ctaid.z",
                                       "ntid.x",   "ntid.y",   "ntid.z",
                                       "nctaid.x", "nctaid.y", "nctaid.z"};
    for (size_t i = 0; i < sizeof regs / sizeof *regs; ++i)
      if (sreg_is(v, regs[i]))
        return 1;
    return 0;
  }
  if (!(LLVMIsABinaryOperator(v) || LLVMIsACastInst(v) || LLVMIsAICmpInst(v) ||
        LLVMIsASelectInst(v) || LLVMIsAGetElementPtrInst(v)))
    return 0;
  for (int i = 0, n = LLVMGetNumOperands(v); i < n; ++i)
    if (!uniform(l, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 0;
  return 1;
}

static unsigned width_of(const lanes *l, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
    return 8 * LLVMPointerSizeForAS(l->dl, LLVMGetPointerAddressSpace(t));
  /* wider integers are not followed (constants read as 64 bits) */
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
                 LLVMGetIntTypeWidth(t) <= 64
             ? LLVMGetIntTypeWidth(t)
             : 0;
}

static unsigned trailing_zeros(unsigned long long c) {
  unsigned k = 0;
  while (!(c & 1)) {
    c >>= 1;
    ++k;
  }
  return k;
}

/* P_s for s + k, if it still fits in `w` bits */
static int shifted(int s, unsigned k, unsigned w) {
  if (s == L_FAIL || s == L_DISTINCT)
    return L_FAIL;
  return (unsigned)s + k + 5 <= w ? s + (int)k : L_FAIL;
}

/* bits s..s+4 of `u` must be all ones (`ones`) or all zeros */
static int require(lanes *l, LLVMValueRef u, int s, int ones) {
  if (s == L_FAIL || s == L_DISTINCT)
    return L_FAIL;
  if (LLVMIsAConstantInt(u)) {
    unsigned long long bits =
        (LLVMConstIntGetZExtValue(u) >> (unsigned)s) & 31u;
    return bits == (ones ? 31u : 0u) ? s : L_FAIL;
  }
  fpa_lanes *o = l->out;
  if (o->nreq == FPA_LANES_MAX_REQ)
    return L_FAIL;
  o->req[o->nreq].value = u;
  o->req[o->nreq].shift = (unsigned)s;
  o->req[o->nreq].ones = ones;
  o->nreq++;
  return s;
}

static int state(lanes *l, LLVMValueRef v, int depth);

/* The state of a binary operator whose operand `x` varies by lane and `u`
 * is the same in every lane (`x_first`: x is operand 0). */
static int binary(lanes *l, LLVMValueRef v, LLVMOpcode op, LLVMValueRef x,
                  LLVMValueRef u, int x_first, int depth) {
  unsigned w = width_of(l, v);
  int s = state(l, x, depth + 1);
  if (s == L_FAIL)
    return L_FAIL;
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMXor:
    return s;
  case LLVMMul:
    if (!LLVMIsAConstantInt(u) || LLVMConstIntGetZExtValue(u) == 0)
      return L_FAIL;
    return shifted(s, trailing_zeros(LLVMConstIntGetZExtValue(u)), w);
  case LLVMShl:
    if (!x_first || !LLVMIsAConstantInt(u) || LLVMConstIntGetZExtValue(u) >= w)
      return L_FAIL;
    return shifted(s, (unsigned)LLVMConstIntGetZExtValue(u), w);
  case LLVMLShr:
  case LLVMAShr: {
    if (!x_first || !LLVMIsAConstantInt(u) || s == L_DISTINCT)
      return L_FAIL;
    unsigned long long k = LLVMConstIntGetZExtValue(u);
    return k <= (unsigned long long)s ? s - (int)k : L_FAIL;
  }
  case LLVMAnd:
    return require(l, u, s, 1);
  case LLVMOr:
    return require(l, u, s, 0);
  default:
    return L_FAIL;
  }
}

/* A getelementptr: the same base in every lane and one index that varies,
 * or a varying base and indices that do not. */
static int gep(lanes *l, LLVMValueRef v, int depth) {
  unsigned n = (unsigned)LLVMGetNumOperands(v), w = width_of(l, v);
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
    return L_FAIL; /* a vector of pointers */
  LLVMValueRef base = LLVMGetOperand(v, 0);
  int var = -1;
  for (unsigned i = 1; i < n; ++i) {
    if (uniform(l, LLVMGetOperand(v, i), depth + 1))
      continue;
    if (var >= 0)
      return L_FAIL;
    var = (int)i;
  }
  if (!uniform(l, base, depth + 1)) {
    if (var >= 0)
      return L_FAIL;
    int s = state(l, base, depth + 1);
    return s == L_FAIL || s == L_DISTINCT || (unsigned)s + 5 <= w ? s : L_FAIL;
  }
  if (var < 0)
    return L_FAIL; /* the same in every lane */
  /* the size of what index `var` steps over */
  LLVMTypeRef t = LLVMGetGEPSourceElementType(v);
  for (unsigned i = 2; i <= (unsigned)var; ++i) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMArrayTypeKind)
      t = LLVMGetElementType(t);
    else if (k == LLVMStructTypeKind &&
             LLVMIsAConstantInt(LLVMGetOperand(v, i)))
      t = LLVMStructGetTypeAtIndex(
          t, (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(v, i)));
    else
      return L_FAIL; /* vectors: element sizes need not be bytes */
  }
  if (!LLVMTypeIsSized(t))
    return L_FAIL;
  unsigned long long size = LLVMABISizeOfType(l->dl, t);
  if (size == 0)
    return L_FAIL;
  LLVMValueRef idx = LLVMGetOperand(v, (unsigned)var);
  int s = state(l, idx, depth + 1);
  /* the index is sign-extended or truncated to the index width (here the
   * pointer's): P_s survives either while s + 5 fits */
  if (s == L_FAIL || s == L_DISTINCT || (unsigned)s + 5 > width_of(l, idx))
    return L_FAIL;
  return shifted(s, trailing_zeros(size), w);
}

/* P_s (s >= 0), L_DISTINCT or L_FAIL for `v` (see the file comment). */
static int state(lanes *l, LLVMValueRef v, int depth) {
  if (depth > L_DEPTH)
    return L_FAIL;
  if (LLVMIsACallInst(v)) {
    if (sreg_is(v, "laneid"))
      return 0;
    if (sreg_is(v, "tid.x")) {
      l->out->rows = 1;
      return 0;
    }
    return L_FAIL;
  }
  if (!LLVMIsAInstruction(v))
    return L_FAIL;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  unsigned w = width_of(l, v);
  if (w == 0)
    return L_FAIL;
  if (LLVMIsABinaryOperator(v)) {
    LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
    int ua = uniform(l, a, depth + 1), ub = uniform(l, b, depth + 1);
    if (ua == ub)
      return L_FAIL;
    if (ub)
      return binary(l, v, op, a, b, 1, depth);
    /* u - v, u + v, u ^ v, u * c, u & v, u | v; not u << v or u >> v */
    return op == LLVMShl || op == LLVMLShr || op == LLVMAShr
               ? L_FAIL
               : binary(l, v, op, b, a, 0, depth);
  }
  if (op == LLVMGetElementPtr)
    return gep(l, v, depth);
  int s = L_FAIL;
  switch (op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMBitCast:
    return state(l, LLVMGetOperand(v, 0), depth + 1);
  case LLVMTrunc:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
    s = state(l, LLVMGetOperand(v, 0), depth + 1);
    return s == L_FAIL || s == L_DISTINCT ? L_FAIL
           : (unsigned)s + 5 <= w         ? s
                                          : L_FAIL;
  case LLVMAddrSpaceCast:
    s = state(l, LLVMGetOperand(v, 0), depth + 1);
    return s == L_FAIL ? L_FAIL : L_DISTINCT;
  default:
    return L_FAIL;
  }
}

int fpa_lanes_distinct(const fpa_site *s, fpa_lanes *out) {
  memset(out, 0, sizeof *out);
  lanes l = {s, LLVMGetModuleDataLayout(s->mod), out};
  int st = state(&l, s->ptr, 0);
  if (st == L_FAIL ||
      (st != L_DISTINCT && (unsigned)st + 5 > width_of(&l, s->ptr))) {
    memset(out, 0, sizeof *out);
    return 0;
  }
  out->ok = 1;
  return 1;
}
