/*===-- fadd-gpu.c - the guarded f32 add on a GPU: exactness and speed ----===*\
|*                                                                          *|
|*   fadd-gpu exact DIR [ULPS]   every subnormal memory value x operands    *|
|*                               within ULPS of +-2^-101 and +-2^-102, on   *|
|*                               real memory, for fpa.ptx (must have no     *|
|*                               difference) and llvm.ptx (fadd: the native *|
|*                               add, which must differ: the control)       *|
|*   fadd-gpu bench DIR [REPS]   throughput of fadd/fsub, variants          *|
|*                               interleaved per cell, warm and cold L2     *|
|*                                                                          *|
|* DIR holds llvm.ptx (no pass) and fpa.ptx (the pass, default options),    *|
|* both from gen-ir.sh. CUDA driver API only; no LLVM needed.               *|
\*===----------------------------------------------------------------------===*/
#include <cuda.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(CUresult r, const char *what) {
  if (r != CUDA_SUCCESS) {
    const char *s = NULL;
    cuGetErrorString(r, &s);
    fprintf(stderr, "fadd-gpu: %s: %s\n", what, s ? s : "?");
    exit(1);
  }
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "fadd-gpu: cannot open %s\n", path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "fadd-gpu: cannot read %s\n", path);
    exit(1);
  }
  s[n] = 0;
  fclose(f);
  return s;
}

static CUmodule load(const char *dir, const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  char *ptx = slurp(path);
  CUmodule m;
  check(cuModuleLoadData(&m, ptx), path);
  free(ptx);
  return m;
}

static CUfunction fn(CUmodule m, const char *name) {
  CUfunction f;
  check(cuModuleGetFunction(&f, m, name), name);
  return f;
}

static void launch(CUfunction f, unsigned threads, void **args) {
  unsigned block = 256, grid = (threads + block - 1) / block;
  check(cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, NULL, args, NULL),
        "launch");
}

/*--- exactness on real memory --------------------------------------------*/

static int exact(const char *dir, long ulps) {
  CUmodule mods[2] = {load(dir, "fpa.ptx"), load(dir, "llvm.ptx")};
  const char *mod_names[2] = {"fpa", "llvm"};
  static const uint32_t centres[4] = {0x0d000000u, 0x8d000000u, 0x0c800000u,
                                      0x8c800000u};
  uint32_t nops = (uint32_t)(4 * (2 * ulps + 1));
  uint32_t *ops = malloc(nops * sizeof *ops);
  uint32_t k = 0;
  for (int c = 0; c < 4; ++c)
    for (long d = -ulps; d <= ulps; ++d)
      ops[k++] = (uint32_t)((int64_t)centres[c] + d);
  const unsigned threads = 1u << 24;
  CUdeviceptr buf, dops, bad, first;
  check(cuMemAlloc(&buf, threads * 4ull), "alloc");
  check(cuMemAlloc(&dops, nops * 4ull), "alloc");
  check(cuMemAlloc(&bad, 8), "alloc");
  check(cuMemAlloc(&first, 8), "alloc");
  check(cuMemcpyHtoD(dops, ops, nops * 4ull), "copy");
  printf("exact: all 2^24 subnormal or zero memory values x the operands "
         "within N ulps of +-2^-101 and +-2^-102\n");
  int failed = 0;
  const char *ops_n[2] = {"fadd", "fsub"}, *scopes[2] = {"dev", "sys"};
  for (int mi = 0; mi < 2; ++mi)
    for (int o = 0; o < 2; ++o)
      for (int sc = 0; sc < 2; ++sc) {
        char name[32];
        snprintf(name, sizeof name, "x_%s_%s", ops_n[o], scopes[sc]);
        CUfunction f = fn(mods[mi], name);
        /* the whole neighbourhood for fpa's device-scope fadd and
         * system-scope fsub; the other kernels (the same guard, and the
         * controls) take the operands within 2048 ulps */
        int full = mi == 0 && o == sc;
        long uk = full || ulps < 2048 ? ulps : 2048;
        uint32_t per = (uint32_t)(2 * uk + 1);
        check(cuMemsetD32(bad, 0, 2), "memset");
        check(cuMemsetD32(first, 0, 2), "memset");
        /* at most 2048 operands per launch keeps each launch short */
        uint64_t pairs = 0;
        for (int c = 0; c < 4; ++c) {
          uint32_t base = (uint32_t)(c * (2 * ulps + 1) + (ulps - uk));
          for (uint32_t at = 0; at < per; at += 2048) {
            uint32_t cnt = per - at < 2048 ? per - at : 2048;
            CUdeviceptr p = dops + (base + at) * 4ull;
            void *args[] = {&buf, &p, &cnt, &bad, &first};
            launch(f, threads, args);
            pairs += (uint64_t)cnt * threads;
          }
        }
        check(cuCtxSynchronize(), name);
        uint64_t nbad = 0;
        uint32_t fi[2] = {0, 0};
        check(cuMemcpyDtoH(&nbad, bad, 8), "copy");
        check(cuMemcpyDtoH(fi, first, 8), "copy");
        /* fi[1] counts within its launch's slice; the first difference of
         * the whole run is in the earliest slice that has one */
        int control = mi == 1 && o == 0;
        int ok = control ? nbad > 0 : nbad == 0;
        failed |= !ok;
        printf("%s %s %s: %.4g pairs (%ld ulps), %llu differences%s",
               ok ? "PASS" : "FAIL", mod_names[mi], name, (double)pairs, uk,
               (unsigned long long)nbad,
               control ? " (control: the unguarded native add must differ)"
                       : "");
        if (nbad)
          printf("; e.g. memory 0x%08x", (fi[0] & 0x7fffffu) |
                                             ((fi[0] >> 23) << 31));
        printf("\n");
      }
  free(ops);
  printf("%s\n", failed ? "exact: FAIL" : "exact: PASS");
  return failed;
}

/*--- throughput -----------------------------------------------------------*/

typedef struct var {
  const char *name;
  CUfunction f;
} var;

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

static int bench(const char *dir, int reps) {
  /* llvm-copy is llvm.ptx loaded a second time: identical code, whose
   * ratio to llvm-fadd shows the noise of the measurement */
  CUmodule llvm = load(dir, "llvm.ptx"), copy = load(dir, "llvm.ptx"),
           fpa = load(dir, "fpa.ptx");
  const unsigned n = 1u << 24;
  CUdeviceptr out, vals, olds, scratch;
  const size_t scratch_bytes = 512ull << 20; /* > L2: a flush */
  check(cuMemAlloc(&out, n * 4ull), "alloc");
  check(cuMemAlloc(&vals, n * 4ull), "alloc");
  check(cuMemAlloc(&olds, n * 4ull), "alloc");
  check(cuMemAlloc(&scratch, scratch_bytes), "alloc");
  float *hv = malloc(n * 4ull), *hout = malloc(n * 4ull);
  double *want = malloc(n * sizeof *want);
  CUevent e0, e1;
  check(cuEventCreate(&e0, CU_EVENT_DEFAULT), "event");
  check(cuEventCreate(&e1, CU_EVENT_DEFAULT), "event");
  static const unsigned addrs[4] = {1, 32, 4096, 1u << 24};
  static const char *data_names[2] = {"random", "positive"};
  printf("op,scope,used,addresses,data,l2,variant,median_ms,gupdates_per_s,"
         "ratio_to_llvm_fadd,check\n");
  int failed = 0;
  for (int d = 0; d < 2; ++d) {
    /* +-1 (random signs) or +1: every partial sum is an integer of at most
     * 2^24 in magnitude, exact in float, so every order gives one result */
    uint32_t h = 12345;
    for (unsigned i = 0; i < n; ++i) {
      h = h * 1664525u + 1013904223u;
      hv[i] = d == 0 && (h >> 31) ? -1.0f : 1.0f;
    }
    check(cuMemcpyHtoD(vals, hv, n * 4ull), "copy");
    for (int ai = 0; ai < 4; ++ai) {
      unsigned mask = addrs[ai] - 1;
      for (int sc = 0; sc < 2; ++sc)
        for (int used = 0; used < 2; ++used)
          for (int cold = 0; cold < 2; ++cold) {
            const char *scope = sc ? "sys" : "dev";
            char kf[32], ks[32];
            snprintf(kf, sizeof kf, "b_fadd_%s_%d", scope, used);
            snprintf(ks, sizeof ks, "b_fsub_%s_%d", scope, used);
            var vs[5] = {{"llvm-fadd", fn(llvm, kf)},
                         {"llvm-copy", fn(copy, kf)},
                         {"fpa-fadd", fn(fpa, kf)},
                         {"fpa-fsub", fn(fpa, ks)},
                         {"llvm-fsub", fn(llvm, ks)}};
            /* LLVM's fsub is a cmpxchg loop: seconds per launch at few
             * addresses, so it runs only at 4096 and more */
            int nv = addrs[ai] >= 4096 ? 5 : 4;
            float ms[5][64];
            for (int r = 0; r < reps + 1; ++r)
              for (int v = 0; v < nv; ++v) {
                check(cuMemsetD32(out, 0, n), "memset");
                if (cold)
                  check(cuMemsetD32(scratch, (unsigned)r, scratch_bytes / 4),
                        "flush");
                void *args[] = {&out, &vals, (void *)&n, &mask, &olds};
                check(cuEventRecord(e0, NULL), "event");
                launch(vs[v].f, n, args);
                check(cuEventRecord(e1, NULL), "event");
                check(cuEventSynchronize(e1), "sync");
                float t;
                check(cuEventElapsedTime(&t, e0, e1), "elapsed");
                if (r > 0) /* the first round warms up */
                  ms[v][r - 1] = t;
                if (r == reps) {
                  /* the final memory against the exact sums */
                  check(cuMemcpyDtoH(hout, out, addrs[ai] * 4ull), "copy");
                  int neg = strstr(vs[v].name, "fsub") != NULL;
                  for (unsigned a = 0; a < addrs[ai]; ++a)
                    want[a] = 0;
                  for (unsigned i = 0; i < n; ++i)
                    want[i & mask] += neg ? -hv[i] : hv[i];
                  int bad = 0;
                  for (unsigned a = 0; a < addrs[ai]; ++a)
                    bad |= (double)hout[a] != want[a];
                  ms[v][63] = bad ? 1.0f : 0.0f;
                  failed |= bad;
                }
              }
            float med[5];
            for (int v = 0; v < nv; ++v) {
              float tmp[64];
              memcpy(tmp, ms[v], reps * sizeof(float));
              qsort(tmp, (size_t)reps, sizeof(float), cmp_float);
              med[v] = tmp[reps / 2];
            }
            for (int v = 0; v < nv; ++v)
              printf("%s,%s,%d,%u,%s,%s,%s,%.4f,%.3f,%.3f,%s\n",
                     strstr(vs[v].name, "fsub") ? "fsub" : "fadd", scope, used,
                     addrs[ai], data_names[d], cold ? "cold" : "warm",
                     vs[v].name, med[v], n / (med[v] * 1e6), med[0] / med[v],
                     ms[v][63] != 0.0f ? "BAD" : "ok");
            fflush(stdout);
          }
    }
  }
  free(hv);
  free(hout);
  free(want);
  return failed;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "exact") && strcmp(argv[1], "bench"))) {
    fprintf(stderr, "usage: fadd-gpu exact DIR [ULPS] | bench DIR [REPS]\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  check(cuInit(0), "cuInit");
  CUdevice dev;
  CUcontext ctx;
  check(cuDeviceGet(&dev, 0), "device");
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "context");
  check(cuCtxSetCurrent(ctx), "context");
  char name[256];
  check(cuDeviceGetName(name, sizeof name, dev), "name");
  printf("device: %s\n", name);
  if (strcmp(argv[1], "exact") == 0) {
    long ulps = argc > 3 ? strtol(argv[3], NULL, 10) : 65536;
    if (ulps < 0 || ulps > (1L << 20)) {
      fprintf(stderr, "fadd-gpu: ULPS must be 0..2^20\n");
      return 2;
    }
    return exact(argv[2], ulps);
  }
  int reps = argc > 3 ? atoi(argv[3]) : 7;
  if (reps < 1 || reps > 62) {
    fprintf(stderr, "fadd-gpu: REPS must be 1..62\n");
    return 2;
  }
  return bench(argv[2], reps);
}
