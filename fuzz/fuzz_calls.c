/*===-- fuzz_calls.c - libFuzzer target: the spellings stage (calls.c) ----===*\
|*                                                                          *|
|* The input names a function and describes calls to it:                   *|
|*                                                                          *|
|*   NAME '\n' CHOICES...                                                   *|
|*                                                                          *|
|* NAME is the callee (an OpenCL C atomic_fetch_*, a __spirv_AtomicF*EXT,  *|
|* an __fpa_atomic_fetch_*, or anything else), and each byte of CHOICES    *|
|* picks something of the module: the triple, how many calls, each call's  *|
|* arity, parameter and result types, operands (arguments, constants such  *|
|* as out-of-range memory orders and scopes, poison, casts), and how it is *|
|* called (tail, invoke, another calling convention, a body or only a      *|
|* declaration, a type other than the declaration's, a block no path       *|
|* reaches). Past the end every choice is 0, which means the usual form:   *|
|* a seed of just "NAME\n" is a well-typed call of the spelling. The module *|
|* then goes through fuzz_lower_all (fuzz_common.c).                        *|
|*                                                                          *|
|*   fpa-fuzz-calls -dict=fuzz/calls.dict -max_total_time=60 CORPUS SEEDS   *|
|*   FPA_FUZZ_DUMP=1 fpa-fuzz-calls INPUT   (prints the module made)        *|
\*===----------------------------------------------------------------------===*/
#include "fuzz_common.h"

#include <llvm-c/Analysis.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static unsigned next(reader *r) {
  if (!r->n)
    return 0;
  r->n--;
  return *r->p++;
}

/* The types calls may use; the kernel has one parameter of each. */
enum {
  K_PTR0,
  K_PTR1,
  K_PTR3,
  K_PTR4,
  K_HALF,
  K_BFLOAT,
  K_FLOAT,
  K_DOUBLE,
  K_FP128,
  K_I1,
  K_I8,
  K_I16,
  K_I32,
  K_I64,
  K_I128,
  K_V2F32,
  K_V2PTR1,
  K_STRUCT,
  NKINDS,
  K_VOID = NKINDS /* results only */
};

enum { MAX_PARAMS = 8, MAX_CALLS = 4 };

typedef struct sig {
  int ret;
  unsigned n;
  int params[MAX_PARAMS];
} sig;

typedef struct gen {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMValueRef kernel;
  LLVMTypeRef types[NKINDS + 1];
  LLVMValueRef globals[2]; /* addrspace(1) and addrspace(3) arrays */
  LLVMValueRef results[MAX_CALLS];
  int result_kinds[MAX_CALLS];
  unsigned nresults;
  LLVMBasicBlockRef lpad;
  unsigned blocks;
} gen;

static void make_types(gen *g) {
  LLVMContextRef c = g->ctx;
  LLVMTypeRef *t = g->types;
  t[K_PTR0] = LLVMPointerTypeInContext(c, 0);
  t[K_PTR1] = LLVMPointerTypeInContext(c, 1);
  t[K_PTR3] = LLVMPointerTypeInContext(c, 3);
  t[K_PTR4] = LLVMPointerTypeInContext(c, 4);
  t[K_HALF] = LLVMHalfTypeInContext(c);
  t[K_BFLOAT] = LLVMBFloatTypeInContext(c);
  t[K_FLOAT] = LLVMFloatTypeInContext(c);
  t[K_DOUBLE] = LLVMDoubleTypeInContext(c);
  t[K_FP128] = LLVMFP128TypeInContext(c);
  t[K_I1] = LLVMInt1TypeInContext(c);
  t[K_I8] = LLVMInt8TypeInContext(c);
  t[K_I16] = LLVMInt16TypeInContext(c);
  t[K_I32] = LLVMInt32TypeInContext(c);
  t[K_I64] = LLVMInt64TypeInContext(c);
  t[K_I128] = LLVMInt128TypeInContext(c);
  t[K_V2F32] = LLVMVectorType(t[K_FLOAT], 2);
  t[K_V2PTR1] = LLVMVectorType(t[K_PTR1], 2);
  LLVMTypeRef fields[] = {t[K_FLOAT]};
  t[K_STRUCT] = LLVMStructTypeInContext(c, fields, 1, 0);
  t[K_VOID] = LLVMVoidTypeInContext(c);
}

static int is_ptr(int k) { return k <= K_PTR4; }
static int is_fp(int k) { return k >= K_HALF && k <= K_FP128; }
static int is_int(int k) { return k >= K_I1 && k <= K_I128; }

static int has(const char *s, const char *part) {
  return strstr(s, part) != NULL;
}

/* The pointer kind a mangled name's address-space qualifier names. */
static int ptr_of_name(const char *name) {
  return has(name, "AS1") || has(name, "CLglobal")    ? K_PTR1
         : has(name, "AS3") || has(name, "CLlocal")   ? K_PTR3
         : has(name, "AS4") || has(name, "CLgeneric") ? K_PTR4
                                                      : K_PTR0;
}

/* The value type a name's mangling or suffix names; float by default. */
static int value_of_name(const char *name) {
  if (has(name, "_f16_") || has(name, "Dh") || has(name, "DF16_"))
    return K_HALF;
  if (has(name, "_f64_") || has(name, "_Atomicd"))
    return K_DOUBLE;
  if (has(name, "_Atomici"))
    return K_I32;
  size_t n = strlen(name);
  if (has(name, "__spirv_") && n && name[n - 1] == 'd')
    return K_DOUBLE;
  return K_FLOAT;
}

/* The signature the spelling usually has, read from the name. */
static void usual_sig(const char *name, sig *s) {
  int v = value_of_name(name);
  s->ret = v;
  /* pick_sig may lengthen the list and keep a parameter past the usual
   * ones; each such parameter is an i32 */
  for (unsigned i = 0; i < MAX_PARAMS; ++i)
    s->params[i] = K_I32;
  if (has(name, "__fpa_atomic_fetch_")) {
    s->n = 2;
    s->params[0] = K_PTR0;
    s->params[1] = v;
  } else if (has(name, "__spirv_AtomicF")) {
    s->n = 4;
    s->params[0] = ptr_of_name(name);
    s->params[1] = K_I32;
    s->params[2] = K_I32;
    s->params[3] = v;
  } else if (has(name, "atomic_fetch_")) {
    s->n = 2;
    s->params[0] = ptr_of_name(name);
    s->params[1] = v;
    if (has(name, "memory_order"))
      s->params[s->n++] = K_I32;
    if (has(name, "memory_scope"))
      s->params[s->n++] = K_I32;
  } else {
    s->n = 2;
    s->params[0] = K_PTR1;
    s->params[1] = K_FLOAT;
  }
}

/* Arity and types: 0 keeps the usual signature. */
static void pick_sig(reader *r, const char *name, sig *s) {
  usual_sig(name, s);
  unsigned c = next(r);
  if (c == 0)
    return;
  s->n = (c - 1) % (MAX_PARAMS + 1);
  for (unsigned i = 0; i < s->n; ++i) {
    unsigned t = next(r);
    /* 0 keeps the usual parameter where there is one */
    if (t || i >= 4)
      s->params[i] = (int)(t % NKINDS);
  }
  unsigned rt = next(r);
  if (rt)
    s->ret = (int)(rt % (NKINDS + 1));
}

static LLVMTypeRef fn_type(gen *g, const sig *s) {
  LLVMTypeRef params[MAX_PARAMS];
  for (unsigned i = 0; i < s->n; ++i)
    params[i] = g->types[s->params[i]];
  return LLVMFunctionType(g->types[s->ret], params, s->n, 0);
}

static const long long int_values[] = {
    0,      1,      2,          3,          4,         5,        6,
    7,      8,      0x10,       0x12,       0x14,      0x18,     0x1e,
    0x8000, 0x8010, 0x8002,     0x102,      -1,        -2,       255,
    256,    0x7fff, 0x7fffffff, 0x80000000, INT64_MIN, INT64_MAX};

static LLVMValueRef constant(gen *g, reader *r, int k) {
  LLVMTypeRef t = g->types[k];
  unsigned c = next(r);
  if (is_int(k))
    return LLVMConstInt(
        t,
        (unsigned long long)
            int_values[c % (sizeof int_values / sizeof int_values[0])],
        1);
  if (is_fp(k)) {
    static const double fp_values[] = {0.0,   -0.0,    1.0,      -1.0,
                                       NAN,   -NAN,    INFINITY, -INFINITY,
                                       1e-45, 65504.0, 1e300,    -2.5};
    return LLVMConstReal(
        t, fp_values[c % (sizeof fp_values / sizeof fp_values[0])]);
  }
  if (is_ptr(k)) {
    /* a global of addrspace(1) or (3), cast to this address space */
    LLVMValueRef gv = g->globals[c & 1];
    return LLVMTypeOf(gv) == t ? gv : LLVMConstAddrSpaceCast(gv, t);
  }
  return LLVMConstNull(t);
}

/* A value of kind `k` that is not a constant, made in the current block. */
static LLVMValueRef computed(gen *g, reader *r, int k) {
  LLVMValueRef param = LLVMGetParam(g->kernel, (unsigned)k);
  unsigned c = next(r);
  if (is_ptr(k)) {
    int from = (int)(c % 4); /* another pointer parameter, cast */
    LLVMValueRef src = LLVMGetParam(g->kernel, (unsigned)from);
    return from == k ? src
                     : LLVMBuildAddrSpaceCast(g->b, src, g->types[k], "cast");
  }
  if (is_fp(k))
    return LLVMBuildFAdd(g->b, param, param, "fsum");
  if (is_int(k))
    return LLVMBuildAdd(g->b, param, LLVMConstInt(g->types[k], c, 0), "isum");
  return LLVMBuildFreeze(g->b, param, "frozen");
}

static LLVMValueRef operand(gen *g, reader *r, int k, int may_use_results) {
  switch (next(r) % 7) {
  case 0:
    return LLVMGetParam(g->kernel, (unsigned)k);
  case 1:
    return LLVMGetPoison(g->types[k]);
  case 2:
    return LLVMGetUndef(g->types[k]);
  case 3:
    return LLVMConstNull(g->types[k]);
  case 4:
    return constant(g, r, k);
  case 5:
    return computed(g, r, k);
  default:
    for (unsigned i = g->nresults; may_use_results && i-- > 0;)
      if (g->result_kinds[i] == k)
        return g->results[i];
    return LLVMGetParam(g->kernel, (unsigned)k);
  }
}

static LLVMBasicBlockRef new_block(gen *g, const char *name) {
  g->blocks++;
  return LLVMAppendBasicBlockInContext(g->ctx, g->kernel, name);
}

static LLVMBasicBlockRef landing_pad(gen *g) {
  if (g->lpad)
    return g->lpad;
  LLVMTypeRef i32 = g->types[K_I32];
  LLVMTypeRef pers_ty = LLVMFunctionType(i32, NULL, 0, 1);
  LLVMValueRef pers = LLVMAddFunction(g->mod, "__gxx_personality_v0", pers_ty);
  LLVMSetPersonalityFn(g->kernel, pers);
  LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
  g->lpad = new_block(g, "lpad");
  LLVMPositionBuilderAtEnd(g->b, g->lpad);
  LLVMTypeRef fields[] = {g->types[K_PTR0], i32};
  LLVMTypeRef lp_ty = LLVMStructTypeInContext(g->ctx, fields, 2, 0);
  LLVMValueRef lp = LLVMBuildLandingPad(g->b, lp_ty, NULL, 0, "lp");
  LLVMSetCleanup(lp, 1);
  LLVMBuildResume(g->b, lp);
  LLVMPositionBuilderAtEnd(g->b, here);
  return g->lpad;
}

/* The callee: declared (or defined) on first use with the call's type or,
 * by choice, with the usual one. */
static LLVMValueRef callee(gen *g, reader *r, const char *name,
                           LLVMTypeRef call_ty, const sig *usual,
                           unsigned flags) {
  LLVMValueRef fn = LLVMGetNamedFunction(g->mod, name);
  if (fn)
    return fn;
  LLVMTypeRef ty = (flags & 8) ? fn_type(g, usual) : call_ty;
  fn = LLVMAddFunction(g->mod, name, ty);
  if (flags & 64) {
    static const LLVMLinkage linkages[] = {
        LLVMInternalLinkage, LLVMLinkOnceODRLinkage, LLVMExternalLinkage,
        LLVMWeakAnyLinkage, LLVMPrivateLinkage};
    LLVMSetLinkage(fn, linkages[next(r) % 5]);
    LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(g->ctx, fn, "body");
    LLVMPositionBuilderAtEnd(g->b, body);
    LLVMTypeRef ret = LLVMGetReturnType(ty);
    if (LLVMGetTypeKind(ret) == LLVMVoidTypeKind)
      LLVMBuildRetVoid(g->b);
    else
      LLVMBuildRet(g->b, LLVMGetPoison(ret));
    LLVMPositionBuilderAtEnd(g->b, here);
  }
  return fn;
}

static void one_call(gen *g, reader *r, const char *name) {
  sig usual, s;
  usual_sig(name, &usual);
  pick_sig(r, name, &s);
  unsigned flags = next(r);
  LLVMTypeRef call_ty = fn_type(g, &s);
  LLVMValueRef fn = callee(g, r, name, call_ty, &usual, flags);
  LLVMBasicBlockRef cont = NULL, dead_from = NULL;
  if (flags & 128) { /* a block that no path reaches */
    dead_from = LLVMGetInsertBlock(g->b);
    LLVMPositionBuilderAtEnd(g->b, new_block(g, "dead"));
  } else if (flags & 2) { /* a block that one path reaches */
    LLVMBasicBlockRef then = new_block(g, "then");
    cont = new_block(g, "cont");
    LLVMValueRef cond = LLVMGetParam(g->kernel, K_I1);
    LLVMBuildCondBr(g->b, cond, then, cont);
    LLVMPositionBuilderAtEnd(g->b, then);
  }
  int reachable_in_order = !(flags & (128 | 2));
  LLVMValueRef args[MAX_PARAMS];
  for (unsigned i = 0; i < s.n; ++i)
    args[i] = operand(g, r, s.params[i], reachable_in_order);
  LLVMValueRef call;
  const char *vname = s.ret == K_VOID ? "" : "res";
  if (flags & 16) {
    LLVMBasicBlockRef normal = new_block(g, "normal");
    call = LLVMBuildInvoke2(g->b, call_ty, fn, args, s.n, normal,
                            landing_pad(g), vname);
    LLVMPositionBuilderAtEnd(g->b, normal);
  } else {
    call = LLVMBuildCall2(g->b, call_ty, fn, args, s.n, vname);
    if (flags & 4)
      LLVMSetTailCall(call, 1);
  }
  if (flags & 32)
    LLVMSetInstructionCallConv(call, LLVMSPIRFUNCCallConv);
  if (s.ret != K_VOID && (flags & 1))
    LLVMBuildStore(g->b, call, LLVMGetParam(g->kernel, K_PTR0));
  if (dead_from) {
    LLVMBuildUnreachable(g->b);
    LLVMPositionBuilderAtEnd(g->b, dead_from);
  } else if (cont) {
    LLVMBuildBr(g->b, cont);
    LLVMPositionBuilderAtEnd(g->b, cont);
  } else if (s.ret != K_VOID && g->nresults < MAX_CALLS) {
    g->result_kinds[g->nresults] = s.ret;
    g->results[g->nresults++] = call;
  }
}

static const char *const triples[] = {
    NULL, /* from the name: nvptx64 for __fpa_*, spir64 otherwise */
    "spir64-unknown-unknown",
    "spirv64-unknown-unknown",
    "nvptx64-nvidia-cuda",
    "spir-unknown-unknown",
    "x86_64-unknown-linux-gnu",
    "spirv32-unknown-unknown"};

static LLVMModuleRef generate(LLVMContextRef ctx, const char *name, reader *r) {
  gen g;
  memset(&g, 0, sizeof g);
  g.ctx = ctx;
  g.mod = LLVMModuleCreateWithNameInContext("calls", ctx);
  make_types(&g);
  const char *triple = triples[next(r) % 7];
  if (!triple)
    triple =
        has(name, "__fpa_") ? "nvptx64-nvidia-cuda" : "spir64-unknown-unknown";
  LLVMSetTarget(g.mod, triple);
  LLVMTypeRef arr = LLVMArrayType(g.types[K_FLOAT], 4);
  for (int i = 0; i < 2; ++i) {
    g.globals[i] =
        LLVMAddGlobalInAddressSpace(g.mod, arr, i ? "l" : "g", i ? 3 : 1);
    LLVMSetInitializer(g.globals[i],
                       i ? LLVMGetPoison(arr) : LLVMConstNull(arr));
  }
  LLVMTypeRef kparams[NKINDS];
  for (int k = 0; k < NKINDS; ++k)
    kparams[k] = g.types[k];
  g.kernel = LLVMAddFunction(
      g.mod, "kernel", LLVMFunctionType(g.types[K_VOID], kparams, NKINDS, 0));
  g.b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(g.b, new_block(&g, "entry"));
  unsigned ncalls = 1 + next(r) % MAX_CALLS;
  for (unsigned i = 0; i < ncalls; ++i)
    one_call(&g, r, name);
  LLVMBuildRetVoid(g.b);
  LLVMDisposeBuilder(g.b);
  return g.mod;
}

typedef struct input {
  const char *name;
  const uint8_t *choices;
  size_t size;
  int dumped;
} input;

static LLVMModuleRef make(LLVMContextRef ctx, void *arg) {
  input *in = arg;
  reader r = {in->choices, in->size};
  LLVMModuleRef m = generate(ctx, in->name, &r);
  char *msg = NULL;
  int invalid = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
  if (getenv("FPA_FUZZ_DUMP") && !in->dumped++) {
    char *text = LLVMPrintModuleToString(m);
    printf("%s", text);
    LLVMDisposeMessage(text);
    if (invalid)
      printf("; does not verify: %s\n", msg);
  }
  LLVMDisposeMessage(msg);
  /* A module the generator got wrong is no input for the lowering. */
  if (invalid) {
    LLVMDisposeModule(m);
    return NULL;
  }
  return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_init();
  size_t len = 0;
  while (len < size && len < 255 && data[len] != '\n' && data[len] != 0)
    ++len;
  if (len == 0)
    return 0;
  char name[256];
  memcpy(name, data, len);
  name[len] = 0;
  size_t skip = len + (len < size);
  input in = {name, data + skip, size - skip, 0};
  fuzz_lower_all(make, &in, data, size);
  return 0;
}
