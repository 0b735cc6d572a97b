/* <fpatomics/cuda.h>: float and double min, max and sub atomics for CUDA.
 *
 * CUDA has atomicMin/atomicMax only for integers and atomicSub only for
 * int and unsigned. This header adds, for device code:
 *
 *   float  atomicMin(float *, float)     double atomicMin(double *, double)
 *   float  atomicMax(float *, float)     double atomicMax(double *, double)
 *   float  atomicSub(float *, float)     double atomicSub(double *, double)
 *
 * and the _block and _system variant of each (atomicMin_block, ...). Like
 * CUDA's integer atomics they are relaxed, return the value memory held
 * before the update, and act at device scope (plain names), block scope
 * (_block) or system scope (_system). _block and _system need sm_60, as
 * CUDA's own do.
 *
 * Semantics (fpatomics' SEMANTICS.md, LLVM's llvm.minnum/llvm.maxnum):
 *  - atomicMin stores minnum(*p, v): a NaN v leaves memory unchanged, a NaN
 *    in memory is replaced by v, and -0.0 is below +0.0; atomicMax mirrors
 *    it (+0.0 above -0.0);
 *  - atomicSub stores *p - v, rounded to nearest even, subnormals kept
 *    (also under -ftz=true: the header spells its float subtraction without
 *    flushing).
 *
 * How they compile:
 *  - Each overload calls an extern "C" function
 *      T __fpa_atomic_fetch_<min|max|sub>_<f32|f64>_<block|device|system>
 *        (T *p, T v)
 *    meaning `atomicrmw <fmin|fmax|fsub> ptr %p, T %v
 *    syncscope("block"|"device"|"") monotonic`. clang-22 cannot spell those
 *    scopes itself: it drops __MEMORY_SCOPE_* for NVPTX, so every
 *    __scoped_atomic_* builtin becomes a system-scope atomicrmw.
 *  - Under clang with the fpatomics pass plugin
 *    (-fpass-plugin=FPAtomics.so), the pass replaces each call by that
 *    atomicrmw, lowers it and erases the definitions below. For that they
 *    are noinline and linkonce_odr (inline): the calls survive the
 *    optimization pipeline to the pass at every -O level, and the optimizer
 *    may not change their name or signature (with static, clang mangles the
 *    name and the optimizer drops an unused result).
 *  - Without the plugin, and under nvcc (no LLVM pass runs there), the
 *    definitions below do the same as the pass's default lowering, in CUDA
 *    C++ (inlined into the caller under nvcc):
 *    - min/max: one integer atomic on the bits, chosen by the sign BIT of
 *      v (never v >= 0, which sends -0.0 the wrong way):
 *                    sign bit of v clear        sign bit of v set
 *        atomicMin   atomicMin (int, long long) atomicMax (unsigned, u64)
 *        atomicMax   atomicMax (int, long long) atomicMin (unsigned, u64)
 *      A NaN v becomes the identity of that integer op (INT_MAX, 0,
 *      INT_MIN, all-ones), so memory keeps its value and the old value is
 *      returned. A NaN in memory of the sign the integer op keeps (a
 *      negative NaN for min, a positive one for max) shows in the returned
 *      old value; memory was not changed, so a compare-and-swap loop
 *      started from that value finishes the update (the NaN repair). A NaN
 *      of the other sign is replaced by the integer op, as minnum demands.
 *    - sub, float: the native atomicAdd of -v where it is exact, a
 *      compare-and-swap loop elsewhere. atom.add.f32 on global memory
 *      flushes subnormal inputs and results; with w = -v, the flushing add
 *      stores RN(*p + w) for every *p whenever |w| >= 2^-101 or w is inf or
 *      NaN ((bits(w) & 0x7fffffff) >= 0x0d000000; SEMANTICS.md has the
 *      proof). Smaller operands and zeros take the loop.
 *    - sub, double: atomicAdd(p, -v) (sm_60 and later; f64 add does not
 *      flush); before sm_60 the loop.
 *    The loop loads once, retries with the value the compare-and-swap
 *    returned, compares bits (a NaN cannot make it spin), orders values by
 *    integer keys (never by float compares), and returns without a write
 *    when the update would not change memory (allowed for relaxed order).
 *    Under clang, device scope uses relaxed __atomic builtins, which are
 *    system scope in the IR: clang's atomicMin and atomicCAS are seq_cst,
 *    and it has no relaxed device-scope spelling. _block and _system use
 *    CUDA's scoped atomics (atomicMin_block, atomicAdd_system, ...), but
 *    unsigned min/max at those scopes are inline PTX under clang (below).
 *  - FPATOMICS_CUDA_CAS_LOOP, defined before the include, makes every
 *    definition the compare-and-swap loop (exact, slow under contention);
 *    it is there to measure the loop against the lowering above.
 */

#ifndef FPATOMICS_CUDA_H
#define FPATOMICS_CUDA_H

#if !defined(__CUDACC__)
#error "<fpatomics/cuda.h> is for CUDA sources (nvcc, or clang -x cuda)"
#elif !defined(__cplusplus) ||                                                \
    (__cplusplus < 201103L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201103L))
#error "<fpatomics/cuda.h> needs C++11 or later"
#else

#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__)
#define __FPA_CUDA_CLANG 1
/* Kept as calls until the fpatomics pass sees them (see above). */
#define __FPA_CUDA_ENTRY extern "C" __device__ inline __attribute__((noinline))
#else
#define __FPA_CUDA_ENTRY extern "C" __device__ __forceinline__
#endif

/* The _block and _system atomics and atomicAdd(double *) exist from sm_60;
 * the host pass sees every declaration. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#define __FPA_CUDA_SM60 1
#endif

namespace __fpa_cuda {

/* ---- bits ---------------------------------------------------------------- */

__device__ __forceinline__ unsigned int bits_of(float f) {
  return __float_as_uint(f);
}
__device__ __forceinline__ unsigned long long bits_of(double d) {
  return (unsigned long long)__double_as_longlong(d);
}
__device__ __forceinline__ float value_of(unsigned int b) {
  return __uint_as_float(b);
}
__device__ __forceinline__ double value_of(unsigned long long b) {
  return __longlong_as_double((long long)b);
}
__device__ __forceinline__ unsigned int sign_bit(unsigned int) {
  return 0x80000000u;
}
__device__ __forceinline__ unsigned long long sign_bit(unsigned long long) {
  return 0x8000000000000000ull;
}
__device__ __forceinline__ unsigned int inf_bits(unsigned int) {
  return 0x7f800000u;
}
__device__ __forceinline__ unsigned long long inf_bits(unsigned long long) {
  return 0x7ff0000000000000ull;
}
/* The sign is shifted out, not masked: an optimizer turns the masked bits
 * into fabs, which NVPTX emits as abs.ftz.f32 under a flushing f32 mode,
 * and may then reuse them as a positive value's bits (clang -O2
 * -fgpu-flush-denormals-to-zero). */
template <class U> __device__ __forceinline__ bool is_nan(U b) {
  return (U)(b << 1) > (U)(inf_bits(b) << 1);
}
/* Order key of a non-NaN value, compared unsigned: -0.0 < +0.0. */
template <class U> __device__ __forceinline__ U order_key(U b) {
  return (b & sign_bit(b)) ? ~b : (b | sign_bit(b));
}

/* IEEE a - b, round to nearest even, subnormals kept: PTX sub.rn without
 * .ftz, which __fsub_rn and `-` become under -ftz=true. f64 never flushes.
 * Host compilations (the header's host pass, tests) use the host's. */
__device__ __forceinline__ float sub_rn(float a, float b) {
#ifdef __CUDA_ARCH__
  float r;
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
#else
  return a - b;
#endif
}
__device__ __forceinline__ double sub_rn(double a, double b) { return a - b; }

/* ---- the new value from the old (m) and the operand (v) ------------------ */

struct op_min { /* llvm.minnum */
  template <class U> __device__ static __forceinline__ U apply(U m, U v) {
    if (is_nan(v))
      return m;
    if (is_nan(m))
      return v;
    return order_key(v) < order_key(m) ? v : m;
  }
};
struct op_max { /* llvm.maxnum */
  template <class U> __device__ static __forceinline__ U apply(U m, U v) {
    if (is_nan(v))
      return m;
    if (is_nan(m))
      return v;
    return order_key(m) < order_key(v) ? v : m;
  }
};
struct op_sub {
  template <class U> __device__ static __forceinline__ U apply(U m, U v) {
    return bits_of(sub_rn(value_of(m), value_of(v)));
  }
};

/* ---- relaxed atomics, by scope ------------------------------------------- */

struct scope_block {};
struct scope_device {};
struct scope_system {};

template <class U> __device__ __forceinline__ U load(const U *p) {
#ifdef __FPA_CUDA_CLANG
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
  /* PTX gives ld.volatile the semantics of ld.relaxed.sys. */
  return *(const volatile U *)p;
#endif
}

/* Device scope: CUDA's plain atomics under nvcc; relaxed __atomic builtins
 * under clang (see the top). */
#ifdef __FPA_CUDA_CLANG
#define __FPA_CUDA_DEVICE_RMW(CUDA_FN, BUILTIN, P, V)                          \
  BUILTIN(P, V, __ATOMIC_RELAXED)
#else
#define __FPA_CUDA_DEVICE_RMW(CUDA_FN, BUILTIN, P, V) CUDA_FN(P, V)
#endif

/* NAME(scope, U *p, U v): CUDA_FN on p and v as type S (signed or not),
 * returning the old bits. */
#ifdef __FPA_CUDA_SM60
#define __FPA_CUDA_SCOPED_RMW(NAME, CUDA_FN, U, S)                             \
  __device__ __forceinline__ U NAME(scope_block, U *p, U v) {                  \
    return (U)CUDA_FN##_block((S *)p, (S)v);                                   \
  }                                                                            \
  __device__ __forceinline__ U NAME(scope_system, U *p, U v) {                 \
    return (U)CUDA_FN##_system((S *)p, (S)v);                                  \
  }
#else
#define __FPA_CUDA_SCOPED_RMW(NAME, CUDA_FN, U, S)
#endif
#define __FPA_CUDA_DEVICE_ONLY_RMW(NAME, CUDA_FN, BUILTIN, U, S)               \
  __device__ __forceinline__ U NAME(scope_device, U *p, U v) {                 \
    return (U)__FPA_CUDA_DEVICE_RMW(CUDA_FN, BUILTIN, (S *)p, (S)v);           \
  }
#define __FPA_CUDA_RMW(NAME, CUDA_FN, BUILTIN, U, S)                           \
  __FPA_CUDA_DEVICE_ONLY_RMW(NAME, CUDA_FN, BUILTIN, U, S)                     \
  __FPA_CUDA_SCOPED_RMW(NAME, CUDA_FN, U, S)
#define __FPA_CUDA_RMW_WIDTHS(NAME, CUDA_FN, BUILTIN, S32, S64)                \
  __FPA_CUDA_RMW(NAME, CUDA_FN, BUILTIN, unsigned int, S32)                    \
  __FPA_CUDA_RMW(NAME, CUDA_FN, BUILTIN, unsigned long long, S64)

__FPA_CUDA_RMW_WIDTHS(smin, atomicMin, __atomic_fetch_min, int, long long)
__FPA_CUDA_RMW_WIDTHS(smax, atomicMax, __atomic_fetch_max, int, long long)

#ifdef __FPA_CUDA_CLANG
/* clang-22 compiles CUDA's unsigned scoped min/max to signed PTX:
 * atomicMax_block(unsigned *) becomes atom.cta.max.s32, because its
 * __nvvm_atom_cta_max_gen_ui (and _ull, and the sys and min ones) map to the
 * signed llvm.nvvm.atomic.max.gen.i.cta. So under clang these are PTX. */
#define __FPA_CUDA_ASM_RMW(NAME, SCOPE, PTX_OP, U, C)                          \
  __device__ __forceinline__ U NAME(SCOPE, U *p, U v) {                        \
    U old;                                                                     \
    asm volatile(PTX_OP " %0, [%1], %2;"                                       \
                 : "=" C(old)                                                  \
                 : "l"(p), C(v)                                                \
                 : "memory");                                                  \
    return old;                                                                \
  }
#define __FPA_CUDA_ASM_RMW_SCOPES(NAME, OP)                                    \
  __FPA_CUDA_ASM_RMW(NAME, scope_block, "atom.cta." OP ".u32", unsigned int,   \
                     "r")                                                      \
  __FPA_CUDA_ASM_RMW(NAME, scope_block, "atom.cta." OP ".u64",                 \
                     unsigned long long, "l")                                  \
  __FPA_CUDA_ASM_RMW(NAME, scope_system, "atom.sys." OP ".u32", unsigned int,  \
                     "r")                                                      \
  __FPA_CUDA_ASM_RMW(NAME, scope_system, "atom.sys." OP ".u64",                \
                     unsigned long long, "l")
__FPA_CUDA_DEVICE_ONLY_RMW(umin, atomicMin, __atomic_fetch_min, unsigned int,
                           unsigned int)
__FPA_CUDA_DEVICE_ONLY_RMW(umin, atomicMin, __atomic_fetch_min,
                           unsigned long long, unsigned long long)
__FPA_CUDA_DEVICE_ONLY_RMW(umax, atomicMax, __atomic_fetch_max, unsigned int,
                           unsigned int)
__FPA_CUDA_DEVICE_ONLY_RMW(umax, atomicMax, __atomic_fetch_max,
                           unsigned long long, unsigned long long)
#ifdef __FPA_CUDA_SM60
__FPA_CUDA_ASM_RMW_SCOPES(umin, "min")
__FPA_CUDA_ASM_RMW_SCOPES(umax, "max")
#endif
#undef __FPA_CUDA_ASM_RMW_SCOPES
#undef __FPA_CUDA_ASM_RMW
#else
__FPA_CUDA_RMW_WIDTHS(umin, atomicMin, __atomic_fetch_min, unsigned int,
                      unsigned long long)
__FPA_CUDA_RMW_WIDTHS(umax, atomicMax, __atomic_fetch_max, unsigned int,
                      unsigned long long)
#endif

/* Native float add (atom.add.f32 / .f64), returning the old value. */
__FPA_CUDA_RMW(add, atomicAdd, __atomic_fetch_add, float, float)
#ifdef __FPA_CUDA_SM60
__FPA_CUDA_RMW(add, atomicAdd, __atomic_fetch_add, double, double)
#endif

#undef __FPA_CUDA_RMW_WIDTHS
#undef __FPA_CUDA_RMW
#undef __FPA_CUDA_DEVICE_ONLY_RMW
#undef __FPA_CUDA_SCOPED_RMW
#undef __FPA_CUDA_DEVICE_RMW

template <class U>
__device__ __forceinline__ U cas(scope_device, U *p, U expected, U desired) {
#ifdef __FPA_CUDA_CLANG
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return expected;
#else
  return atomicCAS(p, expected, desired);
#endif
}
#ifdef __FPA_CUDA_SM60
template <class U>
__device__ __forceinline__ U cas(scope_block, U *p, U expected, U desired) {
  return atomicCAS_block(p, expected, desired);
}
template <class U>
__device__ __forceinline__ U cas(scope_system, U *p, U expected, U desired) {
  return atomicCAS_system(p, expected, desired);
}
#endif

/* ---- the compare-and-swap loop ------------------------------------------- */

/* From `old`, a value memory held: CAS on the bits until it takes, retrying
 * with the value the CAS returned; returns the value the update replaced
 * (or the last value seen, where the update would not change it). */
template <class Op, class Scope, class U>
__device__ __forceinline__ U cas_from(U *p, U old, U v) {
  for (;;) {
    U desired = Op::apply(old, v);
    if (desired == old) /* no change: the relaxed read is the result */
      return old;
    U seen = cas(Scope(), p, old, desired);
    if (seen == old)
      return old;
    old = seen;
  }
}

template <class Op, class Scope, class T>
__device__ __forceinline__ T cas_loop(T *address, T val) {
  typedef decltype(bits_of(val)) U;
  U *p = reinterpret_cast<U *>(address);
  return value_of(cas_from<Op, Scope>(p, load(p), bits_of(val)));
}

/* ---- min and max: the integer atomic chosen by the sign bit -------------- */

template <class Scope, class T>
__device__ __forceinline__ T int_min(T *address, T val) {
  typedef decltype(bits_of(val)) U;
  U *p = reinterpret_cast<U *>(address);
  U v = bits_of(val), sign = sign_bit(v);
  bool nan = is_nan(v);
  U old = (v & sign) ? umax(Scope(), p, nan ? (U)0 : v)
                     : smin(Scope(), p, nan ? sign - 1 : v);
  /* a negative NaN (above -inf as unsigned) stays under both ops */
  if (!nan && old > (sign | inf_bits(v)))
    old = cas_from<op_min, Scope>(p, old, v);
  return value_of(old);
}

template <class Scope, class T>
__device__ __forceinline__ T int_max(T *address, T val) {
  typedef decltype(bits_of(val)) U;
  U *p = reinterpret_cast<U *>(address);
  U v = bits_of(val), sign = sign_bit(v);
  bool nan = is_nan(v);
  U old = (v & sign) ? umin(Scope(), p, nan ? ~(U)0 : v)
                     : smax(Scope(), p, nan ? sign : v);
  /* a positive NaN (above +inf, below the sign bit) stays under both ops */
  if (!nan && old > inf_bits(v) && old < sign)
    old = cas_from<op_max, Scope>(p, old, v);
  return value_of(old);
}

/* ---- sub: the native add of -v where it is exact ------------------------- */

template <class Scope>
__device__ __forceinline__ float native_sub(float *address, float val) {
  unsigned int w = bits_of(val) ^ 0x80000000u; /* -v, without flushing */
  if ((w & 0x7fffffffu) >= 0x0d000000u)        /* |w| >= 2^-101, inf, NaN */
    return add(Scope(), address, value_of(w));
  return cas_loop<op_sub, Scope>(address, val);
}

template <class Scope>
__device__ __forceinline__ double native_sub(double *address, double val) {
#ifdef __FPA_CUDA_SM60
  return add(Scope(), address, value_of(bits_of(val) ^ 0x8000000000000000ull));
#else
  return cas_loop<op_sub, Scope>(address, val);
#endif
}

#ifdef FPATOMICS_CUDA_CAS_LOOP
template <class Scope, class T> __device__ __forceinline__ T do_min(T *p, T v) {
  return cas_loop<op_min, Scope>(p, v);
}
template <class Scope, class T> __device__ __forceinline__ T do_max(T *p, T v) {
  return cas_loop<op_max, Scope>(p, v);
}
template <class Scope, class T> __device__ __forceinline__ T do_sub(T *p, T v) {
  return cas_loop<op_sub, Scope>(p, v);
}
#else
template <class Scope, class T> __device__ __forceinline__ T do_min(T *p, T v) {
  return int_min<Scope>(p, v);
}
template <class Scope, class T> __device__ __forceinline__ T do_max(T *p, T v) {
  return int_max<Scope>(p, v);
}
template <class Scope, class T> __device__ __forceinline__ T do_sub(T *p, T v) {
  return native_sub<Scope>(p, v);
}
#endif

} // namespace __fpa_cuda

/* ---- fpatomics' spelling: __fpa_atomic_fetch_<op>_<type>_<scope> --------- */

#define __FPA_CUDA_DEFINE(OP, T, TN, SCOPE)                                    \
  __FPA_CUDA_ENTRY T __fpa_atomic_fetch_##OP##_##TN##_##SCOPE(T *p, T v) {     \
    return __fpa_cuda::do_##OP<__fpa_cuda::scope_##SCOPE>(p, v);               \
  }
#define __FPA_CUDA_DEFINE_TYPES(OP, SCOPE)                                     \
  __FPA_CUDA_DEFINE(OP, float, f32, SCOPE)                                     \
  __FPA_CUDA_DEFINE(OP, double, f64, SCOPE)
#define __FPA_CUDA_DEFINE_OPS(SCOPE)                                           \
  __FPA_CUDA_DEFINE_TYPES(min, SCOPE)                                          \
  __FPA_CUDA_DEFINE_TYPES(max, SCOPE)                                          \
  __FPA_CUDA_DEFINE_TYPES(sub, SCOPE)

__FPA_CUDA_DEFINE_OPS(device)
#ifdef __FPA_CUDA_SM60
__FPA_CUDA_DEFINE_OPS(block)
__FPA_CUDA_DEFINE_OPS(system)
#endif

/* ---- CUDA's spelling ---------------------------------------------------- */

/* CUDA 13.0 declares no float or double atomicMin, atomicMax or atomicSub
 * (device_atomic_functions.h, sm_32/sm_60_atomic_functions.h; nvcc's
 * __nv_atomic_fetch_min rejects floating-point types). Should a CUDA
 * version add some, define FPATOMICS_CUDA_NO_OVERLOADS to keep only the
 * __fpa_atomic_fetch_* functions above. */
#ifndef FPATOMICS_CUDA_NO_OVERLOADS
#define __FPA_CUDA_OVERLOAD(NAME, OP, T, TN, SCOPE)                            \
  __device__ __forceinline__ T NAME(T *address, T val) {                       \
    return __fpa_atomic_fetch_##OP##_##TN##_##SCOPE(address, val);             \
  }
#define __FPA_CUDA_OVERLOADS(SUFFIX, SCOPE)                                    \
  __FPA_CUDA_OVERLOAD(atomicMin##SUFFIX, min, float, f32, SCOPE)               \
  __FPA_CUDA_OVERLOAD(atomicMin##SUFFIX, min, double, f64, SCOPE)              \
  __FPA_CUDA_OVERLOAD(atomicMax##SUFFIX, max, float, f32, SCOPE)               \
  __FPA_CUDA_OVERLOAD(atomicMax##SUFFIX, max, double, f64, SCOPE)              \
  __FPA_CUDA_OVERLOAD(atomicSub##SUFFIX, sub, float, f32, SCOPE)               \
  __FPA_CUDA_OVERLOAD(atomicSub##SUFFIX, sub, double, f64, SCOPE)

__FPA_CUDA_OVERLOADS(, device)
#ifdef __FPA_CUDA_SM60
__FPA_CUDA_OVERLOADS(_block, block)
__FPA_CUDA_OVERLOADS(_system, system)
#endif

#endif /* FPATOMICS_CUDA_NO_OVERLOADS */

#undef __FPA_CUDA_OVERLOADS
#undef __FPA_CUDA_OVERLOAD
#undef __FPA_CUDA_DEFINE_OPS
#undef __FPA_CUDA_DEFINE_TYPES
#undef __FPA_CUDA_DEFINE
#undef __FPA_CUDA_ENTRY
#undef __FPA_CUDA_SM60
#undef __FPA_CUDA_CLANG

#endif /* __CUDACC__, C++11 */
#endif /* FPATOMICS_CUDA_H */
