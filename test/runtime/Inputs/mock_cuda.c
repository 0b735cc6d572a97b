/* A fake CUDA driver (libcuda.so.1) for testing fpa-run's CUDA backend on
 * machines without a GPU. Build:
 *   clang -shared -fPIC mock_cuda.c -o libcuda.so.1
 * and run fpa-run with --cuda-lib=PATH/libcuda.so.1.
 *
 * "Kernels" are looked up as ".entry NAME" in the PTX text and executed on
 * the host when NAME is one the mock knows (saxpy, scalars, trap, and for
 * fpa-bench fill32, smemfill and k_fmax_float_0/1, which update in thread
 * order);
 * device memory is host memory. Knobs:
 *   MOCK_CUDA_INIT_ERROR=N   cuInit returns N
 *   MOCK_CUDA_NO_DEVICES=1   cuDeviceGetCount reports 0
 *   -DMOCK_OMIT_LAUNCH       build without cuLaunchKernel
 *   PTX containing "MOCK_BAD_PTX" fails to load with a JIT error log.
 *   PTX containing "MOCK_WRONG" gets a k_fmax_float that computes fmin.
 *   MOCK_CUDA_LOG=FILE       appends one line per launch: the kernel's
 *                            name (and "wrong"), or "fill32 n=N", or
 *                            for smemfill its grid and its word.
 *   Event times: a launch of a k_ or i_ kernel takes 0.25 ms, or 0.5 ms
 *   where its module's PTX holds "MOCK_SLOW" (with
 *   MOCK_CUDA_SLOW_LAUNCHES=N, only that kernel's first N launches). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;

typedef struct mock_func {
  char name[64];
  int wrong;     /* its module holds MOCK_WRONG */
  int slow;      /* its module holds MOCK_SLOW */
  long launches; /* how many times it was launched */
} mock_func;

/* the time cuEventElapsedTime reports: the last kernel launch's */
static float next_ms = 0.25f;

typedef struct mock_module {
  char *image;
  mock_func funcs[16];
  int nfuncs;
} mock_module;

static int ctx_token;

CUresult cuInit(unsigned flags) {
  (void)flags;
  const char *e = getenv("MOCK_CUDA_INIT_ERROR");
  return e ? atoi(e) : 0;
}

CUresult cuDriverGetVersion(int *v) {
  *v = 13000;
  return 0;
}

static const char *err_name(CUresult r) {
  switch (r) {
  case 0:
    return "CUDA_SUCCESS";
  case 100:
    return "CUDA_ERROR_NO_DEVICE";
  case 101:
    return "CUDA_ERROR_INVALID_DEVICE";
  case 218:
    return "CUDA_ERROR_INVALID_PTX";
  case 500:
    return "CUDA_ERROR_NOT_FOUND";
  case 719:
    return "CUDA_ERROR_LAUNCH_FAILED";
  default:
    return NULL;
  }
}

CUresult cuGetErrorName(CUresult r, const char **s) {
  *s = err_name(r);
  return *s ? 0 : 1;
}

CUresult cuGetErrorString(CUresult r, const char **s) {
  *s = err_name(r) ? "mock error description" : NULL;
  return *s ? 0 : 1;
}

CUresult cuDeviceGetCount(int *n) {
  *n = getenv("MOCK_CUDA_NO_DEVICES") ? 0 : 1;
  return 0;
}

CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  if (ordinal != 0)
    return 101;
  *d = 0;
  return 0;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  strncpy(name, "Mock GPU", (size_t)len);
  name[len - 1] = '\0';
  return 0;
}

CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d) {
  (void)d;
  *v = attr == 75 ? 9 : 0;
  return 0;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice d) {
  (void)d;
  *bytes = (size_t)1 << 30;
  return 0;
}

CUresult cuDevicePrimaryCtxRetain(void **ctx, CUdevice d) {
  (void)d;
  *ctx = &ctx_token;
  return 0;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
  (void)d;
  return 0;
}

CUresult cuCtxSetCurrent(void *ctx) {
  (void)ctx;
  return 0;
}

CUresult cuCtxSynchronize(void) { return 0; }

CUresult cuModuleLoadDataEx(mock_module **out, const void *image, unsigned n,
                            int *opts, void **vals) {
  const char *text = image;
  char *errlog = NULL;
  size_t errsize = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (opts[i] == 5)
      errlog = vals[i];
    if (opts[i] == 6)
      errsize = (size_t)(uintptr_t)vals[i];
  }
  if (strstr(text, "MOCK_BAD_PTX")) {
    if (errlog && errsize)
      strncpy(errlog,
              "ptxas application ptx input, line 3; fatal : mock "
              "syntax error",
              errsize);
    return 218;
  }
  mock_module *m = calloc(1, sizeof(*m));
  m->image = strdup(text);
  *out = m;
  return 0;
}

CUresult cuModuleUnload(mock_module *m) {
  free(m->image);
  free(m);
  return 0;
}

CUresult cuModuleGetFunction(mock_func **f, mock_module *m, const char *name) {
  char pat[80];
  strcpy(pat, ".entry ");
  strncat(pat, name, 64);
  const char *p = strstr(m->image, pat);
  size_t len = strlen(pat);
  if (!p || !(p[len] == '(' || p[len] == ' ' || p[len] == '\n'))
    return 500;
  for (int i = 0; i < m->nfuncs; ++i) /* one handle per name, as CUDA's */
    if (!strcmp(m->funcs[i].name, name)) {
      *f = &m->funcs[i];
      return 0;
    }
  if (m->nfuncs == 16)
    return 500;
  mock_func *fn = &m->funcs[m->nfuncs++];
  strncpy(fn->name, name, sizeof(fn->name) - 1);
  fn->wrong = strstr(m->image, "MOCK_WRONG") != NULL;
  fn->slow = strstr(m->image, "MOCK_SLOW") != NULL;
  fn->launches = 0;
  *f = fn;
  return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t size) {
  *p = (CUdeviceptr)(uintptr_t)malloc(size);
  return *p ? 0 : 2;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  return 0;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
  memcpy((void *)(uintptr_t)dst, src, n);
  return 0;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
  memcpy(dst, (const void *)(uintptr_t)src, n);
  return 0;
}

#ifndef MOCK_OMIT_LAUNCH
/* bench/gen-matrix-ir.sh's gen(i), as fpa-bench computes it on the host */
static float bench_gen(uint32_t i, int mode, float s, int32_t q, uint32_t r,
                       unsigned ashift) {
  uint32_t h = i * 2654435761u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  volatile float u = (float)(h >> 8) * 0x1p-24f;
  volatile float is = (float)i * s;
  float x = mode == 0 ? u * 2.0f - 1.0f : mode == 1 ? u
                                         : mode == 2 ? is - 1.0f
                                                     : 1.0f - is;
  if (q != 0) {
    volatile float xs = x * (float)q;
    int32_t k = (int32_t)xs;
    if (k == 0)
      k = x < 0 ? -1 : 1;
    x = (i >> ashift) < r ? (float)k : 0.0f;
  }
  return x;
}

static void log_launch(const mock_func *f, unsigned n) {
  const char *path = getenv("MOCK_CUDA_LOG");
  FILE *fp = path ? fopen(path, "a") : NULL;
  if (!fp)
    return;
  if (!strcmp(f->name, "fill32"))
    fprintf(fp, "fill32 n=%u\n", n);
  else
    fprintf(fp, "%s%s\n", f->name, f->wrong ? " wrong" : "");
  fclose(fp);
}

CUresult cuLaunchKernel(mock_func *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shmem,
                        void *stream, void **params, void **extra) {
  (void)shmem;
  (void)stream;
  (void)extra;
  size_t n = (size_t)gx * gy * gz * bx * by * bz;
  if (!strncmp(f->name, "k_", 2) || !strncmp(f->name, "i_", 2)) {
    const char *lim = getenv("MOCK_CUDA_SLOW_LAUNCHES");
    next_ms = f->slow && (!lim || f->launches < atol(lim)) ? 0.5f : 0.25f;
    ++f->launches;
  }
  if (!strcmp(f->name, "fill32")) {
    /* fill32(u32 *mem, u32 n, u32 bits) */
    uint32_t *mem = (uint32_t *)(uintptr_t) * (CUdeviceptr *)params[0];
    uint32_t count = *(uint32_t *)params[1], bits = *(uint32_t *)params[2];
    log_launch(f, count);
    for (uint32_t i = 0; i < count && i < n; ++i)
      mem[i] = bits;
    return 0;
  }
  if (!strcmp(f->name, "smemfill")) {
    /* smemfill(u32 bits): logs its grid and word (no shared memory here) */
    const char *path = getenv("MOCK_CUDA_LOG");
    FILE *fp = path ? fopen(path, "a") : NULL;
    if (fp) {
      fprintf(fp, "smemfill blocks=%u bits=0x%08x\n", gx * gy * gz,
              *(uint32_t *)params[0]);
      fclose(fp);
    }
    return 0;
  }
  if (!strcmp(f->name, "k_fmax_float_0") ||
      !strcmp(f->name, "k_fmax_float_1")) {
    /* (f32 *mem, f32 *out, u32 n, u32 amask, u32 ashift, i32 mode, f32 s,
     * i32 q, u32 r): memory holds no NaN and no -0 */
    float *mem = (float *)(uintptr_t) * (CUdeviceptr *)params[0];
    float *out = (float *)(uintptr_t) * (CUdeviceptr *)params[1];
    uint32_t count = *(uint32_t *)params[2], amask = *(uint32_t *)params[3];
    uint32_t ashift = *(uint32_t *)params[4], r = *(uint32_t *)params[8];
    int32_t mode = *(int32_t *)params[5], q = *(int32_t *)params[7];
    float s = *(float *)params[6];
    log_launch(f, count);
    for (uint32_t i = 0; i < count && i < n; ++i) {
      float x = bench_gen(i, mode, s, q, r, ashift), old = mem[i & amask];
      if (f->wrong ? x < old : x > old)
        mem[i & amask] = x;
      if (f->name[13] == '1')
        out[i] = old;
    }
    return 0;
  }
  if (!strcmp(f->name, "saxpy")) {
    /* saxpy(const float *x, float *y, float a): y = a * x + y */
    const float *x = (const float *)(uintptr_t) * (CUdeviceptr *)params[0];
    float *y = (float *)(uintptr_t) * (CUdeviceptr *)params[1];
    float a = *(float *)params[2];
    for (size_t i = 0; i < n; ++i)
      y[i] = a * x[i] + y[i];
    return 0;
  }
  if (!strcmp(f->name, "scalars")) {
    /* scalars(u64 *out, i32, u32, i64, f64): stores each scalar's bits */
    uint64_t *out = (uint64_t *)(uintptr_t) * (CUdeviceptr *)params[0];
    int32_t i32 = *(int32_t *)params[1];
    uint32_t u32 = *(uint32_t *)params[2];
    int64_t i64 = *(int64_t *)params[3];
    double f64 = *(double *)params[4];
    out[0] = (uint64_t)(int64_t)i32;
    out[1] = u32;
    out[2] = (uint64_t)i64;
    memcpy(&out[3], &f64, 8);
    out[4] = (uint64_t)gx << 48 | (uint64_t)gy << 32 | (uint64_t)bx << 16 | by;
    return 0;
  }
  if (!strcmp(f->name, "trap"))
    return 719;
  return 0;
}
#endif

CUresult cuEventCreate(void **ev, unsigned flags) {
  (void)flags;
  *ev = malloc(1);
  return 0;
}

CUresult cuEventRecord(void *ev, void *stream) {
  (void)ev;
  (void)stream;
  return 0;
}

CUresult cuEventSynchronize(void *ev) {
  (void)ev;
  return 0;
}

/* Only the pre-12.8 name, to exercise the runtime's fallback. */
CUresult cuEventElapsedTime(float *ms, void *a, void *b) {
  (void)a;
  (void)b;
  *ms = next_ms;
  return 0;
}

CUresult cuEventDestroy_v2(void *ev) {
  free(ev);
  return 0;
}
