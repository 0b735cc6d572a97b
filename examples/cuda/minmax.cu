// Float min/max/add atomics as CUDA code writes them without fpatomics'
// header: the GNU/clang __atomic builtins, which clang turns into
// `atomicrmw fmin/fmax/fadd/fsub` for the device. CUDA itself has no
// atomicMin(float*).
#include <cuda_runtime.h>

// Scatter-min and scatter-max of values into bins (device scope).
extern "C" __global__ void scatter_minmax(float *mins, float *maxs,
                                          const float *vals, int n,
                                          int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
  __scoped_atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
}

// Double min with the old value kept, and a float subtraction.
extern "C" __global__ void min_f64_and_sub(double *m, double *olds, float *acc,
                                           const double *vals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  olds[i] = __atomic_fetch_min(m, vals[i], __ATOMIC_RELAXED);
  __atomic_fetch_sub(acc, 1.0f, __ATOMIC_RELAXED);
}

// A block-wide minimum in shared memory, then one global update per block.
extern "C" __global__ void block_then_global_min(float *out, const float *vals,
                                                 int n) {
  __shared__ float m;
  if (threadIdx.x == 0)
    m = __builtin_inff();
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __scoped_atomic_fetch_min(&m, vals[i], __ATOMIC_RELAXED,
                              __MEMORY_SCOPE_WRKGRP);
  __syncthreads();
  if (threadIdx.x == 0)
    __atomic_fetch_min(out, m, __ATOMIC_RELAXED);
}

// Host code keeps its own atomics: the pass leaves the x86 module alone.
float host_min(float *p, float v) {
  return __atomic_fetch_min(p, v, __ATOMIC_SEQ_CST);
}
