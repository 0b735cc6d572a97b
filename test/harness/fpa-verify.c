/*===-- fpa-verify.c - differential and concurrency check of the lowering --===*\
|*                                                                          *|
|* Builds `T f(ptr %p, T %v) { %old = atomicrmw OP ptr %p, T %v monotonic;  *|
|* ret T %old }` for every operation, type and strategy, lowers it with     *|
|* libfpatomics under the NVPTX or the SPIR-V rules forced onto the host    *|
|* triple, JIT-compiles it with ORC, and checks the new memory value and    *|
|* the returned old value of every call against a reference written here    *|
|* from LLVM 22's LangRef (never from the library). With --ir it checks a   *|
|* hand-written function instead, so that the harness can be shown to      *|
|* reject wrong lowerings. What is and is not proven: test/verify/README.md *|
\*===----------------------------------------------------------------------===*/
#include "fpatomics.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm/Config/llvm-config.h>

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define HAS_FMINIMUM (LLVM_VERSION_MAJOR >= 20)

/*===------------------------------ Formats ------------------------------===*/

enum { TY_HALF, TY_BFLOAT, TY_FLOAT, TY_DOUBLE, NTYPES };
typedef struct fmt {
  const char *name; /* as LLVM IR spells it */
  unsigned bits, ebits, mbits;
  const char *ity;
} fmt;
static const fmt FMTS[NTYPES] = {{"half", 16, 5, 10, "i16"},
                                 {"bfloat", 16, 8, 7, "i16"},
                                 {"float", 32, 8, 23, "i32"},
                                 {"double", 64, 11, 52, "i64"}};

enum { OP_FADD, OP_FSUB, OP_FMIN, OP_FMAX, OP_FMINIMUM, OP_FMAXIMUM, NOPS };
static const char *OPS[NOPS] = {"fadd", "fsub",     "fmin",
                                "fmax", "fminimum", "fmaximum"};
static int op_available(int op) {
  return HAS_FMINIMUM || (op != OP_FMINIMUM && op != OP_FMAXIMUM);
}
static int is_add(int op) { return op == OP_FADD || op == OP_FSUB; }
static int is_num(int op) { return op == OP_FMIN || op == OP_FMAX; }
static int is_minop(int op) { return op == OP_FMIN || op == OP_FMINIMUM; }

static uint64_t mask_of(const fmt *f) {
  return f->bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->bits) - 1);
}
static uint64_t sign_of(const fmt *f) { return (uint64_t)1 << (f->bits - 1); }
static uint64_t mant_mask(const fmt *f) {
  return ((uint64_t)1 << f->mbits) - 1;
}
static uint64_t exp_mask(const fmt *f) {
  return (sign_of(f) - 1) & ~mant_mask(f);
}
static uint64_t quiet_bit(const fmt *f) {
  return (uint64_t)1 << (f->mbits - 1);
}
static int is_nan(const fmt *f, uint64_t x) {
  return (x & exp_mask(f)) == exp_mask(f) && (x & mant_mask(f)) != 0;
}
static int is_snan(const fmt *f, uint64_t x) {
  return is_nan(f, x) && !(x & quiet_bit(f));
}
static int is_subnormal(const fmt *f, uint64_t x) {
  return (x & exp_mask(f)) == 0 && (x & mant_mask(f)) != 0;
}
static uint64_t flush(const fmt *f, uint64_t x) {
  return is_subnormal(f, x) ? (x & sign_of(f)) : x;
}
/* Unsigned order of keys is the float order of non-NaN values, -0 < +0. */
static uint64_t order_key(const fmt *f, uint64_t x) {
  return (x & sign_of(f)) ? (~x & mask_of(f)) : (x | sign_of(f));
}
static uint64_t from_key(const fmt *f, uint64_t k) {
  return (k & sign_of(f)) ? (k & ~sign_of(f)) : (~k & mask_of(f));
}
static int hexw(const fmt *f) {
  return f->bits == 64 ? 16 : f->bits == 32 ? 8 : 4;
}
static int bias_of(const fmt *f) { return (1 << (f->ebits - 1)) - 1; }

/* The exact value of a half, bfloat or float as a double. */
static double to_double(const fmt *f, uint64_t x) {
  int bias = bias_of(f);
  uint64_t e = (x & exp_mask(f)) >> f->mbits, m = x & mant_mask(f);
  double mag;
  if (e == (exp_mask(f) >> f->mbits))
    mag = m ? NAN : INFINITY;
  else if (e == 0)
    mag = ldexp((double)m, 1 - bias - (int)f->mbits);
  else
    mag = ldexp((double)(m | ((uint64_t)1 << f->mbits)),
                (int)e - bias - (int)f->mbits);
  return (x & sign_of(f)) ? -mag : mag;
}

/* Rounds a non-NaN double to the format, to nearest, ties to even, from
 * its bits. Correct for any finite double, so also after a double add. */
static uint64_t round_from_double(const fmt *f, double d) {
  uint64_t db;
  memcpy(&db, &d, 8);
  uint64_t sign = (db >> 63) ? sign_of(f) : 0;
  int de = (int)((db >> 52) & 0x7ff);
  uint64_t dm = db & (((uint64_t)1 << 52) - 1);
  if (de == 0x7ff)
    return sign | exp_mask(f); /* infinity */
  if (de == 0 && dm == 0)
    return sign;
  /* value = sig * 2^(e - 52) with sig < 2^53 */
  uint64_t sig = de ? (dm | ((uint64_t)1 << 52)) : dm;
  int e = de ? de - 1023 : -1022;
  if (!de) { /* normalise a double subnormal */
    while (!(sig & ((uint64_t)1 << 52))) {
      sig <<= 1;
      --e;
    }
  }
  int emin = 1 - bias_of(f), M = (int)f->mbits;
  int q = (e > emin ? e : emin) - M; /* exponent of the target's ulp */
  int s = q - (e - 52);              /* bits to drop, >= 52 - M > 0 */
  uint64_t r;
  if (s >= 64) {
    r = 0; /* below half the smallest subnormal */
  } else {
    r = sig >> s;
    uint64_t rem = sig & (((uint64_t)1 << s) - 1), half = (uint64_t)1 << (s - 1);
    if (rem > half || (rem == half && (r & 1)))
      ++r;
  }
  if (r == 0)
    return sign;
  if (r >> (M + 1)) { /* rounding carried into a new binade */
    r >>= 1;
    ++q;
  }
  uint64_t biased;
  if (r >> M)
    biased = (uint64_t)(q + M + bias_of(f));
  else
    biased = 0; /* subnormal: q == emin - M */
  if (biased >= (exp_mask(f) >> f->mbits))
    return sign | exp_mask(f);
  return sign | (biased << M) | (r & mant_mask(f));
}

/*===--------------- The reference, from LLVM 22's LangRef ---------------===*\
|* A set of allowed results: some exact bit patterns, and, when a NaN may  *|
|* result, every NaN that LangRef's "Behavior of Floating-Point NaN        *|
|* values" allows: any sign; quiet with payload 0 (preferred NaN); quiet   *|
|* with the payload of a NaN input; or a NaN input's quiet bit and payload *|
|* unchanged. x86 adds no target-specific payloads.                        *|
\*===---------------------------------------------------------------------===*/

typedef struct aset {
  int n;
  uint64_t vals[8];
  int nan;
  int nn;
  uint64_t nanin[2];
} aset;

static void aset_add(aset *s, uint64_t v) {
  for (int i = 0; i < s->n; ++i)
    if (s->vals[i] == v)
      return;
  if (s->n < 8)
    s->vals[s->n++] = v;
}
static void aset_nan(const fmt *f, aset *s, uint64_t a, uint64_t b) {
  s->nan = 1;
  if (is_nan(f, a))
    s->nanin[s->nn++] = a;
  if (is_nan(f, b))
    s->nanin[s->nn++] = b;
}

static int nan_allowed(const fmt *f, const aset *s, uint64_t r) {
  if (!is_nan(f, r))
    return 0;
  uint64_t mm = mant_mask(f), q = quiet_bit(f);
  if ((r & mm) == q)
    return 1; /* preferred NaN */
  for (int i = 0; i < s->nn; ++i) {
    uint64_t in = s->nanin[i] & mm;
    if ((r & mm) == (in | q) || (r & mm) == in)
      return 1;
  }
  return 0;
}

static int aset_has(const fmt *f, const aset *s, uint64_t r) {
  for (int i = 0; i < s->n; ++i)
    if (s->vals[i] == r)
      return 1;
  return s->nan && nan_allowed(f, s, r);
}

static void aset_print(const fmt *f, const aset *s, char *buf, size_t n) {
  size_t k = 0;
  int w = hexw(f);
  k += (size_t)snprintf(buf + k, n - k, "{");
  for (int i = 0; i < s->n && k < n; ++i)
    k += (size_t)snprintf(buf + k, n - k, "%s0x%0*" PRIx64, i ? ", " : "", w,
                          s->vals[i]);
  if (s->nan && k < n) {
    k += (size_t)snprintf(buf + k, n - k, "%sany-sign NaN: preferred",
                          s->n ? ", " : "");
    for (int i = 0; i < s->nn && k < n; ++i)
      k += (size_t)snprintf(buf + k, n - k, " | payload of 0x%0*" PRIx64, w,
                            s->nanin[i]);
  }
  if (k < n)
    snprintf(buf + k, n - k, "}");
}

/* a + b, correctly rounded; NaN results as LangRef allows. */
static void ref_add(const fmt *f, uint64_t a, uint64_t b, aset *s) {
  if (is_nan(f, a) || is_nan(f, b)) {
    aset_nan(f, s, a, b);
    return;
  }
  if (f->bits == 32) {
    float x, y, r;
    uint32_t xa = (uint32_t)a, xb = (uint32_t)b, rr;
    memcpy(&x, &xa, 4);
    memcpy(&y, &xb, 4);
    r = x + y;
    if (r != r) {
      aset_nan(f, s, a, b);
      return;
    }
    memcpy(&rr, &r, 4);
    aset_add(s, rr);
    return;
  }
  if (f->bits == 64) {
    double x, y, r;
    uint64_t rr;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    r = x + y;
    if (r != r) {
      aset_nan(f, s, a, b);
      return;
    }
    memcpy(&rr, &r, 8);
    aset_add(s, rr);
    return;
  }
  /* half: the double sum is exact. bfloat: it may round once (the
   * exponent range is float's), and rounding twice, to 53 bits and then to
   * 8, equals rounding once, since 53 >= 2*8 + 2. */
  double r = to_double(f, a) + to_double(f, b);
  if (r != r) {
    aset_nan(f, s, a, b);
    return;
  }
  aset_add(s, round_from_double(f, r));
}

static void ref_minmax(const fmt *f, int op, uint64_t a, uint64_t v, aset *s) {
  int na = is_nan(f, a), nv = is_nan(f, v);
  int want_min = is_minop(op);
  if (!na && !nv) {
    uint64_t ka = order_key(f, a), kv = order_key(f, v);
    aset_add(s, want_min ? (kv < ka ? v : a) : (kv > ka ? v : a));
    return;
  }
  if (!is_num(op) || (na && nv)) { /* minimum/maximum propagate; two NaNs */
    aset_nan(f, s, a, v);
    return;
  }
  /* minnum/maxnum with one NaN: a quiet NaN is ignored; a signalling one
   * may act as quiet (the other operand) or give a NaN. */
  uint64_t nanv = na ? a : v, other = na ? v : a;
  aset_add(s, other);
  if (is_snan(f, nanv))
    aset_nan(f, s, nanv, other);
}

enum { ASSUME_NAN_FREE = 1, ASSUME_FLUSH = 2 };

/* Everything the new memory value may be, for memory `a` and operand `v`. */
static void reference(const fmt *f, int op, unsigned assume, uint64_t a,
                      uint64_t v, aset *s) {
  memset(s, 0, sizeof *s);
  if (is_add(op)) {
    uint64_t b = op == OP_FSUB ? v ^ sign_of(f) : v;
    ref_add(f, a, b, s);
    if (assume & ASSUME_FLUSH) {
      /* subnormal inputs and results may be flushed to zero of their sign */
      aset t;
      memset(&t, 0, sizeof t);
      ref_add(f, flush(f, a), flush(f, b), &t);
      for (int i = 0, n = s->n; i < n; ++i)
        aset_add(s, flush(f, s->vals[i]));
      for (int i = 0; i < t.n; ++i) {
        aset_add(s, t.vals[i]);
        aset_add(s, flush(f, t.vals[i]));
      }
    }
    return;
  }
  ref_minmax(f, op, a, v, s);
}

/*===----------------------------- Utilities -----------------------------===*/

static uint64_t splitmix(uint64_t *st) {
  uint64_t z = (*st += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static uint64_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The special inputs of a type: +-0, +-smallest and largest subnormal,
 * +-smallest normal, +-1, +-largest finite, +-inf, +-qNaN with payloads 0, 1
 * and max, +-sNaN with payloads 1 and max. */
static size_t special_values(const fmt *f, uint64_t *out) {
  uint64_t E = exp_mask(f), M = mant_mask(f), Q = quiet_bit(f);
  uint64_t one = (uint64_t)bias_of(f) << f->mbits;
  uint64_t pos[] = {0,     1,     M,         (uint64_t)1 << f->mbits,
                    one,   E - 1, E,         E | Q,
                    E | Q | 1, E | M, E | 1, E | (M >> 1)};
  size_t n = 0;
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; ++i) {
    out[n++] = pos[i];
    out[n++] = pos[i] | sign_of(f);
  }
  return n;
}

static const char *g_argv0 = "fpa-verify";
static void die(const char *fmt_, const char *arg) {
  fprintf(stderr, "%s: ", g_argv0);
  fprintf(stderr, fmt_, arg);
  fputc('\n', stderr);
  exit(2);
}

/*===------------------------------- The JIT -----------------------------===*/

typedef uint64_t (*wrap_fn)(void *p, uint64_t vbits);

static LLVMOrcLLJITRef g_jit;
static LLVMOrcJITDylibRef g_jd;
static char *g_triple, *g_layout;

static void check_err(LLVMErrorRef e, const char *what) {
  if (!e)
    return;
  char *msg = LLVMGetErrorMessage(e);
  fprintf(stderr, "%s: %s: %s\n", g_argv0, what, msg);
  LLVMDisposeErrorMessage(msg);
  exit(2);
}

/* float -> bfloat, round to nearest even, subnormals kept: x86 calls
 * __truncsfbf2 when it has no bf16 conversion instruction (and the JIT is
 * set up without the ones that flush). The bits come back in the low half
 * of xmm0, as a _Float16's would. Written differently from the reference's
 * rounding (round_from_double), so that the two do not share a fault. */
static _Float16 verify_truncsfbf2(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  uint16_t r;
  if ((b & 0x7fffffff) > 0x7f800000)
    r = (uint16_t)((b >> 16) | 0x40);
  else
    r = (uint16_t)((b + 0x7fffu + ((b >> 16) & 1)) >> 16);
  _Float16 h;
  memcpy(&h, &r, 2);
  return h;
}

/* Host features that make the x86 backend's own float arithmetic inexact
 * for this check: VCVTNEPS2BF16 (AVX512-BF16, AVX-NE-CONVERT) flushes
 * subnormals, so fptrunc to bfloat would flush them. Without these, x86
 * rounds to bfloat through __truncsfbf2. --keep-host-features keeps them. */
static int g_keep_host_features;
static char *g_features;

static char *edit_features(const char *in) {
  static const char *drop[] = {"+avx512bf16", "+avxneconvert"};
  char *out = strdup(in);
  for (size_t i = 0; i < sizeof drop / sizeof drop[0]; ++i) {
    char *p = out;
    size_t n = strlen(drop[i]);
    while ((p = strstr(p, drop[i]))) {
      if (p[n] == ',' || p[n] == 0)
        *p = '-';
      p += n;
    }
  }
  return out;
}

static void jit_init(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  char *triple = LLVMGetDefaultTargetTriple();
  char *cpu = LLVMGetHostCPUName();
  char *feat = LLVMGetHostCPUFeatures();
  g_features = g_keep_host_features ? strdup(feat) : edit_features(feat);
  LLVMTargetRef target = NULL;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &msg))
    die("no native target: %s", msg);
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      target, triple, cpu, g_features, LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelJITDefault);
  LLVMOrcJITTargetMachineBuilderRef jtmb =
      LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm);
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
  check_err(LLVMOrcCreateLLJIT(&g_jit, builder), "creating the JIT");
  LLVMDisposeMessage(triple);
  LLVMDisposeMessage(feat);
  fprintf(stderr, "JIT target CPU %s\n", cpu);
  LLVMDisposeMessage(cpu);
  g_jd = LLVMOrcLLJITGetMainJITDylib(g_jit);
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  check_err(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                &gen, LLVMOrcLLJITGetGlobalPrefix(g_jit), NULL, NULL),
            "process symbols");
  LLVMOrcJITDylibAddGenerator(g_jd, gen);
  LLVMOrcCSymbolMapPair sym;
  memset(&sym, 0, sizeof sym);
  sym.Name = LLVMOrcLLJITMangleAndIntern(g_jit, "__truncsfbf2");
  sym.Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)&verify_truncsfbf2;
  sym.Sym.Flags.GenericFlags =
      LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
  check_err(LLVMOrcJITDylibDefine(g_jd, LLVMOrcAbsoluteSymbols(&sym, 1)),
            "defining __truncsfbf2");
  g_triple = strdup(LLVMOrcLLJITGetTripleString(g_jit));
  g_layout = strdup(LLVMOrcLLJITGetDataLayoutStr(g_jit));
}

/* A context whose modules can be handed to the JIT. */
typedef struct jctx {
  LLVMContextRef ctx;
  LLVMOrcThreadSafeContextRef tsc;
} jctx;

static jctx jctx_new(void) {
  jctx j;
#if LLVM_VERSION_MAJOR >= 21
  j.ctx = LLVMContextCreate();
  j.tsc = NULL;
#else
  j.tsc = LLVMOrcCreateNewThreadSafeContext();
  j.ctx = LLVMOrcThreadSafeContextGetContext(j.tsc);
#endif
  return j;
}

static LLVMModuleRef parse_ir(LLVMContextRef ctx, LLVMMemoryBufferRef buf,
                              const char *what) {
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    fprintf(stderr, "%s: %s: %s\n", g_argv0, what, msg ? msg : "parse error");
    exit(2);
  }
  LLVMSetTarget(m, g_triple);
  LLVMSetDataLayout(m, g_layout);
  return m;
}

/* Adds `i64 WNAME(ptr %p, i64 %vbits)`: calls f with the operand's bits and
 * returns the old value's bits, so the host calls it with integers only. */
static void add_wrapper(LLVMModuleRef m, LLVMValueRef f, const fmt *ft,
                        const char *wname) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef iw = LLVMIntTypeInContext(ctx, ft->bits);
  LLVMTypeRef pty = LLVMTypeOf(LLVMGetParam(f, 0));
  LLVMTypeRef vty = LLVMTypeOf(LLVMGetParam(f, 1));
  LLVMTypeRef params[2] = {pty, i64};
  LLVMValueRef w =
      LLVMAddFunction(m, wname, LLVMFunctionType(i64, params, 2, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, w, "entry"));
  LLVMValueRef vb = LLVMGetParam(w, 1);
  if (ft->bits < 64)
    vb = LLVMBuildTrunc(b, vb, iw, "");
  LLVMValueRef args[2] = {LLVMGetParam(w, 0), LLVMBuildBitCast(b, vb, vty, "")};
  LLVMValueRef r = LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, args, 2, "");
  LLVMValueRef rb = LLVMBuildBitCast(b, r, iw, "");
  if (ft->bits < 64)
    rb = LLVMBuildZExt(b, rb, i64, "");
  LLVMBuildRet(b, rb);
  LLVMDisposeBuilder(b);
}

static unsigned g_module_id;

/* Hands the module to the JIT and returns the wrapper's address. */
static wrap_fn jit_add(jctx *j, LLVMModuleRef m, const char *wname) {
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "%s: module does not verify: %s\n", g_argv0, msg);
    exit(2);
  }
  LLVMDisposeMessage(msg);
#if LLVM_VERSION_MAJOR >= 21
  j->tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(j->ctx);
#endif
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, j->tsc);
  LLVMOrcDisposeThreadSafeContext(j->tsc);
  check_err(LLVMOrcLLJITAddLLVMIRModule(g_jit, g_jd, tsm), "adding a module");
  LLVMOrcExecutorAddress addr = 0;
  check_err(LLVMOrcLLJITLookup(g_jit, &addr, wname), "looking up a function");
  return (wrap_fn)(uintptr_t)addr;
}

/*===---------------------------- Combinations ---------------------------===*/

/* Option sets that reach every strategy of the library; those with an
 * assumption come last, so that lowered code already checked without one
 * is not checked again. On sm_90 the default, precheck=adaptive, picks per
 * warp between the integer trick's direct form (precheck=off here) and its
 * precheck form (precheck=on), and gives a warp whose operands have both
 * signs one cmpxchg from a loaded value (its new value by PTX min/max for
 * float and double, else by the cmpxchg loop's operation, minmax=loop
 * here), by a hint and a ballot that it reads with NVVM intrinsics, which
 * run only on a GPU; fpa-warp-sim runs it with host versions of them. */
typedef struct config {
  const char *name;
  const char *options;
  unsigned assume;
} config;
static const config CONFIGS[] = {
    {"nvptx-sm90", "target=nvptx;sm=90;precheck=off", 0},
    {"nvptx-sm30", "target=nvptx;sm=30", 0},
    {"nvptx-sm90-add-loop", "target=nvptx;sm=90;add=loop;precheck=off", 0},
    {"nvptx-sm90-minmax-loop", "target=nvptx;sm=90;minmax=loop", 0},
    {"nvptx-sm90-minmax-int", "target=nvptx;sm=90;minmax=int;precheck=off", 0},
    {"nvptx-sm90-precheck", "target=nvptx;sm=90;precheck=on", 0},
    {"spirv-ext-none", "target=spirv;spirv-ext=none", 0},
    {"spirv-ext-all", "target=spirv;spirv-ext=all", 0},
    {"spirv-minmax-loop", "target=spirv;spirv-ext=none;minmax=loop", 0},
    {"spirv-minmax-int", "target=spirv;spirv-ext=none;minmax=int", 0},
    {"nvptx-sm90-nan-free-memory",
     "target=nvptx;sm=90;assume=nan-free-memory;precheck=off",
     ASSUME_NAN_FREE},
    {"spirv-nan-free-memory", "target=spirv;assume=nan-free-memory",
     ASSUME_NAN_FREE},
    {"nvptx-sm90-nan-free-memory-precheck",
     "target=nvptx;sm=90;assume=nan-free-memory;precheck=on", ASSUME_NAN_FREE},
    {"nvptx-sm90-subnormal-flush",
     "target=nvptx;sm=90;assume=subnormal-flush;precheck=off",
     ASSUME_FLUSH},
    {"nvptx-sm30-subnormal-flush", "target=nvptx;sm=30;assume=subnormal-flush",
     ASSUME_FLUSH},
};
#define NCONFIGS (sizeof CONFIGS / sizeof CONFIGS[0])

typedef struct combo {
  char name[200];
  int op, ty;
  unsigned assume;
  char strategy[40];
  char *ir; /* the lowered (or given) function */
  wrap_fn fn;
  int failed_shown;
  int baseline; /* left native: the code is x86's lowering, not ours */
} combo;
static int g_strict;
static const char *g_label = "FAIL";

static const char *assume_name(unsigned a) {
  return a == ASSUME_NAN_FREE ? "nan-free-memory"
         : a == ASSUME_FLUSH  ? "subnormal-flush"
                              : "none";
}

/* State shared with the forked child that runs each check: progress (a
 * call that never returns is a failure), the call in flight, and the
 * number of failures printed in detail. */
typedef struct shared_state {
  atomic_uint_fast64_t progress, a, v;
  atomic_uint shown;
} shared_state;
static shared_state *g_sh;
static double g_watchdog_s = 5;
static _Thread_local uint64_t t_calls;

/*===--------------------------- Failure output --------------------------===*/

static unsigned g_show_cap = 12;
static pthread_mutex_t g_print_lock = PTHREAD_MUTEX_INITIALIZER;

static void show_ir(combo *c) {
  if (c->failed_shown++)
    return;
  printf("  lowered function (strategy %s, assume=%s):\n%s\n", c->strategy,
         assume_name(c->assume), c->ir);
}

/* Reports one failing call of special/random/exhaustive. */
static void report_call(combo *c, const char *mode, uint64_t a, uint64_t v,
                        int off, uint64_t mem, uint64_t old, const aset *s,
                        const char *why) {
  pthread_mutex_lock(&g_print_lock);
  if (atomic_fetch_add(&g_sh->shown, 1) < g_show_cap && c->failed_shown < 3) {
    const fmt *f = &FMTS[c->ty];
    int w = hexw(f);
    char buf[400];
    aset_print(f, s, buf, sizeof buf);
    printf("%s %s %s: %s %s memory=0x%0*" PRIx64 " operand=0x%0*" PRIx64
           " (element at byte offset %d of its word): new memory 0x%0*" PRIx64
           ", returned old 0x%0*" PRIx64 "; %s; allowed new memory %s\n",
           g_label, mode, c->name, OPS[c->op], f->name, w, a, w, v,
           off * (int)(f->bits / 8), w, mem, w, old, why, buf);
    show_ir(c);
  }
  pthread_mutex_unlock(&g_print_lock);
}


/*===------------------- One call, single-threaded check -----------------===*/

/* Runs f on memory `a` with operand `v`. For 16-bit types the element sits
 * at element `off` (0 or 1) of an aligned 32-bit word; every other element
 * of the buffer holds a canary that must survive. Returns 1 when allowed. */
static int check_call(combo *c, const char *mode, uint64_t a, uint64_t v,
                      int off, uint64_t canary) {
  const fmt *f = &FMTS[c->ty];
  _Alignas(16) unsigned char buf[32];
  unsigned es = f->bits == 64 ? 8 : f->bits == 32 ? 4 : 2;
  unsigned idx = es == 2 ? (unsigned)off : 1;
  for (unsigned i = 0; i < sizeof buf / es; ++i) {
    uint64_t cv = (canary ^ (i * 0x9e3779b97f4a7c15ull)) & mask_of(f);
    memcpy(buf + i * es, &cv, es); /* little endian */
  }
  unsigned char before[32];
  memcpy(before, buf, sizeof buf);
  memcpy(buf + idx * es, &a, es);
  atomic_store_explicit(&g_sh->a, a, memory_order_relaxed);
  atomic_store_explicit(&g_sh->v, v, memory_order_relaxed);
  atomic_store_explicit(&g_sh->progress, ++t_calls, memory_order_relaxed);
  uint64_t old = c->fn(buf + idx * es, v) & mask_of(f);
  uint64_t mem = 0;
  memcpy(&mem, buf + idx * es, es);
  aset s;
  reference(f, c->op, c->assume, a, v, &s);
  const char *why = NULL;
  char wbuf[100];
  if (old != a)
    why = "the returned old value is not the memory value it replaced";
  else if (!aset_has(f, &s, mem))
    why = "the new memory value is not one LangRef allows";
  else {
    for (unsigned i = 0; i < sizeof buf / es; ++i)
      if (i != idx && memcmp(buf + i * es, before + i * es, es)) {
        snprintf(wbuf, sizeof wbuf,
                 "the neighbouring element at byte offset %d changed",
                 (int)(i * es) - (int)(idx * es));
        why = wbuf;
        break;
      }
  }
  if (!why)
    return 1;
  report_call(c, mode, a, v, es == 2 ? off : 0, mem, old, &s, why);
  return 0;
}

static uint64_t g_seed = 20260101;
static uint64_t g_random_count = 1000000;

static int run_special(combo *c, uint64_t *checked) {
  const fmt *f = &FMTS[c->ty];
  uint64_t sv[32];
  size_t n = special_values(f, sv);
  uint64_t fails = 0, cnt = 0;
  int offs = f->bits == 16 ? 2 : 1;
  for (size_t i = 0; i < n; ++i) {
    if ((c->assume & ASSUME_NAN_FREE) && is_nan(f, sv[i]))
      continue;
    for (size_t j = 0; j < n; ++j)
      for (int o = 0; o < offs; ++o) {
        ++cnt;
        fails += !check_call(c, "special", sv[i], sv[j], o,
                             sv[(i + j + 3) % n] ^ ((uint64_t)o << 3));
      }
  }
  *checked = cnt;
  return fails == 0;
}

/* A random pair: random bits, sometimes a special value on one side, or
 * the same magnitude (cancellation, ties). */
static void random_pair(const fmt *f, uint64_t *st, uint64_t *a, uint64_t *v) {
  static uint64_t sv[NTYPES][32];
  static size_t nsv[NTYPES];
  int t = (int)(f - FMTS);
  if (!nsv[t])
    nsv[t] = special_values(f, sv[t]);
  uint64_t r = splitmix(st);
  *a = splitmix(st) & mask_of(f);
  *v = splitmix(st) & mask_of(f);
  switch (r & 15) {
  case 0:
    *a = sv[t][(r >> 8) % nsv[t]];
    break;
  case 1:
    *v = sv[t][(r >> 8) % nsv[t]];
    break;
  case 2:
    *v = *a ^ sign_of(f);
    break;
  case 3: /* nearby: exercises rounding and ordering of close values */
    *v = (*a + ((r >> 8) & 7) - 3) & mask_of(f);
    break;
  default:
    break;
  }
}

static int run_random(combo *c, uint64_t *checked) {
  const fmt *f = &FMTS[c->ty];
  uint64_t st = g_seed ^ hash_str(c->name), fails = 0, cnt = 0;
  for (uint64_t i = 0; i < g_random_count; ++i) {
    uint64_t a, v;
    random_pair(f, &st, &a, &v);
    if ((c->assume & ASSUME_NAN_FREE) && is_nan(f, a))
      a = (a & ~exp_mask(f)); /* the same bits with a zero exponent */
    ++cnt;
    fails += !check_call(c, "random", a, v, (int)(i & 1), splitmix(&st));
  }
  *checked = cnt;
  return fails == 0;
}

/*===---------------------------- Exhaustive -----------------------------===*/

typedef struct ex_arg {
  combo *c;
  unsigned job, jobs;
  uint64_t fails, count;
} ex_arg;

static void *ex_thread(void *p) {
  ex_arg *x = p;
  const fmt *f = &FMTS[x->c->ty];
  for (uint64_t a = x->job; a < 65536; a += x->jobs) {
    if ((x->c->assume & ASSUME_NAN_FREE) && is_nan(f, a))
      continue;
    for (uint64_t v = 0; v < 65536; ++v) {
      ++x->count;
      x->fails += !check_call(x->c, "exhaustive", a, v, (int)((a ^ v) & 1),
                              (a * 0x10001u) ^ (v << 7));
    }
  }
  return NULL;
}

static unsigned g_jobs = 2;

static int run_exhaustive(combo *c, uint64_t *checked) {
  ex_arg args[64];
  pthread_t th[64];
  unsigned jobs = g_jobs > 64 ? 64 : g_jobs;
  for (unsigned j = 0; j < jobs; ++j) {
    args[j] = (ex_arg){c, j, jobs, 0, 0};
    pthread_create(&th[j], NULL, ex_thread, &args[j]);
  }
  uint64_t fails = 0, cnt = 0;
  for (unsigned j = 0; j < jobs; ++j) {
    pthread_join(th[j], NULL);
    fails += args[j].fails;
    cnt += args[j].count;
  }
  *checked = cnt;
  return fails == 0;
}

/*===------------------------------- Stress ------------------------------===*\
|* Threads hammer 1, 2 or 64 elements through the JIT-compiled code. Every  *|
|* call is logged (element, operand, returned old value). Afterwards, per  *|
|* element:                                                                *|
|*  fadd/fsub: operands are +-x pairs (x a multiple of 1/4 up to 4, or     *|
|*    +-0) sent by one thread to one element, so every partial sum in any  *|
|*    order is exact. The final value must be the exact sum, and the old  *|
|*    values must chain: the multiset {initial} + {old (+/-) v} equals     *|
|*    {old} + {final}; a lost update or a stale old value breaks it.       *|
|*  min/max: in the order "key" (float order, -0 < +0; a NaN is above all  *|
|*    for fmin/fmax, where it is ignored, and below all for fminimum and   *|
|*    fmaximum, where it absorbs; max ops use the reversed order) memory   *|
|*    only goes down, and each op stores key-min(old, v). So: the final    *|
|*    key is the minimum of the initial and all operands; the ops that     *|
|*    lowered memory, sorted by old key, form one chain initial -> v1 ->   *|
|*    v2 ... -> final with no repeats; every other op's old value is a    *|
|*    value on that chain; a thread's next old value on an element is at   *|
|*    most min(its last old, its last operand); non-NaN old values are     *|
|*    exact bits; NaN old and final values are NaNs LangRef allows from    *|
|*    the NaNs involved. Operands are quiet NaNs only: an sNaN operand may  *|
|*    turn memory into a NaN at any point, which leaves nothing to check.  *|
\*===---------------------------------------------------------------------===*/

typedef struct logent {
  uint64_t v, old;
  uint32_t elem;
} logent;

typedef struct stress_run {
  combo *c;
  unsigned nthreads, nelem;
  size_t ops_per_thread;
  unsigned char *base;
  logent **logs;
  atomic_uint ready;
  atomic_size_t ticket; /* global progress: min/max operands follow it */
  uint64_t seed;
} stress_run;

typedef struct stress_arg {
  stress_run *r;
  unsigned tid;
} stress_arg;

static unsigned elem_index(const stress_run *r, unsigned k) {
  /* one 16-bit element: the upper half of its word (byte offset 2) */
  return (FMTS[r->c->ty].bits == 16 && r->nelem == 1) ? 1 : k;
}

/* One operand of thread t's op i for min/max: a sweep through the finite
 * values in the op's direction (so that most updates change memory and the
 * loops contend), mixed with zeros, subnormals, infinities and quiet NaNs. */
static uint64_t minmax_operand(const fmt *f, int op, size_t i, size_t n,
                               uint64_t *st) {
  uint64_t r = splitmix(st);
  uint64_t maxfin = exp_mask(f) - 1, Q = quiet_bit(f), S = sign_of(f);
  if ((r & 15) == 0) {
    /* (no infinities: one would end every later update's effect) */
    uint64_t sp[] = {0, S, 1, S | 1, (uint64_t)bias_of(f) << f->mbits};
    return sp[(r >> 8) % 5];
  }
  /* fminimum/fmaximum: a NaN absorbs, so only near the end */
  if (is_num(op) ? (r & 31) == 1
                 : (i > n - n / 64 && (r >> 40) % 1000 == 0)) {
    uint64_t nans[] = {exp_mask(f) | Q, exp_mask(f) | Q | 1,
                       S | exp_mask(f) | Q, S | exp_mask(f) | Q | 1};
    return nans[(r >> 8) & 3];
  }
  uint64_t klo = order_key(f, S | maxfin), khi = order_key(f, maxfin);
  uint64_t span = khi - klo;
  uint64_t step = (uint64_t)((double)span * ((double)i / (double)n));
  uint64_t jitter = (r >> 16) % (span / 4096 + 1);
  uint64_t k = step + jitter > span ? span : step + jitter;
  k = is_minop(op) ? khi - k : klo + k;
  return from_key(f, k);
}

static uint64_t bits_of_double(const fmt *f, double d) {
  if (f->bits == 64) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
  }
  if (f->bits == 32) {
    float x = (float)d;
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
  }
  return round_from_double(f, d);
}

static void *stress_thread(void *p) {
  stress_arg *a = p;
  stress_run *r = a->r;
  combo *c = r->c;
  const fmt *f = &FMTS[c->ty];
  unsigned es = f->bits / 8;
  uint64_t st = r->seed ^ (0x1234567ull * (a->tid + 1));
  logent *log = r->logs[a->tid];
  atomic_fetch_add(&r->ready, 1);
  while (atomic_load(&r->ready) < r->nthreads)
    ;
  uint64_t pair_v = 0;
  unsigned pair_e = 0;
  for (size_t i = 0; i < r->ops_per_thread; ++i) {
    uint64_t v;
    unsigned e;
    if (is_add(c->op)) {
      if (i & 1) { /* the second half of a pair cancels the first */
        v = pair_v ^ sign_of(f);
        e = pair_e;
      } else {
        uint64_t x = splitmix(&st);
        static const double mags[] = {0.25, 0.5, 1, 1.5, 2, 3, 4, 0};
        double d = mags[x & 7];
        if (x & 8)
          d = -d;
        v = bits_of_double(f, d);
        if (d == 0 && (x & 16))
          v = sign_of(f);
        e = (unsigned)((x >> 32) % r->nelem);
        pair_v = v;
        pair_e = e;
        if (d == 0) /* +-0 pairs are independent zeros */
          pair_v = ((x >> 5) & 1) ? sign_of(f) : 0, pair_v ^= sign_of(f);
      }
    } else {
      /* every thread's operands follow the global progress, so that most
       * updates change memory and the updates of all threads contend */
      size_t tk = atomic_fetch_add_explicit(&r->ticket, 1, memory_order_relaxed);
      v = minmax_operand(f, c->op, tk, r->ops_per_thread * r->nthreads, &st);
      e = (unsigned)(splitmix(&st) % r->nelem);
    }
    unsigned idx = elem_index(r, e);
    log[i].v = v;
    log[i].elem = e;
    atomic_store_explicit(&g_sh->progress, ++t_calls, memory_order_relaxed);
    log[i].old = c->fn(r->base + (size_t)idx * es, v) & mask_of(f);
  }
  return NULL;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}

/* The unified key of min/max checking: memory only goes down. Non-NaN
 * values map to [1, 2^64]; NaN to 0 (absorbing) or 2^64+1 (ignored). */
typedef unsigned __int128 u128;
static u128 ukey(const fmt *f, int op, uint64_t x) {
  if (is_nan(f, x))
    return is_num(op) ? ((u128)1 << 64) + 1 : 0;
  uint64_t k = order_key(f, x);
  if (!is_minop(op))
    k = ~k & mask_of(f);
  return (u128)k + 1;
}

typedef struct chg {
  u128 from, to;
} chg;
static int cmp_chg_desc(const void *x, const void *y) {
  u128 a = ((const chg *)x)->from, b = ((const chg *)y)->from;
  return a > b ? -1 : a < b;
}

static int payload_in(uint64_t x, const uint64_t *p, size_t n, const fmt *f) {
  uint64_t m = x & mant_mask(f);
  for (size_t i = 0; i < n; ++i)
    if (m == p[i])
      return 1;
  return 0;
}

/* Checks one element; returns NULL or a description of the violation. */
static const char *check_element(stress_run *r, unsigned e, uint64_t init,
                                 uint64_t fin, char *why, size_t wn) {
  combo *c = r->c;
  const fmt *f = &FMTS[c->ty];
  int w = hexw(f);
  size_t n = 0;
  for (unsigned t = 0; t < r->nthreads; ++t)
    for (size_t i = 0; i < r->ops_per_thread; ++i)
      n += r->logs[t][i].elem == e;
  if (is_add(c->op)) {
    /* exact final value, in log order (every order gives the same) */
    uint64_t cur = init;
    uint64_t *olds = malloc((n + 1) * 8), *news = malloc((n + 1) * 8);
    size_t k = 0;
    for (unsigned t = 0; t < r->nthreads; ++t)
      for (size_t i = 0; i < r->ops_per_thread; ++i) {
        logent *l = &r->logs[t][i];
        if (l->elem != e)
          continue;
        aset s;
        reference(f, c->op, 0, cur, l->v, &s);
        cur = s.vals[0];
        reference(f, c->op, 0, l->old, l->v, &s);
        olds[k] = l->old;
        news[k] = s.n ? s.vals[0] : ~(uint64_t)0;
        ++k;
      }
    olds[k] = fin;
    news[k] = init;
    const char *res = NULL;
    if (fin != cur) {
      snprintf(why, wn,
               "final value 0x%0*" PRIx64 " but the exact result of the %zu "
               "updates from 0x%0*" PRIx64 " is 0x%0*" PRIx64
               " (an update was lost)",
               w, fin, n, w, init, w, cur);
      res = why;
    } else {
      qsort(olds, n + 1, 8, cmp_u64);
      qsort(news, n + 1, 8, cmp_u64);
      for (size_t i = 0; i <= n && !res; ++i)
        if (olds[i] != news[i]) {
          snprintf(why, wn,
                   "the returned old values do not chain from 0x%0*" PRIx64
                   " to 0x%0*" PRIx64 " (old value 0x%0*" PRIx64
                   " vs produced value 0x%0*" PRIx64
                   " differ in the sorted multisets): some old value is "
                   "not the value its update replaced",
                   w, init, w, fin, w, olds[i], w, news[i]);
          res = why;
        }
    }
    free(olds);
    free(news);
    return res;
  }
  /* min/max */
  int op = c->op;
  /* the NaN payloads in play: the initial value's and the operands' */
  uint64_t payloads[16];
  size_t npay = 0;
#define ADD_PAYLOAD(x)                                                         \
  do {                                                                         \
    uint64_t pq_ = ((x) & mant_mask(f)) | quiet_bit(f);                        \
    size_t j_ = 0;                                                             \
    while (j_ < npay && payloads[j_] != pq_)                                   \
      ++j_;                                                                    \
    if (j_ == npay && npay < 16)                                               \
      payloads[npay++] = pq_;                                                  \
  } while (0)
  if (is_nan(f, init))
    ADD_PAYLOAD(init);
  u128 kmin = ukey(f, op, init);
  uint64_t vmin = init;
  chg *ch = malloc((n + 1) * sizeof *ch);
  size_t nch = 0;
  const char *res = NULL;
  for (unsigned t = 0; t < r->nthreads && !res; ++t) {
    int have_prev = 0;
    u128 bound = 0;
    for (size_t i = 0; i < r->ops_per_thread && !res; ++i) {
      logent *l = &r->logs[t][i];
      if (l->elem != e)
        continue;
      u128 ko = ukey(f, op, l->old), kv = ukey(f, op, l->v);
      if (kv < kmin) {
        kmin = kv;
        vmin = l->v;
      }
      if (is_nan(f, l->v))
        ADD_PAYLOAD(l->v);
      if (have_prev && ko > bound) {
        snprintf(why, wn,
                 "thread %u: returned old 0x%0*" PRIx64
                 " lies above what its own previous update on this element "
                 "left (old 0x%0*" PRIx64 ", operand 0x%0*" PRIx64 ")",
                 t, w, l->old, w, l[-1].old, w, l[-1].v);
        res = why;
      }
      bound = ko < kv ? ko : kv;
      have_prev = 1;
      if (kv < ko) {
        ch[nch].from = ko;
        ch[nch].to = kv;
        ++nch;
      }
    }
  }
#undef ADD_PAYLOAD
  /* a NaN that may be seen: any sign, quiet, payload 0 or one in play, or
   * one in play unchanged (the operands here are quiet) */
#define NAN_OK(x)                                                              \
  (is_nan(f, (x)) && (((x) & mant_mask(f)) == quiet_bit(f) ||                  \
                      payload_in((x), payloads, npay, f) ||                    \
                      (is_nan(f, init) &&                                      \
                       ((x) & mant_mask(f)) == (init & mant_mask(f)))))
  if (!res && ukey(f, op, fin) != kmin) {
    snprintf(why, wn,
             "final value 0x%0*" PRIx64 " but the %s of the initial value "
             "0x%0*" PRIx64 " and all %zu operands is 0x%0*" PRIx64,
             w, fin, OPS[op], w, init, n, w, vmin);
    res = why;
  }
  if (!res && is_nan(f, fin) && !NAN_OK(fin)) {
    snprintf(why, wn, "final value 0x%0*" PRIx64 " is a NaN no input allows",
             w, fin);
    res = why;
  }
  if (!res) {
    qsort(ch, nch, sizeof *ch, cmp_chg_desc);
    u128 cur = ukey(f, op, init);
    for (size_t i = 0; i < nch && !res; ++i) {
      if (ch[i].from != cur) {
        snprintf(why, wn,
                 "the %zu updates that changed memory do not form one chain "
                 "from 0x%0*" PRIx64 " (link %zu): two of them returned the "
                 "same old value, or one returned a value memory did not "
                 "hold just before it (a stale old value)",
                 nch, w, init, i);
        res = why;
      }
      cur = ch[i].to;
    }
    if (!res && cur != kmin) {
      snprintf(why, wn, "the chain of updates does not end at the final value");
      res = why;
    }
  }
  if (!res) {
    /* every old value is a value memory held: keys sorted descending */
    u128 *held = malloc((nch + 1) * sizeof *held);
    held[0] = ukey(f, op, init);
    for (size_t i = 0; i < nch; ++i)
      held[i + 1] = ch[i].to;
    for (unsigned t = 0; t < r->nthreads && !res; ++t)
      for (size_t i = 0; i < r->ops_per_thread && !res; ++i) {
        logent *l = &r->logs[t][i];
        if (l->elem != e)
          continue;
        u128 ko = ukey(f, op, l->old);
        int found = 0;
        size_t lo = 0, hi = nch + 1;
        while (lo < hi && !found) {
          size_t mid = (lo + hi) / 2;
          if (held[mid] == ko)
            found = 1;
          else if (held[mid] > ko)
            lo = mid + 1;
          else
            hi = mid;
        }
        if (!found || (is_nan(f, l->old) && !NAN_OK(l->old))) {
          snprintf(why, wn,
                   "thread %u returned old 0x%0*" PRIx64
                   " (operand 0x%0*" PRIx64 "), a value memory never held",
                   t, w, l->old, w, l->v);
          res = why;
        }
      }
    free(held);
  }
#undef NAN_OK
  free(ch);
  return res;
}

static size_t g_stress_ops = 100000; /* per run, over all its threads */

static int run_stress(combo *c, uint64_t *checked) {
  const fmt *f = &FMTS[c->ty];
  unsigned es = f->bits / 8;
  static const unsigned thread_counts[] = {2, 8};
  static const unsigned elem_counts[] = {1, 2, 64};
  int ok = 1;
  uint64_t total = 0;
  uint64_t st = g_seed ^ hash_str(c->name) ^ 0x5157;
  for (int round = 0; round < 2; ++round)
    for (size_t ti = 0; ti < 2; ++ti)
      for (size_t ei = 0; ei < 3; ++ei) {
        stress_run r;
        memset(&r, 0, sizeof r);
        r.c = c;
        r.nthreads = thread_counts[ti];
        r.nelem = elem_counts[ei];
        r.ops_per_thread = g_stress_ops / r.nthreads;
        r.seed = splitmix(&st);
        size_t nslots = (size_t)r.nelem + 4;
        size_t bytes = (nslots * es + 63) / 64 * 64;
        r.base = aligned_alloc(64, bytes);
        /* canaries everywhere, then the initial values */
        for (size_t i = 0; i < bytes; ++i)
          r.base[i] = (unsigned char)(0xa5 ^ (i * 29));
        unsigned char *snap = malloc(bytes);
        uint64_t *init = malloc(r.nelem * 8);
        for (unsigned k = 0; k < r.nelem; ++k) {
          uint64_t S = sign_of(f), E = exp_mask(f), Q = quiet_bit(f);
          uint64_t one = (uint64_t)bias_of(f) << f->mbits;
          uint64_t cand[8];
          size_t nc = 0;
          if (is_add(c->op)) {
            cand[nc++] = 0;
            cand[nc++] = S;
            cand[nc++] = one;
            cand[nc++] = bits_of_double(f, -3.0);
            cand[nc++] = bits_of_double(f, 8.5);
          } else {
            if (!(c->assume & ASSUME_NAN_FREE)) {
              cand[nc++] = S | E | Q | 1; /* NaNs: the repair path */
              cand[nc++] = E | Q | 1;
            }
            cand[nc++] = E;
            cand[nc++] = S | E;
            cand[nc++] = 0;
            cand[nc++] = S;
            cand[nc++] = one;
          }
          init[k] = cand[(k + (unsigned)round * 3 + ei) % nc];
        }
        for (unsigned k = 0; k < r.nelem; ++k)
          memcpy(r.base + (size_t)elem_index(&r, k) * es, &init[k], es);
        memcpy(snap, r.base, bytes);
        r.logs = malloc(r.nthreads * sizeof *r.logs);
        pthread_t th[8];
        stress_arg args[8];
        for (unsigned t = 0; t < r.nthreads; ++t) {
          r.logs[t] = calloc(r.ops_per_thread + 1, sizeof **r.logs);
          args[t] = (stress_arg){&r, t};
        }
        atomic_init(&r.ready, 0);
        atomic_init(&r.ticket, 0);
        for (unsigned t = 0; t < r.nthreads; ++t)
          pthread_create(&th[t], NULL, stress_thread, &args[t]);
        for (unsigned t = 0; t < r.nthreads; ++t)
          pthread_join(th[t], NULL);
        total += r.ops_per_thread * r.nthreads;
        char why[600];
        const char *res = NULL;
        unsigned bad_e = 0;
        /* canaries */
        for (size_t i = 0; i + es <= bytes && !res; i += es) {
          int is_elem = 0;
          for (unsigned k = 0; k < r.nelem; ++k)
            is_elem |= i == (size_t)elem_index(&r, k) * es;
          if (!is_elem && memcmp(r.base + i, snap + i, es)) {
            snprintf(why, sizeof why,
                     "a neighbouring element at byte %zu was changed", i);
            res = why;
          }
        }
        for (unsigned k = 0; k < r.nelem && !res; ++k) {
          uint64_t fin = 0;
          memcpy(&fin, r.base + (size_t)elem_index(&r, k) * es, es);
          res = check_element(&r, k, init[k], fin, why, sizeof why);
          bad_e = k;
        }
        if (res) {
          ok = 0;
          pthread_mutex_lock(&g_print_lock);
          if (atomic_fetch_add(&g_sh->shown, 1) < g_show_cap &&
              c->failed_shown < 3) {
            printf("%s stress %s: %s %s, %u threads, %u element(s), %zu ops "
                   "per thread, element %u (byte offset %u) initial 0x%0*" PRIx64
                   ": %s\n",
                   g_label, c->name, OPS[c->op], f->name, r.nthreads, r.nelem,
                   r.ops_per_thread, bad_e, elem_index(&r, bad_e) * es,
                   hexw(f), init[bad_e], res);
            show_ir(c);
          }
          pthread_mutex_unlock(&g_print_lock);
        }
        for (unsigned t = 0; t < r.nthreads; ++t)
          free(r.logs[t]);
        free(r.logs);
        free(snap);
        free(init);
        free(r.base);
      }
  *checked = total;
  return ok;
}

/*===-------------------- One check, in a child process -------------------===*\
|* Each check runs in a forked child (the JIT-compiled code is already     *|
|* there), so that a call that never returns or crashes is reported as a  *|
|* failure of that check and the others still run.                        *|
\*===---------------------------------------------------------------------===*/

static int run_mode(combo *c, int mode, uint64_t *n) {
  switch (mode) {
  case 0:
    return run_special(c, n);
  case 1:
    return run_random(c, n);
  case 2:
    return run_stress(c, n);
  default:
    return run_exhaustive(c, n);
  }
}

static const char *const MODE_NAMES[] = {"special", "random", "stress",
                                         "exhaustive"};

static int run_isolated(combo *c, int mode, uint64_t *n) {
  int pfd[2];
  if (pipe(pfd))
    die("%s", "pipe failed");
  fflush(stdout);
  fflush(stderr);
  atomic_store(&g_sh->progress, 0);
  pid_t pid = fork();
  if (pid < 0)
    die("%s", "fork failed");
  if (pid == 0) {
    close(pfd[0]);
    uint64_t cnt = 0;
    int ok = run_mode(c, mode, &cnt);
    fflush(stdout);
    if (write(pfd[1], &cnt, sizeof cnt) != (ssize_t)sizeof cnt)
      _exit(3);
    _exit(ok ? 0 : 1);
  }
  close(pfd[1]);
  uint64_t last = ~(uint64_t)0;
  double last_change = now();
  int status = 0, hung = 0;
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    uint64_t p = atomic_load(&g_sh->progress);
    if (p != last) {
      last = p;
      last_change = now();
    } else if (now() - last_change > g_watchdog_s) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      hung = 1;
      break;
    }
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  *n = 0;
  if (!hung && read(pfd[0], n, sizeof *n) != (ssize_t)sizeof *n)
    *n = 0;
  close(pfd[0]);
  const fmt *f = &FMTS[c->ty];
  int w = hexw(f);
  if (hung) {
    printf("%s %s %s: no progress for %.0f s: the call with memory=0x%0*" PRIx64
           " operand=0x%0*" PRIx64 "%s does not return\n",
           g_label, MODE_NAMES[mode], c->name, g_watchdog_s, w,
           (uint64_t)atomic_load(&g_sh->a), w, (uint64_t)atomic_load(&g_sh->v),
           mode == 2 ? " (or a call of a stress thread)" : "");
    if (atomic_fetch_add(&g_sh->shown, 1) < g_show_cap)
      show_ir(c);
    return 0;
  }
  if (WIFSIGNALED(status)) {
    printf("%s %s %s: crashed with signal %d near the call with memory=0x%0*"
           PRIx64 " operand=0x%0*" PRIx64 "\n",
           g_label, MODE_NAMES[mode], c->name, WTERMSIG(status), w,
           (uint64_t)atomic_load(&g_sh->a), w, (uint64_t)atomic_load(&g_sh->v));
    if (atomic_fetch_add(&g_sh->shown, 1) < g_show_cap)
      show_ir(c);
    return 0;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    /* the child printed the IR; remember that here too */
    c->failed_shown = 1;
    return 0;
  }
  return 1;
}

/*===------------------------------ Driver -------------------------------===*/

static void dispose_jctx(jctx *j) {
#if LLVM_VERSION_MAJOR >= 21
  LLVMContextDispose(j->ctx);
#else
  LLVMOrcDisposeThreadSafeContext(j->tsc);
#endif
}

typedef struct combo_list {
  combo *items;
  size_t n, cap;
} combo_list;

static combo *push_combo(combo_list *l) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
    if (!l->items)
      die("%s", "out of memory");
  }
  combo *c = &l->items[l->n++];
  memset(c, 0, sizeof *c);
  return c;
}

/* Finishes a module holding function `f`: renames it, adds the wrapper and
 * hands it to the JIT. */
static void finish_combo(combo *c, jctx *j, LLVMModuleRef m, LLVMValueRef f) {
  char fname[64], wname[64];
  unsigned id = g_module_id++;
  snprintf(fname, sizeof fname, "fpa_verify_f%u", id);
  snprintf(wname, sizeof wname, "fpa_verify_w%u", id);
  LLVMSetValueName2(f, fname, strlen(fname));
  add_wrapper(m, f, &FMTS[c->ty], wname);
  c->fn = jit_add(j, m, wname);
}

/* The library's lowering of one operation and type under one config;
 * returns 0 when that lowered code was already checked (or not lowered). */
static int lib_combo(combo_list *l, const config *cf, int op, int ty,
                     int verbose) {
  const fmt *f = &FMTS[ty];
  jctx j = jctx_new();
  char src[400];
  int len = snprintf(src, sizeof src,
                     "define %s @f(ptr %%p, %s %%v) {\n"
                     "  %%old = atomicrmw %s ptr %%p, %s %%v monotonic, "
                     "align %u\n  ret %s %%old\n}\n",
                     f->name, f->name, OPS[op], f->name, f->bits / 8, f->name);
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(src, (size_t)len, "f.ll");
  LLVMModuleRef m = parse_ir(j.ctx, buf, "building the test function");
  fpa_options *o = NULL;
  char *err = NULL;
  /* per lane: warp aggregation (aggregate=auto's default for min/max)
   * needs NVVM's warp intrinsics, which only fpa-warp-sim runs on the host */
  if (fpa_options_create(&o) || fpa_options_parse(o, "aggregate=none", &err) ||
      fpa_options_parse(o, cf->options, &err))
    die("bad library options: %s", err ? err : cf->options);
  fpa_report *rep = NULL;
  int rc = fpa_lower_module(m, o, &rep, &err);
  if (rc != FPA_OK)
    die("the library failed to lower: %s", err ? err : "?");
  const fpa_record *rec = fpa_report_at(rep, 0);
  char name[200];
  snprintf(name, sizeof name, "%s %s %s %s", cf->name, OPS[op], f->name,
           rec ? rec->strategy : "none");
  int lowered = rec && (rec->action == FPA_ACTION_REWRITTEN ||
                        rec->action == FPA_ACTION_NATIVE);
  if (!lowered) {
    if (verbose)
      printf("skip %s: %s (%s)\n", name,
             rec ? fpa_action_name(rec->action) : "no record",
             rec ? rec->reason : "");
    fpa_report_destroy(rep);
    fpa_options_destroy(o);
    LLVMDisposeModule(m);
    dispose_jctx(&j);
    return 0;
  }
  LLVMValueRef fn = LLVMGetNamedFunction(m, "f");
  char *ir = LLVMPrintValueToString(fn);
  for (size_t i = 0; i < l->n; ++i)
    if (strcmp(l->items[i].ir, ir) == 0 &&
        (l->items[i].assume == 0 || l->items[i].assume == cf->assume)) {
      if (verbose)
        printf("same %s: lowered code identical to %s, checked there\n", name,
               l->items[i].name);
      LLVMDisposeMessage(ir);
      fpa_report_destroy(rep);
      fpa_options_destroy(o);
      LLVMDisposeModule(m);
      dispose_jctx(&j);
      return 0;
    }
  combo *c = push_combo(l);
  snprintf(c->name, sizeof c->name, "%s", name);
  snprintf(c->strategy, sizeof c->strategy, "%s", rec->strategy);
  c->op = op;
  c->ty = ty;
  c->assume = cf->assume;
  c->baseline = rec->action == FPA_ACTION_NATIVE;
  c->ir = strdup(ir);
  LLVMDisposeMessage(ir);
  if (verbose)
    printf("lowered %s: %s%s%s\n", c->name, rec->reason,
           cf->assume ? "; checked under assume=" : "",
           cf->assume ? assume_name(cf->assume) : "");
  fpa_report_destroy(rep);
  fpa_options_destroy(o);
  finish_combo(c, &j, m, fn);
  return 1;
}

/* A hand-written function `T NAME(ptr, T)` from an IR file. */
static void ir_combo(combo_list *l, const char *file, const char *fname,
                     int op, int ty, unsigned assume) {
  jctx j = jctx_new();
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(file, &buf, &msg))
    die("cannot read %s", file);
  LLVMModuleRef m = parse_ir(j.ctx, buf, file);
  LLVMValueRef fn = LLVMGetNamedFunction(m, fname);
  if (!fn || LLVMIsDeclaration(fn))
    die("no function named '%s' defined in the IR file", fname);
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  LLVMTypeKind want[NTYPES] = {LLVMHalfTypeKind, LLVMBFloatTypeKind,
                               LLVMFloatTypeKind, LLVMDoubleTypeKind};
  if (LLVMCountParamTypes(fty) != 2 ||
      LLVMGetTypeKind(LLVMGetReturnType(fty)) != want[ty] ||
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, 1))) != want[ty] ||
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, 0))) != LLVMPointerTypeKind)
    die("function '%s' must have the shape T f(ptr, T) with T the --type",
        fname);
  combo *c = push_combo(l);
  snprintf(c->name, sizeof c->name, "%s:%s %s %s", file, fname, OPS[op],
           FMTS[ty].name);
  snprintf(c->strategy, sizeof c->strategy, "external");
  c->op = op;
  c->ty = ty;
  c->assume = assume;
  char *ir = LLVMPrintValueToString(fn);
  c->ir = strdup(ir);
  LLVMDisposeMessage(ir);
  printf("external %s (assume=%s)\n", c->name, assume_name(assume));
  finish_combo(c, &j, m, fn);
}

static int parse_list(const char *arg, const char *const *names, int n,
                      unsigned *mask) {
  *mask = 0;
  char *copy = strdup(arg), *save = NULL;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    int k = 0;
    while (k < n && strcmp(t, names[k]) != 0)
      ++k;
    if (k == n) {
      free(copy);
      return 0;
    }
    *mask |= 1u << k;
  }
  free(copy);
  return 1;
}

static void usage(FILE *out) {
  fprintf(out,
          "usage: fpa-verify [options]\n"
          "Checks libfpatomics' lowering of atomicrmw fadd/fsub/fmin/fmax/"
          "fminimum/fmaximum,\nJIT-compiled for the host, against LLVM 22's "
          "LangRef.\n\n"
          "  --mode=LIST        special,random,stress (the default, \"ci\"), "
          "exhaustive\n"
          "  --op=LIST          fadd,fsub,fmin,fmax,fminimum,fmaximum (default: "
          "all)\n"
          "  --type=LIST        half,bfloat,float,double (default: all)\n"
          "  --config=SUBSTR    only option sets whose name contains SUBSTR "
          "(e.g. nvptx, spirv)\n"
          "  --seed=N           seed of the random and stress modes (default "
          "20260101)\n"
          "  --random-count=N   random pairs per combination (default "
          "1000000)\n"
          "  --stress-ops=N     calls per stress run, over all its threads "
          "(default 100000)\n"
          "  --jobs=N           threads of the exhaustive mode (default 2)\n"
          "  --ir=FILE --function=NAME --op=OP --type=T [--assume=A]\n"
          "                     check a hand-written `T NAME(ptr, T)` instead "
          "of the library\n"
          "  --list             print the combinations and exit\n"
          "  --max-failures=N   failing calls printed in detail (default 12)\n"
          "  --watchdog=S       a call running S seconds is a failure (default "
          "5)\n"
          "  --strict           count failures of code left native (x86's own "
          "lowering) too\n"
          "  --keep-host-features  JIT with the host's bf16 conversion "
          "instructions, which\n"
          "                     flush subnormals (off by default)\n");
}

int main(int argc, char **argv) {
  g_argv0 = argv[0];
  setvbuf(stdout, NULL, _IOLBF, 0);
  static const char *mode_names[] = {"special", "random", "stress",
                                     "exhaustive"};
  static const char *type_names[] = {"half", "bfloat", "float", "double"};
  unsigned modes = 7, ops = 0, types = 0xf, assume = 0;
  const char *config_filter = NULL, *ir_file = NULL, *ir_func = NULL;
  int list_only = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *val = strchr(a, '=');
    char key[64];
    size_t kl = val ? (size_t)(val - a) : strlen(a);
    if (kl >= sizeof key)
      die("unknown option %s", a);
    memcpy(key, a, kl);
    key[kl] = 0;
    if (val)
      ++val;
    else if (i + 1 < argc && strcmp(a, "--list") && strcmp(a, "--help") &&
             strcmp(a, "--keep-host-features") && strcmp(a, "--strict") &&
             strcmp(a, "-h"))
      val = argv[++i];
#define IS(k) (strcmp(key, k) == 0)
    if (IS("--help") || IS("-h")) {
      usage(stdout);
      return 0;
    } else if (IS("--list")) {
      list_only = 1;
    } else if (IS("--strict")) {
      g_strict = 1;
    } else if (IS("--keep-host-features")) {
      g_keep_host_features = 1;
    } else if (!val) {
      die("option %s needs a value", a);
    } else if (IS("--mode")) {
      if (strcmp(val, "ci") == 0)
        modes = 7;
      else if (!parse_list(val, mode_names, 4, &modes))
        die("bad --mode '%s'", val);
    } else if (IS("--op")) {
      if (!parse_list(val, OPS, NOPS, &ops))
        die("bad --op '%s'", val);
    } else if (IS("--type")) {
      if (!parse_list(val, type_names, NTYPES, &types))
        die("bad --type '%s'", val);
    } else if (IS("--config")) {
      config_filter = val;
    } else if (IS("--seed")) {
      g_seed = strtoull(val, NULL, 0);
    } else if (IS("--random-count")) {
      g_random_count = strtoull(val, NULL, 0);
    } else if (IS("--stress-ops")) {
      g_stress_ops = strtoull(val, NULL, 0);
    } else if (IS("--jobs")) {
      g_jobs = (unsigned)strtoul(val, NULL, 0);
      if (!g_jobs)
        g_jobs = 1;
    } else if (IS("--max-failures")) {
      g_show_cap = (unsigned)strtoul(val, NULL, 0);
    } else if (IS("--watchdog")) {
      g_watchdog_s = strtod(val, NULL);
      if (g_watchdog_s < 1)
        g_watchdog_s = 1;
    } else if (IS("--ir")) {
      ir_file = val;
    } else if (IS("--function")) {
      ir_func = val;
    } else if (IS("--assume")) {
      if (strcmp(val, "nan-free-memory") == 0)
        assume = ASSUME_NAN_FREE;
      else if (strcmp(val, "subnormal-flush") == 0)
        assume = ASSUME_FLUSH;
      else if (strcmp(val, "none") == 0)
        assume = 0;
      else
        die("bad --assume '%s'", val);
    } else {
      die("unknown option %s (see --help)", a);
    }
#undef IS
  }
  if (!ops)
    for (int op = 0; op < NOPS; ++op)
      if (op_available(op))
        ops |= 1u << op;
  for (int op = 0; op < NOPS; ++op)
    if ((ops >> op & 1) && !op_available(op))
      die("%s needs LLVM 20 or later", OPS[op]);

  jit_init();
  g_sh = mmap(NULL, sizeof *g_sh, PROT_READ | PROT_WRITE,
              MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (g_sh == MAP_FAILED)
    die("%s", "mmap failed");
  printf("fpa-verify: libfpatomics %s, JIT for %s; seed %" PRIu64
         ", %" PRIu64 " random pairs and %zu stress calls per run\n",
         fpa_version(), g_triple, g_seed, g_random_count, g_stress_ops);

  combo_list l = {0};
  if (ir_file) {
    if (!ir_func)
      die("%s", "--ir needs --function");
    int op = 0, ty = 0;
    while (op < NOPS && !(ops >> op & 1))
      ++op;
    while (ty < NTYPES && !(types >> ty & 1))
      ++ty;
    if ((ops & (ops - 1)) || (types & (types - 1)) || !ops)
      die("%s", "--ir needs exactly one --op and one --type");
    ir_combo(&l, ir_file, ir_func, op, ty, assume);
  } else {
    for (size_t ci = 0; ci < NCONFIGS; ++ci) {
      if (config_filter && !strstr(CONFIGS[ci].name, config_filter))
        continue;
      for (int op = 0; op < NOPS; ++op)
        if (ops >> op & 1)
          for (int ty = 0; ty < NTYPES; ++ty)
            if (types >> ty & 1)
              lib_combo(&l, &CONFIGS[ci], op, ty, 1);
    }
  }
  printf("%zu distinct lowered functions to check\n", l.n);
  if (list_only)
    return 0;

  unsigned passed = 0, failed = 0, host_failed = 0;
  int host_add_failed[4][NTYPES] = {{0}};
  double t_all = now();
  for (int mode = 0; mode < 4; ++mode) {
    if (!(modes >> mode & 1))
      continue;
    double t0 = now();
    for (size_t i = 0; i < l.n; ++i) {
      combo *c = &l.items[i];
      uint64_t n = 0;
      int ok;
      double t1 = now();
      if (mode == 3 && FMTS[c->ty].bits != 16)
        continue;
      /* fadd-neg is fneg and then the native fadd, which on the host is
       * x86's: its failures are the host's when the native fadd of that
       * type failed the same way */
      int base = c->baseline;
      if (strcmp(c->strategy, "fadd-neg") == 0)
        base = host_add_failed[mode][c->ty];
      g_label = base ? "XFAIL" : "FAIL";
      ok = run_isolated(c, mode, &n);
      if (!ok && c->baseline && c->op == OP_FADD)
        host_add_failed[mode][c->ty] = 1;
      c->baseline = base;
      const char *verdict = ok ? "PASS" : c->baseline ? "XFAIL" : "FAIL";
      if (ok)
        ++passed;
      else if (c->baseline)
        ++host_failed;
      else
        ++failed;
      printf("%s %s %s: %" PRIu64 " calls (%.1f s)\n", verdict,
             mode_names[mode], c->name, n, now() - t1);
    }
    printf("mode %s done in %.1f s\n", mode_names[mode], now() - t0);
  }
  printf("total %.1f s\n", now() - t_all);
  if (host_failed)
    printf("%u checks of code the library left native failed (XFAIL): "
           "that code is the host x86 backend's own lowering, not the "
           "library's; --strict counts them as failures\n",
           host_failed);
  if (g_strict)
    failed += host_failed;
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
