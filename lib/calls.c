/*===-- calls.c - front-end spellings of float atomics, as atomicrmw -----===*\
|*                                                                          *|
|* Users write calls, not `atomicrmw`: OpenCL C's atomic_fetch_<op>         *|
|* [_explicit] (cl_ext_float_atomics), the SPIR-V builtins                  *|
|* __spirv_AtomicF{Add,Min,Max}EXT (SYCL, DPC++, chipStar) and fpatomics'   *|
|* own __fpa_atomic_fetch_<op>_<type>_<scope> (CUDA). This file recognizes  *|
|* them by their Itanium-mangled (or C) names, and replaces each call by    *|
|* the atomicrmw it means before lower.c collects atomicrmw instructions,  *|
|* so the decision, the report and the builders see a written atomicrmw.   *|
|* A call that is recognized but cannot be mapped is reported and left.     *|
|* At the end, recognized functions left without uses are erased when they  *|
|* are declarations or have discardable linkage.                            *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- a small parser for the Itanium types of these spellings ------------===*/

/* Enough of the Itanium C++ ABI's <type> grammar to read the parameters of
 * the spellings above: builtin types, pointers, vendor qualifiers
 * (U3AS1, U7_Atomic, U9CLglobal), CV-qualifiers, (nested) class and enum
 * names, and substitutions (S_, S0_, ...). Substitution candidates are
 * counted as LLVM's ItaniumDemangle counts them, so `NS1_...` in DPC++'s
 * enum forms resolves to `__spv`. Anything else fails the parse, and the
 * call is then not one of ours. */

enum { MT_BUILTIN, MT_POINTER, MT_QUAL, MT_NAME };

typedef struct mnode {
  int kind;
  const char *text; /* builtin code ("f", "Dh", "DF16_"), qualifier or name */
  size_t len;
  int inner;   /* pointee, qualified type, or the prefix of a nested name */
  unsigned cv; /* MT_QUAL without text: 1 restrict, 2 volatile, 4 const */
} mnode;

#define MAX_NODES 48
#define MAX_PARAMS 6

typedef struct mparse {
  const char *s;
  size_t pos, end;
  mnode nodes[MAX_NODES];
  int n;
  int subs[MAX_NODES];
  int nsubs;
} mparse;

static int peek(const mparse *p) {
  return p->pos < p->end ? (unsigned char)p->s[p->pos] : 0;
}

static int add_node(mparse *p, mnode n) {
  if (p->n >= MAX_NODES)
    return -1;
  p->nodes[p->n] = n;
  return p->n++;
}

static int add_sub(mparse *p, int idx) {
  if (idx < 0 || p->nsubs >= MAX_NODES)
    return -1;
  p->subs[p->nsubs++] = idx;
  return idx;
}

static int source_name(mparse *p, const char **name, size_t *len) {
  size_t n = 0;
  if (!isdigit((unsigned char)peek(p)))
    return 0;
  while (isdigit((unsigned char)peek(p))) {
    n = n * 10 + (size_t)(p->s[p->pos++] - '0');
    if (n > 1024)
      return 0;
  }
  if (n == 0 || p->end - p->pos < n)
    return 0;
  *name = p->s + p->pos;
  *len = n;
  p->pos += n;
  return 1;
}

static int parse_type(mparse *p);

/* S_ and S<seq-id>_; no new candidate. */
static int parse_substitution(mparse *p) {
  p->pos++; /* S */
  size_t seq = 0;
  if (peek(p) == '_') {
    p->pos++;
  } else {
    int any = 0;
    for (;;) {
      int c = peek(p);
      if (isdigit(c))
        seq = seq * 36 + (size_t)(c - '0');
      else if (c >= 'A' && c <= 'Z')
        seq = seq * 36 + (size_t)(c - 'A' + 10);
      else
        break;
      if (seq > MAX_NODES)
        return -1;
      any = 1;
      p->pos++;
    }
    if (!any || peek(p) != '_') /* St, Sa, ...: not in these spellings */
      return -1;
    p->pos++;
    seq += 1;
  }
  return seq < (size_t)p->nsubs ? p->subs[seq] : -1;
}

/* <extended-qualifier>* <CV-qualifiers> <type>; the caller adds the whole
 * qualified type as one candidate. */
static int parse_qualified(mparse *p) {
  mnode q = {MT_QUAL, NULL, 0, -1, 0};
  if (peek(p) == 'U') {
    p->pos++;
    if (!source_name(p, &q.text, &q.len) || peek(p) == 'I')
      return -1;
    q.inner = parse_qualified(p);
    return q.inner < 0 ? -1 : add_node(p, q);
  }
  static const char cvs[] = "rVK";
  for (int i = 0; i < 3; ++i)
    if (peek(p) == cvs[i]) {
      q.cv |= 1u << i;
      p->pos++;
    }
  q.inner = parse_type(p);
  if (q.inner < 0 || !q.cv)
    return q.inner;
  return add_node(p, q);
}

/* N <prefix>... <name> E: each prefix is a candidate; the caller adds the
 * whole name. */
static int parse_nested(mparse *p) {
  p->pos++; /* N */
  int sofar = -1;
  for (;;) {
    if (peek(p) == 'E') {
      p->pos++;
      return sofar;
    }
    if (peek(p) == 'S') {
      if (sofar >= 0 || (sofar = parse_substitution(p)) < 0)
        return -1;
      continue;
    }
    mnode n = {MT_NAME, NULL, 0, sofar, 0};
    if (!source_name(p, &n.text, &n.len) || (sofar = add_node(p, n)) < 0)
      return -1;
    if (peek(p) != 'E' && add_sub(p, sofar) < 0)
      return -1;
  }
}

static int builtin(mparse *p, size_t start) {
  mnode n = {MT_BUILTIN, p->s + start, p->pos - start, -1, 0};
  return add_node(p, n);
}

static int parse_type(mparse *p) {
  size_t start = p->pos;
  int c = peek(p);
  switch (c) {
  case 'U':
  case 'r':
  case 'V':
  case 'K':
    return add_sub(p, parse_qualified(p));
  case 'P':
  case 'R':
  case 'O': {
    mnode n = {MT_POINTER, p->s + p->pos, 1, -1, 0}; /* text: P, R or O */
    p->pos++;
    n.inner = parse_type(p);
    return n.inner < 0 ? -1 : add_sub(p, add_node(p, n));
  }
  case 'S':
    return parse_substitution(p);
  case 'N':
    return add_sub(p, parse_nested(p));
  case 'D':
    p->pos++;
    c = peek(p);
    if (c == 'h' || c == 'i' || c == 's' || c == 'u' || c == 'n') {
      p->pos++;
      return builtin(p, start);
    }
    if (c == 'F') { /* DF16_ (_Float16), DF16b (__bf16) */
      p->pos++;
      if (!isdigit((unsigned char)peek(p)))
        return -1;
      while (isdigit((unsigned char)peek(p)))
        p->pos++;
      if (peek(p) != '_' && peek(p) != 'b')
        return -1;
      p->pos++;
      return builtin(p, start);
    }
    return -1;
  default:
    if (isdigit(c)) {
      mnode n = {MT_NAME, NULL, 0, -1, 0};
      if (!source_name(p, &n.text, &n.len))
        return -1;
      return add_sub(p, add_node(p, n));
    }
    if (c && strchr("vwbcahstijlmxynofdegz", c)) {
      p->pos++;
      return builtin(p, start);
    }
    return -1;
  }
}

static int text_is(const mnode *n, const char *s) {
  return n->text && strlen(s) == n->len && strncmp(n->text, s, n->len) == 0;
}

/* The width of a float builtin (f, d, Dh, DF16_), or 0. */
static unsigned float_bits(const mparse *p, int idx) {
  if (idx < 0 || p->nodes[idx].kind != MT_BUILTIN)
    return 0;
  const mnode *n = &p->nodes[idx];
  if (text_is(n, "f"))
    return 32;
  if (text_is(n, "d"))
    return 64;
  if (text_is(n, "Dh") || text_is(n, "DF16_"))
    return 16;
  return 0;
}

/* The type a pointer points to, with its qualifiers taken off; `atomic` is
 * set when one of them is _Atomic. */
static int pointee(const mparse *p, int idx, int *atomic) {
  *atomic = 0;
  if (idx < 0 || p->nodes[idx].kind != MT_POINTER)
    return -1;
  idx = p->nodes[idx].inner;
  while (idx >= 0 && p->nodes[idx].kind == MT_QUAL) {
    *atomic |= text_is(&p->nodes[idx], "_Atomic");
    idx = p->nodes[idx].inner;
  }
  return idx;
}

/* An int-like operand: i or j, or the enum `outer::parent::last` (`parent`
 * NULL: the enum `last` at global scope). */
static int enum_or_int(const mparse *p, int idx, const char *outer,
                       const char *parent, const char *last) {
  if (idx < 0)
    return 0;
  const mnode *n = &p->nodes[idx];
  if (n->kind == MT_BUILTIN)
    return text_is(n, "i") || text_is(n, "j");
  if (n->kind != MT_NAME || !text_is(n, last))
    return 0;
  if (!parent)
    return n->inner < 0;
  if (n->inner < 0 || !text_is(&p->nodes[n->inner], parent))
    return 0;
  n = &p->nodes[n->inner];
  return n->inner >= 0 && text_is(&p->nodes[n->inner], outer) &&
         p->nodes[n->inner].inner < 0;
}

/*--- the spellings ------------------------------------------------------===*/

typedef enum call_family { FAM_OPENCL, FAM_SPIRV, FAM_FPA } call_family;

typedef struct call_form {
  call_family fam;
  fpa_op op;
  char spelling[40]; /* the name users write, for the report */
  unsigned bits;     /* 16, 32, 64; 0: from the call's value operand */
  unsigned nargs;
  int value_arg, order_arg, scope_arg; /* -1: absent */
  const char *fixed_scope;             /* FPA: "block", "device", "system" */
  int legacy; /* OpenCL 1.x atomic_min/max/add on a plain pointer */
} call_form;

static const struct {
  const char *name;
  fpa_op op;
} opencl_names[] = {{"atomic_fetch_add", FPA_OP_FADD},
                    {"atomic_fetch_sub", FPA_OP_FSUB},
                    {"atomic_fetch_min", FPA_OP_FMIN},
                    {"atomic_fetch_max", FPA_OP_FMAX},
                    {"atomic_fetch_add_explicit", FPA_OP_FADD},
                    {"atomic_fetch_sub_explicit", FPA_OP_FSUB},
                    {"atomic_fetch_min_explicit", FPA_OP_FMIN},
                    {"atomic_fetch_max_explicit", FPA_OP_FMAX}};

/* The OpenCL 1.x names, with no float overloads in OpenCL C itself, that
 * llvm-spirv -r writes for SPIR-V's OpAtomicF*EXT (its default target
 * environment, CL1.2), dropping the Scope and MemorySemantics. */
static const struct {
  const char *name;
  fpa_op op;
} legacy_names[] = {{"atomic_add", FPA_OP_FADD},
                    {"atomic_min", FPA_OP_FMIN},
                    {"atomic_max", FPA_OP_FMAX}};

static const struct {
  const char *name;
  fpa_op op;
} spirv_names[] = {{"__spirv_AtomicFAddEXT", FPA_OP_FADD},
                   {"__spirv_AtomicFMinEXT", FPA_OP_FMIN},
                   {"__spirv_AtomicFMaxEXT", FPA_OP_FMAX}};

static int name_eq(const char *s, size_t n, const char *want) {
  return strlen(want) == n && strncmp(s, want, n) == 0;
}

/* atomic_fetch_<op>(volatile AS atomic_T *, T [, memory_order
 * [, memory_scope]]) */
static int recognize_opencl(mparse *p, const int *params, int np, fpa_op op,
                            int expl, call_form *f) {
  if (np < 2)
    return 0;
  int atomic = 0;
  unsigned bits = float_bits(p, pointee(p, params[0], &atomic));
  if (!atomic || !bits || float_bits(p, params[1]) != bits)
    return 0;
  if (np != (expl ? 3 : 2) && !(expl && np == 4))
    return 0;
  if (np >= 3 && !enum_or_int(p, params[2], NULL, NULL, "memory_order"))
    return 0;
  if (np == 4 && !enum_or_int(p, params[3], NULL, NULL, "memory_scope"))
    return 0;
  f->fam = FAM_OPENCL;
  f->op = op;
  f->bits = bits;
  f->nargs = (unsigned)np;
  f->value_arg = 1;
  f->order_arg = np >= 3 ? 2 : -1;
  f->scope_arg = np == 4 ? 3 : -1;
  return 1;
}

/* atomic_<op>(volatile AS T *, T), T a float type, the pointee volatile
 * and not const, as the builtins declare it: OpenCL 1.x's legacy atomics,
 * relaxed at device scope (as libclc defines them). */
static int recognize_legacy(mparse *p, const int *params, int np, fpa_op op,
                            call_form *f) {
  if (np != 2 || params[0] < 0 || p->nodes[params[0]].kind != MT_POINTER ||
      !text_is(&p->nodes[params[0]], "P"))
    return 0;
  /* the builtins' pointee is volatile and not const: `PU3AS1Vf` */
  unsigned cv = 0;
  int atomic = 0;
  for (int idx = p->nodes[params[0]].inner;
       idx >= 0 && p->nodes[idx].kind == MT_QUAL; idx = p->nodes[idx].inner) {
    cv |= p->nodes[idx].cv;
    atomic |= text_is(&p->nodes[idx], "_Atomic");
  }
  if (!(cv & 2) || (cv & 4) || atomic)
    return 0;
  unsigned bits = float_bits(p, pointee(p, params[0], &atomic));
  if (!bits || float_bits(p, params[1]) != bits)
    return 0;
  f->fam = FAM_OPENCL;
  f->op = op;
  f->bits = bits;
  f->nargs = 2;
  f->value_arg = 1;
  f->order_arg = f->scope_arg = -1;
  f->legacy = 1;
  return 1;
}

/* __spirv_AtomicF<op>EXT(AS T *, Scope, MemorySemantics, T); with no
 * parameters mangled (as some translators write it), from the call. */
static int recognize_spirv(mparse *p, const int *params, int np, fpa_op op,
                           call_form *f) {
  f->fam = FAM_SPIRV;
  f->op = op;
  f->nargs = 4;
  f->value_arg = 3;
  f->scope_arg = 1;
  f->order_arg = 2;
  if (np == 0) {
    f->bits = 0;
    return 1;
  }
  if (np != 4)
    return 0;
  int atomic = 0, pt = pointee(p, params[0], &atomic);
  unsigned bits = float_bits(p, params[3]);
  if (!bits || pt < 0)
    return 0;
  /* The pointee is T, or a byte/void type where opaque pointers left no
   * element type to mangle. */
  const mnode *pn = &p->nodes[pt];
  if (float_bits(p, pt) != bits &&
      !(pn->kind == MT_BUILTIN && (text_is(pn, "c") || text_is(pn, "a") ||
                                   text_is(pn, "h") || text_is(pn, "v"))))
    return 0;
  if (!enum_or_int(p, params[1], "__spv", "Scope", "Flag") ||
      !enum_or_int(p, params[2], "__spv", "MemorySemanticsMask", "Flag"))
    return 0;
  f->bits = bits;
  return 1;
}

/* __fpa_atomic_fetch_<op>_<type>_<scope>, unmangled (extern "C"). */
static int recognize_fpa(const char *s, size_t n, call_form *f) {
  static const char prefix[] = "__fpa_atomic_fetch_";
  static const struct {
    const char *name;
    fpa_op op;
  } ops[] = {{"add_", FPA_OP_FADD},
             {"sub_", FPA_OP_FSUB},
             {"min_", FPA_OP_FMIN},
             {"max_", FPA_OP_FMAX}};
  static const struct {
    const char *name;
    unsigned bits;
  } types[] = {{"f32_", 32}, {"f64_", 64}, {"f16_", 16}};
  static const char *scopes[] = {"block", "device", "system"};
  size_t pl = sizeof prefix - 1;
  if (n <= pl || strncmp(s, prefix, pl) != 0)
    return 0;
  s += pl;
  n -= pl;
  for (size_t i = 0; i < 4; ++i) {
    if (n < 4 || strncmp(s, ops[i].name, 4) != 0)
      continue;
    for (size_t j = 0; j < 3; ++j) {
      if (n < 8 || strncmp(s + 4, types[j].name, 4) != 0)
        continue;
      for (size_t k = 0; k < 3; ++k)
        if (name_eq(s + 8, n - 8, scopes[k])) {
          f->fam = FAM_FPA;
          f->op = ops[i].op;
          f->bits = types[j].bits;
          f->nargs = 2;
          f->value_arg = 1;
          f->order_arg = f->scope_arg = -1;
          f->fixed_scope = scopes[k];
          return 1;
        }
    }
  }
  return 0;
}

/* Whether the function named `s` (length n) is one of the spellings of the
 * families in `families`; fills `f`. */
static int recognize(const char *s, size_t n, unsigned families, call_form *f) {
  memset(f, 0, sizeof *f);
  if ((families & FPA_CALLS_FPA) && recognize_fpa(s, n, f)) {
    snprintf(f->spelling, sizeof f->spelling, "%.*s", (int)n, s);
    return 1;
  }
  const char *name = s;
  size_t len = n;
  mparse p = {0};
  int params[MAX_PARAMS], np = 0;
  if (n > 2 && s[0] == '_' && s[1] == 'Z') {
    p.s = s;
    p.pos = 2;
    p.end = n;
    if (!source_name(&p, &name, &len))
      return 0;
  }
  int mangled = name != s;
  int ocl = -1, spv = -1, legacy = -1;
  if (mangled && (families & FPA_CALLS_OPENCL)) {
    for (size_t i = 0; i < sizeof opencl_names / sizeof opencl_names[0]; ++i)
      if (name_eq(name, len, opencl_names[i].name))
        ocl = (int)i;
    for (size_t i = 0; i < sizeof legacy_names / sizeof legacy_names[0]; ++i)
      if (name_eq(name, len, legacy_names[i].name))
        legacy = (int)i;
  }
  if (families & FPA_CALLS_SPIRV)
    for (size_t i = 0; i < sizeof spirv_names / sizeof spirv_names[0]; ++i)
      if (name_eq(name, len, spirv_names[i].name))
        spv = (int)i;
  if (ocl < 0 && spv < 0 && legacy < 0)
    return 0;
  while (mangled && p.pos < p.end)
    if (np == MAX_PARAMS || (params[np++] = parse_type(&p)) < 0)
      return 0;
  if (ocl >= 0 &&
      recognize_opencl(&p, params, np, opencl_names[ocl].op, ocl >= 4, f)) {
    snprintf(f->spelling, sizeof f->spelling, "%s", opencl_names[ocl].name);
    return 1;
  }
  if (legacy >= 0 &&
      recognize_legacy(&p, params, np, legacy_names[legacy].op, f)) {
    snprintf(f->spelling, sizeof f->spelling, "%s", legacy_names[legacy].name);
    return 1;
  }
  if (spv >= 0 && recognize_spirv(&p, params, np, spirv_names[spv].op, f)) {
    snprintf(f->spelling, sizeof f->spelling, "%s", spirv_names[spv].name);
    return 1;
  }
  return 0;
}

/* recognize() for the function `fn`. The OpenCL 1.x names only where `fn`
 * is a declaration, as llvm-spirv -r leaves them: OpenCL C has no float
 * overload of its own, so a definition is the user's, whose meaning is its
 * body's (the raise stage reads a loop there). */
static int recognize_fn(LLVMValueRef fn, unsigned families, call_form *f) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  return recognize(name, len, families, f) &&
         !(f->legacy && !LLVMIsDeclaration(fn));
}

/*--- from operands to ordering and scope --------------------------------===*/

typedef struct call_meaning {
  LLVMAtomicOrdering ordering;
  const char *scope; /* syncscope name; "" is system */
  int is_volatile;
  char note[160];  /* how a default or non-constant operand was read */
  char error[160]; /* why the call cannot become an atomicrmw */
} call_meaning;

static void add_note(call_meaning *m, const char *text) {
  size_t n = strlen(m->note);
  snprintf(m->note + n, sizeof m->note - n, "%s%s", n ? "; " : "", text);
}

/* The value of a constant integer operand; 0 when it is not constant. */
static int constant_of(LLVMValueRef v, long long *out) {
  if (!LLVMIsAConstantInt(v))
    return 0;
  *out = LLVMConstIntGetSExtValue(v);
  return 1;
}

static const char *spirv_scope_name(int which) {
  /* workgroup, device, all devices, subgroup, one work-item */
  static const char *names[] = {"workgroup", "device", "", "subgroup",
                                "singlethread"};
  return names[which];
}

static void map_opencl(const call_form *f, LLVMValueRef call, call_meaning *m) {
  long long v;
  /* OpenCL C's atomic functions: those not ending in _explicit mean
   * memory_order_seq_cst, and those with no memory_scope argument mean
   * memory_scope_device. */
  m->ordering = LLVMAtomicOrderingSequentiallyConsistent;
  m->scope = spirv_scope_name(1);
  if (f->legacy) {
    m->ordering = LLVMAtomicOrderingMonotonic;
    add_note(m, "OpenCL 1.x atomic: relaxed, memory_scope_device");
    return;
  }
  if (f->order_arg < 0)
    add_note(m, "default memory_order_seq_cst, memory_scope_device");
  else if (f->scope_arg < 0)
    add_note(m, "default memory_scope_device");
  if (f->order_arg >= 0) {
    if (!constant_of(LLVMGetOperand(call, (unsigned)f->order_arg), &v)) {
      add_note(m, "memory_order not constant: seq_cst");
    } else {
      /* opencl-c-base.h: relaxed 0, acquire 2, release 3, acq_rel 4,
       * seq_cst 5; 1 (consume) is read as acquire, as clang does */
      switch (v) {
      case 0:
        m->ordering = LLVMAtomicOrderingMonotonic;
        break;
      case 1:
        add_note(m, "memory_order 1 (consume) as acquire");
        /* fallthrough */
      case 2:
        m->ordering = LLVMAtomicOrderingAcquire;
        break;
      case 3:
        m->ordering = LLVMAtomicOrderingRelease;
        break;
      case 4:
        m->ordering = LLVMAtomicOrderingAcquireRelease;
        break;
      case 5:
        break;
      default:
        snprintf(m->error, sizeof m->error,
                 "memory_order %lld is not a memory order", v);
        return;
      }
    }
  }
  if (f->scope_arg >= 0) {
    if (!constant_of(LLVMGetOperand(call, (unsigned)f->scope_arg), &v)) {
      add_note(m, "memory_scope not constant: all devices");
      m->scope = "";
    } else {
      /* opencl-c-base.h: work_item 0, work_group 1, device 2,
       * all_svm_devices 3, sub_group 4 */
      static const int to[] = {4, 0, 1, 2, 3};
      if (v < 0 || v > 4) {
        snprintf(m->error, sizeof m->error,
                 "memory_scope %lld is not a memory scope", v);
        return;
      }
      if (v == 0)
        add_note(m, "memory_scope_work_item as singlethread");
      m->scope = spirv_scope_name(to[v]);
    }
  }
}

static void map_spirv(const call_form *f, LLVMValueRef call, call_meaning *m) {
  long long v;
  m->ordering = LLVMAtomicOrderingSequentiallyConsistent;
  m->scope = "";
  if (!constant_of(LLVMGetOperand(call, (unsigned)f->scope_arg), &v)) {
    add_note(m, "Scope not constant: CrossDevice");
  } else {
    /* SPIR-V Scope: CrossDevice 0, Device 1, Workgroup 2, Subgroup 3,
     * Invocation 4 */
    static const int to[] = {2, 1, 0, 3, 4};
    if (v < 0 || v > 4) {
      snprintf(m->error, sizeof m->error,
               "SPIR-V Scope %lld has no LLVM syncscope", v);
      return;
    }
    m->scope = spirv_scope_name(to[v]);
  }
  if (!constant_of(LLVMGetOperand(call, (unsigned)f->order_arg), &v)) {
    /* the strongest meaning it may have: its Volatile bit may be set */
    add_note(m, "MemorySemantics not constant: SequentiallyConsistent, "
                "volatile");
    m->is_volatile = 1;
    return;
  }
  /* SPIR-V MemorySemantics: Acquire 0x2, Release 0x4, AcquireRelease 0x8,
   * SequentiallyConsistent 0x10 (at most one); Volatile 0x8000; the
   * storage-class and availability bits do not change an atomicrmw. */
  switch (v & 0x1e) {
  case 0:
    m->ordering = LLVMAtomicOrderingMonotonic;
    break;
  case 0x2:
    m->ordering = LLVMAtomicOrderingAcquire;
    break;
  case 0x4:
    m->ordering = LLVMAtomicOrderingRelease;
    break;
  case 0x8:
    m->ordering = LLVMAtomicOrderingAcquireRelease;
    break;
  case 0x10:
    break;
  default:
    snprintf(m->error, sizeof m->error,
             "MemorySemantics 0x%llx sets more than one ordering", v);
    return;
  }
  m->is_volatile = (v & 0x8000) != 0;
}

static void map_fpa(const call_form *f, fpa_target t, call_meaning *m) {
  m->ordering = LLVMAtomicOrderingMonotonic;
  if (strcmp(f->fixed_scope, "system") == 0)
    m->scope = "";
  else if (strcmp(f->fixed_scope, "block") == 0)
    m->scope = t == FPA_TARGET_NVPTX ? "block" : "workgroup";
  else
    m->scope = "device";
}

/*--- the pass over calls ------------------------------------------------===*/

typedef struct origin {
  LLVMValueRef rmw;
  char text[224]; /* "from NAME" or "from NAME (notes)" */
} origin;

struct fpa_calls {
  LLVMModuleRef mod;
  fpa_target target;
  const fpa_options *opts;
  unsigned families;
  origin *origins; /* of the function last rewritten, sorted by rmw */
  size_t norigins, corigins;
  LLVMValueRef *fns; /* functions whose calls were rewritten */
  size_t nfns, cfns;
};

fpa_calls *fpa_calls_new(LLVMModuleRef m, fpa_target t, const fpa_options *o) {
  fpa_calls *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->mod = m;
  c->target = t;
  c->opts = o;
  c->families = o->calls;
  /* OpenCL C and SPIR-V builtin spellings mean SPIR-V scopes. */
  if (t != FPA_TARGET_SPIRV)
    c->families &= FPA_CALLS_FPA;
  return c;
}

void fpa_calls_destroy(fpa_calls *c) {
  if (!c)
    return;
  free(c->origins);
  free(c->fns);
  free(c);
}

static int remember_fn(fpa_calls *c, LLVMValueRef fn) {
  for (size_t i = 0; i < c->nfns; ++i)
    if (c->fns[i] == fn)
      return FPA_OK;
  if (c->nfns == c->cfns) {
    size_t n = c->cfns ? c->cfns * 2 : 16;
    LLVMValueRef *p = realloc(c->fns, n * sizeof *p);
    if (!p)
      return FPA_ERR_NOMEM;
    c->fns = p;
    c->cfns = n;
  }
  c->fns[c->nfns++] = fn;
  return FPA_OK;
}

static origin *new_origin(fpa_calls *c) {
  if (c->norigins == c->corigins) {
    size_t n = c->corigins ? c->corigins * 2 : 16;
    origin *p = realloc(c->origins, n * sizeof *p);
    if (!p)
      return NULL;
    c->origins = p;
    c->corigins = n;
  }
  return &c->origins[c->norigins++];
}

static LLVMTypeRef float_type(LLVMContextRef ctx, unsigned bits) {
  return bits == 16   ? LLVMHalfTypeInContext(ctx)
         : bits == 32 ? LLVMFloatTypeInContext(ctx)
                      : LLVMDoubleTypeInContext(ctx);
}

static unsigned bits_of(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMHalfTypeKind:
    return 16;
  case LLVMFloatTypeKind:
    return 32;
  case LLVMDoubleTypeKind:
    return 64;
  default:
    return 0;
  }
}

/* Whether the call's operands and result have the types the spelling
 * says; `why` tells what differs. */
static int call_matches(LLVMValueRef call, call_form *f, const char **why) {
  if (LLVMGetInstructionOpcode(call) != LLVMCall) {
    *why = "it is not a plain call";
    return 0;
  }
  if (LLVMGetNumArgOperands(call) != f->nargs) {
    *why = "it has a different number of arguments";
    return 0;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, 0))) !=
      LLVMPointerTypeKind) {
    *why = "its first argument is not a pointer";
    return 0;
  }
  LLVMTypeRef vty = LLVMTypeOf(LLVMGetOperand(call, (unsigned)f->value_arg));
  if (!f->bits)
    f->bits = bits_of(vty);
  if (!f->bits || bits_of(vty) != f->bits || LLVMTypeOf(call) != vty) {
    *why = "its value or result is not of the mangled floating-point type";
    return 0;
  }
  /* At most 64 bits, so that a constant one has a 64-bit value (LLVM
   * asserts that in LLVMConstIntGetSExtValue). */
  int ints[2] = {f->order_arg, f->scope_arg};
  for (int i = 0; i < 2; ++i) {
    if (ints[i] < 0)
      continue;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(call, (unsigned)ints[i]));
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) {
      *why = "an ordering or scope argument is not an integer";
      return 0;
    }
    if (LLVMGetIntTypeWidth(t) > 64) {
      *why = "an ordering or scope argument is wider than 64 bits";
      return 0;
    }
  }
  return 1;
}

static LLVMAtomicRMWBinOp binop_of(fpa_op op) {
  switch (op) {
  case FPA_OP_FADD:
    return LLVMAtomicRMWBinOpFAdd;
  case FPA_OP_FSUB:
    return LLVMAtomicRMWBinOpFSub;
  case FPA_OP_FMIN:
    return LLVMAtomicRMWBinOpFMin;
  default:
    return LLVMAtomicRMWBinOpFMax;
  }
}

/* Records the instruction `at` (in function `fn`) that reaches one of ours
 * and stays as it is: value type `vty`, address space `as`, `reason`. */
static int report_unsupported(fpa_calls *c, LLVMValueRef fn, LLVMValueRef at,
                              const call_form *f, LLVMTypeRef vty, unsigned as,
                              const char *reason, fpa_report *report) {
  char *type = LLVMPrintTypeToString(vty);
  size_t fnlen = 0;
  fpa_record rec = {0};
  fpa_locate(c->mod, at, &rec);
  rec.action = FPA_ACTION_UNSUPPORTED;
  rec.function = LLVMGetValueName2(fn, &fnlen);
  rec.operation = fpa_op_name(f->op);
  rec.type = type;
  rec.address_space = as;
  rec.strategy = fpa_strategy_name(FPA_S_UNSUPPORTED);
  rec.reason = reason;
  if (c->opts->callback)
    c->opts->callback(c->opts->callback_user, &rec, at);
  int rc = report ? fpa_report_add(report, &rec) : FPA_OK;
  LLVMDisposeMessage(type);
  return rc;
}

/* Records a call that is one of ours but stays as it is. */
static int report_left(fpa_calls *c, LLVMValueRef fn, LLVMValueRef call,
                       const call_form *f, const char *why,
                       fpa_report *report) {
  char reason[320];
  snprintf(reason, sizeof reason, "from %s: call left as is: %s", f->spelling,
           why);
  LLVMTypeRef vty = f->bits ? float_type(LLVMGetModuleContext(c->mod), f->bits)
                            : LLVMTypeOf(call);
  LLVMValueRef ptr =
      LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, 0) : NULL;
  unsigned as = ptr && LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMPointerTypeKind
                    ? LLVMGetPointerAddressSpace(LLVMTypeOf(ptr))
                    : 0;
  return report_unsupported(c, fn, call, f, vty, as, reason, report);
}

/* SPIR address spaces: global 1, local 3, generic 4. */
enum { SPIR_GLOBAL = 1, SPIR_LOCAL = 3, SPIR_GENERIC = 4 };

/* On SPIR/SPIR-V, the global or local pointer that a generic pointer was
 * cast from, else NULL. clang-22 resolves float and double
 * atomic_fetch_min/max on a global or local pointer to the generic
 * overload; the atomic then goes to the same memory through the named
 * address space, as InferAddressSpaces would make it (PoCL 3.1, for one,
 * has no generic-address-space atomics). */
static LLVMValueRef cast_source(const fpa_calls *c, LLVMValueRef ptr) {
  if (c->target != FPA_TARGET_SPIRV ||
      LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) != SPIR_GENERIC)
    return NULL;
  int is_cast = LLVMIsAAddrSpaceCastInst(ptr) ||
                (LLVMIsAConstantExpr(ptr) &&
                 LLVMGetConstOpcode(ptr) == LLVMAddrSpaceCast);
  if (!is_cast)
    return NULL;
  LLVMValueRef src = LLVMGetOperand(ptr, 0);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(src));
  return as == SPIR_GLOBAL || as == SPIR_LOCAL ? src : NULL;
}

/* Replaces `call` by the atomicrmw `f` and `m` describe. */
static LLVMValueRef rewrite(fpa_calls *c, LLVMBuilderRef b, LLVMValueRef call,
                            const call_form *f, const call_meaning *m) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->mod);
  LLVMValueRef val = LLVMGetOperand(call, (unsigned)f->value_arg);
  LLVMValueRef arg = LLVMGetOperand(call, 0);
  LLVMValueRef src = cast_source(c, arg);
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  LLVMValueRef ptr = fpa_compat_ptr_to(b, src ? src : arg, LLVMTypeOf(val));
  LLVMValueRef rmw =
      LLVMBuildAtomicRMW(b, binop_of(f->op), ptr, val, m->ordering, 0);
  LLVMSetCurrentDebugLocation2(b, NULL);
  LLVMSetAlignment(rmw, f->bits / 8);
  fpa_compat_set_syncscope(rmw, fpa_compat_syncscope_id(ctx, m->scope));
  if (m->is_volatile)
    LLVMSetVolatile(rmw, 1);
  size_t n = 0;
  const char *name = LLVMGetValueName2(call, &n);
  if (n) {
    char *copy = fpa_strprintf("%.*s", (int)n, name);
    LLVMSetValueName2(call, "", 0);
    if (copy)
      LLVMSetValueName2(rmw, copy, n);
    free(copy);
  }
  LLVMReplaceAllUsesWith(call, rmw);
  LLVMInstructionEraseFromParent(call);
  if (src && LLVMIsAInstruction(arg) && !LLVMGetFirstUse(arg))
    LLVMInstructionEraseFromParent(arg);
  return rmw;
}

static int by_rmw(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const origin *)a)->rmw;
  uintptr_t y = (uintptr_t)((const origin *)b)->rmw;
  return x < y ? -1 : x > y;
}

int fpa_calls_rewrite(fpa_calls *c, LLVMValueRef fn, LLVMBuilderRef b,
                      fpa_report *report, int *changed) {
  c->norigins = 0;
  if (!c->families)
    return FPA_OK;
  int rc = FPA_OK;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && rc == FPA_OK;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef next;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && rc == FPA_OK;
         i = next) {
      next = LLVMGetNextInstruction(i);
      LLVMOpcode opc = LLVMGetInstructionOpcode(i);
      if (opc != LLVMCall && opc != LLVMInvoke)
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (!callee || !LLVMIsAFunction(callee))
        continue;
      call_form f;
      if (!recognize_fn(callee, c->families, &f))
        continue;
      const char *why = NULL;
      if (!call_matches(i, &f, &why)) {
        rc = report_left(c, fn, i, &f, why, report);
        continue;
      }
      call_meaning m = {0};
      switch (f.fam) {
      case FAM_OPENCL:
        map_opencl(&f, i, &m);
        break;
      case FAM_SPIRV:
        map_spirv(&f, i, &m);
        break;
      case FAM_FPA:
        map_fpa(&f, c->target, &m);
        break;
      }
      if (m.error[0]) {
        rc = report_left(c, fn, i, &f, m.error, report);
        continue;
      }
      origin *o = remember_fn(c, callee) == FPA_OK ? new_origin(c) : NULL;
      if (!o) {
        rc = FPA_ERR_NOMEM;
        break;
      }
      LLVMValueRef src = cast_source(c, LLVMGetOperand(i, 0));
      if (src) {
        char note[64];
        snprintf(note, sizeof note,
                 "on the addrspace(%u) pointer behind the generic cast",
                 LLVMGetPointerAddressSpace(LLVMTypeOf(src)));
        add_note(&m, note);
      }
      if (m.note[0])
        snprintf(o->text, sizeof o->text, "from %s (%s)", f.spelling, m.note);
      else
        snprintf(o->text, sizeof o->text, "from %s", f.spelling);
      o->rmw = rewrite(c, b, i, &f, &m);
      /* rewrite() erases the call, and the cast it used when nothing else
       * does, which in a block no path reaches may come right after the
       * call: the walk goes on after the new atomicrmw. */
      next = LLVMGetNextInstruction(o->rmw);
      *changed = 1;
    }
  }
  if (c->norigins > 1)
    qsort(c->origins, c->norigins, sizeof *c->origins, by_rmw);
  return rc;
}

/* report_left for an instruction `at` that reaches a recognized function
 * other than as a direct call's callee (no operands to read). */
static int report_reach(fpa_calls *c, LLVMValueRef at, const call_form *f,
                        const char *why, fpa_report *report) {
  char reason[320];
  snprintf(reason, sizeof reason, "from %s: %s", f->spelling, why);
  LLVMContextRef ctx = LLVMGetModuleContext(c->mod);
  LLVMTypeRef vty =
      f->bits ? float_type(ctx, f->bits) : LLVMFloatTypeInContext(ctx);
  return report_unsupported(
      c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(at)), at, f, vty, 0,
      reason, report);
}

/* Where instruction `user` reaches `fn` through `via` (fn itself or a
 * constant cast of it): a call with `via` as its callee through a cast, or
 * any other use (the function's address taken: calls through the pointer
 * are not recognized). */
static int report_use(fpa_calls *c, LLVMValueRef user, LLVMValueRef via,
                      LLVMValueRef fn, const call_form *f, fpa_report *report) {
  LLVMOpcode op = LLVMGetInstructionOpcode(user);
  if ((op == LLVMCall || op == LLVMInvoke) && LLVMGetCalledValue(user) == via) {
    if (via == fn)
      return FPA_OK; /* a direct call: rewritten or reported already */
    return report_reach(c, user, f,
                        "called through a cast of the function, which is "
                        "not recognized",
                        report);
  }
  return report_reach(c, user, f,
                      "the function's address is taken here; calls through "
                      "a pointer are not recognized",
                      report);
}

/* Each instruction that reads global variable or constant `v`, which
 * holds a spelling's address, directly or through constant expressions
 * (a table's element by a constant GEP) or other globals' initializers,
 * up to `depth` 8: reported as reaching the spelling. */
static int report_reads(fpa_calls *c, LLVMValueRef v, const call_form *f,
                        fpa_report *report, int depth) {
  int rc = FPA_OK;
  for (LLVMUseRef g = LLVMGetFirstUse(v); g && rc == FPA_OK;
       g = LLVMGetNextUse(g)) {
    LLVMValueRef user = LLVMGetUser(g);
    if (LLVMIsAInstruction(user))
      rc = report_reach(c, user, f,
                        "the function's address is in a global variable "
                        "read here; calls through a pointer are not "
                        "recognized",
                        report);
    else if ((LLVMIsAGlobalVariable(user) ||
              (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user))) &&
             depth < 8)
      rc = report_reads(c, user, f, report, depth + 1);
  }
  return rc;
}

/* The users of `v` (the function `fn`, or a constant built from it, `depth`
 * constants down), reported: an instruction as report_use says; a constant
 * (a cast, an array or struct of pointers) through its own users; a global
 * variable whose initializer holds it at each instruction that reads the
 * global (report_reads). Eight levels of constants at most. */
static int report_users(fpa_calls *c, LLVMValueRef v, LLVMValueRef fn,
                        const call_form *f, fpa_report *report, int depth) {
  int rc = FPA_OK;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u && rc == FPA_OK;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user)) {
      rc = report_use(c, user, v, fn, f, report);
    } else if (LLVMIsAGlobalVariable(user)) {
      rc = report_reads(c, user, f, report, depth);
    } else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) &&
               depth < 8) {
      rc = report_users(c, user, fn, f, report, depth + 1);
    }
  }
  return rc;
}

int fpa_calls_spells(const fpa_calls *c, LLVMValueRef fn) {
  if (!c || !c->families)
    return 0;
  call_form f;
  return recognize_fn(fn, c->families, &f);
}

int fpa_calls_report_unreached(fpa_calls *c, fpa_report *report) {
  if (!c || !c->families)
    return FPA_OK;
  int rc = FPA_OK;
  for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn && rc == FPA_OK;
       fn = LLVMGetNextFunction(fn)) {
    call_form f;
    if (recognize_fn(fn, c->families, &f))
      rc = report_users(c, fn, fn, &f, report, 0);
  }
  return rc;
}

const char *fpa_calls_origin(const fpa_calls *c, LLVMValueRef rmw) {
  if (!c || !c->norigins)
    return NULL;
  origin key;
  key.rmw = rmw;
  const origin *o =
      bsearch(&key, c->origins, c->norigins, sizeof *c->origins, by_rmw);
  return o ? o->text : NULL;
}

void fpa_calls_erase_unused(fpa_calls *c) {
  for (size_t i = 0; c && i < c->nfns; ++i) {
    LLVMValueRef fn = c->fns[i];
    if (LLVMGetFirstUse(fn))
      continue;
    switch (LLVMGetLinkage(fn)) {
    case LLVMInternalLinkage:
    case LLVMPrivateLinkage:
    case LLVMLinkOnceAnyLinkage:
    case LLVMLinkOnceODRLinkage:
    case LLVMAvailableExternallyLinkage:
      break;
    default:
      if (!LLVMIsDeclaration(fn))
        continue;
    }
    LLVMDeleteFunction(fn);
  }
  /* forgotten, erased or not: a later call looks only at the functions
   * whose calls were replaced after this one */
  if (c)
    c->nfns = 0;
}

/*--- compare-and-swap spellings, for raise.c ----------------------------===*/

/* The width of an integer (or, with `is_float`, floating-point) builtin
 * type the CAS spellings take: i, j (32), l, m (64), f (32), d (64). */
static unsigned cas_value_bits(const mparse *p, int idx, int *is_float) {
  *is_float = 0;
  if (idx < 0 || p->nodes[idx].kind != MT_BUILTIN)
    return 0;
  const mnode *n = &p->nodes[idx];
  if (text_is(n, "i") || text_is(n, "j"))
    return 32;
  if (text_is(n, "l") || text_is(n, "m"))
    return 64;
  *is_float = 1;
  if (text_is(n, "f"))
    return 32;
  if (text_is(n, "d"))
    return 64;
  return 0;
}

static int same_builtin(const mparse *p, int a, int b) {
  return a >= 0 && b >= 0 && p->nodes[a].kind == MT_BUILTIN &&
         p->nodes[b].kind == MT_BUILTIN && p->nodes[a].len == p->nodes[b].len &&
         strncmp(p->nodes[a].text, p->nodes[b].text, p->nodes[a].len) == 0;
}

int fpa_calls_cas(const fpa_calls *c, LLVMValueRef call, fpa_cas_call *out) {
  memset(out, 0, sizeof *out);
  if (!c || c->target != FPA_TARGET_SPIRV ||
      LLVMGetInstructionOpcode(call) != LLVMCall)
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return 0;
  size_t n = 0;
  const char *s = LLVMGetValueName2(callee, &n);
  if (n < 3 || s[0] != '_' || s[1] != 'Z')
    return 0;
  mparse p = {0};
  p.s = s;
  p.pos = 2;
  p.end = n;
  const char *name;
  size_t len;
  if (!source_name(&p, &name, &len))
    return 0;
  static const char *const names[] = {"atomic_cmpxchg",
                                      "atom_cmpxchg",
                                      "atomic_compare_exchange_strong",
                                      "atomic_compare_exchange_weak",
                                      "atomic_compare_exchange_strong_explicit",
                                      "atomic_compare_exchange_weak_explicit"};
  int which = -1;
  for (int i = 0; i < 6; ++i)
    if (name_eq(name, len, names[i]))
      which = i;
  if (which < 0)
    return 0;
  int params[MAX_PARAMS], np = 0;
  while (p.pos < p.end)
    if (np == MAX_PARAMS || (params[np++] = parse_type(&p)) < 0)
      return 0;
  int atomic = 0, is_float = 0, f2 = 0;
  int obj = np ? pointee(&p, params[0], &atomic) : -1;
  unsigned bits = cas_value_bits(&p, obj, &is_float);
  if (!bits)
    return 0;
  snprintf(out->spelling, sizeof out->spelling, "%s", names[which]);
  out->bits = bits;
  out->is_float = is_float;
  LLVMValueRef ptr = LLVMGetOperand(call, 0);
  unsigned nargs = LLVMGetNumArgOperands(call);
  if (which < 2) {
    /* atomic_cmpxchg / atom_cmpxchg(volatile AS T *p, T cmp, T val): the
     * OpenCL 1.x functions, relaxed (as libclc and the SPIR-V
     * translator read them), at device scope. */
    if (is_float || atomic || np != 3 || nargs != 3 ||
        !same_builtin(&p, obj, params[1]) || !same_builtin(&p, obj, params[2]))
      return 0;
    out->ordering = LLVMAtomicOrderingMonotonic;
    out->scope = spirv_scope_name(1);
    snprintf(out->note, sizeof out->note,
             "OpenCL 1.x atomic: relaxed, memory_scope_device");
  } else {
    /* atomic_compare_exchange_*(volatile A *obj, C *expected, C desired
     * [, memory_order success, memory_order failure [, memory_scope]]) */
    int expl = which >= 4, exp_atomic = 0;
    int expd = np >= 2 ? pointee(&p, params[1], &exp_atomic) : -1;
    int np_ok = expl ? np == 5 || np == 6 : np == 3;
    if (!atomic || exp_atomic || !np_ok || (int)nargs != np ||
        cas_value_bits(&p, expd, &f2) != bits || f2 != is_float ||
        !same_builtin(&p, obj, params[2]))
      return 0;
    if (expl &&
        (!enum_or_int(&p, params[3], NULL, NULL, "memory_order") ||
         !enum_or_int(&p, params[4], NULL, NULL, "memory_order") ||
         (np == 6 && !enum_or_int(&p, params[5], NULL, NULL, "memory_scope"))))
      return 0;
    call_form f = {0};
    f.order_arg = expl ? 3 : -1;
    f.scope_arg = np == 6 ? 5 : -1;
    call_meaning m = {0};
    map_opencl(&f, call, &m);
    if (m.error[0]) {
      snprintf(out->error, sizeof out->error, "%s", m.error);
      return 1;
    }
    out->by_pointer = 1;
    out->weak = which == 3 || which == 5;
    out->ordering = m.ordering;
    out->scope = m.scope;
    snprintf(out->note, sizeof out->note, "%s", m.note);
  }
  LLVMValueRef src = cast_source(c, ptr);
  out->ptr = src ? src : ptr;
  return 1;
}

int fpa_calls_recognizes(const fpa_calls *c, LLVMValueRef fn) {
  call_form f;
  return c && c->families && recognize_fn(fn, c->families, &f);
}
