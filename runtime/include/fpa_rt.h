/*===- fpa_rt.h - fpatomics kernel runtime ------------------------*- C -*-===*
 *
 * A small C11 library that loads a GPU/accelerator kernel (PTX through the
 * CUDA driver API; SPIR 1.2 bitcode, SPIR-V or OpenCL C through OpenCL),
 * allocates and copies buffers, launches the kernel and times it.
 *
 * Both drivers are loaded with dlopen() at run time: nothing here needs CUDA
 * or OpenCL headers or libraries at build time.
 *
 * Conventions
 *   - Every fallible function returns an int: FPA_RT_SUCCESS (0) or one of
 *     the FPA_RT_ERROR_* codes. fpa_rt_strerror() gives a fixed message for a
 *     code; the detailed message of the most recent failure on a context
 *     (paths tried, driver error names, build / JIT logs) is returned by
 *     fpa_rt_context_last_error().
 *   - Handles are opaque. Every create/load function has a matching destroy
 *     function; all destroy functions accept NULL.
 *   - Buffers, modules and kernels belong to the context they were made
 *     from: destroy kernels before their module, and buffers and modules
 *     before their context.
 *   - Strings returned through `char **` out-parameters are allocated with
 *     malloc and owned by the caller, who releases them with fpa_rt_free().
 *     Strings returned as `const char *` are owned by the object they came
 *     from and stay valid as documented at each function.
 *   - There is no global mutable state: driver function tables live in the
 *     context. A context and everything made from it must be used by one
 *     thread at a time; distinct contexts are independent.
 *
 *===----------------------------------------------------------------------===*/

#ifndef FPA_RT_H
#define FPA_RT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-- Result codes
 * -------------------------------------------------------===*/

enum {
  FPA_RT_SUCCESS = 0,
  /** A parameter was NULL, out of range or inconsistent. */
  FPA_RT_ERROR_INVALID_ARGUMENT = 1,
  /** malloc failed on the host. */
  FPA_RT_ERROR_OUT_OF_HOST_MEMORY = 2,
  /** The driver library (libcuda.so.1 / libOpenCL.so.1) could not be
   *  loaded or lacks a required entry point. */
  FPA_RT_ERROR_DRIVER_NOT_FOUND = 3,
  /** The driver loaded but reports no usable platform/device, or the
   *  requested platform/device index does not exist. */
  FPA_RT_ERROR_NO_DEVICE = 4,
  /** The device cannot take this kind of input (e.g. SPIR-V on a device
   *  without IL support, PTX on OpenCL). */
  FPA_RT_ERROR_UNSUPPORTED = 5,
  /** Compiling / JIT-linking the kernel file failed; the detail holds the
   *  build or JIT log. */
  FPA_RT_ERROR_BUILD_FAILED = 6,
  /** No kernel of that name in the module. */
  FPA_RT_ERROR_KERNEL_NOT_FOUND = 7,
  /** The kernel arguments do not match the kernel's parameters (count or
   *  size, where the driver can tell). */
  FPA_RT_ERROR_ARGUMENT_MISMATCH = 8,
  /** Launching or running the kernel failed. */
  FPA_RT_ERROR_LAUNCH_FAILED = 9,
  /** Any other driver call failed (allocation, copy, events, ...). */
  FPA_RT_ERROR_DRIVER = 10,
};

/** Fixed, static description of a result code (never NULL). */
const char *fpa_rt_strerror(int code);

/** Non-zero for the codes that mean "this backend/device is not available
 *  here" (DRIVER_NOT_FOUND, NO_DEVICE, UNSUPPORTED), as opposed to a real
 *  failure. Tests use this to skip. */
int fpa_rt_is_unavailable(int code);

/** Releases a string returned through a `char **` out-parameter. NULL ok. */
void fpa_rt_free(void *p);

/*===-- Backends and kernel file formats ----------------------------------===*/

typedef enum fpa_rt_backend {
  FPA_RT_BACKEND_CUDA = 1,
  FPA_RT_BACKEND_OPENCL = 2,
} fpa_rt_backend;

typedef enum fpa_rt_format {
  /** PTX assembly text (CUDA). */
  FPA_RT_FORMAT_PTX = 1,
  /** cubin / fatbin image (CUDA). */
  FPA_RT_FORMAT_CUBIN = 2,
  /** SPIR 1.2 LLVM bitcode (OpenCL, needs cl_khr_spir). Built with
   *  "-x spir -spir-std=1.2" prepended to the build options. */
  FPA_RT_FORMAT_SPIR = 3,
  /** SPIR-V module (OpenCL, needs IL support on the device). */
  FPA_RT_FORMAT_SPIRV = 4,
  /** OpenCL C source text (OpenCL). */
  FPA_RT_FORMAT_OPENCL_C = 5,
} fpa_rt_format;

/** "cuda" / "opencl"; "?" for an unknown value. Static string. */
const char *fpa_rt_backend_name(fpa_rt_backend backend);
/** "ptx", "cubin", "spir", "spirv", "cl"; "?" for unknown. Static string. */
const char *fpa_rt_format_name(fpa_rt_format format);
/** The backend that can load a format (CUDA for PTX/cubin, else OpenCL),
 *  or 0 for an unknown format. */
fpa_rt_backend fpa_rt_format_backend(fpa_rt_format format);

/*===-- Context
 * ------------------------------------------------------------===*/

typedef struct fpa_rt_context_options {
  fpa_rt_backend backend;
  /** OpenCL platform index, or -1 (default) for the first platform that has
   *  a device. Ignored by CUDA. */
  int platform_index;
  /** Device index within the platform (OpenCL) or CUDA device ordinal;
   *  -1 (default) means 0. */
  int device_index;
  /** If non-NULL, the only path dlopen()ed for the driver library, instead
   *  of the default search list. Not copied; only read during create. */
  const char *library_path;
} fpa_rt_context_options;

/** Fills *opts with defaults for `backend`. */
void fpa_rt_context_options_init(fpa_rt_context_options *opts,
                                 fpa_rt_backend backend);

typedef struct fpa_rt_context fpa_rt_context;

/** Loads the driver, picks the device and creates a driver context (CUDA:
 *  the device's primary context; OpenCL: a context and an in-order queue
 *  with profiling enabled).
 *
 *  On success *out receives the context (free with fpa_rt_context_destroy)
 *  and, if error_detail is non-NULL, *error_detail is set to NULL.
 *  On failure *out is NULL and, if error_detail is non-NULL, *error_detail
 *  receives a malloc'd one-line message (free with fpa_rt_free) naming what
 *  is missing, e.g. every path tried for the driver library. */
int fpa_rt_context_create(const fpa_rt_context_options *opts,
                          fpa_rt_context **out, char **error_detail);

/** Releases the context. All its buffers, modules and kernels must have
 *  been destroyed. NULL is ignored. */
void fpa_rt_context_destroy(fpa_rt_context *ctx);

/** Detailed message of the most recent failed call on ctx (or on anything
 *  made from it); "" if none. Owned by ctx; valid until the next call that
 *  fails on ctx or until ctx is destroyed. */
const char *fpa_rt_context_last_error(const fpa_rt_context *ctx);

fpa_rt_backend fpa_rt_context_backend(const fpa_rt_context *ctx);

/** Human-readable device description, e.g. "NVIDIA H100 (sm_90)" or
 *  "pthread-skylake (Portable Computing Language, OpenCL 3.0 PoCL ...)".
 *  Owned by ctx, valid for its lifetime. */
const char *fpa_rt_context_device_name(const fpa_rt_context *ctx);

/** FPA_RT_SUCCESS if the device can load `format`, FPA_RT_ERROR_UNSUPPORTED
 *  (with the reason in fpa_rt_context_last_error) if it cannot. */
int fpa_rt_context_supports_format(fpa_rt_context *ctx, fpa_rt_format format);

/** Describes the platforms/devices of a backend as text, one per line.
 *  On success returns FPA_RT_SUCCESS; if the driver or any device is
 *  unavailable, returns that error code. In both cases *text receives a
 *  malloc'd string (free with fpa_rt_free) -- the listing, or why there is
 *  none. `library_path` is as in fpa_rt_context_options (NULL: default). */
int fpa_rt_describe_devices(fpa_rt_backend backend, const char *library_path,
                            char **text);

/*===-- Buffers
 * ------------------------------------------------------------===*/

typedef struct fpa_rt_buffer fpa_rt_buffer;

/** Allocates `size` (> 0) bytes of device memory, contents undefined. */
int fpa_rt_buffer_create(fpa_rt_context *ctx, size_t size, fpa_rt_buffer **out);
void fpa_rt_buffer_destroy(fpa_rt_buffer *buf);
size_t fpa_rt_buffer_size(const fpa_rt_buffer *buf);

/** Blocking copy of `size` bytes from host `src` to the buffer at `offset`.*/
int fpa_rt_buffer_write(fpa_rt_buffer *buf, size_t offset, const void *src,
                        size_t size);
/** Blocking copy of `size` bytes from the buffer at `offset` to host `dst`.*/
int fpa_rt_buffer_read(fpa_rt_buffer *buf, size_t offset, void *dst,
                       size_t size);

/*===-- Modules and kernels
 * ------------------------------------------------===*/

typedef struct fpa_rt_module fpa_rt_module;
typedef struct fpa_rt_kernel fpa_rt_kernel;

/** Loads and builds a kernel file held in memory (the bytes are copied as
 *  needed; the caller keeps ownership of `data`).
 *  `build_options`: OpenCL build options (may be NULL); for CUDA they are
 *  ignored. Fails with FPA_RT_ERROR_UNSUPPORTED if the backend/device cannot
 *  take `format`, and with FPA_RT_ERROR_BUILD_FAILED (build/JIT log in
 *  fpa_rt_context_last_error) if the driver rejects the code. */
int fpa_rt_module_load(fpa_rt_context *ctx, fpa_rt_format format,
                       const void *data, size_t size, const char *build_options,
                       fpa_rt_module **out);
void fpa_rt_module_destroy(fpa_rt_module *mod);

/** Build / JIT info log of a successful load ("" if empty). Owned by mod. */
const char *fpa_rt_module_build_log(const fpa_rt_module *mod);

/** Looks up a kernel. FPA_RT_ERROR_KERNEL_NOT_FOUND if absent (the detail
 *  lists the kernels present when the driver can tell). */
int fpa_rt_kernel_get(fpa_rt_module *mod, const char *name,
                      fpa_rt_kernel **out);
void fpa_rt_kernel_destroy(fpa_rt_kernel *kernel);

/** Number of kernel parameters, or -1 if the driver cannot tell (CUDA). */
int fpa_rt_kernel_num_args(const fpa_rt_kernel *kernel);

/*===-- Launching
 * ----------------------------------------------------------===*/

typedef enum fpa_rt_arg_kind {
  FPA_RT_ARG_BUFFER = 1,
  FPA_RT_ARG_I32,
  FPA_RT_ARG_U32,
  FPA_RT_ARG_I64,
  FPA_RT_ARG_U64,
  FPA_RT_ARG_F32,
  FPA_RT_ARG_F64,
  /** OpenCL __local pointer of `value.local_bytes` bytes (OpenCL only). */
  FPA_RT_ARG_LOCAL,
} fpa_rt_arg_kind;

typedef struct fpa_rt_arg {
  fpa_rt_arg_kind kind;
  union {
    fpa_rt_buffer *buffer;
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f32;
    double f64;
    size_t local_bytes;
  } value;
} fpa_rt_arg;

/** Launch geometry in work-items (OpenCL terms). For each of the first
 *  `dims` dimensions (1..3): `global[d]` is the total number of work-items
 *  and `local[d]` the work-group (CUDA block) size; global[d] must be a
 *  multiple of local[d]. CUDA: grid = global / local, block = local.
 *  If all local[] are 0, OpenCL lets the implementation choose (CUDA
 *  rejects that). Unused dimensions are ignored. */
typedef struct fpa_rt_launch_config {
  unsigned dims;
  size_t global[3];
  size_t local[3];
  /** CUDA dynamic shared memory in bytes (ignored by OpenCL). */
  unsigned shared_bytes;
} fpa_rt_launch_config;

/** Sets the arguments, launches the kernel and waits for it to finish.
 *  If elapsed_ms is non-NULL it receives the kernel's device time in
 *  milliseconds, measured with device events (cuEvent / OpenCL profiling).
 *  Buffer arguments must come from the kernel's context. */
int fpa_rt_launch(fpa_rt_kernel *kernel, const fpa_rt_launch_config *config,
                  const fpa_rt_arg *args, size_t num_args, double *elapsed_ms);

/*===-- Half precision
 * -----------------------------------------------------===*/

/** IEEE binary16 <-> binary32 conversion in plain C (no compiler-rt).
 *  f32->f16 rounds to nearest even, overflows to infinity, and turns NaNs
 *  into quiet NaNs keeping the sign and the top 9 payload bits (as x86 F16C
 *  does). f16->f32 is exact and keeps NaN payloads. */
uint16_t fpa_rt_f32_to_f16(float f);
float fpa_rt_f16_to_f32(uint16_t h);

#ifdef __cplusplus
}
#endif

#endif /* FPA_RT_H */
