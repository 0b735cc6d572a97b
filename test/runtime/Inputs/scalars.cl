// Stores every scalar argument, and the 2-D launch shape, into out.
__kernel void scalars(__global ulong *out, int i32, uint u32, long i64,
                      ulong u64, float f32, double f64) {
  if (get_global_id(0) == 0 && get_global_id(1) == 0) {
    out[0] = (ulong)(long)i32;
    out[1] = u32;
    out[2] = (ulong)i64;
    out[3] = u64;
    out[4] = as_uint(f32);
    out[5] = as_ulong(f64);
    out[6] = get_global_size(0) * 1000 + get_global_size(1);
    out[7] = get_local_size(0) * 1000 + get_local_size(1);
  }
}
