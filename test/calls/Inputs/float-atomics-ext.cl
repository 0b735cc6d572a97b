// cl_ext_float_atomics in OpenCL C 3.0: llvm-spirv writes OpAtomicFMinEXT,
// OpAtomicFMaxEXT and OpAtomicFAddEXT for these.
kernel void k(global atomic_float *p, float v, global float *o) {
  o[0] = atomic_fetch_min_explicit(p, v, memory_order_relaxed,
                                   memory_scope_device);
  o[1] = atomic_fetch_max_explicit(p, v, memory_order_relaxed,
                                   memory_scope_device);
  o[2] = atomic_fetch_add_explicit(p, v, memory_order_relaxed,
                                   memory_scope_device);
}
