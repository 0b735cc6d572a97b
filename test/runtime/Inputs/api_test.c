/* Exercises the fpa_rt C API directly. Modes:
 *   api_test basic   -- no driver needed: codes, NULL handling, f16, and
 *                       the error detail of a missing driver
 *   api_test opencl  -- the full flow on an OpenCL device
 *   api_test cuda LIB -- the full flow against the mock CUDA driver LIB */
#include "fpa_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAILED: %s (line %d)\n", #cond, __LINE__);                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static int basic(void) {
  for (int code = 0; code <= 11; ++code)
    printf("code %d: %s%s\n", code, fpa_rt_strerror(code),
           fpa_rt_is_unavailable(code) ? " [unavailable]" : "");

  /* Destroy functions accept NULL. */
  fpa_rt_context_destroy(NULL);
  fpa_rt_buffer_destroy(NULL);
  fpa_rt_module_destroy(NULL);
  fpa_rt_kernel_destroy(NULL);
  fpa_rt_free(NULL);
  EXPECT(strcmp(fpa_rt_context_last_error(NULL), "") == 0);
  EXPECT(fpa_rt_buffer_create(NULL, 4, NULL) == FPA_RT_ERROR_INVALID_ARGUMENT);

  EXPECT(strcmp(fpa_rt_backend_name(FPA_RT_BACKEND_CUDA), "cuda") == 0);
  EXPECT(strcmp(fpa_rt_format_name(FPA_RT_FORMAT_SPIR), "spir") == 0);
  EXPECT(fpa_rt_format_backend(FPA_RT_FORMAT_PTX) == FPA_RT_BACKEND_CUDA);
  EXPECT(fpa_rt_format_backend(FPA_RT_FORMAT_SPIRV) == FPA_RT_BACKEND_OPENCL);

  /* f16 conversions. */
  static const struct {
    float f;
    unsigned h;
  } cases[] = {{0.0f, 0x0000},     {-0.0f, 0x8000},    {1.0f, 0x3c00},
               {65504.0f, 0x7bff}, {65520.0f, 0x7c00}, {5.96046448e-8f, 0x0001},
               {2049.0f, 0x6800},  {2051.0f, 0x6802},  {-2.5f, 0xc100}};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    unsigned h = fpa_rt_f32_to_f16(cases[i].f);
    if (h != cases[i].h) {
      printf("FAILED: f32_to_f16(%a) = %04x, want %04x\n", cases[i].f, h,
             cases[i].h);
      return 1;
    }
  }
  EXPECT(fpa_rt_f16_to_f32(0x3c00) == 1.0f);
  EXPECT(fpa_rt_f16_to_f32(0x0001) == 5.96046448e-8f);
  uint32_t bits;
  float nan = fpa_rt_f16_to_f32(0x7d01); /* signaling NaN, payload kept */
  memcpy(&bits, &nan, 4);
  EXPECT(bits == 0x7fa02000u);
  EXPECT(fpa_rt_f32_to_f16(nan) == 0x7f01); /* quieted */

  /* A missing driver: the detail names the path, the caller frees it. */
  fpa_rt_context_options opts;
  fpa_rt_context_options_init(&opts, FPA_RT_BACKEND_OPENCL);
  opts.library_path = "/nonexistent/libOpenCL.so.1";
  fpa_rt_context *ctx = (fpa_rt_context *)&opts; /* must be reset to NULL */
  char *detail = NULL;
  int rc = fpa_rt_context_create(&opts, &ctx, &detail);
  EXPECT(rc == FPA_RT_ERROR_DRIVER_NOT_FOUND);
  EXPECT(ctx == NULL);
  EXPECT(detail != NULL);
  printf("detail: %s\n", detail);
  fpa_rt_free(detail);

  char *text = NULL;
  rc = fpa_rt_describe_devices(FPA_RT_BACKEND_CUDA, "/nonexistent/libcuda.so.1",
                               &text);
  EXPECT(rc == FPA_RT_ERROR_DRIVER_NOT_FOUND && text != NULL);
  printf("describe: %s\n", text);
  fpa_rt_free(text);
  printf("basic: ok\n");
  return 0;
}

static int full_flow(fpa_rt_backend backend, const char *lib) {
  fpa_rt_context_options opts;
  fpa_rt_context_options_init(&opts, backend);
  opts.library_path = lib;
  fpa_rt_context *ctx = NULL;
  char *detail = NULL;
  int rc = fpa_rt_context_create(&opts, &ctx, &detail);
  if (rc != FPA_RT_SUCCESS) {
    printf("context: %s: %s\n", fpa_rt_strerror(rc), detail);
    fpa_rt_free(detail);
    return fpa_rt_is_unavailable(rc) ? 77 : 1;
  }
  EXPECT(detail == NULL);
  printf("device: %s\n", fpa_rt_context_device_name(ctx));
  EXPECT(fpa_rt_context_backend(ctx) == backend);

  const char *src =
      backend == FPA_RT_BACKEND_OPENCL
          ? "__kernel void saxpy(__global const float *x, __global float *y,"
            " float a) { size_t i = get_global_id(0); y[i] = a * x[i] + y[i]; }"
          : ".version 7.0\n.target sm_70\n.address_size 64\n"
            ".visible .entry saxpy(.param .u64 x, .param .u64 y, .param .f32 "
            "a)\n{\n  ret;\n}\n";
  fpa_rt_format fmt = backend == FPA_RT_BACKEND_OPENCL ? FPA_RT_FORMAT_OPENCL_C
                                                       : FPA_RT_FORMAT_PTX;
  /* The other backend's format is refused with a reason. */
  EXPECT(fpa_rt_context_supports_format(ctx, backend == FPA_RT_BACKEND_OPENCL
                                                 ? FPA_RT_FORMAT_PTX
                                                 : FPA_RT_FORMAT_SPIR) ==
         FPA_RT_ERROR_UNSUPPORTED);
  printf("unsupported: %s\n", fpa_rt_context_last_error(ctx));

  fpa_rt_module *mod = NULL;
  EXPECT(fpa_rt_module_load(ctx, fmt, src, strlen(src), NULL, &mod) ==
         FPA_RT_SUCCESS);
  fpa_rt_kernel *k = NULL;
  EXPECT(fpa_rt_kernel_get(mod, "nope", &k) == FPA_RT_ERROR_KERNEL_NOT_FOUND);
  EXPECT(k == NULL);
  printf("not found: %s\n", fpa_rt_context_last_error(ctx));
  EXPECT(fpa_rt_kernel_get(mod, "saxpy", &k) == FPA_RT_SUCCESS);
  printf("num args: %d\n", fpa_rt_kernel_num_args(k));

  enum { N = 64 };
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  fpa_rt_buffer *bx = NULL, *by = NULL;
  EXPECT(fpa_rt_buffer_create(ctx, 0, &bx) == FPA_RT_ERROR_INVALID_ARGUMENT);
  EXPECT(fpa_rt_buffer_create(ctx, sizeof(x), &bx) == FPA_RT_SUCCESS);
  EXPECT(fpa_rt_buffer_create(ctx, sizeof(y), &by) == FPA_RT_SUCCESS);
  EXPECT(fpa_rt_buffer_size(bx) == sizeof(x));
  EXPECT(fpa_rt_buffer_write(bx, 0, x, sizeof(x)) == FPA_RT_SUCCESS);
  EXPECT(fpa_rt_buffer_write(by, 0, y, sizeof(y)) == FPA_RT_SUCCESS);
  EXPECT(fpa_rt_buffer_write(by, 4, y, sizeof(y)) ==
         FPA_RT_ERROR_INVALID_ARGUMENT);
  printf("range: %s\n", fpa_rt_context_last_error(ctx));

  fpa_rt_arg args[3];
  args[0].kind = FPA_RT_ARG_BUFFER;
  args[0].value.buffer = bx;
  args[1].kind = FPA_RT_ARG_BUFFER;
  args[1].value.buffer = by;
  args[2].kind = FPA_RT_ARG_F32;
  args[2].value.f32 = 2.0f;
  fpa_rt_launch_config cfg = {1, {N, 1, 1}, {16, 1, 1}, 0};
  double ms = -1;
  EXPECT(fpa_rt_launch(k, &cfg, args, 3, &ms) == FPA_RT_SUCCESS);
  EXPECT(ms >= 0);
  cfg.global[0] = N + 1;
  EXPECT(fpa_rt_launch(k, &cfg, args, 3, NULL) ==
         FPA_RT_ERROR_INVALID_ARGUMENT);
  printf("geometry: %s\n", fpa_rt_context_last_error(ctx));
  /* 2^32 work-groups of one, and 2^32 x 2^32 work-items (a count that
   * wraps to 0) */
  fpa_rt_launch_config big = {1, {(size_t)1 << 32, 1, 1}, {1, 1, 1}, 0};
  EXPECT(fpa_rt_launch(k, &big, args, 3, NULL) ==
         FPA_RT_ERROR_INVALID_ARGUMENT);
  printf("groups: %s\n", fpa_rt_context_last_error(ctx));
  fpa_rt_launch_config wrap = {
      2, {(size_t)1 << 32, (size_t)1 << 32, 1}, {256, 256, 1}, 0};
  EXPECT(fpa_rt_launch(k, &wrap, args, 3, NULL) ==
         FPA_RT_ERROR_INVALID_ARGUMENT);
  printf("items: %s\n", fpa_rt_context_last_error(ctx));
  EXPECT(fpa_rt_buffer_read(by, 0, y, sizeof(y)) == FPA_RT_SUCCESS);
  for (int i = 0; i < N; ++i)
    if (y[i] != 2.0f * (float)i + 1.0f) {
      printf("FAILED: y[%d] = %g\n", i, y[i]);
      return 1;
    }

  fpa_rt_buffer_destroy(bx);
  fpa_rt_buffer_destroy(by);
  fpa_rt_kernel_destroy(k);
  fpa_rt_module_destroy(mod);
  fpa_rt_context_destroy(ctx);
  printf("%s: ok\n", fpa_rt_backend_name(backend));
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "basic") == 0)
    return basic();
  if (argc >= 2 && strcmp(argv[1], "opencl") == 0)
    return full_flow(FPA_RT_BACKEND_OPENCL, NULL);
  if (argc >= 3 && strcmp(argv[1], "cuda") == 0)
    return full_flow(FPA_RT_BACKEND_CUDA, argv[2]);
  fprintf(stderr, "usage: api_test basic|opencl|cuda LIB\n");
  return 2;
}
