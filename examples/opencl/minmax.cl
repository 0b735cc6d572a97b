// Float min/max atomics in OpenCL C as clang exposes them: the __atomic
// builtins give `atomicrmw fmin/fmax` on global and local memory. Without
// fpatomics no OpenCL device without cl_ext_float_atomics can run this.

// Scatter-min and scatter-max of values into bins.
kernel void scatter_minmax(global float *mins, global float *maxs,
                           global const float *vals, int nbins) {
  int i = get_global_id(0);
  __scoped_atomic_fetch_min(&mins[i % nbins], vals[i], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
  __scoped_atomic_fetch_max(&maxs[i % nbins], vals[i], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
}

// A work-group minimum in local memory, then one global update per group.
kernel void group_then_global_min(global float *out, global const float *vals) {
  local float m;
  if (get_local_id(0) == 0)
    m = INFINITY;
  barrier(CLK_LOCAL_MEM_FENCE);
  __scoped_atomic_fetch_min(&m, vals[get_global_id(0)], __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_WRKGRP);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    __scoped_atomic_fetch_min(out, m, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
}
