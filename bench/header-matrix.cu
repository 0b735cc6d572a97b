// The throughput matrix's kernels (bench/gen-matrix-ir.sh) for
// <fpatomics/cuda.h>, written as a CUDA user writes them: k_<op>_<type>_<used>
// for fmin (atomicMin), fmax (atomicMax) and fsub (atomicSub) on float and
// double, with gen-matrix-ir.sh's parameters and values, so that fpa-bench
// runs and checks them beside the clang-built variants. run-matrix.sh build
// compiles this file with nvcc (header-nvcc) and with nvcc
// -DFPATOMICS_CUDA_CAS_LOOP (header-cas: the header's compare-and-swap loop
// alone, as before it had the integer lowering).
//
// gen() is gen-matrix-ir.sh's, operation for operation: the IR has no
// fast-math flags, so every product and difference is rounded on its own
// (__fmul_rn, __fsub_rn: nvcc would otherwise contract i*s - 1 into an fma).
#include <fpatomics/cuda.h>

__device__ __forceinline__ float gen(unsigned i, int mode, float s, int q,
                                     unsigned r, unsigned ashift) {
  unsigned h = i * 2654435761u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  float u = __fmul_rn(__uint2float_rn(h >> 8), 0x1p-24f);
  float rnd = __fsub_rn(__fmul_rn(u, 2.0f), 1.0f);
  float is = __fmul_rn(__uint2float_rn(i), s);
  float asc = __fsub_rn(is, 1.0f);
  float desc = __fsub_rn(1.0f, is);
  float x = mode == 0 ? rnd : mode == 1 ? u : mode == 2 ? asc : desc;
  if (q == 0)
    return x;
  int k = __float2int_rz(__fmul_rn(x, __int2float_rn(q)));
  if (k == 0)
    k = x < 0.0f ? -1 : 1;
  return (i >> ashift) < r ? __int2float_rn(k) : 0.0f;
}

#define MATRIX_KERNEL(OP, T, USED, FN)                                         \
  extern "C" __global__ void k_##OP##_##T##_##USED(                            \
      T *mem, T *out, unsigned n, unsigned amask, unsigned ashift, int mode,   \
      float s, int q, unsigned r) {                                            \
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;                        \
    if (i < n) {                                                               \
      T v = (T)gen(i, mode, s, q, r, ashift);                                  \
      T old = FN(&mem[i & amask], v);                                          \
      if (USED)                                                                \
        out[i] = old;                                                          \
    }                                                                          \
  }
#define MATRIX_KERNELS(OP, FN)                                                 \
  MATRIX_KERNEL(OP, float, 0, FN)                                              \
  MATRIX_KERNEL(OP, float, 1, FN)                                              \
  MATRIX_KERNEL(OP, double, 0, FN)                                             \
  MATRIX_KERNEL(OP, double, 1, FN)

MATRIX_KERNELS(fmin, atomicMin)
MATRIX_KERNELS(fmax, atomicMax)
MATRIX_KERNELS(fsub, atomicSub)
