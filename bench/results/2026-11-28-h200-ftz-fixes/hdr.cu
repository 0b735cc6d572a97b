// Repro: <fpatomics/cuda.h> without the plugin under clang-22 with
// -fcuda-flush-denormals-to-zero. Memory starts as a NaN that the integer op
// keeps (negative for min, positive for max); every thread then updates it
// with a distinct positive subnormal. Correct final values: min 0x00000001,
// max 0x00000000+n (the smallest / largest operand).
#include <fpatomics/cuda.h>
extern "C" __global__ void kmin(float *p) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicMin(p, __uint_as_float(i + 1));
}
extern "C" __global__ void kmax(float *p) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicMax(p, __uint_as_float(i + 1));
}
