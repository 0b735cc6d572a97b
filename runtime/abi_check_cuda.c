/*===- abi_check_cuda.c - our CUDA declarations vs. cuda.h ----------------===*
 *
 * Compiled only when cuda.h is found at configure time; never linked. Fails
 * the build if a constant or handle type in fpa_rt_internal.h disagrees with
 * the vendor header.
 *
 *===----------------------------------------------------------------------===*/

#include "fpa_rt_internal.h"

#include <cuda.h>

#define SAME(ours, theirs)                                                     \
  _Static_assert((long long)(ours) == (long long)(theirs), #ours " !="         \
                                                                 " " #theirs)

SAME(FPA_CUDA_SUCCESS, CUDA_SUCCESS);
SAME(FPA_CUDA_ERROR_NO_DEVICE, CUDA_ERROR_NO_DEVICE);
SAME(FPA_CUDA_ERROR_NOT_FOUND, CUDA_ERROR_NOT_FOUND);
SAME(FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
     CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
SAME(FPA_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
     CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
SAME(FPA_CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER);
SAME(FPA_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
SAME(FPA_CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER);
SAME(FPA_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
     CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
SAME(FPA_CU_JIT_LOG_VERBOSE, CU_JIT_LOG_VERBOSE);
SAME(FPA_CU_EVENT_DEFAULT, CU_EVENT_DEFAULT);

SAME(sizeof(fpa_CUresult), sizeof(CUresult));
SAME(sizeof(fpa_CUdevice), sizeof(CUdevice));
SAME(sizeof(fpa_CUdeviceptr), sizeof(CUdeviceptr));
SAME(sizeof(fpa_CUjit_option), sizeof(CUjit_option));
SAME(sizeof(fpa_CUcontext), sizeof(CUcontext));
