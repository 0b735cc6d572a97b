// Copies raw 32- and 64-bit patterns (as integers, so no float
// canonicalization can happen on the way).
__kernel void copy32(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

__kernel void copy64(__global const ulong *in, __global ulong *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}
