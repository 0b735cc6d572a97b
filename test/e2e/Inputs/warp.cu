// Kernels for the aggregate=warp end-to-end check (bench/warp-e2e.sh,
// test/e2e/README.md). Thread i makes reps[i] updates (0 to R), update k
// to mem[idx[i*R+k]] with vals[i*R+k]; lanes with fewer updates leave the
// loop early, so later iterations run with partial warps, and a lane with
// reps 0 never reaches the atomic. n need not be a multiple of 32. warpref.c
// chooses the addresses so that a warp's lanes hit 1, 2, 7 or 32 addresses
// (and other shapes), shared with other warps. The NAME kernels store every
// returned old value; the NAME_nr kernels do not use it. The fmin/fmax
// kernels become fminimum/fmaximum in warp-minimum.ll (bench/warp-e2e.sh).
#include <cuda_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define R 4

#define UPDATE(NAME, T, FN)                                                    \
  extern "C" __global__ void NAME(T *mem, T *olds, const T *vals,             \
                                  const int *idx, const int *reps, int n) {   \
    int i = GID;                                                               \
    if (i >= n)                                                                \
      return;                                                                  \
    int r = reps[i];                                                           \
    for (int k = 0; k < r; ++k) {                                              \
      int j = i * R + k;                                                       \
      olds[j] = FN(&mem[idx[j]], vals[j], __ATOMIC_RELAXED);                   \
    }                                                                          \
  }                                                                            \
  extern "C" __global__ void NAME##_nr(T *mem, T *olds, const T *vals,        \
                                       const int *idx, const int *reps,       \
                                       int n) {                                \
    int i = GID;                                                               \
    if (i >= n)                                                                \
      return;                                                                  \
    int r = reps[i];                                                           \
    for (int k = 0; k < r; ++k) {                                              \
      int j = i * R + k;                                                       \
      (void)FN(&mem[idx[j]], vals[j], __ATOMIC_RELAXED);                       \
    }                                                                          \
  }

UPDATE(w_fmin_f32, float, __atomic_fetch_min)
UPDATE(w_fmax_f32, float, __atomic_fetch_max)
UPDATE(w_fmin_f64, double, __atomic_fetch_min)
UPDATE(w_fmax_f64, double, __atomic_fetch_max)
UPDATE(w_fmin_f16, _Float16, __atomic_fetch_min)
UPDATE(w_fmax_f16, _Float16, __atomic_fetch_max)
UPDATE(w_fadd_f32, float, __atomic_fetch_add)
UPDATE(w_fsub_f32, float, __atomic_fetch_sub)
UPDATE(w_fadd_f64, double, __atomic_fetch_add)
UPDATE(w_fsub_f64, double, __atomic_fetch_sub)

// The same in shared memory: each block copies its 64 cells of mem in,
// updates them (idx < 64), and copies them back out.
#define SHARED(NAME, T, FN)                                                    \
  extern "C" __global__ void NAME(T *mem, T *olds, const T *vals,             \
                                  const int *idx, const int *reps, int n) {   \
    __shared__ T cells[64];                                                    \
    for (int c = threadIdx.x; c < 64; c += blockDim.x)                         \
      cells[c] = mem[blockIdx.x * 64 + c];                                     \
    __syncthreads();                                                           \
    int i = GID;                                                               \
    int r = i < n ? reps[i] : 0;                                               \
    for (int k = 0; k < r; ++k) {                                              \
      int j = i * R + k;                                                       \
      olds[j] = FN(&cells[idx[j]], vals[j], __ATOMIC_RELAXED);                 \
    }                                                                          \
    __syncthreads();                                                           \
    for (int c = threadIdx.x; c < 64; c += blockDim.x)                         \
      mem[blockIdx.x * 64 + c] = cells[c];                                     \
  }

SHARED(w_shared_fmin_f32, float, __atomic_fetch_min)
SHARED(w_shared_fmax_f64, double, __atomic_fetch_max)
