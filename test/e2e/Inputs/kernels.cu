// End-to-end kernels, written as CUDA code writes float min/max/add/sub
// atomics with clang's builtins (CUDA has no atomicMin(float*)). The same
// kernels, with the same parameters, are in kernels.cl for OpenCL; ref.c
// generates their inputs and expected results (test/e2e/README.md).
#include <cuda_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// 1. Scatter-min and scatter-max of floats into bins (NaNs, +-0 mixed in).
extern "C" __global__ void scatter_minmax(float *mins, float *maxs,
                                          const float *vals, int n,
                                          int nbins) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED);
  __atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED);
}

// 2. Bounding box of a point cloud: box = {minx, miny, minz, maxx, maxy, maxz}.
extern "C" __global__ void bbox(float *box, const float *pts, int n) {
  int i = GID;
  if (i >= n)
    return;
  for (int d = 0; d < 3; ++d) {
    float c = pts[3 * i + d];
    __scoped_atomic_fetch_min(&box[d], c, __ATOMIC_RELAXED,
                              __MEMORY_SCOPE_DEVICE);
    __scoped_atomic_fetch_max(&box[3 + d], c, __ATOMIC_RELAXED,
                              __MEMORY_SCOPE_DEVICE);
  }
}

// 3. Min/max reduction of n values into mm = {min, max}.
extern "C" __global__ void reduce_minmax(float *mm, const float *vals, int n) {
  int i = GID;
  if (i >= n)
    return;
  float v = vals[i];
  __atomic_fetch_min(&mm[0], v, __ATOMIC_RELAXED);
  __atomic_fetch_max(&mm[1], v, __ATOMIC_RELAXED);
}

// 4. Weighted histogram with a float atomic add.
extern "C" __global__ void histogram(float *bins, const int *idx,
                                     const float *w, int n) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_add(&bins[idx[i]], w[i], __ATOMIC_RELAXED);
}

// 5. Subtraction into bins (subnormal values included: must not flush).
extern "C" __global__ void fsub_bins(float *acc, const float *vals, int n,
                                     int nbins) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_sub(&acc[i % nbins], vals[i], __ATOMIC_RELAXED);
}

// 6. Double scatter-min/max.
extern "C" __global__ void scatter_minmax_f64(double *mins, double *maxs,
                                              const double *vals, int n,
                                              int nbins) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED);
  __atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED);
}

// 7. Half scatter-min/max; neighbouring bins share a 32-bit word.
extern "C" __global__ void scatter_minmax_f16(_Float16 *mins, _Float16 *maxs,
                                              const _Float16 *vals, int n,
                                              int nbins) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED);
  __atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED);
}

// 8. Block-wide min/max in shared memory, then one global update per block.
extern "C" __global__ void group_then_global_minmax(float *out,
                                                    const float *vals, int n) {
  __shared__ float lo, hi;
  if (threadIdx.x == 0) {
    lo = __builtin_inff();
    hi = -__builtin_inff();
  }
  __syncthreads();
  int i = GID;
  if (i < n) {
    __scoped_atomic_fetch_min(&lo, vals[i], __ATOMIC_RELAXED,
                              __MEMORY_SCOPE_WRKGRP);
    __scoped_atomic_fetch_max(&hi, vals[i], __ATOMIC_RELAXED,
                              __MEMORY_SCOPE_WRKGRP);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    __atomic_fetch_min(&out[0], lo, __ATOMIC_RELAXED);
    __atomic_fetch_max(&out[1], hi, __ATOMIC_RELAXED);
  }
}

// 9. Every returned old value is kept; the host checks that they form a
// valid linearization.
extern "C" __global__ void min_olds(float *m, float *olds, const float *vals,
                                    int n) {
  int i = GID;
  if (i >= n)
    return;
  olds[i] = __atomic_fetch_min(m, vals[i], __ATOMIC_RELAXED);
}

// 11. Block scope on global memory: each block owns out[block]; seq_cst max.
extern "C" __global__ void group_scoped(float *mins, float *maxs,
                                        const float *vals, int n) {
  int i = GID;
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[blockIdx.x], vals[i], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_WRKGRP);
  __scoped_atomic_fetch_max(&maxs[blockIdx.x], vals[i], __ATOMIC_SEQ_CST,
                            __MEMORY_SCOPE_WRKGRP);
}

// 12. The atomic is in a device function that is not inlined (generic
// pointer).
__device__ __attribute__((noinline)) float atomic_min_f(float *p, float v) {
  return __atomic_fetch_min(p, v, __ATOMIC_RELAXED);
}
__device__ __attribute__((noinline)) float atomic_max_f(float *p, float v) {
  return __atomic_fetch_max(p, v, __ATOMIC_ACQ_REL);
}
extern "C" __global__ void noinline_minmax(float *mm, const float *vals,
                                           int n) {
  int i = GID;
  if (i >= n)
    return;
  atomic_min_f(&mm[0], vals[i]);
  atomic_max_f(&mm[1], vals[i]);
}

// 13. Weighted histogram of halves with a 16-bit atomic add, at system
// scope (the __atomic builtins' scope): the native f16 add would act at
// .gpu, so the lowering is the masked cmpxchg loop, whose cas is at .sys.
extern "C" __global__ void histogram_f16(_Float16 *bins, const int *idx,
                                         const _Float16 *w, int n) {
  int i = GID;
  if (i >= n)
    return;
  __atomic_fetch_add(&bins[idx[i]], w[i], __ATOMIC_RELAXED);
}
