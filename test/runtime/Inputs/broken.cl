__kernel void broken(__global float *x) { x[0] = undeclared_identifier; }
