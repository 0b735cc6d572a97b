// End-to-end kernels whose float atomics are compare-and-swap loops written
// by hand, the way OpenCL 1.x and C11 code writes them. Each kernel takes
// the parameters of a kernel of kernels.cl and computes the same result, so
// ref.c's inputs and expected values serve it (pocl-raise.test copies the
// spec). The plugin raises every loop into an atomicrmw and lowers that.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// atomic_cmpxchg; no atomic when the minimum would not change.
float cas_min(volatile global float *p, float v) {
  volatile global uint *w = (volatile global uint *)p;
  uint cur = *w;
  for (;;) {
    uint next = as_uint(fmin(as_float(cur), v));
    if (next == cur)
      break;
    uint seen = atomic_cmpxchg(w, cur, next);
    if (seen == cur)
      break;
    cur = seen;
  }
  return as_float(cur);
}

// Seed 003's shape: read once, retry with what atomic_cmpxchg returned.
float cas_max(volatile global float *p, float v) {
  volatile global uint *w = (volatile global uint *)p;
  uint cur = *w, want;
  do {
    want = cur;
    cur = atomic_cmpxchg(w, want, as_uint(fmax(as_float(want), v)));
  } while (cur != want);
  return as_float(cur);
}

// As scatter_minmax.
kernel void cas_scatter_minmax(global float *mins, global float *maxs,
                               global const float *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  cas_min(&mins[i % nbins], vals[i]);
  cas_max(&maxs[i % nbins], vals[i]);
}

// As scatter_minmax_f64: atom_cmpxchg on 64 bits.
kernel void cas_scatter_minmax_f64(global double *mins, global double *maxs,
                                   global const double *vals, int n,
                                   int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  volatile global ulong *lo = (volatile global ulong *)&mins[i % nbins];
  volatile global ulong *hi = (volatile global ulong *)&maxs[i % nbins];
  double v = vals[i];
  ulong cur = *lo, want;
  do {
    want = cur;
    cur = atom_cmpxchg(lo, want, as_ulong(fmin(as_double(want), v)));
  } while (cur != want);
  cur = *hi;
  do {
    want = cur;
    cur = atom_cmpxchg(hi, want, as_ulong(fmax(as_double(want), v)));
  } while (cur != want);
}

// min and max of a half in its 32-bit word (OpenCL has no 16-bit
// atomic_cmpxchg): the other half is kept, and may be another bin.
#define CAS_HALF(NAME, F)                                                      \
  void NAME(volatile global half *p, half v) {                                 \
    volatile global uint *w =                                                  \
        (volatile global uint *)((size_t)p & ~(size_t)3);                      \
    uint shift = ((size_t)p & 2) * 8;                                          \
    uint cur = *w, want;                                                       \
    do {                                                                       \
      want = cur;                                                              \
      half n = F(as_half((ushort)(want >> shift)), v);                         \
      uint next =                                                              \
          (want & ~(0xffffu << shift)) | ((uint)as_ushort(n) << shift);        \
      cur = atomic_cmpxchg(w, want, next);                                     \
    } while (cur != want);                                                     \
  }
CAS_HALF(cas_half_min, fmin)
CAS_HALF(cas_half_max, fmax)

// As scatter_minmax_f16: neighbouring bins share a word.
kernel void cas_scatter_minmax_f16(global half *mins, global half *maxs,
                                   global const half *vals, int n,
                                   int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  cas_half_min(&mins[i % nbins], vals[i]);
  cas_half_max(&maxs[i % nbins], vals[i]);
}

// As histogram: seed 002's shape, reading the bin again in each iteration.
kernel void cas_histogram(global float *bins, global const int *idx,
                          global const float *w, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  volatile global float *bin = &bins[idx[i]];
  float v = w[i];
  float seen;
  do {
    seen = *bin;
  } while (atomic_cmpxchg((volatile global uint *)bin, as_uint(seen),
                          as_uint(seen + v)) != as_uint(seen));
}

// As fsub_bins: C11's compare-exchange, relaxed, *expected updated on
// failure.
kernel void cas_fsub_bins(global float *acc, global const float *vals, int n,
                          int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  volatile global atomic_uint *a =
      (volatile global atomic_uint *)&acc[i % nbins];
  float v = vals[i];
  /* A plain first read: atomic_load would take the generic overload, and
   * PoCL 3.1's kernel library has no generic-address-space atomics. */
  uint expected = *(volatile global uint *)a;
  while (!atomic_compare_exchange_weak_explicit(
      a, &expected, as_uint(as_float(expected) - v), memory_order_relaxed,
      memory_order_relaxed))
    ;
}

// As group_then_global_minmax: seed 003's shape on local memory.
kernel void cas_group_then_global_minmax(global float *out,
                                         global const float *vals, int n) {
  local float lo, hi;
  if (get_local_id(0) == 0) {
    lo = INFINITY;
    hi = -INFINITY;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = get_global_id(0);
  if (i < n) {
    float v = vals[i];
    volatile local uint *wl = (volatile local uint *)&lo;
    volatile local uint *wh = (volatile local uint *)&hi;
    uint cur = *wl, want;
    do {
      want = cur;
      cur = atomic_cmpxchg(wl, want, as_uint(fmin(as_float(want), v)));
    } while (cur != want);
    cur = *wh;
    do {
      want = cur;
      cur = atomic_cmpxchg(wh, want, as_uint(fmax(as_float(want), v)));
    } while (cur != want);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    cas_min(&out[0], lo);
    cas_max(&out[1], hi);
  }
}

// As min_olds: every returned old value is kept (C11 on atomic_float).
kernel void cas_min_olds(global float *m, global float *olds,
                         global const float *vals, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  volatile global atomic_float *a = (volatile global atomic_float *)m;
  float v = vals[i];
  float expected = *(volatile global float *)a; /* as in cas_fsub_bins */
  while (!atomic_compare_exchange_strong_explicit(
      a, &expected, fmin(expected, v), memory_order_relaxed,
      memory_order_relaxed))
    ;
  olds[i] = expected;
}
