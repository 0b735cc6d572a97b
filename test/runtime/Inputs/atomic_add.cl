// Float atomic add emulated with a 32-bit compare-and-swap loop (OpenCL 1.2
// has no float atomics): every work-item adds its input to out[0].
inline void atomic_add_f32(volatile __global float *p, float v) {
  union {
    uint u;
    float f;
  } old, upd;
  do {
    old.f = *p;
    upd.f = old.f + v;
  } while (atomic_cmpxchg((volatile __global uint *)p, old.u, upd.u) !=
           old.u);
}

__kernel void sum(__global const float *in, __global float *out) {
  atomic_add_f32(out, in[get_global_id(0)]);
}
