// y = a * x + y. With x = iota and y = 1, a = 2: y[i] = 2 * i + 1.
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
