// Scalar parameters whose type fpa-run cannot pass a value to unseen.
typedef float real;
__kernel void k_real(__global ulong *out, real v) { out[0] = as_uint(v); }
__kernel void k_int2(__global ulong *out, int2 v) { out[0] = as_ulong(v); }
__kernel void k_short(__global ulong *out, short v) { out[0] = (ulong)v; }
__kernel void k_none(__global ulong *out) {}
