/*===- rt_cuda.c - fpatomics runtime: CUDA driver API backend -------------===*/

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fpa_rt_internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kCudaLibCandidates[] = {
    "libcuda.so.1",
    "/usr/local/nvidia/lib64/libcuda.so.1",
    "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
    NULL,
};

/* Error name like "CUDA_ERROR_INVALID_PTX", falling back to the number. */
static void cu_errname(const fpa_cuda_api *api, fpa_CUresult r, char *buf,
                       size_t n) {
  const char *name = NULL, *desc = NULL;
  if (api->GetErrorName)
    api->GetErrorName(r, &name);
  if (api->GetErrorString)
    api->GetErrorString(r, &desc);
  if (name && desc)
    snprintf(buf, n, "%s (%d: %s)", name, r, desc);
  else if (name)
    snprintf(buf, n, "%s (%d)", name, r);
  else
    snprintf(buf, n, "CUresult %d", r);
}

static int cu_fail(fpa_rt_context *ctx, int code, fpa_CUresult r,
                   const char *what) {
  char name[256];
  cu_errname(&ctx->u.cuda.api, r, name, sizeof(name));
  return fpa_set_error(ctx, code, "%s failed: %s", what, name);
}

static void cuda_api_close(fpa_cuda_api *api) {
  fpa_driver_forget(&api->lib_path);
  memset(api, 0, sizeof(*api));
}

/* Loads the driver library and resolves every entry point. On failure
 * returns an error code with a malloc'd message in *why. */
static int cuda_api_open(fpa_cuda_api *api, const char *library_path,
                         char **why) {
  memset(api, 0, sizeof(*api));
  api->lib = fpa_driver_open("CUDA", "libcuda.so.1", kCudaLibCandidates,
                             library_path, &api->lib_path, why);
  if (!api->lib)
    return FPA_RT_ERROR_DRIVER_NOT_FOUND;

  struct {
    void *slot;
    size_t size;
    const char *names[3];
  } syms[] = {
#define SYM(field, ...)                                                        \
  {                                                                            \
    &api->field, sizeof(api->field), { __VA_ARGS__ }                           \
  }
      SYM(Init, "cuInit"),
      SYM(DriverGetVersion, "cuDriverGetVersion"),
      SYM(GetErrorName, "cuGetErrorName"),
      SYM(GetErrorString, "cuGetErrorString"),
      SYM(DeviceGetCount, "cuDeviceGetCount"),
      SYM(DeviceGet, "cuDeviceGet"),
      SYM(DeviceGetName, "cuDeviceGetName"),
      SYM(DeviceGetAttribute, "cuDeviceGetAttribute"),
      SYM(DeviceTotalMem, "cuDeviceTotalMem_v2"),
      SYM(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
      SYM(DevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
          "cuDevicePrimaryCtxRelease"),
      SYM(CtxSetCurrent, "cuCtxSetCurrent"),
      SYM(CtxSynchronize, "cuCtxSynchronize"),
      SYM(ModuleLoadDataEx, "cuModuleLoadDataEx"),
      SYM(ModuleUnload, "cuModuleUnload"),
      SYM(ModuleGetFunction, "cuModuleGetFunction"),
      SYM(MemAlloc, "cuMemAlloc_v2"),
      SYM(MemFree, "cuMemFree_v2"),
      SYM(MemcpyHtoD, "cuMemcpyHtoD_v2"),
      SYM(MemcpyDtoH, "cuMemcpyDtoH_v2"),
      SYM(LaunchKernel, "cuLaunchKernel"),
      SYM(EventCreate, "cuEventCreate"),
      SYM(EventRecord, "cuEventRecord"),
      SYM(EventSynchronize, "cuEventSynchronize"),
      SYM(EventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
      SYM(EventDestroy, "cuEventDestroy_v2", "cuEventDestroy"),
#undef SYM
  };
  fpa_strbuf missing = {0};
  for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); ++i) {
    void *sym = NULL;
    for (size_t j = 0; j < 3 && syms[i].names[j] && !sym; ++j)
      sym = dlsym(api->lib, syms[i].names[j]);
    if (!sym) {
      fpa_sb_printf(&missing, "%s%s", missing.len ? ", " : "",
                    syms[i].names[0]);
      continue;
    }
    /* Function pointers and void* have the same size on POSIX systems. */
    memcpy(syms[i].slot, &sym, syms[i].size);
  }
  if (missing.len || missing.oom) {
    fpa_strbuf msg = {0};
    fpa_sb_printf(&msg, "CUDA driver %s lacks required entry points: %s",
                  api->lib_path, missing.data ? missing.data : "?");
    fpa_sb_free(&missing);
    *why = fpa_sb_take(&msg);
    cuda_api_close(api);
    return FPA_RT_ERROR_DRIVER_NOT_FOUND;
  }
  return FPA_RT_SUCCESS;
}

/* cuInit + device count; *why gets a message when no device is usable. */
static int cuda_init_devices(fpa_cuda_api *api, int *count, char **why) {
  char name[256];
  *count = 0;
  *why = NULL;
  fpa_CUresult r = api->Init(0);
  fpa_strbuf msg = {0};
  if (r != FPA_CUDA_SUCCESS) {
    cu_errname(api, r, name, sizeof(name));
    fpa_sb_printf(&msg, "no CUDA device: cuInit failed in %s: %s",
                  api->lib_path, name);
    *why = fpa_sb_take(&msg);
    return FPA_RT_ERROR_NO_DEVICE;
  }
  r = api->DeviceGetCount(count);
  if (r != FPA_CUDA_SUCCESS || *count <= 0) {
    if (r != FPA_CUDA_SUCCESS)
      cu_errname(api, r, name, sizeof(name));
    fpa_sb_printf(&msg, "no CUDA device: %s (driver %s)",
                  r != FPA_CUDA_SUCCESS ? name : "cuDeviceGetCount returned 0",
                  api->lib_path);
    *why = fpa_sb_take(&msg);
    *count = 0;
    return FPA_RT_ERROR_NO_DEVICE;
  }
  return FPA_RT_SUCCESS;
}

int fpa_cuda_context_init(fpa_rt_context *ctx,
                          const fpa_rt_context_options *opts) {
  fpa_cuda_api *api = &ctx->u.cuda.api;
  char *why = NULL;
  int rc = cuda_api_open(api, opts->library_path, &why);
  if (rc != FPA_RT_SUCCESS)
    return fpa_set_error_owned(ctx, rc, why);
  int count = 0;
  rc = cuda_init_devices(api, &count, &why);
  if (rc != FPA_RT_SUCCESS)
    return fpa_set_error_owned(ctx, rc, why);
  int ordinal = opts->device_index < 0 ? 0 : opts->device_index;
  if (ordinal >= count)
    return fpa_set_error(ctx, FPA_RT_ERROR_NO_DEVICE,
                         "no CUDA device %d: the driver (%s) reports %d "
                         "device%s",
                         ordinal, api->lib_path, count, count == 1 ? "" : "s");
  fpa_CUresult r = api->DeviceGet(&ctx->u.cuda.device, ordinal);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_NO_DEVICE, r, "cuDeviceGet");
  char name[256] = "";
  api->DeviceGetName(name, (int)sizeof(name), ctx->u.cuda.device);
  api->DeviceGetAttribute(&ctx->u.cuda.cc_major,
                          FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                          ctx->u.cuda.device);
  api->DeviceGetAttribute(&ctx->u.cuda.cc_minor,
                          FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                          ctx->u.cuda.device);
  fpa_strbuf sb = {0};
  fpa_sb_printf(&sb, "%s (CUDA device %d, sm_%d%d)", name, ordinal,
                ctx->u.cuda.cc_major, ctx->u.cuda.cc_minor);
  ctx->device_name = fpa_sb_take(&sb);
  if (!ctx->device_name)
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  r = api->DevicePrimaryCtxRetain(&ctx->u.cuda.context, ctx->u.cuda.device);
  if (r != FPA_CUDA_SUCCESS) {
    ctx->u.cuda.context = NULL;
    return cu_fail(ctx, FPA_RT_ERROR_NO_DEVICE, r, "cuDevicePrimaryCtxRetain");
  }
  r = api->CtxSetCurrent(ctx->u.cuda.context);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_DRIVER, r, "cuCtxSetCurrent");
  return FPA_RT_SUCCESS;
}

void fpa_cuda_context_fini(fpa_rt_context *ctx) {
  fpa_cuda_api *api = &ctx->u.cuda.api;
  if (api->lib && ctx->u.cuda.context) {
    api->CtxSetCurrent(NULL);
    api->DevicePrimaryCtxRelease(ctx->u.cuda.device);
  }
  cuda_api_close(api);
}

/* Makes the context current on the calling thread. */
static int cuda_enter(fpa_rt_context *ctx) {
  fpa_CUresult r = ctx->u.cuda.api.CtxSetCurrent(ctx->u.cuda.context);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_DRIVER, r, "cuCtxSetCurrent");
  return FPA_RT_SUCCESS;
}

int fpa_cuda_describe(const char *library_path, char **text) {
  fpa_cuda_api api;
  char *why = NULL;
  int rc = cuda_api_open(&api, library_path, &why);
  if (rc != FPA_RT_SUCCESS) {
    *text = why;
    return rc;
  }
  int count = 0;
  rc = cuda_init_devices(&api, &count, &why);
  if (rc != FPA_RT_SUCCESS) {
    *text = why;
    cuda_api_close(&api);
    return rc;
  }
  fpa_strbuf sb = {0};
  int version = 0;
  api.DriverGetVersion(&version);
  fpa_sb_printf(&sb, "cuda: driver %s, CUDA %d.%d, %d device%s\n", api.lib_path,
                version / 1000, (version % 1000) / 10, count,
                count == 1 ? "" : "s");
  for (int i = 0; i < count; ++i) {
    fpa_CUdevice dev;
    char name[256] = "?";
    int major = 0, minor = 0;
    size_t mem = 0;
    if (api.DeviceGet(&dev, i) == FPA_CUDA_SUCCESS) {
      api.DeviceGetName(name, (int)sizeof(name), dev);
      api.DeviceGetAttribute(
          &major, FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
      api.DeviceGetAttribute(
          &minor, FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
      api.DeviceTotalMem(&mem, dev);
    }
    fpa_sb_printf(&sb, "  device %d: %s, sm_%d%d, %zu MiB\n", i, name, major,
                  minor, mem >> 20);
  }
  cuda_api_close(&api);
  *text = fpa_sb_take(&sb);
  return *text ? FPA_RT_SUCCESS : FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
}

int fpa_cuda_supports_format(fpa_rt_context *ctx, fpa_rt_format format) {
  if (format == FPA_RT_FORMAT_PTX || format == FPA_RT_FORMAT_CUBIN)
    return FPA_RT_SUCCESS;
  return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                       "the CUDA backend cannot load %s files",
                       fpa_rt_format_name(format));
}

int fpa_cuda_buffer_create(fpa_rt_buffer *buf) {
  fpa_rt_context *ctx = buf->ctx;
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;
  fpa_CUresult r = ctx->u.cuda.api.MemAlloc(&buf->h.cuda, buf->size);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_DRIVER, r, "cuMemAlloc");
  return FPA_RT_SUCCESS;
}

void fpa_cuda_buffer_destroy(fpa_rt_buffer *buf) {
  fpa_rt_context *ctx = buf->ctx;
  if (cuda_enter(ctx) == FPA_RT_SUCCESS)
    ctx->u.cuda.api.MemFree(buf->h.cuda);
}

int fpa_cuda_buffer_write(fpa_rt_buffer *buf, size_t off, const void *src,
                          size_t n) {
  fpa_rt_context *ctx = buf->ctx;
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;
  fpa_CUresult r = ctx->u.cuda.api.MemcpyHtoD(buf->h.cuda + off, src, n);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_DRIVER, r, "cuMemcpyHtoD");
  return FPA_RT_SUCCESS;
}

int fpa_cuda_buffer_read(fpa_rt_buffer *buf, size_t off, void *dst, size_t n) {
  fpa_rt_context *ctx = buf->ctx;
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;
  fpa_CUresult r = ctx->u.cuda.api.MemcpyDtoH(dst, buf->h.cuda + off, n);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_DRIVER, r, "cuMemcpyDtoH");
  return FPA_RT_SUCCESS;
}

enum { kJitLogSize = 64 * 1024 };

int fpa_cuda_module_load(fpa_rt_module *mod, fpa_rt_format format,
                         const void *data, size_t size) {
  fpa_rt_context *ctx = mod->ctx;
  fpa_cuda_api *api = &ctx->u.cuda.api;
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;

  /* PTX must be NUL-terminated text; make a terminated copy. */
  char *image = malloc(size + 1);
  char *info = calloc(1, kJitLogSize);
  char *error = calloc(1, kJitLogSize);
  if (!image || !info || !error) {
    free(image);
    free(info);
    free(error);
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  }
  memcpy(image, data, size);
  image[size] = '\0';

  fpa_CUjit_option opt[5] = {
      FPA_CU_JIT_INFO_LOG_BUFFER, FPA_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      FPA_CU_JIT_ERROR_LOG_BUFFER, FPA_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      FPA_CU_JIT_LOG_VERBOSE};
  void *val[5] = {info, (void *)(uintptr_t)(kJitLogSize - 1), error,
                  (void *)(uintptr_t)(kJitLogSize - 1), (void *)(uintptr_t)1};
  fpa_CUresult r = api->ModuleLoadDataEx(&mod->h.cuda, image, 5, opt, val);
  free(image);
  if (r != FPA_CUDA_SUCCESS) {
    char name[256];
    cu_errname(api, r, name, sizeof(name));
    fpa_strbuf sb = {0};
    fpa_sb_printf(&sb, "cuModuleLoadDataEx failed for %s: %s",
                  fpa_rt_format_name(format), name);
    if (error[0])
      fpa_sb_printf(&sb, "\nJIT error log:\n%s", error);
    else
      fpa_sb_append(&sb, "\nJIT error log: (empty)");
    if (info[0])
      fpa_sb_printf(&sb, "\nJIT info log:\n%s", info);
    free(info);
    free(error);
    return fpa_set_error_owned(ctx, FPA_RT_ERROR_BUILD_FAILED,
                               fpa_sb_take(&sb));
  }
  free(error);
  mod->build_log = info; /* keep the info log */
  return FPA_RT_SUCCESS;
}

void fpa_cuda_module_destroy(fpa_rt_module *mod) {
  fpa_rt_context *ctx = mod->ctx;
  if (cuda_enter(ctx) == FPA_RT_SUCCESS)
    ctx->u.cuda.api.ModuleUnload(mod->h.cuda);
}

int fpa_cuda_kernel_get(fpa_rt_kernel *k) {
  fpa_rt_context *ctx = k->mod->ctx;
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;
  fpa_CUresult r =
      ctx->u.cuda.api.ModuleGetFunction(&k->h.cuda, k->mod->h.cuda, k->name);
  if (r == FPA_CUDA_ERROR_NOT_FOUND)
    return fpa_set_error(ctx, FPA_RT_ERROR_KERNEL_NOT_FOUND,
                         "kernel '%s' not found in the PTX module (is it an "
                         ".entry, and is the name mangled?)",
                         k->name);
  if (r != FPA_CUDA_SUCCESS)
    return cu_fail(ctx, FPA_RT_ERROR_KERNEL_NOT_FOUND, r,
                   "cuModuleGetFunction");
  k->num_args = -1; /* the driver API cannot tell */
  return FPA_RT_SUCCESS;
}

int fpa_cuda_launch(fpa_rt_kernel *k, const fpa_rt_launch_config *cfg,
                    const fpa_rt_arg *args, size_t nargs, double *ms) {
  fpa_rt_context *ctx = k->mod->ctx;
  fpa_cuda_api *api = &ctx->u.cuda.api;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  for (unsigned d = 0; d < cfg->dims; ++d) {
    if (cfg->local[d] == 0)
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "CUDA launches need an explicit block (local) size");
    size_t g = cfg->global[d] / cfg->local[d];
    if (g > UINT_MAX || cfg->local[d] > UINT_MAX)
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "launch size too large in dimension %u", d);
    grid[d] = (unsigned)g;
    block[d] = (unsigned)cfg->local[d];
  }
  int rc = cuda_enter(ctx);
  if (rc != FPA_RT_SUCCESS)
    return rc;

  /* cuLaunchKernel takes an array of pointers to the argument values. */
  void **params = NULL;
  fpa_CUdeviceptr *ptrs = NULL;
  if (nargs) {
    params = calloc(nargs, sizeof(*params));
    ptrs = calloc(nargs, sizeof(*ptrs));
    if (!params || !ptrs) {
      free(params);
      free(ptrs);
      return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                           "out of host memory");
    }
  }
  for (size_t i = 0; i < nargs; ++i) {
    const fpa_rt_arg *a = &args[i];
    switch (a->kind) {
    case FPA_RT_ARG_BUFFER:
      ptrs[i] = a->value.buffer->h.cuda;
      params[i] = &ptrs[i];
      break;
    default: /* scalars; validated by the caller */
      params[i] = (void *)&a->value;
      break;
    }
  }

  fpa_CUevent ev[2] = {NULL, NULL};
  fpa_CUresult r = FPA_CUDA_SUCCESS;
  const char *what = NULL;
  if (ms) {
    if ((r = api->EventCreate(&ev[0], FPA_CU_EVENT_DEFAULT)) !=
        FPA_CUDA_SUCCESS) {
      ev[0] = NULL;
      what = "cuEventCreate";
    } else if ((r = api->EventCreate(&ev[1], FPA_CU_EVENT_DEFAULT)) !=
               FPA_CUDA_SUCCESS) {
      ev[1] = NULL;
      what = "cuEventCreate";
    } else if ((r = api->EventRecord(ev[0], NULL)) != FPA_CUDA_SUCCESS) {
      what = "cuEventRecord";
    }
  }
  int code = FPA_RT_ERROR_DRIVER;
  if (!what) {
    r = api->LaunchKernel(k->h.cuda, grid[0], grid[1], grid[2], block[0],
                          block[1], block[2], cfg->shared_bytes, NULL, params,
                          NULL);
    if (r != FPA_CUDA_SUCCESS) {
      what = "cuLaunchKernel";
      code = FPA_RT_ERROR_LAUNCH_FAILED;
    }
  }
  if (!what && ms && (r = api->EventRecord(ev[1], NULL)) != FPA_CUDA_SUCCESS)
    what = "cuEventRecord";
  if (!what && (r = api->CtxSynchronize()) != FPA_CUDA_SUCCESS) {
    what = "kernel execution (cuCtxSynchronize)";
    code = FPA_RT_ERROR_LAUNCH_FAILED;
  }
  if (!what && ms) {
    float t = 0.0f;
    if ((r = api->EventElapsedTime(&t, ev[0], ev[1])) != FPA_CUDA_SUCCESS)
      what = "cuEventElapsedTime";
    else
      *ms = (double)t;
  }
  for (int i = 0; i < 2; ++i)
    if (ev[i])
      api->EventDestroy(ev[i]);
  free(params);
  free(ptrs);
  if (what)
    return cu_fail(ctx, code, r, what);
  return FPA_RT_SUCCESS;
}
