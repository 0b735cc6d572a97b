// Float atomics written with OpenCL C's standard functions
// (cl_ext_float_atomics), as users write them on buffers of float.
// -DMINMAX_ONLY leaves out the add and sub kernel.
#define GA(p) ((volatile global atomic_float *)(p))
#define LA(p) ((volatile local atomic_float *)(p))

kernel void scatter_minmax(global float *mins, global float *maxs,
                           global const float *vals, int nbins) {
  int i = get_global_id(0);
  atomic_fetch_min_explicit(GA(&mins[i % nbins]), vals[i],
                            memory_order_relaxed, memory_scope_device);
  atomic_fetch_max_explicit(GA(&maxs[i % nbins]), vals[i],
                            memory_order_relaxed, memory_scope_device);
}

kernel void group_then_global_min(global float *out, global float *olds,
                                  global const float *vals) {
  local float m;
  if (get_local_id(0) == 0)
    m = INFINITY;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_min_explicit(LA(&m), vals[get_global_id(0)],
                            memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    olds[get_group_id(0)] = atomic_fetch_min(GA(out), m);
}

#ifndef MINMAX_ONLY
kernel void add_sub(global float *acc, global const float *vals) {
  int i = get_global_id(0);
  atomic_fetch_add_explicit(GA(&acc[0]), vals[i], memory_order_relaxed,
                            memory_scope_device);
  atomic_fetch_sub_explicit(GA(&acc[1]), vals[i], memory_order_relaxed);
}
#endif
