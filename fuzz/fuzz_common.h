/*===-- fuzz_common.h - what both fuzz targets check -------------*- C -*-===*/
#ifndef FPA_FUZZ_COMMON_H
#define FPA_FUZZ_COMMON_H

#include "fpatomics.h"

#include <llvm-c/Core.h>

#include <stddef.h>

/* Makes the option sets (once per process). */
void fuzz_init(void);
/* Makes the input's module in `ctx`; NULL when there is none to lower. */
typedef LLVMModuleRef (*fuzz_make_fn)(LLVMContextRef ctx, void *arg);
/* For each option set, makes the module afresh in a new context (not with
 * LLVMCloneModule, whose copy of some valid modules LLVM's bitcode writer
 * then cannot write), lowers it and checks the result: fpa_lower_module
 * succeeds (FPA_ERR_FATAL or FPA_ERR_VERIFY is a finding), every record
 * formats, and the module verifies; under one of the sets, picked by a
 * hash of the input bytes, its bitcode also reads back through
 * fpa_parse_module. A finding prints what failed and aborts, which
 * libFuzzer records as a crash. Stops when `make` gives NULL. */
void fuzz_lower_all(fuzz_make_fn make, void *arg, const void *input,
                    size_t size);

#endif
