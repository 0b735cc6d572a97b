// Kernels for <fpatomics/cuda.h>: one kernel per spelling, written as CUDA
// code uses atomicMin/atomicMax/atomicSub, and one that mixes shared and
// global memory. header-ref.c generates their inputs and checks their
// results (test/e2e/README.md). The same file is compiled by clang-22 with
// and without the plugin, by nvcc, and as host C++ by header-host.cpp.
#include <fpatomics/cuda.h>

// Op i updates mem[idx[i]] with vals[i] and keeps the old value in olds[i].
// The host picks idx: one op per location for the special pairs, many ops
// per location for contention (for _block: only ops of one block).
#define SPELLING_KERNEL(NAME, T, FN)                                           \
  extern "C" __global__ void NAME(T *mem, T *olds, const T *vals,              \
                                  const int *idx, int n) {                     \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i < n)                                                                 \
      olds[i] = FN(&mem[idx[i]], vals[i]);                                     \
  }

SPELLING_KERNEL(min_f32, float, atomicMin)
SPELLING_KERNEL(max_f32, float, atomicMax)
SPELLING_KERNEL(sub_f32, float, atomicSub)
SPELLING_KERNEL(min_f64, double, atomicMin)
SPELLING_KERNEL(max_f64, double, atomicMax)
SPELLING_KERNEL(sub_f64, double, atomicSub)
SPELLING_KERNEL(min_f32_block, float, atomicMin_block)
SPELLING_KERNEL(max_f32_block, float, atomicMax_block)
SPELLING_KERNEL(sub_f32_block, float, atomicSub_block)
SPELLING_KERNEL(min_f64_block, double, atomicMin_block)
SPELLING_KERNEL(max_f64_block, double, atomicMax_block)
SPELLING_KERNEL(sub_f64_block, double, atomicSub_block)
SPELLING_KERNEL(min_f32_system, float, atomicMin_system)
SPELLING_KERNEL(max_f32_system, float, atomicMax_system)
SPELLING_KERNEL(sub_f32_system, float, atomicSub_system)
SPELLING_KERNEL(min_f64_system, double, atomicMin_system)
SPELLING_KERNEL(max_f64_system, double, atomicMax_system)
SPELLING_KERNEL(sub_f64_system, double, atomicSub_system)

// Block-wide min/max in shared memory (results unused), then one global
// update per block: mem = {min, max} of all vals. olds and idx are unused.
extern "C" __global__ void shared_minmax_f32(float *mem, float *olds,
                                             const float *vals, const int *idx,
                                             int n) {
  __shared__ float lo, hi;
  (void)olds;
  (void)idx;
  if (threadIdx.x == 0) {
    lo = __int_as_float(0x7f800000); // +inf
    hi = -lo;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMin_block(&lo, vals[i]);
    atomicMax_block(&hi, vals[i]);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicMin(&mem[0], lo);
    atomicMax(&mem[1], hi);
  }
}
