// Runs the kernels of header.cu on the host, with <fpatomics/cuda.h>'s
// definitions (the path nvcc takes: integer atomicMin/atomicMax by the sign
// bit with the NaN repair's CAS loop, the guarded native atomicAdd for sub)
// compiled as plain C++ over host atomics that act as CUDA's do (atomicAdd
// on float flushes subnormals, as atom.add.f32 on global memory does):
//
//   header-host DIR NAME MEM OLDS [THREADS]
//
// reads DIR/NAME.mem, .vals and .idx (header-ref gen), runs op i of the
// kernel as CUDA thread i on one of THREADS host threads (default 8; op i
// goes to a thread by a hash of i), so that every contended location is
// updated from every thread at once, and writes the buffers mem and olds to MEM
// and OLDS for header-ref check. This tests the header's definitions and
// header-ref's checker without a GPU; the GPU runs the same kernels from PTX.
// Built with -DFPATOMICS_CUDA_CAS_LOOP, it runs the header's CAS loop alone.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

// What the header needs from CUDA, on the host.
#define __CUDACC__ 1
#define __device__
#define __global__
#define __forceinline__ inline __attribute__((always_inline))
#define __shared__ static
static inline void __syncthreads() { std::abort(); } // not run here

struct host_dim {
  unsigned x, y, z;
};
static thread_local host_dim blockIdx, threadIdx;
static const host_dim blockDim = {256, 1, 1};

static inline unsigned int __float_as_uint(float f) {
  unsigned int b;
  std::memcpy(&b, &f, 4);
  return b;
}
static inline float __uint_as_float(unsigned int b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
static inline float __int_as_float(int b) {
  return __uint_as_float((unsigned int)b);
}
static inline long long __double_as_longlong(double d) {
  long long b;
  std::memcpy(&b, &d, 8);
  return b;
}
static inline double __longlong_as_double(long long b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
// CUDA's atomics: return the old value. Every scope is the host's.
template <class U> static inline U host_cas(U *p, U expected, U desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return expected;
}
static inline unsigned int atomicCAS(unsigned int *p, unsigned int c,
                                     unsigned int v) {
  return host_cas(p, c, v);
}
static inline unsigned long long
atomicCAS(unsigned long long *p, unsigned long long c, unsigned long long v) {
  return host_cas(p, c, v);
}
// atomicMin/atomicMax on int, unsigned, long long, unsigned long long: the
// signed ones compare as signed, the unsigned ones as unsigned.
template <class I> static inline I host_min(I *p, I v) {
  I old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v < old &&
         !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}
template <class I> static inline I host_max(I *p, I v) {
  I old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (old < v &&
         !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}
// (functions, not macros, for _block and _system: the header overloads those
// names for float and double)
#define HOST_MINMAX_AS(SUFFIX, I)                                              \
  static inline I atomicMin##SUFFIX(I *p, I v) { return host_min(p, v); }      \
  static inline I atomicMax##SUFFIX(I *p, I v) { return host_max(p, v); }
#define HOST_MINMAX(I)                                                         \
  HOST_MINMAX_AS(, I) HOST_MINMAX_AS(_block, I) HOST_MINMAX_AS(_system, I)
HOST_MINMAX(int)
HOST_MINMAX(unsigned int)
HOST_MINMAX(long long)
HOST_MINMAX(unsigned long long)
// atomicAdd(float *) as atom.add.f32 does it on global memory: subnormal
// inputs and a subnormal result become zeros of their sign. So the header's
// native add is only right where its guard says flushing cannot matter.
static inline float flush(float x) {
  unsigned int b = __float_as_uint(x);
  return (b & 0x7f800000u) == 0 ? __uint_as_float(b & 0x80000000u) : x;
}
static inline float atomicAdd(float *p, float v) {
  unsigned int *q = reinterpret_cast<unsigned int *>(p);
  unsigned int old = __atomic_load_n(q, __ATOMIC_RELAXED);
  for (;;) {
    volatile float sum = flush(__uint_as_float(old)) + flush(v);
    unsigned int desired = __float_as_uint(flush(sum));
    if (__atomic_compare_exchange_n(q, &old, desired, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return __uint_as_float(old);
  }
}
// atomicAdd(double *): f64 adds do not flush.
static inline double atomicAdd(double *p, double v) {
  unsigned long long *q = reinterpret_cast<unsigned long long *>(p);
  unsigned long long old = __atomic_load_n(q, __ATOMIC_RELAXED);
  for (;;) {
    volatile double sum = __longlong_as_double((long long)old) + v;
    unsigned long long desired = (unsigned long long)__double_as_longlong(sum);
    if (__atomic_compare_exchange_n(q, &old, desired, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return __longlong_as_double((long long)old);
  }
}
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
template <class T> static inline T atomicAdd_block(T *p, T v) {
  return atomicAdd(p, v);
}
template <class T> static inline T atomicAdd_system(T *p, T v) {
  return atomicAdd(p, v);
}

#include "header.cu"

#undef __shared__

namespace {

using kernel_f32 = void (*)(float *, float *, const float *, const int *, int);
using kernel_f64 = void (*)(double *, double *, const double *, const int *,
                            int);
struct entry {
  const char *name;
  kernel_f32 f32;
  kernel_f64 f64;
};
const entry KERNELS[] = {
    {"min_f32", min_f32, nullptr},
    {"max_f32", max_f32, nullptr},
    {"sub_f32", sub_f32, nullptr},
    {"min_f64", nullptr, min_f64},
    {"max_f64", nullptr, max_f64},
    {"sub_f64", nullptr, sub_f64},
    {"min_f32_block", min_f32_block, nullptr},
    {"max_f32_block", max_f32_block, nullptr},
    {"sub_f32_block", sub_f32_block, nullptr},
    {"min_f64_block", nullptr, min_f64_block},
    {"max_f64_block", nullptr, max_f64_block},
    {"sub_f64_block", nullptr, sub_f64_block},
    {"min_f32_system", min_f32_system, nullptr},
    {"max_f32_system", max_f32_system, nullptr},
    {"sub_f32_system", sub_f32_system, nullptr},
    {"min_f64_system", nullptr, min_f64_system},
    {"max_f64_system", nullptr, max_f64_system},
    {"sub_f64_system", nullptr, sub_f64_system},
};

std::vector<char> slurp(const std::string &path) {
  std::vector<char> data;
  FILE *fp = std::fopen(path.c_str(), "rb");
  if (!fp) {
    std::fprintf(stderr, "header-host: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  char buf[1 << 16];
  size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, fp)) > 0)
    data.insert(data.end(), buf, buf + got);
  std::fclose(fp);
  return data;
}

void spill(const std::string &path, const void *p, size_t bytes) {
  FILE *fp = std::fopen(path.c_str(), "wb");
  if (!fp || std::fwrite(p, 1, bytes, fp) != bytes || std::fclose(fp)) {
    std::fprintf(stderr, "header-host: cannot write %s\n", path.c_str());
    std::exit(2);
  }
}

template <class T, class K>
void run(K kernel, const std::string &base, const char *mem_out,
         const char *olds_out, unsigned threads) {
  std::vector<char> mem_b = slurp(base + ".mem"),
                    vals_b = slurp(base + ".vals"),
                    idx_b = slurp(base + ".idx");
  size_t n = vals_b.size() / sizeof(T);
  std::vector<T> mem(mem_b.size() / sizeof(T)), vals(n), olds(n);
  std::vector<int> idx(n);
  std::memcpy(mem.data(), mem_b.data(), mem.size() * sizeof(T));
  std::memcpy(vals.data(), vals_b.data(), n * sizeof(T));
  std::memcpy(idx.data(), idx_b.data(), n * sizeof(int));
  std::vector<std::thread> pool;
  std::atomic<unsigned> ready(0);
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      // start together, so that the threads do overlap
      ready.fetch_add(1);
      while (ready.load() < threads)
        std::this_thread::yield();
      for (size_t i = 0; i < n; ++i) {
        if (((uint32_t)(i * 2654435761u) >> 16) % threads != t)
          continue;
        blockIdx.x = (unsigned)(i / blockDim.x);
        threadIdx.x = (unsigned)(i % blockDim.x);
        kernel(mem.data(), olds.data(), vals.data(), idx.data(), (int)n);
      }
    });
  for (std::thread &th : pool)
    th.join();
  spill(mem_out, mem.data(), mem.size() * sizeof(T));
  spill(olds_out, olds.data(), n * sizeof(T));
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 5 && argc != 6) {
    std::fprintf(stderr, "usage: header-host DIR NAME MEM OLDS [THREADS]\n");
    return 2;
  }
  unsigned threads = argc == 6 ? (unsigned)std::atoi(argv[5]) : 8;
  if (threads == 0)
    threads = 1;
  std::string base = std::string(argv[1]) + "/" + argv[2];
  for (const entry &e : KERNELS) {
    if (std::strcmp(e.name, argv[2]))
      continue;
    if (e.f32)
      run<float>(e.f32, base, argv[3], argv[4], threads);
    else
      run<double>(e.f64, base, argv[3], argv[4], threads);
    return 0;
  }
  std::fprintf(stderr, "header-host: %s does not run on the host\n", argv[2]);
  return 77;
}
