/*===-- target.c - what each target executes natively --------------------===*\
|*                                                                          *|
|* NVPTX rules follow LLVM 22's NVPTXTargetLowering::                       *|
|* shouldExpandAtomicRMWInIR and NVPTXSubtarget; SPIR/SPIR-V rules follow   *|
|* the SPV_EXT_shader_atomic_float* extensions, which the user declares.    *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int has_prefix(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

fpa_target fpa_module_target(LLVMModuleRef m, const fpa_options *o) {
  if (o && o->target != FPA_TARGET_AUTO)
    return o->target;
  const char *triple = LLVMGetTarget(m);
  if (!triple)
    return FPA_TARGET_NONE;
  /* nvptx, nvptx64 */
  if (has_prefix(triple, "nvptx"))
    return FPA_TARGET_NVPTX;
  /* spir, spir64, spirv, spirv32, spirv64 (and their -unknown-... forms),
   * the OpenCL kernels' SPIR-V; not Vulkan's (spirv1.6-unknown-vulkan1.3,
   * an OS or environment named vulkan): its logical addressing has no
   * access to a float's bits as an integer, which the lowerings make */
  if (has_prefix(triple, "spir") && !strstr(triple, "-vulkan"))
    return FPA_TARGET_SPIRV;
  return FPA_TARGET_NONE;
}

int fpa_module_is_target(LLVMModuleRef module, const fpa_options *opts) {
  return module && fpa_module_target(module, opts) != FPA_TARGET_NONE;
}

/* The value of a string function attribute, or NULL. */
static const char *fn_attr(LLVMValueRef fn, const char *name, unsigned *len) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  if (!a)
    return NULL;
  return LLVMGetStringAttributeValue(a, len);
}

/* "sm_90a" -> 90 */
static unsigned parse_sm(const char *s, unsigned len) {
  if (len < 4 || strncmp(s, "sm_", 3) != 0)
    return 0;
  unsigned n = 0;
  for (unsigned i = 3; i < len && isdigit((unsigned char)s[i]); ++i)
    n = n * 10 + (unsigned)(s[i] - '0');
  return n;
}

/* "+ptx78,+sm_90" -> 78 (the largest +ptxN present) */
static unsigned parse_ptx(const char *s, unsigned len) {
  unsigned best = 0;
  for (unsigned i = 0; i + 4 < len; ++i) {
    if (strncmp(s + i, "+ptx", 4) != 0)
      continue;
    unsigned n = 0, j = i + 4;
    while (j < len && isdigit((unsigned char)s[j]))
      n = n * 10 + (unsigned)(s[j++] - '0');
    if (n > best)
      best = n;
  }
  return best;
}

/* The PTX version LLVM 22's NVPTXSubtarget picks for an SM when none is
 * given (getMinPTXVersionForSM). */
static unsigned min_ptx_for_sm(unsigned sm) {
  static const unsigned table[][2] = {
      {120, 87}, {100, 86}, {90, 78}, {89, 78}, {87, 74}, {86, 71},
      {80, 70},  {75, 63},  {72, 61}, {70, 60}, {62, 50}, {60, 50},
      {53, 42},  {50, 40},  {37, 41}, {30, 32}, {0, 32}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (sm >= table[i][0])
      return table[i][1];
  return 32;
}

void fpa_function_caps(LLVMValueRef fn, fpa_target t, const fpa_options *o,
                       fpa_caps *c) {
  memset(c, 0, sizeof *c);
  c->target = t;
  if (t == FPA_TARGET_SPIRV) {
    c->spirv_ext = o->spirv_ext;
    /* OpAtomicCompareExchange takes 32- and 64-bit integers. */
    c->cas_min_bits = 32;
    c->cas_max_bits = 64;
    return;
  }
  const char *triple = LLVMGetTarget(LLVMGetGlobalParent(fn));
  c->ptx_module = triple && has_prefix(triple, "nvptx");
  unsigned len = 0;
  const char *cpu = fn_attr(fn, "target-cpu", &len);
  c->sm = o->sm ? o->sm : (cpu ? parse_sm(cpu, len) : 0);
  if (!c->sm) {
    c->sm = FPA_NVPTX_DEFAULT_SM;
    c->sm_from_default = 1;
  }
  const char *feat = fn_attr(fn, "target-features", &len);
  c->ptx = o->ptx ? o->ptx : (feat ? parse_ptx(feat, len) : 0);
  /* LLVM 22 uses at least the minimum PTX version of the SM. */
  unsigned min_ptx = c->sm_from_default ? FPA_NVPTX_DEFAULT_PTX
                                        : min_ptx_for_sm(c->sm);
  if (c->ptx < min_ptx)
    c->ptx = min_ptx;
  c->ptx_sure = o->ptx ? c->ptx : min_ptx;
  /* LLVM 22 NVPTX: getMinCmpXchgSizeInBits() is 32 on every SM (16-bit
   * cmpxchg is emulated on the word), so sub-word types are masked here. */
  c->cas_min_bits = 32;
  /* atom.cas.b128 needs sm_90 and PTX 8.3, and PTX 8.4 for the default
   * (.sys) scope, which ptxas otherwise rejects. */
  c->cas_max_bits = (c->sm >= 90 && c->ptx >= 84) ? 128 : 64;
}

static int is_kind(LLVMTypeRef ty, LLVMTypeKind k) {
  return LLVMGetTypeKind(ty) == k;
}

int fpa_native_fadd(const fpa_caps *c, LLVMTypeRef ty, const char **why) {
  if (is_kind(ty, LLVMVectorTypeKind)) {
    *why = "no native vector fadd atomic is used for this target";
    return 0;
  }
  if (c->target == FPA_TARGET_SPIRV) {
    if (is_kind(ty, LLVMFloatTypeKind) || is_kind(ty, LLVMDoubleTypeKind)) {
      if (c->spirv_ext & FPA_SPV_FLOAT_ADD) {
        *why = "SPV_EXT_shader_atomic_float_add is declared";
        return 1;
      }
      *why = "SPV_EXT_shader_atomic_float_add is not declared";
      return 0;
    }
    if (is_kind(ty, LLVMHalfTypeKind)) {
      if (c->spirv_ext & FPA_SPV_FLOAT16_ADD) {
        *why = "SPV_EXT_shader_atomic_float16_add is declared";
        return 1;
      }
      *why = "SPV_EXT_shader_atomic_float16_add is not declared";
      return 0;
    }
    *why = "SPIR-V has no bfloat atomic add";
    return 0;
  }
  switch (LLVMGetTypeKind(ty)) {
  case LLVMFloatTypeKind:
    *why = "atom.add.f32 exists on every sm";
    return 1;
  case LLVMDoubleTypeKind:
    *why = "atom.add.f64 needs sm_60";
    return c->sm >= 60;
  case LLVMHalfTypeKind:
    if (!FPA_NVPTX_HAS_F16_ADD) {
      *why = "this LLVM's NVPTX backend cannot select a half atomic add";
      return 0;
    }
    *why = "atom.add.noftz.f16 needs sm_70 and PTX 6.3";
    return c->sm >= 70 && c->ptx >= 63;
  case LLVMBFloatTypeKind:
    if (!FPA_NVPTX_HAS_F16_ADD) {
      *why = "this LLVM's NVPTX backend cannot select a bfloat atomic add";
      return 0;
    }
    *why = "atom.add.noftz.bf16 needs sm_90 and PTX 7.8";
    return c->sm >= 90 && c->ptx >= 78;
  default:
    *why = "not a floating-point type";
    return 0;
  }
}

int fpa_native_fadd_flushes(const fpa_caps *c, LLVMTypeRef ty,
                            unsigned addrspace) {
  /* PTX ISA: "atom.add.f32 ... flushes subnormal inputs and results to
   * sign-preserving zero on global memory but ... doesn't flush them to zero
   * on shared memory". A generic pointer may point to global memory. The
   * f64, f16 and bf16 forms never flush. */
  return c->target == FPA_TARGET_NVPTX && is_kind(ty, LLVMFloatTypeKind) &&
         addrspace != 3;
}

int fpa_rmw_drops_ordering(const fpa_caps *c) {
  /* LLVM 22 NVPTX emits a native atomicrmw (atom.add.f32, atom.min.s32, ...)
   * with no .sem, no .scope and no fence, whatever its ordering; cmpxchg and
   * fences keep theirs. llc-15 cannot select NVPTX fences at all. */
  return c->target == FPA_TARGET_NVPTX && FPA_NVPTX_HAS_FENCES;
}

int fpa_cas_needs_sys(const fpa_caps *c, const fpa_site *s) {
  /* llc: "Unsupported scope \"Thread\" for seq_cst fence", and likewise for
   * the other orderings that take a fence */
  return c->target == FPA_TARGET_NVPTX &&
         s->ssid == FPA_SYNCSCOPE_SINGLETHREAD &&
         s->ordering != LLVMAtomicOrderingMonotonic;
}

int fpa_rmw_sys_asm(const fpa_caps *c) {
  /* .sys exists from sm_60 (PTX ISA: "Support for scope qualifier requires
   * sm_60 or higher"); below that every atomic is at most .gpu. Inline PTX
   * only goes into a module that becomes PTX (target=nvptx may be forced on
   * another triple, as the host test harnesses do). */
  if (!(c->target == FPA_TARGET_NVPTX && c->ptx_module &&
        FPA_NVPTX_RMW_DROPS_SCOPE && c->sm >= 60))
    return 0;
  /* .acquire and the other .sem qualifiers of atom need sm_70 */
  return c->sm >= 70 ? 2 : 1;
}

int fpa_ptx_min_nan(const fpa_caps *c) {
  /* min.NaN needs sm_80 and PTX 7.0 (every PTX for sm_80 is 7.0 or more) */
  return c->target == FPA_TARGET_NVPTX && c->ptx_module && c->sm >= 80 &&
         c->ptx_sure >= 70;
}

unsigned fpa_fence_scope(const fpa_caps *c, LLVMContextRef ctx,
                         unsigned ssid) {
  /* .cluster fences need sm_90; below that the widest expressible scope
   * that still covers a cluster is the device. */
  if (c->target == FPA_TARGET_NVPTX && c->sm < 90 &&
      ssid == fpa_compat_syncscope_id(ctx, "cluster"))
    return fpa_compat_syncscope_id(ctx, "device");
  return ssid;
}
