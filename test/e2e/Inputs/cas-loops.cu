// End-to-end kernels whose float atomics are atomicCAS loops written by
// hand, the way CUDA code writes them. Each kernel takes the parameters of
// a kernel of kernels.cu and computes the same result, so ref.c's inputs
// and expected values serve it (bench/raise-gpu.sh copies the spec). The
// plugin raises every loop into an atomicrmw and lowers that.

// Seed 004's shape: int atomicCAS, fmaxf, retry with the returned value.
__device__ float cas_max(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

// unsigned, fminf, no atomic when the minimum would not change.
__device__ float cas_min(float *addr, float val) {
  unsigned *word = (unsigned *)addr;
  unsigned cur = *word;
  for (;;) {
    unsigned next = __float_as_uint(fminf(__uint_as_float(cur), val));
    if (next == cur)
      break;
    unsigned seen = atomicCAS(word, cur, next);
    if (seen == cur)
      break;
    cur = seen;
  }
  return __uint_as_float(cur);
}

// As scatter_minmax.
extern "C" __global__ void cas_scatter_minmax(float *mins, float *maxs,
                                              const float *vals, int n,
                                              int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  cas_min(&mins[i % nbins], vals[i]);
  cas_max(&maxs[i % nbins], vals[i]);
}

// As scatter_minmax_f64: unsigned long long, fmin/fmax on double.
extern "C" __global__ void cas_scatter_minmax_f64(double *mins, double *maxs,
                                                  const double *vals, int n,
                                                  int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double v = vals[i];
  unsigned long long *lo = (unsigned long long *)&mins[i % nbins];
  unsigned long long *hi = (unsigned long long *)&maxs[i % nbins];
  unsigned long long old = *lo, assumed;
  do {
    assumed = old;
    old = atomicCAS(lo, assumed,
                    __double_as_longlong(fmin(__longlong_as_double(assumed), v)));
  } while (assumed != old);
  old = *hi;
  do {
    assumed = old;
    old = atomicCAS(hi, assumed,
                    __double_as_longlong(fmax(__longlong_as_double(assumed), v)));
  } while (assumed != old);
}

// min and max of a _Float16 in its 32-bit word, as code for GPUs without
// a 16-bit atomicCAS does: the other half is kept, and may be another bin.
template <bool IsMax> __device__ void cas_half(_Float16 *addr, _Float16 val) {
  unsigned *word = (unsigned *)((size_t)addr & ~(size_t)3);
  unsigned shift = ((size_t)addr & 2) * 8;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    _Float16 cur =
        __builtin_bit_cast(_Float16, (unsigned short)(assumed >> shift));
    _Float16 n = IsMax ? __builtin_fmaxf16(cur, val) : __builtin_fminf16(cur, val);
    unsigned next = (assumed & ~(0xffffu << shift)) |
                    ((unsigned)__builtin_bit_cast(unsigned short, n) << shift);
    old = atomicCAS(word, assumed, next);
  } while (assumed != old);
}

// As scatter_minmax_f16: neighbouring bins share a word.
extern "C" __global__ void cas_scatter_minmax_f16(_Float16 *mins,
                                                  _Float16 *maxs,
                                                  const _Float16 *vals, int n,
                                                  int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  cas_half<false>(&mins[i % nbins], vals[i]);
  cas_half<true>(&maxs[i % nbins], vals[i]);
}

// As histogram: seed 002's shape, the bin read again (volatile) each time.
extern "C" __global__ void cas_histogram(float *bins, const int *idx,
                                         const float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float *bin = &bins[idx[i]];
  volatile float *loc = bin;
  float v = w[i];
  float seen;
  do {
    seen = *loc;
  } while (atomicCAS((int *)bin, __float_as_int(seen),
                     __float_as_int(seen + v)) != __float_as_int(seen));
}

// As fsub_bins: old - v.
extern "C" __global__ void cas_fsub_bins(float *acc, const float *vals, int n,
                                         int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *word = (int *)&acc[i % nbins];
  float v = vals[i];
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed, __float_as_int(__int_as_float(assumed) - v));
  } while (assumed != old);
}

// As group_then_global_minmax: shared memory, then one global update per
// block.
extern "C" __global__ void cas_group_then_global_minmax(float *out,
                                                        const float *vals,
                                                        int n) {
  __shared__ float lo, hi;
  if (threadIdx.x == 0) {
    lo = __int_as_float(0x7f800000);
    hi = __int_as_float(0xff800000);
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cas_min(&lo, vals[i]);
    cas_max(&hi, vals[i]);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cas_min(&out[0], lo);
    cas_max(&out[1], hi);
  }
}

// As min_olds: every returned old value is kept.
extern "C" __global__ void cas_min_olds(float *m, float *olds,
                                        const float *vals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  olds[i] = cas_min(m, vals[i]);
}
