// PTX min/max on special operands against minnum/maxnum with -0 < +0.
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cmath>
__global__ void k32(const float *a, const float *b, float *mn, float *mx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r, s;
  asm("min.f32 %0, %1, %2;" : "=f"(r) : "f"(a[i]), "f"(b[i]));
  asm("max.f32 %0, %1, %2;" : "=f"(s) : "f"(a[i]), "f"(b[i]));
  mn[i] = r; mx[i] = s;
}
__global__ void k64(const double *a, const double *b, double *mn, double *mx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double r, s;
  asm("min.f64 %0, %1, %2;" : "=d"(r) : "d"(a[i]), "d"(b[i]));
  asm("max.f64 %0, %1, %2;" : "=d"(s) : "d"(a[i]), "d"(b[i]));
  mn[i] = r; mx[i] = s;
}
template <class F, class U> static int ref(F a, F b, int max, F r) {
  U ua, ub, ur; memcpy(&ua, &a, sizeof a); memcpy(&ub, &b, sizeof b); memcpy(&ur, &r, sizeof r);
  if (std::isnan(a) && std::isnan(b)) return std::isnan(r);
  if (std::isnan(a)) return ur == ub;
  if (std::isnan(b)) return ur == ua;
  if (a == 0 && b == 0) { // -0 < +0
    int sa = std::signbit(a), sb = std::signbit(b);
    U want = max ? (sa ? ub : ua) : (sa ? ua : ub);
    if (sa == sb) want = ua;
    return ur == want;
  }
  F w = max ? (a > b ? a : b) : (a < b ? a : b);
  U uw; memcpy(&uw, &w, sizeof w); return ur == uw;
}
template <class F, class U> static int run(const U *bits, int nb, bool dbl) {
  int n = nb * nb; F *a, *b, *mn, *mx;
  cudaMallocManaged(&a, n * sizeof(F)); cudaMallocManaged(&b, n * sizeof(F));
  cudaMallocManaged(&mn, n * sizeof(F)); cudaMallocManaged(&mx, n * sizeof(F));
  for (int i = 0; i < nb; ++i) for (int j = 0; j < nb; ++j) {
    memcpy(&a[i * nb + j], &bits[i], sizeof(F)); memcpy(&b[i * nb + j], &bits[j], sizeof(F)); }
  if (dbl) k64<<<(n + 127) / 128, 128>>>((double *)a, (double *)b, (double *)mn, (double *)mx, n);
  else k32<<<(n + 127) / 128, 128>>>((float *)a, (float *)b, (float *)mn, (float *)mx, n);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    if (!ref<F, U>(a[i], b[i], 0, mn[i])) { ++bad; U x, y, z; memcpy(&x, &a[i], sizeof x); memcpy(&y, &b[i], sizeof y); memcpy(&z, &mn[i], sizeof z); printf("BAD min.%s %llx %llx -> %llx\n", dbl ? "f64" : "f32", (unsigned long long)x, (unsigned long long)y, (unsigned long long)z); }
    if (!ref<F, U>(a[i], b[i], 1, mx[i])) { ++bad; U x, y, z; memcpy(&x, &a[i], sizeof x); memcpy(&y, &b[i], sizeof y); memcpy(&z, &mx[i], sizeof z); printf("BAD max.%s %llx %llx -> %llx\n", dbl ? "f64" : "f32", (unsigned long long)x, (unsigned long long)y, (unsigned long long)z); }
  }
  printf("%s: %d pairs, %d bad\n", dbl ? "f64" : "f32", n, bad);
  return bad;
}
int main() {
  const uint32_t b32[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x80800000u,
    0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
    0x7f800001u, 0xff800001u, 0x7fbfffffu, 0x7fffffffu, 0x40490fdbu, 0xc0490fdbu};
  const uint64_t b64[] = {0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000fffffffffffffull, 0x800fffffffffffffull,
    0x0010000000000000ull, 0x8010000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7fefffffffffffffull,
    0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff8000000000000ull,
    0x7ff0000000000001ull, 0xfff0000000000001ull, 0x7ff7ffffffffffffull, 0x7fffffffffffffffull, 0x400921fb54442d18ull, 0xc00921fb54442d18ull};
  int bad = run<float, uint32_t>(b32, sizeof b32 / 4, false) + run<double, uint64_t>(b64, sizeof b64 / 8, true);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
