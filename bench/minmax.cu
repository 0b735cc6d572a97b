// Throughput kernels for bench/run-minmax.sh: each thread i updates address
// i mod A with a value made from i, so no input buffer is read.
//   mode 0: pseudo-random in [-1, 1) (mixed signs)
//   mode 1: descending, 1 - 2i/N (almost every update lowers the minimum)
//   mode 2: pseudo-random in [0, 1) (all positive)
// The same source is compiled twice: without the plugin (LLVM's own lowering,
// a cmpxchg loop) and with it (fpatomics). bench_imin is the raw integer
// atomic on the same bits: the limit for one atomic per thread.
#include <cuda_runtime.h>

__device__ __forceinline__ float gen(unsigned i, unsigned n, int mode) {
  if (mode == 1)
    return 1.0f - 2.0f * (float)i / (float)n;
  unsigned h = i * 2654435761u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  float u = (float)(h >> 8) * (1.0f / 16777216.0f); // [0, 1)
  return mode == 2 ? u : 2.0f * u - 1.0f;
}

extern "C" __global__ void bench_fmin(float *a, unsigned n, unsigned A,
                                      int mode) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __atomic_fetch_min(&a[i % A], gen(i, n, mode), __ATOMIC_RELAXED);
}

extern "C" __global__ void bench_fmax(float *a, unsigned n, unsigned A,
                                      int mode) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __atomic_fetch_max(&a[i % A], gen(i, n, mode), __ATOMIC_RELAXED);
}

extern "C" __global__ void bench_imin(int *a, unsigned n, unsigned A,
                                      int mode) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicMin(&a[i % A], __float_as_int(gen(i, n, mode)));
}
