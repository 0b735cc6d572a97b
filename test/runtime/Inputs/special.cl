// Writes values whose bits matter: signed zeros, NaN payloads, infinities,
// denormals.
__kernel void special(__global float *f, __global double *d,
                      __global int *i) {
  f[0] = -0.0f;
  f[1] = as_float(0x7fc00001u); // quiet NaN with payload 1
  f[2] = as_float(0xffc00000u); // negative quiet NaN
  f[3] = as_float(0xff800000u); // -inf
  f[4] = as_float(0x00000001u); // smallest denormal
  f[5] = 1.5f;
  d[0] = -0.0;
  d[1] = as_double(0x7ff8000000000123ul);
  i[0] = -7;
  i[1] = 0x7fffffff;
}
