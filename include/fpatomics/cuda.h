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
 *  - atomicSub stores *p - v, rounded to nearest even (subnormals follow
 *    the compilation's denormal mode, as for any subtraction).
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
 *    atomicrmw and lowers it (integer atom.min/max by the sign bit for
 *    min/max) and erases the definitions below. For that they are noinline
 *    and linkonce_odr (inline): the calls survive the optimization pipeline
 *    to the pass at every -O level, and the optimizer may not change their
 *    name or signature (with static, clang mangles the name and the
 *    optimizer drops an unused result).
 *  - Without the plugin, and under nvcc (no LLVM pass runs there), the
 *    definitions below do the work: a compare-and-swap loop on the integer
 *    bits (atomicCAS, atomicCAS_block, atomicCAS_system). It is exact but
 *    slow under contention. It loads once, retries with the value the CAS
 *    returned, compares bits (a NaN cannot make it spin), orders values by
 *    integer keys (never by float compares), and returns without a write
 *    when the update would not change memory (allowed for relaxed order).
 *    Under clang, the device-scope loop uses a relaxed system-scope CAS:
 *    clang's atomicCAS is seq_cst, and it has no relaxed device-scope CAS.
 */

#ifndef FPATOMICS_CUDA_H
#define FPATOMICS_CUDA_H

#if !defined(__CUDACC__)
#error "<fpatomics/cuda.h> is for CUDA sources (nvcc, or clang -x cuda)"
#endif

#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__)
#define __FPA_CUDA_CLANG 1
/* Kept as calls until the fpatomics pass sees them (see above). */
#define __FPA_CUDA_ENTRY extern "C" __device__ inline __attribute__((noinline))
#else
#define __FPA_CUDA_ENTRY extern "C" __device__ __forceinline__
#endif

/* atomicCAS_block and atomicCAS_system exist from sm_60, like CUDA's own
 * _block and _system atomics; the host pass sees every declaration. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#define __FPA_CUDA_SCOPES 1
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
template <class U> __device__ __forceinline__ bool is_nan(U b) {
  return (b & ~sign_bit(b)) > inf_bits(b);
}
/* Order key of a non-NaN value, compared unsigned: -0.0 < +0.0. */
template <class U> __device__ __forceinline__ U order_key(U b) {
  return (b & sign_bit(b)) ? ~b : (b | sign_bit(b));
}

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
    return bits_of(value_of(m) - value_of(v));
  }
};

/* ---- relaxed load and compare-and-swap, by scope ------------------------ */

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
#ifdef __FPA_CUDA_SCOPES
template <class U>
__device__ __forceinline__ U cas(scope_block, U *p, U expected, U desired) {
  return atomicCAS_block(p, expected, desired);
}
template <class U>
__device__ __forceinline__ U cas(scope_system, U *p, U expected, U desired) {
  return atomicCAS_system(p, expected, desired);
}
#endif

/* The fallback: one load, then CAS on the bits until it takes. */
template <class Op, class Scope, class T>
__device__ __forceinline__ T cas_loop(T *address, T val) {
  typedef decltype(bits_of(val)) U;
  U *p = reinterpret_cast<U *>(address);
  U v = bits_of(val);
  U old = load(p);
  for (;;) {
    U desired = Op::apply(old, v);
    if (desired == old) /* no change: the relaxed read is the result */
      break;
    U seen = cas(Scope(), p, old, desired);
    if (seen == old)
      break;
    old = seen;
  }
  return value_of(old);
}

} // namespace __fpa_cuda

/* ---- fpatomics' spelling: __fpa_atomic_fetch_<op>_<type>_<scope> --------- */

#define __FPA_CUDA_DEFINE(OP, T, TN, SCOPE)                                    \
  __FPA_CUDA_ENTRY T __fpa_atomic_fetch_##OP##_##TN##_##SCOPE(T *p, T v) {     \
    return __fpa_cuda::cas_loop<__fpa_cuda::op_##OP,                           \
                                __fpa_cuda::scope_##SCOPE>(p, v);              \
  }
#define __FPA_CUDA_DEFINE_TYPES(OP, SCOPE)                                     \
  __FPA_CUDA_DEFINE(OP, float, f32, SCOPE)                                     \
  __FPA_CUDA_DEFINE(OP, double, f64, SCOPE)
#define __FPA_CUDA_DEFINE_OPS(SCOPE)                                           \
  __FPA_CUDA_DEFINE_TYPES(min, SCOPE)                                          \
  __FPA_CUDA_DEFINE_TYPES(max, SCOPE)                                          \
  __FPA_CUDA_DEFINE_TYPES(sub, SCOPE)

__FPA_CUDA_DEFINE_OPS(device)
#ifdef __FPA_CUDA_SCOPES
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
#ifdef __FPA_CUDA_SCOPES
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
#undef __FPA_CUDA_SCOPES
#undef __FPA_CUDA_CLANG

#endif /* FPATOMICS_CUDA_H */
