/*===- fpa_rt_internal.h - fpatomics runtime internals ------------*- C -*-===*
 *
 * Private to the runtime sources. Declares the subset of the CUDA driver API
 * and of OpenCL that the runtime uses -- ourselves, so that the build never
 * needs CUDA or OpenCL headers. abi_check_cuda.c / abi_check_opencl.c verify
 *these declarations against the vendor headers when those exist at build time.
 *
 *===----------------------------------------------------------------------===*/

#ifndef FPA_RT_INTERNAL_H
#define FPA_RT_INTERNAL_H

#include "fpa_rt.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/*===-- CUDA driver API subset
 * ---------------------------------------------===*/

typedef int fpa_CUresult; /* enum CUresult */
typedef int fpa_CUdevice;
typedef unsigned long long fpa_CUdeviceptr;
typedef struct fpa_CUctx_st *fpa_CUcontext;
typedef struct fpa_CUmod_st *fpa_CUmodule;
typedef struct fpa_CUfunc_st *fpa_CUfunction;
typedef struct fpa_CUevent_st *fpa_CUevent;
typedef struct fpa_CUstream_st *fpa_CUstream;
typedef int fpa_CUjit_option; /* enum CUjit_option */

enum {
  FPA_CUDA_SUCCESS = 0,
  FPA_CUDA_ERROR_NO_DEVICE = 100,
  FPA_CUDA_ERROR_NOT_FOUND = 500,
  FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  FPA_CU_JIT_INFO_LOG_BUFFER = 3,
  FPA_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  FPA_CU_JIT_ERROR_LOG_BUFFER = 5,
  FPA_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  FPA_CU_JIT_LOG_VERBOSE = 12,
  FPA_CU_EVENT_DEFAULT = 0,
};

typedef struct fpa_cuda_api {
  void *lib;
  char *lib_path; /* malloc'd */
  fpa_CUresult (*Init)(unsigned int);
  fpa_CUresult (*DriverGetVersion)(int *);
  fpa_CUresult (*GetErrorName)(fpa_CUresult, const char **);
  fpa_CUresult (*GetErrorString)(fpa_CUresult, const char **);
  fpa_CUresult (*DeviceGetCount)(int *);
  fpa_CUresult (*DeviceGet)(fpa_CUdevice *, int);
  fpa_CUresult (*DeviceGetName)(char *, int, fpa_CUdevice);
  fpa_CUresult (*DeviceGetAttribute)(int *, int, fpa_CUdevice);
  fpa_CUresult (*DeviceTotalMem)(size_t *, fpa_CUdevice);
  fpa_CUresult (*DevicePrimaryCtxRetain)(fpa_CUcontext *, fpa_CUdevice);
  fpa_CUresult (*DevicePrimaryCtxRelease)(fpa_CUdevice);
  fpa_CUresult (*CtxSetCurrent)(fpa_CUcontext);
  fpa_CUresult (*CtxSynchronize)(void);
  fpa_CUresult (*ModuleLoadDataEx)(fpa_CUmodule *, const void *, unsigned int,
                                   fpa_CUjit_option *, void **);
  fpa_CUresult (*ModuleUnload)(fpa_CUmodule);
  fpa_CUresult (*ModuleGetFunction)(fpa_CUfunction *, fpa_CUmodule,
                                    const char *);
  fpa_CUresult (*MemAlloc)(fpa_CUdeviceptr *, size_t);
  fpa_CUresult (*MemFree)(fpa_CUdeviceptr);
  fpa_CUresult (*MemcpyHtoD)(fpa_CUdeviceptr, const void *, size_t);
  fpa_CUresult (*MemcpyDtoH)(void *, fpa_CUdeviceptr, size_t);
  fpa_CUresult (*LaunchKernel)(fpa_CUfunction, unsigned int, unsigned int,
                               unsigned int, unsigned int, unsigned int,
                               unsigned int, unsigned int, fpa_CUstream,
                               void **, void **);
  fpa_CUresult (*EventCreate)(fpa_CUevent *, unsigned int);
  fpa_CUresult (*EventRecord)(fpa_CUevent, fpa_CUstream);
  fpa_CUresult (*EventSynchronize)(fpa_CUevent);
  fpa_CUresult (*EventElapsedTime)(float *, fpa_CUevent, fpa_CUevent);
  fpa_CUresult (*EventDestroy)(fpa_CUevent);
} fpa_cuda_api;

/*===-- OpenCL subset
 * ------------------------------------------------------===*/

typedef int32_t fpa_cl_int;
typedef uint32_t fpa_cl_uint;
typedef uint64_t fpa_cl_ulong;
typedef fpa_cl_ulong fpa_cl_bitfield;
typedef struct fpa_cl_platform_id_st *fpa_cl_platform_id;
typedef struct fpa_cl_device_id_st *fpa_cl_device_id;
typedef struct fpa_cl_context_st *fpa_cl_context;
typedef struct fpa_cl_queue_st *fpa_cl_command_queue;
typedef struct fpa_cl_mem_st *fpa_cl_mem;
typedef struct fpa_cl_program_st *fpa_cl_program;
typedef struct fpa_cl_kernel_st *fpa_cl_kernel;
typedef struct fpa_cl_event_st *fpa_cl_event;
typedef intptr_t fpa_cl_context_properties;
typedef fpa_cl_bitfield fpa_cl_queue_properties;

enum {
  FPA_CL_SUCCESS = 0,
  FPA_CL_DEVICE_NOT_FOUND = -1,
  FPA_CL_BUILD_PROGRAM_FAILURE = -11,
  FPA_CL_INVALID_VALUE = -30,
  FPA_CL_INVALID_BINARY = -42,
  FPA_CL_INVALID_KERNEL_NAME = -46,
  FPA_CL_INVALID_ARG_INDEX = -49,
  FPA_CL_INVALID_ARG_VALUE = -50,
  FPA_CL_INVALID_ARG_SIZE = -51,
  FPA_CL_INVALID_KERNEL_ARGS = -52,
  FPA_CL_PLATFORM_NOT_FOUND_KHR = -1001,
  FPA_CL_FALSE = 0,
  FPA_CL_TRUE = 1,
  FPA_CL_PLATFORM_VERSION = 0x0901,
  FPA_CL_PLATFORM_NAME = 0x0902,
  FPA_CL_PLATFORM_VENDOR = 0x0903,
  FPA_CL_DEVICE_TYPE = 0x1000,
  FPA_CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002,
  FPA_CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004,
  FPA_CL_DEVICE_ADDRESS_BITS = 0x100D,
  FPA_CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F,
  FPA_CL_DEVICE_NAME = 0x102B,
  FPA_CL_DEVICE_VENDOR = 0x102C,
  FPA_CL_DRIVER_VERSION = 0x102D,
  FPA_CL_DEVICE_VERSION = 0x102F,
  FPA_CL_DEVICE_EXTENSIONS = 0x1030,
  FPA_CL_DEVICE_IL_VERSION = 0x105B,
  FPA_CL_CONTEXT_PLATFORM = 0x1084,
  FPA_CL_QUEUE_PROPERTIES = 0x1093,
  FPA_CL_PROGRAM_KERNEL_NAMES = 0x1168,
  FPA_CL_PROGRAM_BUILD_LOG = 0x1183,
  FPA_CL_KERNEL_NUM_ARGS = 0x1191,
  FPA_CL_PROFILING_COMMAND_START = 0x1282,
  FPA_CL_PROFILING_COMMAND_END = 0x1283,
};
#define FPA_CL_DEVICE_TYPE_CPU ((fpa_cl_bitfield)1 << 1)
#define FPA_CL_DEVICE_TYPE_GPU ((fpa_cl_bitfield)1 << 2)
#define FPA_CL_DEVICE_TYPE_ACCELERATOR ((fpa_cl_bitfield)1 << 3)
#define FPA_CL_DEVICE_TYPE_CUSTOM ((fpa_cl_bitfield)1 << 4)
#define FPA_CL_DEVICE_TYPE_ALL ((fpa_cl_bitfield)0xFFFFFFFF)
#define FPA_CL_QUEUE_PROFILING_ENABLE ((fpa_cl_bitfield)1 << 1)
#define FPA_CL_MEM_READ_WRITE ((fpa_cl_bitfield)1 << 0)

typedef void (*fpa_cl_notify_fn)(const char *, const void *, size_t, void *);
typedef void (*fpa_cl_build_notify_fn)(fpa_cl_program, void *);

typedef struct fpa_opencl_api {
  void *lib;
  char *lib_path; /* malloc'd */
  fpa_cl_int (*GetPlatformIDs)(fpa_cl_uint, fpa_cl_platform_id *,
                               fpa_cl_uint *);
  fpa_cl_int (*GetPlatformInfo)(fpa_cl_platform_id, fpa_cl_uint, size_t, void *,
                                size_t *);
  fpa_cl_int (*GetDeviceIDs)(fpa_cl_platform_id, fpa_cl_bitfield, fpa_cl_uint,
                             fpa_cl_device_id *, fpa_cl_uint *);
  fpa_cl_int (*GetDeviceInfo)(fpa_cl_device_id, fpa_cl_uint, size_t, void *,
                              size_t *);
  fpa_cl_context (*CreateContext)(const fpa_cl_context_properties *,
                                  fpa_cl_uint, const fpa_cl_device_id *,
                                  fpa_cl_notify_fn, void *, fpa_cl_int *);
  fpa_cl_int (*ReleaseContext)(fpa_cl_context);
  /* OpenCL 1.x entry point; may be NULL if only the 2.0 one exists. */
  fpa_cl_command_queue (*CreateCommandQueue)(fpa_cl_context, fpa_cl_device_id,
                                             fpa_cl_bitfield, fpa_cl_int *);
  /* OpenCL 2.0 entry point; may be NULL. */
  fpa_cl_command_queue (*CreateCommandQueueWithProperties)(
      fpa_cl_context, fpa_cl_device_id, const fpa_cl_queue_properties *,
      fpa_cl_int *);
  fpa_cl_int (*ReleaseCommandQueue)(fpa_cl_command_queue);
  fpa_cl_program (*CreateProgramWithSource)(fpa_cl_context, fpa_cl_uint,
                                            const char **, const size_t *,
                                            fpa_cl_int *);
  fpa_cl_program (*CreateProgramWithBinary)(fpa_cl_context, fpa_cl_uint,
                                            const fpa_cl_device_id *,
                                            const size_t *,
                                            const unsigned char **,
                                            fpa_cl_int *, fpa_cl_int *);
  /* OpenCL 2.1 entry point; may be NULL. */
  fpa_cl_program (*CreateProgramWithIL)(fpa_cl_context, const void *, size_t,
                                        fpa_cl_int *);
  /* cl_khr_il_program, via clGetExtensionFunctionAddressForPlatform; may be
   * NULL. */
  void *(*GetExtensionFunctionAddressForPlatform)(fpa_cl_platform_id,
                                                  const char *);
  fpa_cl_int (*BuildProgram)(fpa_cl_program, fpa_cl_uint,
                             const fpa_cl_device_id *, const char *,
                             fpa_cl_build_notify_fn, void *);
  fpa_cl_int (*GetProgramInfo)(fpa_cl_program, fpa_cl_uint, size_t, void *,
                               size_t *);
  fpa_cl_int (*GetProgramBuildInfo)(fpa_cl_program, fpa_cl_device_id,
                                    fpa_cl_uint, size_t, void *, size_t *);
  fpa_cl_int (*ReleaseProgram)(fpa_cl_program);
  fpa_cl_kernel (*CreateKernel)(fpa_cl_program, const char *, fpa_cl_int *);
  fpa_cl_int (*GetKernelInfo)(fpa_cl_kernel, fpa_cl_uint, size_t, void *,
                              size_t *);
  /* OpenCL 1.2; may be NULL. */
  fpa_cl_int (*GetKernelArgInfo)(fpa_cl_kernel, fpa_cl_uint, fpa_cl_uint,
                                 size_t, void *, size_t *);
  fpa_cl_int (*ReleaseKernel)(fpa_cl_kernel);
  fpa_cl_int (*SetKernelArg)(fpa_cl_kernel, fpa_cl_uint, size_t, const void *);
  fpa_cl_mem (*CreateBuffer)(fpa_cl_context, fpa_cl_bitfield, size_t, void *,
                             fpa_cl_int *);
  fpa_cl_int (*ReleaseMemObject)(fpa_cl_mem);
  fpa_cl_int (*EnqueueWriteBuffer)(fpa_cl_command_queue, fpa_cl_mem,
                                   fpa_cl_uint, size_t, size_t, const void *,
                                   fpa_cl_uint, const fpa_cl_event *,
                                   fpa_cl_event *);
  fpa_cl_int (*EnqueueReadBuffer)(fpa_cl_command_queue, fpa_cl_mem, fpa_cl_uint,
                                  size_t, size_t, void *, fpa_cl_uint,
                                  const fpa_cl_event *, fpa_cl_event *);
  fpa_cl_int (*EnqueueNDRangeKernel)(fpa_cl_command_queue, fpa_cl_kernel,
                                     fpa_cl_uint, const size_t *,
                                     const size_t *, const size_t *,
                                     fpa_cl_uint, const fpa_cl_event *,
                                     fpa_cl_event *);
  fpa_cl_int (*Finish)(fpa_cl_command_queue);
  fpa_cl_int (*WaitForEvents)(fpa_cl_uint, const fpa_cl_event *);
  fpa_cl_int (*GetEventProfilingInfo)(fpa_cl_event, fpa_cl_uint, size_t, void *,
                                      size_t *);
  fpa_cl_int (*ReleaseEvent)(fpa_cl_event);
} fpa_opencl_api;

/*===-- Runtime objects
 * ----------------------------------------------------===*/

struct fpa_rt_context {
  fpa_rt_backend backend;
  char *last_error;  /* malloc'd; NULL means "" */
  char *device_name; /* malloc'd */
  union {
    struct {
      fpa_cuda_api api;
      fpa_CUdevice device;
      fpa_CUcontext context; /* retained primary context */
      int cc_major, cc_minor;
    } cuda;
    struct {
      fpa_opencl_api api;
      fpa_cl_platform_id platform;
      fpa_cl_device_id device;
      fpa_cl_context context;
      fpa_cl_command_queue queue;
      char *extensions; /* malloc'd device extension string */
      char *il_version; /* malloc'd, "" if none */
      int version_major, version_minor;
    } cl;
  } u;
};

struct fpa_rt_buffer {
  fpa_rt_context *ctx;
  size_t size;
  union {
    fpa_CUdeviceptr cuda;
    fpa_cl_mem cl;
  } h;
};

struct fpa_rt_module {
  fpa_rt_context *ctx;
  char *build_log; /* malloc'd, NULL means "" */
  union {
    fpa_CUmodule cuda;
    fpa_cl_program cl;
  } h;
};

struct fpa_rt_kernel {
  fpa_rt_module *mod;
  char *name; /* malloc'd */
  int num_args;
  union {
    fpa_CUfunction cuda;
    fpa_cl_kernel cl;
  } h;
};

/*===-- Helpers (rt_common.c)
 * ----------------------------------------------===*/

/** Growable malloc'd string. On allocation failure `oom` is set and further
 *  appends are ignored. */
typedef struct fpa_strbuf {
  char *data;
  size_t len, cap;
  int oom;
} fpa_strbuf;

void fpa_sb_append(fpa_strbuf *sb, const char *s);
void fpa_sb_appendn(fpa_strbuf *sb, const char *s, size_t n);
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void fpa_sb_printf(fpa_strbuf *sb, const char *fmt, ...);
void fpa_sb_vprintf(fpa_strbuf *sb, const char *fmt, va_list ap);
/** Returns the string (never NULL unless out of memory) and resets sb. */
char *fpa_sb_take(fpa_strbuf *sb);
void fpa_sb_free(fpa_strbuf *sb);

char *fpa_strdup(const char *s);

/** Records a formatted detail message on ctx and returns `code`. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
int fpa_set_error(fpa_rt_context *ctx, int code, const char *fmt, ...);
/** Records an already-built message (takes ownership of msg; NULL means
 *  out of memory) and returns `code`. */
int fpa_set_error_owned(fpa_rt_context *ctx, int code, char *msg);
void fpa_clear_error(fpa_rt_context *ctx);

/** dlopen()s the first loadable path of `candidates` (NULL-terminated).
 *  On success returns the handle and sets *loaded_path (malloc'd). On
 *  failure returns NULL and appends "tried: PATH (reason); ..." to `why`. */
void *fpa_dlopen_first(const char *const *candidates, char **loaded_path,
                       fpa_strbuf *why);

/** Opens a driver library: `library_path` when given, else the first
 *  loadable of `candidates`. On failure returns NULL and sets *why (malloc'd)
 *  to "<what> driver not available: cannot load <name>; tried: ...". The
 *  handle is never dlclose()d (see fpa_driver_forget). */
void *fpa_driver_open(const char *what, const char *default_name,
                      const char *const *candidates, const char *library_path,
                      char **loaded_path, char **why);

/** Forgets a driver library opened by fpa_driver_open: frees its path but
 *  does not dlclose() it. GPU drivers and ICD loaders keep threads and atexit
 *  handlers that must not outlive their code, and leak checkers can only
 *  attribute their allocations while the library stays mapped; dlopen()
 *  reference-counts, so many contexts map it once. */
void fpa_driver_forget(char **loaded_path);

/*===-- Backend entry points (rt_cuda.c / rt_opencl.c)
 * ---------------------===*/

int fpa_cuda_context_init(fpa_rt_context *ctx,
                          const fpa_rt_context_options *opts);
void fpa_cuda_context_fini(fpa_rt_context *ctx);
int fpa_cuda_describe(const char *library_path, char **text);
int fpa_cuda_supports_format(fpa_rt_context *ctx, fpa_rt_format format);
int fpa_cuda_buffer_create(fpa_rt_buffer *buf);
void fpa_cuda_buffer_destroy(fpa_rt_buffer *buf);
int fpa_cuda_buffer_write(fpa_rt_buffer *buf, size_t off, const void *src,
                          size_t n);
int fpa_cuda_buffer_read(fpa_rt_buffer *buf, size_t off, void *dst, size_t n);
int fpa_cuda_module_load(fpa_rt_module *mod, fpa_rt_format format,
                         const void *data, size_t size);
void fpa_cuda_module_destroy(fpa_rt_module *mod);
int fpa_cuda_kernel_get(fpa_rt_kernel *k);
int fpa_cuda_launch(fpa_rt_kernel *k, const fpa_rt_launch_config *cfg,
                    const fpa_rt_arg *args, size_t nargs, double *ms);

int fpa_cl_context_init(fpa_rt_context *ctx,
                        const fpa_rt_context_options *opts);
void fpa_cl_context_fini(fpa_rt_context *ctx);
int fpa_cl_describe(const char *library_path, char **text);
int fpa_cl_supports_format(fpa_rt_context *ctx, fpa_rt_format format);
int fpa_cl_buffer_create(fpa_rt_buffer *buf);
void fpa_cl_buffer_destroy(fpa_rt_buffer *buf);
int fpa_cl_buffer_write(fpa_rt_buffer *buf, size_t off, const void *src,
                        size_t n);
int fpa_cl_buffer_read(fpa_rt_buffer *buf, size_t off, void *dst, size_t n);
int fpa_cl_module_load(fpa_rt_module *mod, fpa_rt_format format,
                       const void *data, size_t size, const char *options);
void fpa_cl_module_destroy(fpa_rt_module *mod);
int fpa_cl_kernel_get(fpa_rt_kernel *k);
void fpa_cl_kernel_destroy(fpa_rt_kernel *k);
int fpa_cl_launch(fpa_rt_kernel *k, const fpa_rt_launch_config *cfg,
                  const fpa_rt_arg *args, size_t nargs, double *ms);

#endif /* FPA_RT_INTERNAL_H */
