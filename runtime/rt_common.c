/*===- rt_common.c - fpatomics runtime: backend-independent part ----------===*/

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fpa_rt_internal.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- Codes and names
 * ----------------------------------------------------===*/

const char *fpa_rt_strerror(int code) {
  switch (code) {
  case FPA_RT_SUCCESS:
    return "success";
  case FPA_RT_ERROR_INVALID_ARGUMENT:
    return "invalid argument";
  case FPA_RT_ERROR_OUT_OF_HOST_MEMORY:
    return "out of host memory";
  case FPA_RT_ERROR_DRIVER_NOT_FOUND:
    return "driver library not found";
  case FPA_RT_ERROR_NO_DEVICE:
    return "no usable device";
  case FPA_RT_ERROR_UNSUPPORTED:
    return "not supported by this backend or device";
  case FPA_RT_ERROR_BUILD_FAILED:
    return "kernel build failed";
  case FPA_RT_ERROR_KERNEL_NOT_FOUND:
    return "kernel not found";
  case FPA_RT_ERROR_ARGUMENT_MISMATCH:
    return "kernel arguments do not match the kernel";
  case FPA_RT_ERROR_LAUNCH_FAILED:
    return "kernel launch failed";
  case FPA_RT_ERROR_DRIVER:
    return "driver call failed";
  default:
    return "unknown fpa_rt error code";
  }
}

int fpa_rt_is_unavailable(int code) {
  return code == FPA_RT_ERROR_DRIVER_NOT_FOUND ||
         code == FPA_RT_ERROR_NO_DEVICE || code == FPA_RT_ERROR_UNSUPPORTED;
}

void fpa_rt_free(void *p) { free(p); }

const char *fpa_rt_backend_name(fpa_rt_backend backend) {
  switch (backend) {
  case FPA_RT_BACKEND_CUDA:
    return "cuda";
  case FPA_RT_BACKEND_OPENCL:
    return "opencl";
  }
  return "?";
}

const char *fpa_rt_format_name(fpa_rt_format format) {
  switch (format) {
  case FPA_RT_FORMAT_PTX:
    return "ptx";
  case FPA_RT_FORMAT_CUBIN:
    return "cubin";
  case FPA_RT_FORMAT_SPIR:
    return "spir";
  case FPA_RT_FORMAT_SPIRV:
    return "spirv";
  case FPA_RT_FORMAT_OPENCL_C:
    return "cl";
  }
  return "?";
}

fpa_rt_backend fpa_rt_format_backend(fpa_rt_format format) {
  switch (format) {
  case FPA_RT_FORMAT_PTX:
  case FPA_RT_FORMAT_CUBIN:
    return FPA_RT_BACKEND_CUDA;
  case FPA_RT_FORMAT_SPIR:
  case FPA_RT_FORMAT_SPIRV:
  case FPA_RT_FORMAT_OPENCL_C:
    return FPA_RT_BACKEND_OPENCL;
  }
  return (fpa_rt_backend)0;
}

/*===-- Strings
 * ------------------------------------------------------------===*/

static int sb_reserve(fpa_strbuf *sb, size_t extra) {
  if (sb->oom)
    return 0;
  if (sb->len + extra + 1 <= sb->cap)
    return 1;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < sb->len + extra + 1)
    cap *= 2;
  char *p = realloc(sb->data, cap);
  if (!p) {
    sb->oom = 1;
    return 0;
  }
  sb->data = p;
  sb->cap = cap;
  return 1;
}

void fpa_sb_appendn(fpa_strbuf *sb, const char *s, size_t n) {
  if (!sb_reserve(sb, n))
    return;
  memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void fpa_sb_append(fpa_strbuf *sb, const char *s) {
  fpa_sb_appendn(sb, s, strlen(s));
}

void fpa_sb_vprintf(fpa_strbuf *sb, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || !sb_reserve(sb, (size_t)n))
    return;
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
  sb->len += (size_t)n;
}

void fpa_sb_printf(fpa_strbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fpa_sb_vprintf(sb, fmt, ap);
  va_end(ap);
}

char *fpa_sb_take(fpa_strbuf *sb) {
  char *s = NULL;
  if (!sb->oom) {
    if (!sb->data)
      sb_reserve(sb, 0);
    if (sb->data)
      sb->data[sb->len] = '\0';
    s = sb->data;
  } else {
    free(sb->data);
  }
  sb->data = NULL;
  sb->len = sb->cap = 0;
  sb->oom = 0;
  return s;
}

void fpa_sb_free(fpa_strbuf *sb) {
  free(sb->data);
  sb->data = NULL;
  sb->len = sb->cap = 0;
  sb->oom = 0;
}

char *fpa_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

/*===-- Error recording
 * ----------------------------------------------------===*/

int fpa_set_error_owned(fpa_rt_context *ctx, int code, char *msg) {
  if (!ctx) {
    free(msg);
    return code;
  }
  free(ctx->last_error);
  ctx->last_error = msg; /* NULL reads as "" */
  if (!msg)
    code = FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
  return code;
}

int fpa_set_error(fpa_rt_context *ctx, int code, const char *fmt, ...) {
  fpa_strbuf sb = {0};
  va_list ap;
  va_start(ap, fmt);
  fpa_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  return fpa_set_error_owned(ctx, code, fpa_sb_take(&sb));
}

void fpa_clear_error(fpa_rt_context *ctx) {
  if (!ctx)
    return;
  free(ctx->last_error);
  ctx->last_error = NULL;
}

const char *fpa_rt_context_last_error(const fpa_rt_context *ctx) {
  return ctx && ctx->last_error ? ctx->last_error : "";
}

/*===-- dlopen
 * -------------------------------------------------------------===*/

void *fpa_dlopen_first(const char *const *candidates, char **loaded_path,
                       fpa_strbuf *why) {
  *loaded_path = NULL;
  fpa_sb_append(why, "tried: ");
  for (size_t i = 0; candidates[i]; ++i) {
    /* Clear any stale dlerror() state before the call. */
    (void)dlerror();
    void *h = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (h) {
      *loaded_path = fpa_strdup(candidates[i]);
      if (!*loaded_path) {
        dlclose(h);
        return NULL;
      }
      return h;
    }
    const char *e = dlerror();
    if (!e)
      e = "dlopen failed";
    /* glibc prefixes the message with the path; don't repeat it. */
    size_t plen = strlen(candidates[i]);
    if (strncmp(e, candidates[i], plen) == 0 && e[plen] == ':' &&
        e[plen + 1] == ' ')
      e += plen + 2;
    fpa_sb_printf(why, "%s%s (%s)", i ? "; " : "", candidates[i], e);
  }
  return NULL;
}

void *fpa_driver_open(const char *what, const char *default_name,
                      const char *const *candidates, const char *library_path,
                      char **loaded_path, char **why) {
  *why = NULL;
  const char *only[2] = {library_path, NULL};
  fpa_strbuf sb = {0};
  void *lib =
      fpa_dlopen_first(library_path ? only : candidates, loaded_path, &sb);
  if (!lib) {
    fpa_strbuf msg = {0};
    fpa_sb_printf(&msg, "%s driver not available: cannot load %s; %s", what,
                  library_path ? library_path : default_name,
                  sb.data ? sb.data : "");
    *why = fpa_sb_take(&msg);
  }
  fpa_sb_free(&sb);
  return lib;
}

void fpa_driver_forget(char **loaded_path) {
  free(*loaded_path);
  *loaded_path = NULL;
}

/*===-- Context
 * ------------------------------------------------------------===*/

void fpa_rt_context_options_init(fpa_rt_context_options *opts,
                                 fpa_rt_backend backend) {
  if (!opts)
    return;
  memset(opts, 0, sizeof(*opts));
  opts->backend = backend;
  opts->platform_index = -1;
  opts->device_index = -1;
  opts->library_path = NULL;
}

int fpa_rt_context_create(const fpa_rt_context_options *opts,
                          fpa_rt_context **out, char **error_detail) {
  if (error_detail)
    *error_detail = NULL;
  if (!out) {
    if (error_detail)
      *error_detail = fpa_strdup("fpa_rt_context_create: out is NULL");
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  if (!opts || (opts->backend != FPA_RT_BACKEND_CUDA &&
                opts->backend != FPA_RT_BACKEND_OPENCL)) {
    if (error_detail)
      *error_detail =
          fpa_strdup("fpa_rt_context_create: missing or unknown backend");
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  }
  fpa_rt_context *ctx = calloc(1, sizeof(*ctx));
  if (!ctx) {
    if (error_detail)
      *error_detail = fpa_strdup("out of host memory");
    return FPA_RT_ERROR_OUT_OF_HOST_MEMORY;
  }
  ctx->backend = opts->backend;
  int rc = opts->backend == FPA_RT_BACKEND_CUDA
               ? fpa_cuda_context_init(ctx, opts)
               : fpa_cl_context_init(ctx, opts);
  if (rc != FPA_RT_SUCCESS) {
    if (error_detail) {
      *error_detail =
          ctx->last_error ? ctx->last_error : fpa_strdup(fpa_rt_strerror(rc));
      ctx->last_error = NULL;
    }
    fpa_rt_context_destroy(ctx);
    return rc;
  }
  fpa_clear_error(ctx);
  *out = ctx;
  return FPA_RT_SUCCESS;
}

void fpa_rt_context_destroy(fpa_rt_context *ctx) {
  if (!ctx)
    return;
  if (ctx->backend == FPA_RT_BACKEND_CUDA)
    fpa_cuda_context_fini(ctx);
  else
    fpa_cl_context_fini(ctx);
  free(ctx->device_name);
  free(ctx->last_error);
  free(ctx);
}

fpa_rt_backend fpa_rt_context_backend(const fpa_rt_context *ctx) {
  return ctx ? ctx->backend : (fpa_rt_backend)0;
}

const char *fpa_rt_context_device_name(const fpa_rt_context *ctx) {
  return ctx && ctx->device_name ? ctx->device_name : "";
}

int fpa_rt_context_supports_format(fpa_rt_context *ctx, fpa_rt_format format) {
  if (!ctx)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  if (fpa_rt_format_backend(format) == 0)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "unknown kernel format %d", (int)format);
  if (fpa_rt_format_backend(format) != ctx->backend)
    return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                         "the %s backend cannot load %s files (they need the "
                         "%s backend)",
                         fpa_rt_backend_name(ctx->backend),
                         fpa_rt_format_name(format),
                         fpa_rt_backend_name(fpa_rt_format_backend(format)));
  return ctx->backend == FPA_RT_BACKEND_CUDA
             ? fpa_cuda_supports_format(ctx, format)
             : fpa_cl_supports_format(ctx, format);
}

int fpa_rt_describe_devices(fpa_rt_backend backend, const char *library_path,
                            char **text) {
  if (!text)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  *text = NULL;
  switch (backend) {
  case FPA_RT_BACKEND_CUDA:
    return fpa_cuda_describe(library_path, text);
  case FPA_RT_BACKEND_OPENCL:
    return fpa_cl_describe(library_path, text);
  }
  *text = fpa_strdup("unknown backend");
  return FPA_RT_ERROR_INVALID_ARGUMENT;
}

/*===-- Buffers
 * ------------------------------------------------------------===*/

int fpa_rt_buffer_create(fpa_rt_context *ctx, size_t size,
                         fpa_rt_buffer **out) {
  if (!ctx)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  if (!out)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_buffer_create: out is NULL");
  *out = NULL;
  if (size == 0)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_buffer_create: size is 0");
  fpa_rt_buffer *buf = calloc(1, sizeof(*buf));
  if (!buf)
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  buf->ctx = ctx;
  buf->size = size;
  int rc = ctx->backend == FPA_RT_BACKEND_CUDA ? fpa_cuda_buffer_create(buf)
                                               : fpa_cl_buffer_create(buf);
  if (rc != FPA_RT_SUCCESS) {
    free(buf);
    return rc;
  }
  *out = buf;
  return FPA_RT_SUCCESS;
}

void fpa_rt_buffer_destroy(fpa_rt_buffer *buf) {
  if (!buf)
    return;
  if (buf->ctx->backend == FPA_RT_BACKEND_CUDA)
    fpa_cuda_buffer_destroy(buf);
  else
    fpa_cl_buffer_destroy(buf);
  free(buf);
}

size_t fpa_rt_buffer_size(const fpa_rt_buffer *buf) {
  return buf ? buf->size : 0;
}

static int check_range(fpa_rt_buffer *buf, size_t offset, const void *p,
                       size_t size, const char *what) {
  if (!p && size)
    return fpa_set_error(buf->ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "%s: host pointer is NULL", what);
  if (offset > buf->size || size > buf->size - offset)
    return fpa_set_error(buf->ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "%s: range [%zu, %zu+%zu) exceeds the buffer size %zu",
                         what, offset, offset, size, buf->size);
  return FPA_RT_SUCCESS;
}

int fpa_rt_buffer_write(fpa_rt_buffer *buf, size_t offset, const void *src,
                        size_t size) {
  if (!buf)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  int rc = check_range(buf, offset, src, size, "fpa_rt_buffer_write");
  if (rc != FPA_RT_SUCCESS || size == 0)
    return rc;
  return buf->ctx->backend == FPA_RT_BACKEND_CUDA
             ? fpa_cuda_buffer_write(buf, offset, src, size)
             : fpa_cl_buffer_write(buf, offset, src, size);
}

int fpa_rt_buffer_read(fpa_rt_buffer *buf, size_t offset, void *dst,
                       size_t size) {
  if (!buf)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  int rc = check_range(buf, offset, dst, size, "fpa_rt_buffer_read");
  if (rc != FPA_RT_SUCCESS || size == 0)
    return rc;
  return buf->ctx->backend == FPA_RT_BACKEND_CUDA
             ? fpa_cuda_buffer_read(buf, offset, dst, size)
             : fpa_cl_buffer_read(buf, offset, dst, size);
}

/*===-- Modules and kernels
 * ------------------------------------------------===*/

int fpa_rt_module_load(fpa_rt_context *ctx, fpa_rt_format format,
                       const void *data, size_t size, const char *build_options,
                       fpa_rt_module **out) {
  if (!ctx)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  if (!out || !data || size == 0)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_module_load: %s",
                         !out ? "out is NULL" : "empty kernel image");
  *out = NULL;
  int rc = fpa_rt_context_supports_format(ctx, format);
  if (rc != FPA_RT_SUCCESS)
    return rc;
  fpa_rt_module *mod = calloc(1, sizeof(*mod));
  if (!mod)
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  mod->ctx = ctx;
  rc = ctx->backend == FPA_RT_BACKEND_CUDA
           ? fpa_cuda_module_load(mod, format, data, size)
           : fpa_cl_module_load(mod, format, data, size, build_options);
  if (rc != FPA_RT_SUCCESS) {
    free(mod->build_log);
    free(mod);
    return rc;
  }
  *out = mod;
  return FPA_RT_SUCCESS;
}

void fpa_rt_module_destroy(fpa_rt_module *mod) {
  if (!mod)
    return;
  if (mod->ctx->backend == FPA_RT_BACKEND_CUDA)
    fpa_cuda_module_destroy(mod);
  else
    fpa_cl_module_destroy(mod);
  free(mod->build_log);
  free(mod);
}

const char *fpa_rt_module_build_log(const fpa_rt_module *mod) {
  return mod && mod->build_log ? mod->build_log : "";
}

int fpa_rt_kernel_get(fpa_rt_module *mod, const char *name,
                      fpa_rt_kernel **out) {
  if (!mod)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  fpa_rt_context *ctx = mod->ctx;
  if (!out || !name || !*name)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_kernel_get: %s",
                         !out ? "out is NULL" : "empty kernel name");
  *out = NULL;
  fpa_rt_kernel *k = calloc(1, sizeof(*k));
  if (!k || !(k->name = fpa_strdup(name))) {
    free(k);
    return fpa_set_error(ctx, FPA_RT_ERROR_OUT_OF_HOST_MEMORY,
                         "out of host memory");
  }
  k->mod = mod;
  k->num_args = -1;
  int rc = ctx->backend == FPA_RT_BACKEND_CUDA ? fpa_cuda_kernel_get(k)
                                               : fpa_cl_kernel_get(k);
  if (rc != FPA_RT_SUCCESS) {
    free(k->name);
    free(k);
    return rc;
  }
  *out = k;
  return FPA_RT_SUCCESS;
}

void fpa_rt_kernel_destroy(fpa_rt_kernel *kernel) {
  if (!kernel)
    return;
  if (kernel->mod->ctx->backend == FPA_RT_BACKEND_OPENCL)
    fpa_cl_kernel_destroy(kernel);
  /* CUDA functions are owned by their module. */
  free(kernel->name);
  free(kernel);
}

int fpa_rt_kernel_num_args(const fpa_rt_kernel *kernel) {
  return kernel ? kernel->num_args : -1;
}

int fpa_rt_launch(fpa_rt_kernel *kernel, const fpa_rt_launch_config *config,
                  const fpa_rt_arg *args, size_t num_args, double *elapsed_ms) {
  if (!kernel)
    return FPA_RT_ERROR_INVALID_ARGUMENT;
  fpa_rt_context *ctx = kernel->mod->ctx;
  if (elapsed_ms)
    *elapsed_ms = 0.0;
  if (!config)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_launch: config is NULL");
  if (config->dims < 1 || config->dims > 3)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_launch: dims must be 1, 2 or 3 (got %u)",
                         config->dims);
  if (num_args && !args)
    return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                         "fpa_rt_launch: args is NULL");
  int any_local = 0;
  for (unsigned d = 0; d < config->dims; ++d)
    any_local |= config->local[d] != 0;
  for (unsigned d = 0; d < config->dims; ++d) {
    if (config->global[d] == 0)
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "fpa_rt_launch: global size in dimension %u is 0",
                           d);
    if (any_local && config->local[d] == 0)
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "fpa_rt_launch: local size in dimension %u is 0", d);
    if (any_local && config->global[d] % config->local[d] != 0)
      return fpa_set_error(
          ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
          "fpa_rt_launch: global size %zu is not a multiple of local size "
          "%zu in dimension %u",
          config->global[d], config->local[d], d);
  }
  /* Work-group ids are 32-bit in CUDA and in OpenCL implementations (PoCL
   * aborts past them), and the work-item count must not wrap. */
  uint64_t total = 1;
  for (unsigned d = 0; d < config->dims; ++d) {
    uint64_t groups = config->global[d] / (any_local ? config->local[d] : 1);
    if (groups > UINT32_MAX)
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "fpa_rt_launch: %zu work-items in dimension %u make "
                           "%llu work-groups, more than 2^32-1",
                           config->global[d], d, (unsigned long long)groups);
    if (total > UINT64_MAX / config->global[d])
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "fpa_rt_launch: the work-item count overflows");
    total *= config->global[d];
  }
  if (kernel->num_args >= 0 && (size_t)kernel->num_args != num_args)
    return fpa_set_error(ctx, FPA_RT_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s' takes %d argument%s, %zu given",
                         kernel->name, kernel->num_args,
                         kernel->num_args == 1 ? "" : "s", num_args);
  for (size_t i = 0; i < num_args; ++i) {
    const fpa_rt_arg *a = &args[i];
    switch (a->kind) {
    case FPA_RT_ARG_BUFFER:
      if (!a->value.buffer || a->value.buffer->ctx != ctx)
        return fpa_set_error(
            ctx, FPA_RT_ERROR_INVALID_ARGUMENT, "argument %zu: %s", i,
            !a->value.buffer ? "buffer is NULL"
                             : "buffer belongs to another context");
      break;
    case FPA_RT_ARG_LOCAL:
      if (ctx->backend != FPA_RT_BACKEND_OPENCL)
        return fpa_set_error(ctx, FPA_RT_ERROR_UNSUPPORTED,
                             "argument %zu: local-memory arguments are only "
                             "supported by OpenCL",
                             i);
      if (a->value.local_bytes == 0)
        return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                             "argument %zu: local memory size is 0", i);
      break;
    case FPA_RT_ARG_I32:
    case FPA_RT_ARG_U32:
    case FPA_RT_ARG_I64:
    case FPA_RT_ARG_U64:
    case FPA_RT_ARG_F32:
    case FPA_RT_ARG_F64:
      break;
    default:
      return fpa_set_error(ctx, FPA_RT_ERROR_INVALID_ARGUMENT,
                           "argument %zu: unknown kind %d", i, (int)a->kind);
    }
  }
  return ctx->backend == FPA_RT_BACKEND_CUDA
             ? fpa_cuda_launch(kernel, config, args, num_args, elapsed_ms)
             : fpa_cl_launch(kernel, config, args, num_args, elapsed_ms);
}

/*===-- Half precision
 * -----------------------------------------------------===*/

uint16_t fpa_rt_f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof(x));
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t man = x & 0x7fffffu;

  if (exp == 0xff) {
    if (man == 0)
      return (uint16_t)(sign | 0x7c00u); /* infinity */
    /* Quiet NaN keeping the top payload bits, like F16C / IEEE convert. */
    return (uint16_t)(sign | 0x7e00u | (man >> 13));
  }

  /* Unbiased exponent; f16 normal range is [-14, 15]. */
  int e = (int)exp - 127;
  if (e > 15)
    return (uint16_t)(sign | 0x7c00u); /* overflow -> infinity */

  uint32_t full; /* 24-bit significand with implicit bit (0 for f32 denorm) */
  int shift;     /* right shift that brings it to the f16 ulp */
  if (e >= -14) {
    full = man | 0x800000u;
    shift = 13;
  } else {
    if (exp == 0)
      return sign; /* f32 zero/denormal is far below the f16 range */
    full = man | 0x800000u;
    shift = 13 + (-14 - e);
    if (shift > 24)
      return sign; /* below half of the smallest f16 denormal */
  }
  uint32_t q = full >> shift;
  uint32_t rem = full & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1);
  if (rem > half || (rem == half && (q & 1u)))
    ++q;

  if (e >= -14) {
    /* q is in [0x400, 0x800]; 0x800 means the significand carried. */
    uint32_t he = (uint32_t)(e + 15);
    if (q == 0x800u) {
      q = 0x400u;
      ++he;
      if (he >= 31)
        return (uint16_t)(sign | 0x7c00u);
    }
    return (uint16_t)(sign | (he << 10) | (q & 0x3ffu));
  }
  /* Denormal result; q == 0x400 rounds up into the smallest normal, which
   * the encoding handles naturally (exponent field becomes 1). */
  return (uint16_t)(sign | q);
}

float fpa_rt_f16_to_f32(uint16_t h) {
  uint32_t sign = ((uint32_t)h & 0x8000u) << 16;
  uint32_t exp = ((uint32_t)h >> 10) & 0x1fu;
  uint32_t man = (uint32_t)h & 0x3ffu;
  uint32_t x;
  if (exp == 0x1f) {
    x = sign | 0x7f800000u | (man << 13);
  } else if (exp != 0) {
    x = sign | ((exp + 112u) << 23) | (man << 13);
  } else if (man == 0) {
    x = sign;
  } else {
    /* Denormal: normalize. value = man * 2^-24. */
    int e = -14;
    while (!(man & 0x400u)) {
      man <<= 1;
      --e;
    }
    man &= 0x3ffu;
    x = sign | ((uint32_t)(e + 127) << 23) | (man << 13);
  }
  float f;
  memcpy(&f, &x, sizeof(f));
  return f;
}
