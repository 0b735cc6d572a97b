// Doubles f16 values; vload_half/vstore_half are core OpenCL 1.2, so this
// works on devices without cl_khr_fp16.
__kernel void twice(__global const half *in, __global half *out) {
  size_t i = get_global_id(0);
  vstore_half(vload_half(i, in) * 2.0f, i, out);
}
