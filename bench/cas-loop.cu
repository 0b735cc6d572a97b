// The throughput matrix's fmax float kernels (gen-matrix-ir.sh's
// k_fmax_float_<used>, same parameters and values) with the atomic written
// as users write it in CUDA: seed 004's atomicCAS loop. With -DAS_ATOMICRMW
// the same kernel does the same operation as one atomicrmw instead
// (__atomic_fetch_max: seq_cst at system scope, what clang's atomicCAS
// loop is); with -DAS_ATOMICRMW_RELAXED it is relaxed (the matrix's
// ordering). bench/raise-gpu.sh compiles it with and without the plugin,
// and fpa-bench times the variants side by side. Build with
// -ffp-contract=off so that gen() rounds exactly as the host reference.

extern "C" __global__ void fill32(unsigned *mem, unsigned n, unsigned bits) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    mem[i] = bits;
}

// gen-matrix-ir.sh's gen(i): the same operations in the same order.
__device__ float gen(unsigned i, int mode, float s, int q, unsigned r,
                     unsigned ashift) {
  unsigned h = i * 2654435761u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  float u = (float)(h >> 8) * 0x1p-24f;
  float is = (float)i * s;
  float x = mode == 0   ? u * 2.0f - 1.0f
            : mode == 1 ? u
            : mode == 2 ? is - 1.0f
                        : 1.0f - is;
  if (q != 0) {
    int k = (int)(x * (float)q);
    if (k == 0)
      k = x < 0.0f ? -1 : 1;
    x = (i >> ashift) < r ? (float)k : 0.0f;
  }
  return x;
}

// Seed 004: atomicMax for floats on atomicCAS.
__device__ float atomicMaxFloat(float *address, float val) {
  int *address_as_i = (int *)address;
  int old = *address_as_i, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_i, assumed,
                    __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ float update(float *p, float x) {
#if defined(AS_ATOMICRMW)
  return __atomic_fetch_max(p, x, __ATOMIC_SEQ_CST);
#elif defined(AS_ATOMICRMW_RELAXED)
  return __atomic_fetch_max(p, x, __ATOMIC_RELAXED);
#else
  return atomicMaxFloat(p, x);
#endif
}

#define KERNEL(NAME, USED)                                                     \
  extern "C" __global__ void NAME(float *mem, float *out, unsigned n,          \
                                  unsigned amask, unsigned ashift, int mode,   \
                                  float s, int q, unsigned r) {                \
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;                        \
    if (i >= n)                                                                \
      return;                                                                  \
    float old = update(&mem[i & amask], gen(i, mode, s, q, r, ashift));        \
    if (USED)                                                                  \
      out[i] = old;                                                            \
  }
KERNEL(k_fmax_float_0, 0)
KERNEL(k_fmax_float_1, 1)
