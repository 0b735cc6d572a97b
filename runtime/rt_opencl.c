/*===- rt_opencl.c - fpatomics runtime: OpenCL backend --------------------===*/

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fpa_rt_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kOpenCLLibCandidates[] = {
    "libOpenCL.so.1",
    "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1",
    "/usr/local/lib/libOpenCL.so.1",
    NULL,
};

/* Kernel-argument introspection (OpenCL 1.2); not needed elsewhere. */
enum {
  FPA_CL_KERNEL_ARG_INFO_NOT_AVAILABLE = -19,
  FPA_CL_KERNEL_ARG_ADDRESS_QUALIFIER = 0x1196,
  FPA_CL_KERNEL_ARG_TYPE_NAME = 0x1198,
  FPA_CL_KERNEL_ARG_ADDRESS_GLOBAL = 0x119B,
  FPA_CL_KERNEL_ARG_ADDRESS_LOCAL = 0x119C,
  FPA_CL_KERNEL_ARG_ADDRESS_CONSTANT = 0x119D,
  FPA_CL_KERNEL_ARG_ADDRESS_PRIVATE = 0x119E,
};

static const char *cl_errname(fpa_cl_int e) {
  switch (e) {
#define E(n, v)                                                                \
  case v:                                                                      \
    return #n;
    E(CL_SUCCESS, 0)
    E(CL_DEVICE_NOT_FOUND, -1)
    E(CL_DEVICE_NOT_AVAILABLE, -2)
    E(CL_COMPILER_NOT_AVAILABLE, -3)
    E(CL_MEM_OBJECT_ALLOCATION_FAILURE, -4)
    E(CL_OUT_OF_RESOURCES, -5)
    E(CL_OUT_OF_HOST_MEMORY, -6)
    E(CL_PROFILING_INFO_NOT_AVAILABLE, -7)
    E(CL_MEM_COPY_OVERLAP, -8)
    E(CL_IMAGE_FORMAT_MISMATCH, -9)
    E(CL_IMAGE_FORMAT_NOT_SUPPORTED, -10)
    E(CL_BUILD_PROGRAM_FAILURE, -11)
    E(CL_MAP_FAILURE, -12)
    E(CL_MISALIGNED_SUB_BUFFER_OFFSET, -13)
    E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, -14)
    E(CL_COMPILE_PROGRAM_FAILURE, -15)
    E(CL_LINKER_NOT_AVAILABLE, -16)
    E(CL_LINK_PROGRAM_FAILURE, -17)
    E(CL_DEVICE_PARTITION_FAILED, -18)
    E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, -19)
    E(CL_INVALID_VALUE, -30)
    E(CL_INVALID_DEVICE_TYPE, -31)
    E(CL_INVALID_PLATFORM, -32)
    E(CL_INVALID_DEVICE, -33)
    E(CL_INVALID_CONTEXT, -34)
    E(CL_INVALID_QUEUE_PROPERTIES, -35)
    E(CL_INVALID_COMMAND_QUEUE, -36)
    E(CL_INVALID_HOST_PTR, -37)
    E(CL_INVALID_MEM_OBJECT, -38)
    E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, -39)
    E(CL_INVALID_IMAGE_SIZE, -40)
    E(CL_INVALID_SAMPLER, -41)
    E(CL_INVALID_BINARY, -42)
    E(CL_INVALID_BUILD_OPTIONS, -43)
    E(CL_INVALID_PROGRAM, -44)
    E(CL_INVALID_PROGRAM_EXECUTABLE, -45)
    E(CL_INVALID_KERNEL_NAME, -46)
    E(CL_INVALID_KERNEL_DEFINITION, -47)
    E(CL_INVALID_KERNEL, -48)
    E(CL_INVALID_ARG_INDEX, -49)
    E(CL_INVALID_ARG_VALUE, -50)
    E(CL_INVALID_ARG_SIZE, -51)
    E(CL_INVALID_KERNEL_ARGS, -52)
    E(CL_INVALID_WORK_DIMENSION, -53)
    E(CL_INVALID_WORK_GROUP_SIZE, -54)
    E(CL_INVALID_WORK_ITEM_SIZE, -55)
    E(CL_INVALID_GLOBAL_OFFSET, -56)
    E(CL_INVALID_EVENT_WAIT_LIST, -57)
    E(CL_INVALID_EVENT, -58)
    E(CL_INVALID_OPERATION, -59)
    E(CL_INVALID_GL_OBJECT, -60)
    E(CL_INVALID_BUFFER_SIZE, -61)
    E(CL_INVALID_MIP_LEVEL, -62)
    E(CL_INVALID_GLOBAL_WORK_SIZE, -63)
    E(CL_INVALID_PROPERTY, -64)
    E(CL_INVALID_IMAGE_DESCRIPTOR, -65)
    E(CL_INVALID_COMPILER_OPTIONS, -66)
    E(CL_INVALID_LINKER_OPTIONS, -67)
    E(CL_INVALID_DEVICE_PARTITION_COUNT, -68)
    E(CL_INVALID_PIPE_SIZE, -69)
    E(CL_INVALID_DEVICE_QUEUE, -70)
    E(CL_INVALID_SPEC_ID, -71)
    E(CL_MAX_SIZE_RESTRICTION_EXCEEDED, -72)
    E(CL_PLATFORM_NOT_FOUND_KHR, -1001)
#undef E
  }
  return NULL;
}

static int cl_fail(fpa_rt_context *ctx, int code, fpa_cl_int e,
                   const char *what) {
  const char *name = cl_errname(e);
  if (name)
    return fpa_set_error(ctx, code, "%s failed: %s (%d)", what, name, (int)e);
  return fpa_set_error(ctx, code, "%s failed: OpenCL error %d", what, (int)e);
}

static void cl_api_close(fpa_opencl_api *api) {
  fpa_driver_forget(&api->lib_path);
  memset(api, 0, sizeof(*api));
}

static int cl_api_open(fpa_opencl_api *api, const char *library_path,
                       char **why) {
  memset(api, 0, sizeof(*api));
  api->lib = fpa_driver_open("OpenCL", "libOpenCL.so.1", kOpenCLLibCandidates,
                             library_path, &api->lib_path, why);
  if (!api->lib)
    return FPA_RT_ERROR_DRIVER_NOT_FOUND;

  struct {
    void *slot;
    size_t size;
    const char *name;
    int optional;
  } syms[] = {
#define SYM(field, opt) {&api->field, sizeof(api->field), "cl" #field, opt}
      SYM(GetPlatformIDs, 0),
      SYM(GetPlatformInfo, 0),
      SYM(GetDeviceIDs, 0),
      SYM(GetDeviceInfo, 0),
      SYM(CreateContext, 0),
      SYM(ReleaseContext, 0),
      SYM(CreateCommandQueue, 1),
      SYM(CreateCommandQueueWithProperties, 1),
      SYM(ReleaseCommandQueue, 0),
      SYM(CreateProgramWithSource, 0),
      SYM(CreateProgramWithBinary, 0),
      SYM(CreateProgramWithIL, 1),
      SYM(GetExtensionFunctionAddressForPlatform, 1),
      SYM(BuildProgram, 0),
      SYM(GetProgramInfo, 0),
      SYM(GetProgramBuildInfo, 0),
      SYM(ReleaseProgram, 0),
      SYM(CreateKernel, 0),
      SYM(GetKernelInfo, 0),
      SYM(GetKernelArgInfo, 1),
      SYM(ReleaseKernel, 0),
      SYM(SetKernelArg, 0),
      SYM(CreateBuffer, 0),
      SYM(ReleaseMemObject, 0),
      SYM(EnqueueWriteBuffer, 0),
      SYM(EnqueueReadBuffer, 0),
      SYM(EnqueueNDRangeKernel, 0),
      SYM(Finish, 0),
      SYM(WaitForEvents, 0),
      SYM(GetEventProfilingInfo, 0),
      SYM(ReleaseEvent, 0),
#undef SYM
  };
  fpa_strbuf missing = {0};
  for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); ++i) {
    void *sym = dlsym(api->lib, syms[i].name);
    if (!sym) {
      if (!syms[i].optional)
        fpa_sb_printf(&missing, "%s%s", missing.len ? ", " : "", syms[i].name);
      continue;
    }
    memcpy(syms[i].slot, &sym, syms[i].size);
  }
  if (!api->CreateCommandQueue && !api->CreateCommandQueueWithProperties)
    fpa_sb_printf(&missing, "%sclCreateCommandQueue", missing.len ? ", " : "");
  if (missing.len || missing.oom) {
    fpa_strbuf msg = {0};
    fpa_sb_printf(&msg, "OpenCL library %s lacks required entry points: %s",
                  api->lib_path, missing.data ? missing.data : "?");
    fpa_sb_free(&missing);
    *why = fpa_sb_take(&msg);
    cl_api_close(api);
    return FPA_RT_ERROR_DRIVER_NOT_FOUND;
  }
  return FPA_RT_SUCCESS;
}

/* malloc'd string-valued platform/device info; "" on failure, NULL if out of
 * memory. */
static char *platform_str(const fpa_opencl_api *api, fpa_cl_platform_id p,
                          fpa_cl_uint param) {
  size_t n = 0;
  if (api->GetPlatformInfo(p, param, 0, NULL, &n) != FPA_CL_SUCCESS || !n)
    return fpa_strdup("");
  char *s = calloc(1, n + 1);
  if (s && api->GetPlatformInfo(p, param, n, s, NULL) != FPA_CL_SUCCESS)
    s[0] = '\0';
  return s;
}

static char *device_str(const fpa_opencl_api *api, fpa_cl_device_id d,
                        fpa_cl_uint param) {
  size_t n = 0;
  if (api->GetDeviceInfo(d, param, 0, NULL, &n) != FPA_CL_SUCCESS || !n)
    return fpa_strdup("");
  char *s = calloc(1, n + 1);
  if (s && api->GetDeviceInfo(d, param, n, s, NULL) != FPA_CL_SUCCESS)
    s[0] = '\0';
  return s;
}

/* Parses "OpenCL X.Y ..." into major/minor (0/0 if it does not parse). */
static void parse_cl_version(const char *s, int *major, int *minor) {
  *major = *minor = 0;
  if (s && sscanf(s, "OpenCL %d.%d", major, minor) != 2)
    *major = *minor = 0;
}

/* Whether a space-separated extension list contains `ext`. */
static int has_extension(const char *list, const char *ext) {
  size_t n = strlen(ext);
  for (const char *p = list; p && (p = strstr(p, ext)); p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
      return 1;
  }
  return 0;
}

static const char *device_type_name(fpa_cl_bitfield t) {
  if (t & FPA_CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (t & FPA_CL_DEVICE_TYPE_CPU)
    return "CPU";
  if (t & FPA_CL_DEVICE_TYPE_ACCELERATOR)
    return "accelerator";
  if (t & FPA_CL_DEVICE_TYPE_CUSTOM)
    return "custom";
  return "other";
}

/* Lists the platforms. On failure returns an error code and sets *why. */
static int get_platforms(const fpa_opencl_api *api, fpa_cl_platform_id **out,
                         fpa_cl_uint *count, char **why) {
  *out = NULL;
  *count = 0;
  *why = NULL;
  fpa_cl_uint n = 0;
  fpa_cl_int e = api->GetPlatformIDs(0, NULL, &n);
  fpa_strbuf sb = {0};
  if (e != FPA_CL_SUCCESS || n == 0) {
    const char *name = cl_errname(e);
    fpa_sb_printf(&sb,
                  "no OpenCL platform: clGetPlatformIDs in %s returned %s "
                  "with %u platforms (is an ICD installed in "
                  "/etc/OpenCL/vendors, e.g. pocl-opencl-icd?)",
                  api->lib_path, name ? name : "an error", (unsigned)n);
    *why = fpa_sb_take(&sb);
    return FPA_RT_ERROR_NO_DEVICE;
  }
  fpa_cl_platform_id *ids = calloc(n, sizeof(*ids));
  if (!ids)
    return FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
  e = api->GetPlatformIDs(n, ids, NULL);
  if (e != FPA_CL_SUCCESS) {
    free(ids);
    const char *name = cl_errname(e);
    fpa_sb_printf(&sb, "no OpenCL platform: clGetPlatformIDs failed: %s",
                  name ? name : "unknown error");
    *why = fpa_sb_take(&sb);
    return FPA_RT_ERROR_NO_DEVICE;
  }
  *out = ids;
  *count = n;
  return FPA_RT_SUCCESS;
}

/* Lists a platform's devices (all types); *count 0 if none. */
static int get_devices(const fpa_opencl_api *api, fpa_cl_platform_id p,
                       fpa_cl_device_id **out, fpa_cl_uint *count) {
  *out = NULL;
  *count = 0;
  fpa_cl_uint n = 0;
  fpa_cl_int e = api->GetDeviceIDs(p, FPA_CL_DEVICE_TYPE_ALL, 0, NULL, &n);
  if (e != FPA_CL_SUCCESS || n == 0)
    return FPA_RT_SUCCESS;
  fpa_cl_device_id *ids = calloc(n, sizeof(*ids));
  if (!ids)
    return FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
  if (api->GetDeviceIDs(p, FPA_CL_DEVICE_TYPE_ALL, n, ids, NULL) !=
      FPA_CL_SUCCESS) {
    free(ids);
    return FPA_RT_SUCCESS;
  }
  *out = ids;
  *count = n;
  return FPA_RT_SUCCESS;
}

int fpa_cl_context_init(fpa_rt_context *ctx,
                        const fpa_rt_context_options *opts) {
  fpa_opencl_api *api = &ctx->u.cl.api;
  char *why = NULL;
  int rc = cl_api_open(api, opts->library_path, &why);
  if (rc != FPA_RT_SUCCESS)
    return fpa_set_error_owned(ctx, rc, why);

  fpa_cl_platform_id *plats = NULL;
  fpa_cl_uint nplat = 0;
  rc = get_platforms(api, &plats, &nplat, &why);
  if (rc != FPA_RT_SUCCESS)
    return fpa_set_error_owned(ctx, rc, why);

  int want_dev = opts->device_index < 0 ? 0 : opts->device_index;
  fpa_cl_device_id *devs = NULL;
  fpa_cl_uint ndev = 0;
  int pidx = -1;
  if (opts->platform_index >= 0) {
    if ((fpa_cl_uint)opts->platform_index >= nplat) {
      free(plats);
      return fpa_set_error(ctx, FPA_RT_ERROR_NO_DEVICE,
                           "no OpenCL platform %d: %s reports %u platform%s",
                           opts->platform_index, api->lib_path, (unsigned)nplat,
                           nplat == 1 ? "" : "s");
    }
    pidx = opts->platform_index;
    rc = get_devices(api, plats[pidx], &devs, &ndev);
  } else {
    for (fpa_cl_uint i = 0; i < nplat && rc == FPA_RT_SUCCESS; ++i) {
      rc = get_devices(api, plats[i], &devs, &ndev);
      if (ndev) {
        pidx = (int)i;
        break;
      }
    }
  }
  if (rc != FPA_RT_SUCCESS) {
    free(plats);
    return fpa_set_error(ctx, rc, "out of host memory");
  }
  if (ndev == 0 || (fpa_cl_uint)want_dev >= ndev) {
    free(plats);
    free(devs);
    if (ndev == 0 && opts->platform_index >= 0)
      return fpa_set_error(ctx, FPA_RT_ERROR_NO_DEVICE,
                           "no OpenCL device: platform %d has no devices (%s)",
                           opts->platform_index, api->lib_path);
    if (ndev == 0)
      return fpa_set_error(ctx, FPA_RT_ERROR_NO_DEVICE,
                           "no OpenCL device: none of the %u platform%s of "
                           "%s has a device",
                           (unsigned)nplat, nplat == 1 ? "" : "s",
                           api->lib_path);
    return fpa_set_error(ctx, FPA_RT_ERROR_NO_DEVICE,
                         "no OpenCL device %d on platform %d: it has %u "
                         "device%s",
                         want_dev, pidx, (unsigned)ndev, ndev == 1 ? "" : "s");
  }
  ctx->u.cl.platform = plats[pidx];
  ctx->u.cl.device = devs[want_dev];
  free(plats);
  free(devs);

  fpa_cl_device_id dev = ctx->u.cl.device;
  char *dname = device_str(api, dev, FPA_CL_DEVICE_NAME);
  char *dver = device_str(api, dev, FPA_CL_DEVICE_VERSION);
  char *pname = platform_str(api, ctx->u.cl.platform, FPA_CL_PLATFORM_NAME);
  ctx->u.cl.extensions = device_str(api, dev, FPA_CL_DEVICE_EXTENSIONS);
  parse_cl_version(dver, &ctx->u.cl.version_major, &ctx->u.cl.version_minor);
  if (ctx->u.cl.version_major > 2 ||
      (ctx->u.cl.version_major == 2 && ctx->u.cl.version_minor >= 1) ||
      has_extension(ctx->u.cl.extensions, "cl_khr_il_program"))
    ctx->u.cl.il_version = device_str(api, dev, FPA_CL_DEVICE_IL_VERSION);
  else
    ctx->u.cl.il_version = fpa_strdup("");
  fpa_strbuf sb = {0};
  if (dname && dver && pname)
    fpa_sb_printf(&sb, "%s (%s, %s)", dname, pname, dver);
  ctx->device_name = dname && dver && pname ? fpa_sb_take(&sb) : NULL;
  free(dname);
  free(dver);
  free(pname);
  if (!ctx->device_name || !ctx->u.cl.extensions || !ctx->u.cl.il_version)
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");

  fpa_cl_int e = FPA_CL_SUCCESS;
  fpa_cl_context_properties props[3] = {
      FPA_CL_CONTEXT_PLATFORM, (fpa_cl_context_properties)ctx->u.cl.platform,
      0};
  ctx->u.cl.context = api->CreateContext(props, 1, &dev, NULL, NULL, &e);
  if (!ctx->u.cl.context || e != FPA_CL_SUCCESS) {
    ctx->u.cl.context = NULL;
    return cl_fail(ctx, FPA_RT_ERROR_NO_DEVICE, e, "clCreateContext");
  }
  char *pver = platform_str(api, ctx->u.cl.platform, FPA_CL_PLATFORM_VERSION);
  int pmaj = 0, pmin = 0;
  parse_cl_version(pver, &pmaj, &pmin);
  free(pver);
  if (api->CreateCommandQueueWithProperties &&
      (pmaj >= 2 || !api->CreateCommandQueue)) {
    fpa_cl_queue_properties qp[3] = {FPA_CL_QUEUE_PROPERTIES,
                                     FPA_CL_QUEUE_PROFILING_ENABLE, 0};
    ctx->u.cl.queue =
        api->CreateCommandQueueWithProperties(ctx->u.cl.context, dev, qp, &e);
  } else {
    ctx->u.cl.queue = api->CreateCommandQueue(
        ctx->u.cl.context, dev, FPA_CL_QUEUE_PROFILING_ENABLE, &e);
  }
  if (!ctx->u.cl.queue || e != FPA_CL_SUCCESS) {
    ctx->u.cl.queue = NULL;
    return cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clCreateCommandQueue");
  }
  return FPA_RT_SUCCESS;
}

void fpa_cl_context_fini(fpa_rt_context *ctx) {
  fpa_opencl_api *api = &ctx->u.cl.api;
  if (api->lib) {
    if (ctx->u.cl.queue) {
      api->Finish(ctx->u.cl.queue);
      api->ReleaseCommandQueue(ctx->u.cl.queue);
    }
    if (ctx->u.cl.context)
      api->ReleaseContext(ctx->u.cl.context);
  }
  free(ctx->u.cl.extensions);
  free(ctx->u.cl.il_version);
  cl_api_close(api);
}

int fpa_cl_describe(const char *library_path, char **text) {
  fpa_opencl_api api;
  char *why = NULL;
  int rc = cl_api_open(&api, library_path, &why);
  if (rc != FPA_RT_SUCCESS) {
    *text = why;
    return rc;
  }
  fpa_cl_platform_id *plats = NULL;
  fpa_cl_uint nplat = 0;
  rc = get_platforms(&api, &plats, &nplat, &why);
  if (rc != FPA_RT_SUCCESS) {
    *text = why;
    cl_api_close(&api);
    return rc;
  }
  fpa_strbuf sb = {0};
  fpa_sb_printf(&sb, "opencl: loader %s, %u platform%s\n", api.lib_path,
                (unsigned)nplat, nplat == 1 ? "" : "s");
  unsigned total = 0;
  for (fpa_cl_uint p = 0; p < nplat; ++p) {
    char *pname = platform_str(&api, plats[p], FPA_CL_PLATFORM_NAME);
    char *pver = platform_str(&api, plats[p], FPA_CL_PLATFORM_VERSION);
    fpa_sb_printf(&sb, "  platform %u: %s (%s)\n", (unsigned)p,
                  pname ? pname : "?", pver ? pver : "?");
    free(pname);
    free(pver);
    fpa_cl_device_id *devs = NULL;
    fpa_cl_uint ndev = 0;
    get_devices(&api, plats[p], &devs, &ndev);
    if (ndev == 0)
      fpa_sb_append(&sb, "    (no devices)\n");
    for (fpa_cl_uint d = 0; d < ndev; ++d) {
      char *name = device_str(&api, devs[d], FPA_CL_DEVICE_NAME);
      char *ver = device_str(&api, devs[d], FPA_CL_DEVICE_VERSION);
      char *ext = device_str(&api, devs[d], FPA_CL_DEVICE_EXTENSIONS);
      int maj = 0, min = 0;
      parse_cl_version(ver, &maj, &min);
      char *il = (maj > 2 || (maj == 2 && min >= 1) ||
                  has_extension(ext, "cl_khr_il_program"))
                     ? device_str(&api, devs[d], FPA_CL_DEVICE_IL_VERSION)
                     : fpa_strdup("");
      fpa_cl_bitfield type = 0;
      api.GetDeviceInfo(devs[d], FPA_CL_DEVICE_TYPE, sizeof(type), &type, NULL);
      fpa_sb_printf(&sb,
                    "    device %u: %s [%s], %s; SPIR 1.2: %s; SPIR-V: %s; "
                    "fp64: %s; fp16: %s\n",
                    (unsigned)d, name ? name : "?", device_type_name(type),
                    ver ? ver : "?",
                    has_extension(ext, "cl_khr_spir") ? "yes" : "no",
                    il && il[0] ? il : "no",
                    has_extension(ext, "cl_khr_fp64") ? "yes" : "no",
                    has_extension(ext, "cl_khr_fp16") ? "yes" : "no");
      free(name);
      free(ver);
      free(ext);
      free(il);
      ++total;
    }
    free(devs);
  }
  free(plats);
  cl_api_close(&api);
  *text = fpa_sb_take(&sb);
  if (!*text)
    return FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
  return total ? FPA_RT_SUCCESS : FPA_RT_ERROR_NO_DEVICE;
}

int fpa_cl_supports_format(fpa_rt_context *ctx, fpa_rt_format format) {
  switch (format) {
  case FPA_RT_FORMAT_OPENCL_C:
    return FPA_RT_SUCCESS;
  case FPA_RT_FORMAT_SPIR:
    if (has_extension(ctx->u.cl.extensions, "cl_khr_spir"))
      return FPA_RT_SUCCESS;
    return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                         "OpenCL device %s does not support SPIR 1.2 "
                         "bitcode (no cl_khr_spir extension)",
                         ctx->device_name);
  case FPA_RT_FORMAT_SPIRV: {
    const fpa_opencl_api *api = &ctx->u.cl.api;
    int have_entry = api->CreateProgramWithIL != NULL ||
                     (api->GetExtensionFunctionAddressForPlatform &&
                      has_extension(ctx->u.cl.extensions, "cl_khr_il_program"));
    if (ctx->u.cl.il_version[0] && strstr(ctx->u.cl.il_version, "SPIR-V") &&
        have_entry)
      return FPA_RT_SUCCESS;
    return fpa_set_error(
        ctx, FPA_RT_ERROR_UNSUPPORTED,
        "OpenCL device %s does not support SPIR-V: %s", ctx->device_name,
        !ctx->u.cl.il_version[0]
            ? "CL_DEVICE_IL_VERSION is empty (needs OpenCL 2.1+ with IL "
              "support or cl_khr_il_program)"
        : !strstr(ctx->u.cl.il_version, "SPIR-V")
            ? "CL_DEVICE_IL_VERSION does not list SPIR-V"
            : "the OpenCL library has no clCreateProgramWithIL");
  }
  default:
    return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                         "the OpenCL backend cannot load %s files",
                         fpa_rt_format_name(format));
  }
}

int fpa_cl_buffer_create(fpa_rt_buffer *buf) {
  fpa_rt_context *ctx = buf->ctx;
  fpa_cl_int e = FPA_CL_SUCCESS;
  buf->h.cl = ctx->u.cl.api.CreateBuffer(
      ctx->u.cl.context, FPA_CL_MEM_READ_WRITE, buf->size, NULL, &e);
  if (!buf->h.cl || e != FPA_CL_SUCCESS)
    return cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clCreateBuffer");
  return FPA_RT_SUCCESS;
}

void fpa_cl_buffer_destroy(fpa_rt_buffer *buf) {
  buf->ctx->u.cl.api.ReleaseMemObject(buf->h.cl);
}

int fpa_cl_buffer_write(fpa_rt_buffer *buf, size_t off, const void *src,
                        size_t n) {
  fpa_rt_context *ctx = buf->ctx;
  fpa_cl_int e = ctx->u.cl.api.EnqueueWriteBuffer(
      ctx->u.cl.queue, buf->h.cl, FPA_CL_TRUE, off, n, src, 0, NULL, NULL);
  if (e != FPA_CL_SUCCESS)
    return cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clEnqueueWriteBuffer");
  return FPA_RT_SUCCESS;
}

int fpa_cl_buffer_read(fpa_rt_buffer *buf, size_t off, void *dst, size_t n) {
  fpa_rt_context *ctx = buf->ctx;
  fpa_cl_int e = ctx->u.cl.api.EnqueueReadBuffer(
      ctx->u.cl.queue, buf->h.cl, FPA_CL_TRUE, off, n, dst, 0, NULL, NULL);
  if (e != FPA_CL_SUCCESS)
    return cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clEnqueueReadBuffer");
  return FPA_RT_SUCCESS;
}

/* Pointer width of SPIR bitcode from the target triple that LLVM stores in
 * plain text in the module's symbol/string table: 64 for "spir64-", 32 for
 * "spir-", 0 if not found. */
static int spir_pointer_bits(const void *data, size_t size) {
  const unsigned char *p = data;
  int found = 0;
  for (size_t i = 0; i + 7 <= size; ++i) {
    if (p[i] != 's' || memcmp(p + i, "spir", 4) != 0)
      continue;
    if (memcmp(p + i + 4, "64-", 3) == 0)
      return 64;
    if (p[i + 4] == '-')
      found = 32;
  }
  return found;
}

/* malloc'd build log of `prog` for the context's device ("" if none). */
static char *build_log(fpa_rt_context *ctx, fpa_cl_program prog) {
  const fpa_opencl_api *api = &ctx->u.cl.api;
  size_t n = 0;
  if (api->GetProgramBuildInfo(prog, ctx->u.cl.device, FPA_CL_PROGRAM_BUILD_LOG,
                               0, NULL, &n) != FPA_CL_SUCCESS ||
      n == 0)
    return fpa_strdup("");
  char *s = calloc(1, n + 1);
  if (s &&
      api->GetProgramBuildInfo(prog, ctx->u.cl.device, FPA_CL_PROGRAM_BUILD_LOG,
                               n, s, NULL) != FPA_CL_SUCCESS)
    s[0] = '\0';
  /* Trim trailing whitespace so messages end cleanly. */
  if (s) {
    size_t len = strlen(s);
    while (len && (s[len - 1] == '\n' || s[len - 1] == ' ' ||
                   s[len - 1] == '\r' || s[len - 1] == '\t'))
      s[--len] = '\0';
  }
  return s;
}

int fpa_cl_module_load(fpa_rt_module *mod, fpa_rt_format format,
                       const void *data, size_t size, const char *options) {
  fpa_rt_context *ctx = mod->ctx;
  const fpa_opencl_api *api = &ctx->u.cl.api;
  fpa_cl_int e = FPA_CL_SUCCESS;
  fpa_cl_program prog = NULL;
  const char *what = "";
  fpa_strbuf opts = {0};

  switch (format) {
  case FPA_RT_FORMAT_OPENCL_C: {
    const char *src = data;
    prog = api->CreateProgramWithSource(ctx->u.cl.context, 1, &src, &size, &e);
    what = "clCreateProgramWithSource";
    fpa_sb_append(&opts, "-cl-kernel-arg-info");
    break;
  }
  case FPA_RT_FORMAT_SPIR: {
    const unsigned char *bin = data;
    /* Some implementations (PoCL 3.1) crash on SPIR bitcode whose pointer
     * width differs from the device's; refuse it up front. */
    int bits = spir_pointer_bits(data, size);
    fpa_cl_uint dev_bits = 0;
    if (bits &&
        api->GetDeviceInfo(ctx->u.cl.device, FPA_CL_DEVICE_ADDRESS_BITS,
                           sizeof(dev_bits), &dev_bits,
                           NULL) == FPA_CL_SUCCESS &&
        dev_bits && (int)dev_bits != bits)
      return fpa_set_error(ctx, FPA_RT_ERROR_BUILD_FAILED,
                           "SPIR bitcode targets %s (%d-bit pointers) but "
                           "device %s has %u-bit addresses; compile for "
                           "-triple %s-unknown-unknown",
                           bits == 64 ? "spir64" : "spir", bits,
                           ctx->device_name, (unsigned)dev_bits,
                           dev_bits == 64 ? "spir64" : "spir");
    fpa_cl_int status = FPA_CL_SUCCESS;
    prog = api->CreateProgramWithBinary(ctx->u.cl.context, 1, &ctx->u.cl.device,
                                        &size, &bin, &status, &e);
    if (e == FPA_CL_SUCCESS && status != FPA_CL_SUCCESS)
      e = status;
    what = "clCreateProgramWithBinary (SPIR 1.2 bitcode)";
    fpa_sb_append(&opts, "-x spir -spir-std=1.2 -cl-kernel-arg-info");
    break;
  }
  case FPA_RT_FORMAT_SPIRV: {
    what = "clCreateProgramWithIL";
    if (api->CreateProgramWithIL) {
      prog = api->CreateProgramWithIL(ctx->u.cl.context, data, size, &e);
    } else {
      fpa_cl_program (*khr)(fpa_cl_context, const void *, size_t,
                            fpa_cl_int *) = NULL;
      void *sym = api->GetExtensionFunctionAddressForPlatform(
          ctx->u.cl.platform, "clCreateProgramWithILKHR");
      memcpy(&khr, &sym, sizeof(khr));
      what = "clCreateProgramWithILKHR";
      if (!khr)
        return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                             "OpenCL platform has no clCreateProgramWithILKHR");
      prog = khr(ctx->u.cl.context, data, size, &e);
    }
    break;
  }
  default:
    return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                         "the OpenCL backend cannot load %s files",
                         fpa_rt_format_name(format));
  }
  if (!prog || e != FPA_CL_SUCCESS) {
    fpa_sb_free(&opts);
    if (prog)
      api->ReleaseProgram(prog);
    return cl_fail(ctx,
                   e == FPA_CL_INVALID_BINARY || e == FPA_CL_INVALID_VALUE
                       ? FPA_RT_ERROR_BUILD_FAILED
                       : FPA_RT_ERROR_DRIVER,
                   e, what);
  }
  if (options && *options)
    fpa_sb_printf(&opts, "%s%s", opts.len ? " " : "", options);
  if (opts.oom) {
    fpa_sb_free(&opts);
    api->ReleaseProgram(prog);
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  }
  e = api->BuildProgram(prog, 1, &ctx->u.cl.device, opts.data ? opts.data : "",
                        NULL, NULL);
  char *log = build_log(ctx, prog);
  if (e != FPA_CL_SUCCESS) {
    const char *name = cl_errname(e);
    fpa_strbuf sb = {0};
    fpa_sb_printf(&sb, "clBuildProgram failed for %s with options \"%s\": %s",
                  fpa_rt_format_name(format), opts.data ? opts.data : "",
                  name ? name : "unknown error");
    fpa_sb_printf(&sb, "\nbuild log:\n%s", log && log[0] ? log : "(empty)");
    free(log);
    fpa_sb_free(&opts);
    api->ReleaseProgram(prog);
    return fpa_set_error_owned(ctx, FPA_RT_ERROR_BUILD_FAILED,
                               fpa_sb_take(&sb));
  }
  fpa_sb_free(&opts);
  mod->h.cl = prog;
  mod->build_log = log;
  return FPA_RT_SUCCESS;
}

void fpa_cl_module_destroy(fpa_rt_module *mod) {
  mod->ctx->u.cl.api.ReleaseProgram(mod->h.cl);
}

int fpa_cl_kernel_get(fpa_rt_kernel *k) {
  fpa_rt_context *ctx = k->mod->ctx;
  const fpa_opencl_api *api = &ctx->u.cl.api;
  fpa_cl_int e = FPA_CL_SUCCESS;
  k->h.cl = api->CreateKernel(k->mod->h.cl, k->name, &e);
  if (!k->h.cl || e != FPA_CL_SUCCESS) {
    k->h.cl = NULL;
    if (e == FPA_CL_INVALID_KERNEL_NAME) {
      size_t n = 0;
      char *names = NULL;
      if (api->GetProgramInfo(k->mod->h.cl, FPA_CL_PROGRAM_KERNEL_NAMES, 0,
                              NULL, &n) == FPA_CL_SUCCESS &&
          n && (names = calloc(1, n + 1)) &&
          api->GetProgramInfo(k->mod->h.cl, FPA_CL_PROGRAM_KERNEL_NAMES, n,
                              names, NULL) != FPA_CL_SUCCESS)
        names[0] = '\0';
      int rc =
          fpa_set_error(ctx, FPA_RT_ERROR_KERNEL_NOT_FOUND,
                        "kernel '%s' not found; the program has: %s", k->name,
                        names && names[0] ? names : "(no kernels)");
      free(names);
      return rc;
    }
    return cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clCreateKernel");
  }
  fpa_cl_uint nargs = 0;
  if (api->GetKernelInfo(k->h.cl, FPA_CL_KERNEL_NUM_ARGS, sizeof(nargs), &nargs,
                         NULL) == FPA_CL_SUCCESS)
    k->num_args = (int)nargs;
  return FPA_RT_SUCCESS;
}

void fpa_cl_kernel_destroy(fpa_rt_kernel *k) {
  if (k->h.cl)
    k->mod->ctx->u.cl.api.ReleaseKernel(k->h.cl);
}

static const char *arg_kind_name(fpa_rt_arg_kind kind) {
  switch (kind) {
  case FPA_RT_ARG_BUFFER:
    return "buffer";
  case FPA_RT_ARG_I32:
    return "i32";
  case FPA_RT_ARG_U32:
    return "u32";
  case FPA_RT_ARG_I64:
    return "i64";
  case FPA_RT_ARG_U64:
    return "u64";
  case FPA_RT_ARG_F32:
    return "f32";
  case FPA_RT_ARG_F64:
    return "f64";
  case FPA_RT_ARG_LOCAL:
    return "local";
  }
  return "?";
}

/* Checks an argument against the kernel's parameter info when the driver
 * provides it; returns 0 (and fills msg) on a definite mismatch. */
static int arg_matches(fpa_rt_context *ctx, fpa_rt_kernel *k, fpa_cl_uint i,
                       fpa_rt_arg_kind kind, char *msg, size_t msgsize) {
  const fpa_opencl_api *api = &ctx->u.cl.api;
  if (!api->GetKernelArgInfo)
    return 1;
  fpa_cl_uint aq = 0;
  char type[128] = "";
  if (api->GetKernelArgInfo(k->h.cl, i, FPA_CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                            sizeof(aq), &aq, NULL) != FPA_CL_SUCCESS)
    return 1;
  if (api->GetKernelArgInfo(k->h.cl, i, FPA_CL_KERNEL_ARG_TYPE_NAME,
                            sizeof(type), type, NULL) != FPA_CL_SUCCESS)
    type[0] = '\0';
  type[sizeof(type) - 1] = '\0';
  int is_buffer = aq == FPA_CL_KERNEL_ARG_ADDRESS_GLOBAL ||
                  aq == FPA_CL_KERNEL_ARG_ADDRESS_CONSTANT;
  int is_local = aq == FPA_CL_KERNEL_ARG_ADDRESS_LOCAL;
  const char *want = NULL;
  if (is_buffer && kind != FPA_RT_ARG_BUFFER)
    want = "a buffer";
  else if (is_local && kind != FPA_RT_ARG_LOCAL)
    want = "a local-memory size (local:BYTES)";
  else if (aq == FPA_CL_KERNEL_ARG_ADDRESS_PRIVATE &&
           (kind == FPA_RT_ARG_BUFFER || kind == FPA_RT_ARG_LOCAL))
    want = "a scalar";
  else if (aq == FPA_CL_KERNEL_ARG_ADDRESS_PRIVATE) {
    static const struct {
      const char *type;
      fpa_rt_arg_kind kind;
    } known[] = {
        {"int", FPA_RT_ARG_I32},          {"uint", FPA_RT_ARG_U32},
        {"unsigned int", FPA_RT_ARG_U32}, {"long", FPA_RT_ARG_I64},
        {"ulong", FPA_RT_ARG_U64},        {"unsigned long", FPA_RT_ARG_U64},
        {"float", FPA_RT_ARG_F32},        {"double", FPA_RT_ARG_F64},
    };
    size_t j = 0, nknown = sizeof(known) / sizeof(known[0]);
    while (j < nknown && strcmp(type, known[j].type) != 0)
      ++j;
    if (type[0] && j == nknown)
      /* a vector, a narrower or wider type, or a typedef, whose size and
       * meaning the driver does not tell: a value passed there would be
       * cut or reinterpreted unseen */
      want = "a parameter of type int, uint, long, ulong, float or double";
    for (j = 0; j < nknown; ++j) {
      if (strcmp(type, known[j].type) == 0 && kind != known[j].kind) {
        /* Same-size signedness differences are harmless; anything else
         * would be reinterpreted or rejected. */
        int same_int32 = (known[j].kind == FPA_RT_ARG_I32 ||
                          known[j].kind == FPA_RT_ARG_U32) &&
                         (kind == FPA_RT_ARG_I32 || kind == FPA_RT_ARG_U32);
        int same_int64 = (known[j].kind == FPA_RT_ARG_I64 ||
                          known[j].kind == FPA_RT_ARG_U64) &&
                         (kind == FPA_RT_ARG_I64 || kind == FPA_RT_ARG_U64);
        if (!same_int32 && !same_int64)
          want = arg_kind_name(known[j].kind);
        break;
      }
    }
  }
  if (!want)
    return 1;
  snprintf(msg, msgsize,
           "argument %u is declared '%s%s', but %s was given (expected %s)",
           (unsigned)i,
           is_buffer  ? "__global "
           : is_local ? "__local "
                      : "",
           type[0] ? type : "?", arg_kind_name(kind), want);
  return 0;
}

int fpa_cl_launch(fpa_rt_kernel *k, const fpa_rt_launch_config *cfg,
                  const fpa_rt_arg *args, size_t nargs, double *ms) {
  fpa_rt_context *ctx = k->mod->ctx;
  const fpa_opencl_api *api = &ctx->u.cl.api;
  for (size_t i = 0; i < nargs; ++i) {
    const fpa_rt_arg *a = &args[i];
    char msg[512];
    if (!arg_matches(ctx, k, (fpa_cl_uint)i, a->kind, msg, sizeof(msg)))
      return fpa_set_error(ctx, FPA_RT_ERROR_ARGUMENT_MISMATCH, "%s", msg);
    size_t size = 0;
    const void *value = NULL;
    switch (a->kind) {
    case FPA_RT_ARG_BUFFER:
      size = sizeof(fpa_cl_mem);
      value = &a->value.buffer->h.cl;
      break;
    case FPA_RT_ARG_LOCAL:
      size = a->value.local_bytes;
      value = NULL;
      break;
    case FPA_RT_ARG_I32:
    case FPA_RT_ARG_U32:
    case FPA_RT_ARG_F32:
      size = 4;
      value = &a->value;
      break;
    default:
      size = 8;
      value = &a->value;
      break;
    }
    fpa_cl_int e = api->SetKernelArg(k->h.cl, (fpa_cl_uint)i, size, value);
    if (e != FPA_CL_SUCCESS) {
      const char *name = cl_errname(e);
      return fpa_set_error(
          ctx,
          e == FPA_CL_INVALID_ARG_SIZE || e == FPA_CL_INVALID_ARG_VALUE ||
                  e == FPA_CL_INVALID_ARG_INDEX
              ? FPA_RT_ERROR_ARGUMENT_MISMATCH
              : FPA_RT_ERROR_DRIVER,
          "clSetKernelArg(%zu, %s, %zu bytes) for kernel '%s' failed: %s%s", i,
          arg_kind_name(a->kind), size, k->name, name ? name : "error",
          e == FPA_CL_INVALID_ARG_SIZE
              ? " (the kernel parameter has a different size)"
              : "");
    }
  }

  const size_t *local = NULL;
  for (unsigned d = 0; d < cfg->dims; ++d)
    if (cfg->local[d])
      local = cfg->local;
  fpa_cl_event ev = NULL;
  fpa_cl_int e =
      api->EnqueueNDRangeKernel(ctx->u.cl.queue, k->h.cl, cfg->dims, NULL,
                                cfg->global, local, 0, NULL, &ev);
  if (e != FPA_CL_SUCCESS) {
    if (ev)
      api->ReleaseEvent(ev);
    return cl_fail(ctx,
                   e == FPA_CL_INVALID_KERNEL_ARGS
                       ? FPA_RT_ERROR_ARGUMENT_MISMATCH
                       : FPA_RT_ERROR_LAUNCH_FAILED,
                   e, "clEnqueueNDRangeKernel");
  }
  e = api->WaitForEvents(1, &ev);
  if (e != FPA_CL_SUCCESS) {
    api->ReleaseEvent(ev);
    return cl_fail(ctx, FPA_RT_ERROR_LAUNCH_FAILED, e,
                   "kernel execution (clWaitForEvents)");
  }
  int rc = FPA_RT_SUCCESS;
  if (ms) {
    fpa_cl_ulong t0 = 0, t1 = 0;
    e = api->GetEventProfilingInfo(ev, FPA_CL_PROFILING_COMMAND_START,
                                   sizeof(t0), &t0, NULL);
    if (e == FPA_CL_SUCCESS)
      e = api->GetEventProfilingInfo(ev, FPA_CL_PROFILING_COMMAND_END,
                                     sizeof(t1), &t1, NULL);
    if (e != FPA_CL_SUCCESS)
      rc = cl_fail(ctx, FPA_RT_ERROR_DRIVER, e, "clGetEventProfilingInfo");
    else
      *ms = t1 >= t0 ? (double)(t1 - t0) * 1e-6 : 0.0;
  }
  api->ReleaseEvent(ev);
  if (rc == FPA_RT_SUCCESS) {
    e = api->Finish(ctx->u.cl.queue);
    if (e != FPA_CL_SUCCESS)
      rc = cl_fail(ctx, FPA_RT_ERROR_LAUNCH_FAILED, e, "clFinish");
  }
  return rc;
}
