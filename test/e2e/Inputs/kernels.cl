// End-to-end kernels in OpenCL C: float min/max/add/sub atomics spelled with
// clang's __scoped_atomic builtins (which give `atomicrmw fmin/fmax/fadd/fsub`).
// Same kernels and parameters as kernels.cu; ref.c generates the inputs and
// the expected results (test/e2e/README.md).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define DEV __MEMORY_SCOPE_DEVICE
#define WG __MEMORY_SCOPE_WRKGRP

// 1. Scatter-min and scatter-max of floats into bins (NaNs, +-0 mixed in).
kernel void scatter_minmax(global float *mins, global float *maxs,
                           global const float *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
  __scoped_atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
}

// 2. Bounding box of a point cloud: box = {minx, miny, minz, maxx, maxy, maxz}.
kernel void bbox(global float *box, global const float *pts, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  for (int d = 0; d < 3; ++d) {
    float c = pts[3 * i + d];
    __scoped_atomic_fetch_min(&box[d], c, __ATOMIC_RELAXED, DEV);
    __scoped_atomic_fetch_max(&box[3 + d], c, __ATOMIC_RELAXED, DEV);
  }
}

// 3. Min/max reduction of n values into mm = {min, max}.
kernel void reduce_minmax(global float *mm, global const float *vals, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float v = vals[i];
  __scoped_atomic_fetch_min(&mm[0], v, __ATOMIC_RELAXED, DEV);
  __scoped_atomic_fetch_max(&mm[1], v, __ATOMIC_RELAXED, DEV);
}

// 4. Weighted histogram with a float atomic add.
kernel void histogram(global float *bins, global const int *idx,
                      global const float *w, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_add(&bins[idx[i]], w[i], __ATOMIC_RELAXED, DEV);
}

// 5. Subtraction into bins (subnormal values included: must not flush).
kernel void fsub_bins(global float *acc, global const float *vals, int n,
                      int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_sub(&acc[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
}

// 6. Double scatter-min/max.
kernel void scatter_minmax_f64(global double *mins, global double *maxs,
                               global const double *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
  __scoped_atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
}

// 7. Half scatter-min/max; neighbouring bins share a 32-bit word.
kernel void scatter_minmax_f16(global half *mins, global half *maxs,
                               global const half *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
  __scoped_atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED, DEV);
}

// 8. Work-group min/max in local memory, then one global update per group.
kernel void group_then_global_minmax(global float *out,
                                     global const float *vals, int n) {
  local float lo, hi;
  if (get_local_id(0) == 0) {
    lo = INFINITY;
    hi = -INFINITY;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = get_global_id(0);
  if (i < n) {
    __scoped_atomic_fetch_min(&lo, vals[i], __ATOMIC_RELAXED, WG);
    __scoped_atomic_fetch_max(&hi, vals[i], __ATOMIC_RELAXED, WG);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    __scoped_atomic_fetch_min(&out[0], lo, __ATOMIC_RELAXED, DEV);
    __scoped_atomic_fetch_max(&out[1], hi, __ATOMIC_RELAXED, DEV);
  }
}

// 9. Every returned old value is kept; the host checks that they form a
// valid linearization.
kernel void min_olds(global float *m, global float *olds,
                     global const float *vals, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  olds[i] = __scoped_atomic_fetch_min(m, vals[i], __ATOMIC_RELAXED, DEV);
}

// 11. Work-group scope on global memory: each group owns its slot; seq_cst max.
kernel void group_scoped(global float *mins, global float *maxs,
                         global const float *vals, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __scoped_atomic_fetch_min(&mins[get_group_id(0)], vals[i], __ATOMIC_RELAXED,
                            WG);
  __scoped_atomic_fetch_max(&maxs[get_group_id(0)], vals[i], __ATOMIC_SEQ_CST,
                            WG);
}

// 12. The atomic is in a function that is not inlined. (Global pointers:
// PoCL 3.1's kernel library has no generic-address-space atomics.)
__attribute__((noinline)) float atomic_min_f(global float *p, float v) {
  return __scoped_atomic_fetch_min(p, v, __ATOMIC_RELAXED, DEV);
}
__attribute__((noinline)) float atomic_max_f(global float *p, float v) {
  return __scoped_atomic_fetch_max(p, v, __ATOMIC_ACQ_REL, DEV);
}
kernel void noinline_minmax(global float *mm, global const float *vals,
                            int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_min_f(&mm[0], vals[i]);
  atomic_max_f(&mm[1], vals[i]);
}

// 13-19: kernels 1, 6, 7, 8, 4, 5 and 9 spelled with OpenCL C's standard
// atomic functions (cl_ext_float_atomics), on buffers cast to atomic types
// as users write them. clang emits calls to the builtins; the plugin turns
// each call into the atomicrmw it means before lowering it. Every order and
// scope form appears: explicit with both, with the order only (scope
// device), and the plain form (seq_cst, device).
#define GA(T, p) ((volatile global atomic_##T *)(p))
#define LA(T, p) ((volatile local atomic_##T *)(p))

// 13. As 1: relaxed, device scope, both explicit arguments.
kernel void ocl_scatter_minmax(global float *mins, global float *maxs,
                               global const float *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_fetch_min_explicit(GA(float, &mins[i % nbins]), vals[i],
                            memory_order_relaxed, memory_scope_device);
  atomic_fetch_max_explicit(GA(float, &maxs[i % nbins]), vals[i],
                            memory_order_relaxed, memory_scope_device);
}

// 14. As 6 (double), with the plain forms: seq_cst, device scope.
kernel void ocl_scatter_minmax_f64(global double *mins, global double *maxs,
                                   global const double *vals, int n,
                                   int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_fetch_min(GA(double, &mins[i % nbins]), vals[i]);
  atomic_fetch_max(GA(double, &maxs[i % nbins]), vals[i]);
}

// 15. As 7 (half), explicit with the order only (scope device).
kernel void ocl_scatter_minmax_f16(global half *mins, global half *maxs,
                                   global const half *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_fetch_min_explicit(GA(half, &mins[i % nbins]), vals[i],
                            memory_order_acq_rel);
  atomic_fetch_max_explicit(GA(half, &maxs[i % nbins]), vals[i],
                            memory_order_relaxed);
}

// 16. As 8: work-group scope in local memory, then global.
kernel void ocl_group_then_global_minmax(global float *out,
                                         global const float *vals, int n) {
  local float lo, hi;
  if (get_local_id(0) == 0) {
    lo = INFINITY;
    hi = -INFINITY;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = get_global_id(0);
  if (i < n) {
    atomic_fetch_min_explicit(LA(float, &lo), vals[i], memory_order_relaxed,
                              memory_scope_work_group);
    atomic_fetch_max_explicit(LA(float, &hi), vals[i], memory_order_relaxed,
                              memory_scope_work_group);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    atomic_fetch_min_explicit(GA(float, &out[0]), lo, memory_order_relaxed,
                              memory_scope_device);
    atomic_fetch_max_explicit(GA(float, &out[1]), hi, memory_order_relaxed,
                              memory_scope_device);
  }
}

// 17. As 4: fadd.
kernel void ocl_histogram(global float *bins, global const int *idx,
                          global const float *w, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_fetch_add_explicit(GA(float, &bins[idx[i]]), w[i],
                            memory_order_relaxed, memory_scope_device);
}

// 18. As 5: fsub, plain form.
kernel void ocl_fsub_bins(global float *acc, global const float *vals, int n,
                          int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  atomic_fetch_sub(GA(float, &acc[i % nbins]), vals[i]);
}

// 19. As 9: every returned old value is kept.
kernel void ocl_min_olds(global float *m, global float *olds,
                         global const float *vals, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  olds[i] = atomic_fetch_min_explicit(GA(float, m), vals[i],
                                      memory_order_relaxed,
                                      memory_scope_device);
}

// 20-21: kernels 1 and 4 through the SPIR-V builtins that SYCL/DPC++ and
// chipStar call (Itanium-mangled, int scope and semantics operands). Scope
// 1 is Device; semantics 0 is relaxed. The plugin turns each call into the
// atomicrmw it means; nothing links them.
float __attribute__((overloadable))
__spirv_AtomicFMinEXT(global float *p, int scope, int semantics, float v);
float __attribute__((overloadable))
__spirv_AtomicFMaxEXT(global float *p, int scope, int semantics, float v);
float __attribute__((overloadable))
__spirv_AtomicFAddEXT(global float *p, int scope, int semantics, float v);

// 20. As 1.
kernel void spv_scatter_minmax(global float *mins, global float *maxs,
                               global const float *vals, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __spirv_AtomicFMinEXT(&mins[i % nbins], 1, 0, vals[i]);
  __spirv_AtomicFMaxEXT(&maxs[i % nbins], 1, 0, vals[i]);
}

// 21. As 4: fadd.
kernel void spv_histogram(global float *bins, global const int *idx,
                          global const float *w, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __spirv_AtomicFAddEXT(&bins[idx[i]], 1, 0, w[i]);
}
