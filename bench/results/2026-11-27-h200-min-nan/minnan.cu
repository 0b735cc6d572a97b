// PTX min.NaN.f32/max.NaN.f32 (the f32 fminimum/fmaximum loops' new value on
// sm_80+, e1993b4) on every pair of 22 special operands, against
// minimum/maximum with -0 < +0: two non-NaN operands give the exact
// minimum/maximum bits; any NaN operand gives a NaN (the lowering selects
// the NaN itself there), counted apart when it is not 0x7fffffff.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
__global__ void k(const float *a, const float *b, float *mn, float *mx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float r, s;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a[i]), "f"(b[i]));
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(s) : "f"(a[i]), "f"(b[i]));
  mn[i] = r;
  mx[i] = s;
}
static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
// 1: as wanted; 0: wrong. *canon: the NaN result was 0x7fffffff.
static int ref(float a, float b, int max, float r, int *canon) {
  if (std::isnan(a) || std::isnan(b)) {
    *canon = bits(r) == 0x7fffffffu;
    return std::isnan(r);
  }
  uint32_t want;
  if (a == 0 && b == 0) {
    int sa = std::signbit(a), sb = std::signbit(b);
    want = max ? (sa ? bits(b) : bits(a)) : (sa ? bits(a) : bits(b));
    if (sa == sb)
      want = bits(a);
  } else {
    want = bits(max ? (a > b ? a : b) : (a < b ? a : b));
  }
  return bits(r) == want;
}
int main() {
  const uint32_t v[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu,
                        0x807fffffu, 0x00800000u, 0x80800000u, 0x3f800000u,
                        0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
                        0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
                        0xff800001u, 0x7fbfffffu, 0x7fffffffu, 0x40490fdbu,
                        0xc0490fdbu};
  const int nb = sizeof v / 4, n = nb * nb;
  float *a, *b, *mn, *mx;
  cudaMallocManaged(&a, n * 4);
  cudaMallocManaged(&b, n * 4);
  cudaMallocManaged(&mn, n * 4);
  cudaMallocManaged(&mx, n * 4);
  for (int i = 0; i < nb; ++i)
    for (int j = 0; j < nb; ++j) {
      memcpy(&a[i * nb + j], &v[i], 4);
      memcpy(&b[i * nb + j], &v[j], 4);
    }
  k<<<(n + 127) / 128, 128>>>(a, b, mn, mx, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  int bad = 0, nan = 0, canon = 0;
  for (int i = 0; i < n; ++i)
    for (int m = 0; m < 2; ++m) {
      float r = m ? mx[i] : mn[i];
      int c = 0;
      if (!ref(a[i], b[i], m, r, &c)) {
        ++bad;
        printf("BAD %s.NaN.f32 %08x %08x -> %08x\n", m ? "max" : "min",
               bits(a[i]), bits(b[i]), bits(r));
      }
      if (std::isnan(a[i]) || std::isnan(b[i])) {
        ++nan;
        canon += c;
      }
    }
  printf("min.NaN.f32 and max.NaN.f32: %d pairs each, %d bad; %d results "
         "with a NaN operand, %d of them 0x7fffffff\n",
         n, bad, nan, canon);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
